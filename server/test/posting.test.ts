import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayerAccounts } from '../src/db/accounts';
import type { Db, Queryable } from '../src/db/db';
import { audit, SYSTEM_SHARDS } from '../src/domain/ledger';
import { databases, postgresOnly, suiteDatabase } from './helpers';

/**
 * arcade_post, the one writer of balances (the bet function, bonus grants and post() all call it),
 * attacked directly with batches of movements as the bet function sends them.
 */

interface Posting {
  movement: number;
  /** A system account's name when owner is null, else the kind of owner's account. */
  account: string;
  owner: bigint | null;
  amount: bigint;
}
interface Batch {
  /** Each movement: its kind and the player it belongs to (the shard of its system rows). */
  movements: Array<{ kind: string; user: bigint; reference?: string }>;
  postings: Posting[];
}

const literal = (items: ReadonlyArray<string | bigint | null>) =>
  `{${items.map((item) => (item === null ? 'NULL' : `"${item}"`)).join(',')}}`;

/** The call as SQL text and parameters; each movement authorised by its own player's session (the only one who may debit them). */
function call(batch: Batch): [string, string[]] {
  return [
    `SELECT movement, transaction_id, account_id, balance_after
       FROM arcade_post($1::text[], $2::bigint[], $3::text[], NULL, $4::bigint[], NULL, $5::integer[], $6::text[], $7::bigint[], $8::bigint[], $9::integer)`,
    [
      literal(batch.movements.map((m) => m.kind)),
      literal(batch.movements.map((m) => m.user)),
      literal(batch.movements.map((m) => m.reference ?? null)),
      literal(batch.movements.map((m) => m.user)),
      literal(batch.postings.map((p) => BigInt(p.movement))),
      literal(batch.postings.map((p) => p.account)),
      literal(batch.postings.map((p) => p.owner)),
      literal(batch.postings.map((p) => p.amount)),
      String(SYSTEM_SHARDS),
    ],
  ];
}

const postBatch = (db: Queryable, batch: Batch) => {
  const [sql, params] = call(batch);
  return db.query<{ movement: number; transaction_id: bigint; account_id: bigint; balance_after: bigint }>(sql, params);
};

let nextPlayer = 70_000n;
async function newPlayer(db: Db, ton = 0n): Promise<bigint> {
  const id = ++nextPlayer;
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO users (id, referral_code) VALUES ($1, $2)', [id, `posting${id}`]);
    await createPlayerAccounts(tx, id);
    if (ton > 0n) {
      await postBatch(tx, {
        movements: [{ kind: 'adjustment', user: id }],
        postings: [
          { movement: 1, account: 'house', owner: null, amount: -ton },
          { movement: 1, account: 'ton', owner: id, amount: ton },
        ],
      });
    }
  });
  return id;
}

/** What a refused batch must have left alone: every row of the book. */
async function book(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ book: string }>(
    `SELECT (SELECT count(*) FROM ledger_transactions) || '/' || (SELECT count(*) FROM journal_entries) || '/' ||
            (SELECT string_agg(id || ':' || balance, ',' ORDER BY id) FROM accounts) AS book`,
  );
  return rows[0]!.book;
}

const ton = async (db: Queryable, user: bigint) =>
  (await db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [user])).rows[0]!.balance;

describe.each(databases())('the posting primitive on $name', (database) => {
  const suite = suiteDatabase(database);

  it('posts a batch in order: balances, balance_after and the house row of each player', async () => {
    const a = await newPlayer(suite.db, 10n);
    const b = await newPlayer(suite.db, 10n);
    // A's stake, then A pays B out of what A won: the second movement spends the first's credit.
    const { rows } = await postBatch(suite.db, {
      movements: [
        { kind: 'adjustment', user: a },
        { kind: 'adjustment', user: a },
        { kind: 'adjustment', user: b },
      ],
      postings: [
        { movement: 1, account: 'house', owner: null, amount: -15n },
        { movement: 1, account: 'ton', owner: a, amount: 15n },
        { movement: 2, account: 'ton', owner: a, amount: -25n },
        { movement: 2, account: 'ton', owner: b, amount: 25n },
        { movement: 3, account: 'ton', owner: b, amount: -35n },
        { movement: 3, account: 'house', owner: null, amount: 35n },
      ],
    });
    expect(rows.map((row) => [row.movement, row.balance_after])).toEqual([
      [1, expect.any(BigInt)],
      [1, 25n],
      [2, 0n],
      [2, 35n],
      [3, 0n],
      [3, expect.any(BigInt)],
    ]);
    expect(new Set(rows.map((row) => row.transaction_id)).size).toBe(3);
    // Each movement's system row is its own player's shard.
    const shard = async (user: bigint) =>
      (
        await suite.db.query<{ id: bigint }>('SELECT id FROM accounts WHERE code = arcade_shard($1, $2, $3)', [
          'house',
          user,
          SYSTEM_SHARDS,
        ])
      ).rows[0]!.id;
    expect(rows[0]!.account_id).toBe(await shard(a));
    expect(rows[5]!.account_id).toBe(await shard(b));
    expect([await ton(suite.db, a), await ton(suite.db, b)]).toEqual([0n, 0n]);
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('refuses a batch with a movement that does not balance, or has a zero or a lone posting, writing nothing', async () => {
    const a = await newPlayer(suite.db, 10n);
    const before = await book(suite.db);
    const good = { movement: 1, account: 'ton', owner: a, amount: -1n };
    const cases: Array<[Posting[], string]> = [
      [
        [
          good,
          { movement: 1, account: 'house', owner: null, amount: 1n },
          { movement: 2, account: 'house', owner: null, amount: 1n },
          { movement: 2, account: 'ton', owner: a, amount: 2n },
        ],
        'A adjustment movement does not balance: it sums to 3',
      ],
      [
        [
          good,
          { movement: 1, account: 'house', owner: null, amount: 1n },
          { movement: 2, account: 'house', owner: null, amount: 0n },
          { movement: 2, account: 'ton', owner: a, amount: 0n },
        ],
        'A adjustment movement has a zero posting',
      ],
      [
        [good, { movement: 1, account: 'house', owner: null, amount: 1n }, { movement: 2, account: 'house', owner: null, amount: 1n }],
        'A adjustment movement needs at least two postings',
      ],
    ];
    for (const [postings, message] of cases) {
      const batch = {
        movements: [
          { kind: 'adjustment', user: a },
          { kind: 'adjustment', user: a },
        ],
        postings,
      };
      await expect(postBatch(suite.db, batch)).rejects.toMatchObject({ code: 'LD002', message });
      expect(await book(suite.db)).toBe(before);
    }
  });

  it('refuses a batch that would take any player below zero at any posting, writing nothing of it', async () => {
    const a = await newPlayer(suite.db, 10n);
    const b = await newPlayer(suite.db, 5n);
    const before = await book(suite.db);
    // The first movement is sound; the second overdraws B.
    await expect(
      postBatch(suite.db, {
        movements: [
          { kind: 'adjustment', user: a },
          { kind: 'adjustment', user: b },
        ],
        postings: [
          { movement: 1, account: 'ton', owner: a, amount: -10n },
          { movement: 1, account: 'house', owner: null, amount: 10n },
          { movement: 2, account: 'ton', owner: b, amount: -6n },
          { movement: 2, account: 'house', owner: null, amount: 6n },
        ],
      }),
    ).rejects.toMatchObject({ code: 'LD001', message: 'Insufficient balance' });
    expect(await book(suite.db)).toBe(before);
    // A debit before the credit that would cover it is refused too: the order of the postings counts.
    await expect(
      postBatch(suite.db, {
        movements: [
          { kind: 'adjustment', user: b },
          { kind: 'adjustment', user: b },
        ],
        postings: [
          { movement: 1, account: 'ton', owner: b, amount: -6n },
          { movement: 1, account: 'house', owner: null, amount: 6n },
          { movement: 2, account: 'house', owner: null, amount: -6n },
          { movement: 2, account: 'ton', owner: b, amount: 6n },
        ],
      }),
    ).rejects.toMatchObject({ code: 'LD001' });
    expect(await book(suite.db)).toBe(before);
    // An account that does not exist (a bonus pool row of no one, a player's missing TON account).
    await expect(
      postBatch(suite.db, {
        movements: [{ kind: 'adjustment', user: a }],
        postings: [
          { movement: 1, account: 'ton', owner: a, amount: -1n },
          { movement: 1, account: 'ton', owner: 9_000_000_000n, amount: 1n },
        ],
      }),
    ).rejects.toMatchObject({ code: 'LD003', message: 'No account for player 9000000000 ton' });
    expect(await book(suite.db)).toBe(before);
    expect((await audit(suite.db)).problems).toEqual([]);
  });
});

describe.each(postgresOnly('the posting primitive under concurrency'))('the posting primitive under concurrency on $name', (database) => {
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await database.create();
    db = created.db;
    url = created.url!;
    drop = created.drop;
  });
  afterAll(async () => {
    await drop?.();
  });

  async function client(): Promise<pg.Client> {
    const connection = new pg.Client({ connectionString: url });
    await connection.connect();
    return connection;
  }

  /** Two players' TON, listed in the given order: one movement moving 1 from the first to the second. */
  const transfer = (from: bigint, to: bigint): Batch => ({
    movements: [{ kind: 'adjustment', user: from }],
    postings: [
      { movement: 1, account: 'ton', owner: from, amount: -1n },
      { movement: 1, account: 'ton', owner: to, amount: 1n },
    ],
  });

  it('a batch naming its accounts against the lock order waits for the first lock and never deadlocks', async () => {
    const a = await newPlayer(db, 100n);
    const b = await newPlayer(db, 100n);
    const first = await client();
    const second = await client();
    try {
      // The first transaction holds A's account (a lower id: first in the book's order)...
      await first.query('BEGIN');
      await first.query('SELECT 1 FROM arcade_lock_accounts($1::text[], $2::bigint[], $3::bigint[], $4)', [
        '{ton}',
        `{${a}}`,
        '{NULL}',
        SYSTEM_SHARDS,
      ]);
      // ...the second posts B then A, as listed: it must wait for A before it takes B.
      const secondPid = (await second.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
      await second.query('BEGIN');
      const [sql, params] = call(transfer(b, a));
      const waiting = second.query(sql, params);
      for (let i = 0; ; i++) {
        const { rows } = await db.query<{ waits: boolean }>(
          "SELECT wait_event_type = 'Lock' AS waits FROM pg_stat_activity WHERE pid = $1",
          [secondPid],
        );
        if (rows[0]?.waits) break;
        if (i > 600) throw new Error('the second batch never waited on a lock');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // Then the first moves B too: B is free, so this goes through (had the second taken B first, this would deadlock).
      const [sqlFirst, paramsFirst] = call(transfer(a, b));
      await first.query(sqlFirst, paramsFirst);
      await first.query('COMMIT');
      await waiting;
      await second.query('COMMIT');
    } finally {
      await first.end();
      await second.end();
    }
    expect([await ton(db, a), await ton(db, b)]).toEqual([100n, 100n]);
    expect((await audit(db)).problems).toEqual([]);
  });

  it('many batches over the same accounts listed in opposite orders all commit, and the book audits clean', async () => {
    const players = [await newPlayer(db, 1000n), await newPlayer(db, 1000n), await newPlayer(db, 1000n)];
    const [a, b, c] = players as [bigint, bigint, bigint];
    // Every batch moves all three players and their house rows, half of them listed backwards.
    const batch = (forward: boolean): Batch => {
      const order = forward ? [a, b, c] : [c, b, a];
      return {
        movements: order.map((user) => ({ kind: 'adjustment', user })),
        postings: order.flatMap((user, i) => {
          const next = order[(i + 1) % order.length]!;
          const pair: Posting[] = [
            { movement: i + 1, account: 'ton', owner: user, amount: -2n },
            { movement: i + 1, account: 'ton', owner: next, amount: 1n },
            { movement: i + 1, account: 'house', owner: null, amount: 1n },
          ];
          return forward ? pair : pair.reverse();
        }),
      };
    };
    const connections = await Promise.all(Array.from({ length: 6 }, () => client()));
    try {
      const results = await Promise.allSettled(
        connections.map(async (connection, n) => {
          for (let i = 0; i < 15; i++) {
            await connection.query('BEGIN');
            const [sql, params] = call(batch((n + i) % 2 === 0));
            await connection.query(sql, params);
            await connection.query('COMMIT');
          }
        }),
      );
      expect(results.flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []))).toEqual([]);
    } finally {
      await Promise.all(connections.map((connection) => connection.end()));
    }
    // 6 connections x 15 batches, each taking 1 from every player to the house.
    for (const user of players) expect(await ton(db, user)).toBe(1000n - 90n);
    expect((await audit(db)).problems).toEqual([]);
  });
});
