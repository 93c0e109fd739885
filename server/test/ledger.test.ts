import { describe, expect, it } from 'vitest';
import { toNano } from '@arcade/api-client/money';
import { openDb, type Db, type Queryable } from '../src/db/db';
import { createPlayerAccounts } from '../src/db/accounts';
import { actingAs } from '../src/domain/actor';
import { audit, ledgerMessages, post, SYSTEM_SHARDS, withIdempotencyKey, type AccountRef } from '../src/domain/ledger';
import { databases, postgresOnly, suiteDatabase } from './helpers';

let nextPlayer = 10_000n;

async function newPlayer(db: Db): Promise<bigint> {
  const id = ++nextPlayer;
  await db.transaction(async (tx) => {
    await tx.query('INSERT INTO users (id, referral_code) VALUES ($1, $2)', [id, `ledger${id}`]);
    await createPlayerAccounts(tx, id);
  });
  return id;
}

async function balance(db: Queryable, ref: AccountRef): Promise<bigint> {
  const { rows } =
    'system' in ref
      ? // A system account's balance is the sum of its rows (the house is split into shards).
        await db.query<{ balance: bigint }>(
          'SELECT COALESCE(SUM(balance), 0)::bigint AS balance FROM accounts WHERE user_id IS NULL AND kind = $1',
          [ref.system],
        )
      : await db.query<{ balance: bigint }>('SELECT balance FROM accounts WHERE user_id = $1 AND kind = $2', [ref.user, ref.kind]);
  return rows[0]?.balance ?? 0n;
}

/** A test deposit: TON that came in from the chain, credited to the player. */
function deposit(tx: Queryable, user: bigint, amount: bigint, reference: string) {
  return actingAs({ job: 'chain-watcher' }, () =>
    post(tx, {
      kind: 'deposit',
      userId: user,
      reference,
      postings: [
        { account: { system: 'deposits' }, amount: -amount },
        { account: { user, kind: 'ton' }, amount },
      ],
    }),
  );
}

/** A stake lost to the house, on the player's own call. */
function lose(tx: Queryable, user: bigint, amount: bigint) {
  return actingAs({ player: user }, () =>
    post(tx, {
      kind: 'bet',
      userId: user,
      postings: [
        { account: { user, kind: 'ton' }, amount: -amount },
        { account: { system: 'house' }, amount },
      ],
    }),
  );
}

/** The row of a system account a movement of this player moves: arcade_shard, the one definition. */
async function systemCode(db: Queryable, account: string, user: bigint): Promise<string> {
  const { rows } = await db.query<{ code: string }>('SELECT arcade_shard($1, $2, $3) AS code', [account, user, SYSTEM_SHARDS]);
  return rows[0]!.code;
}

const journalRows = async (db: Queryable) => (await db.query<{ n: bigint }>('SELECT count(*) AS n FROM journal_entries')).rows[0]!.n;

describe.each(databases())('ledger on $name', (database) => {
  const suite = suiteDatabase(database);

  it('a movement changes balances together with its journal rows and the audit stays clean', async () => {
    const user = await newPlayer(suite.db);
    await suite.db.transaction((tx) => deposit(tx, user, toNano('12.5'), `chain-${user}`));
    await suite.db.transaction((tx) => lose(tx, user, toNano('2.5')));

    expect(await balance(suite.db, { user, kind: 'ton' })).toBe(toNano('10'));
    const { rows } = await suite.db.query<{ amount: bigint; balance_after: bigint }>(
      `SELECT j.amount, j.balance_after FROM journal_entries j JOIN accounts a ON a.id = j.account_id
       WHERE a.user_id = $1 ORDER BY j.id`,
      [user],
    );
    expect(rows).toEqual([
      { amount: toNano('12.5'), balance_after: toNano('12.5') },
      { amount: -toNano('2.5'), balance_after: toNano('10') },
    ]);
    const report = await audit(suite.db);
    expect(report.problems).toEqual([]);
    expect(report.journalSum).toBe(0n);
  });

  it("a transaction moves one row of the house, whoever's movements it holds, and the house total is the sum of its rows", async () => {
    const a = await newPlayer(suite.db);
    const b = await newPlayer(suite.db);
    // In one transaction (one database session) both players' house movements name the same row.
    const [ofA, ofB] = await suite.db.transaction(async (tx) => [await systemCode(tx, 'house', a), await systemCode(tx, 'house', b)]);
    expect(ofA).toMatch(/^house(\/([1-9]|1[0-5]))?$/);
    expect(ofB).toBe(ofA);
    expect(await systemCode(suite.db, 'deposits', a)).toBe('deposits');
    const houseBefore = await balance(suite.db, { system: 'house' });
    await suite.db.transaction((tx) => deposit(tx, a, toNano('3'), `chain-shard-${a}`));
    await suite.db.transaction((tx) => deposit(tx, b, toNano('3'), `chain-shard-${b}`));
    const moved = await suite.db.transaction(async (tx) => {
      await lose(tx, a, toNano('1'));
      await lose(tx, b, toNano('1'));
      const { rows } = await tx.query<{ codes: string[] }>(
        `SELECT array_agg(DISTINCT a.code) AS codes FROM journal_entries j JOIN accounts a ON a.id = j.account_id
          JOIN ledger_transactions t ON t.id = j.transaction_id WHERE t.user_id IN ($1, $2) AND t.kind = 'bet' AND a.code IS NOT NULL`,
        [a, b],
      );
      return rows[0]!.codes;
    });
    expect(moved).toHaveLength(1);
    expect(await balance(suite.db, { system: 'house' })).toBe(houseBefore + toNano('2'));
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('refuses to overdraw a player and changes nothing', async () => {
    const user = await newPlayer(suite.db);
    await suite.db.transaction((tx) => deposit(tx, user, toNano('1'), `chain-small-${user}`));
    const before = await journalRows(suite.db);

    await expect(suite.db.transaction((tx) => lose(tx, user, toNano('1.000000001')))).rejects.toThrow(ledgerMessages.insufficient);
    expect(await balance(suite.db, { user, kind: 'ton' })).toBe(toNano('1'));
    expect(await journalRows(suite.db)).toBe(before);
    expect((await audit(suite.db)).ok).toBe(true);
  });

  it('refuses a movement that does not balance, and a second movement for the same event', async () => {
    const user = await newPlayer(suite.db);
    // Posted by a job that may credit deposits: the only thing wrong with it is its sum.
    await expect(
      suite.db.transaction((tx) =>
        actingAs({ job: 'chain-watcher' }, () =>
          post(tx, {
            kind: 'deposit',
            postings: [
              { account: { system: 'deposits' }, amount: -5n },
              { account: { user, kind: 'ton' }, amount: 6n },
            ],
          }),
        ),
      ),
    ).rejects.toThrow('A deposit movement does not balance: it sums to 1');
    await suite.db.transaction((tx) => deposit(tx, user, 5n, `same-event-${user}`));
    await expect(suite.db.transaction((tx) => deposit(tx, user, 5n, `same-event-${user}`))).rejects.toThrow(ledgerMessages.duplicate);
    expect(await balance(suite.db, { user, kind: 'ton' })).toBe(5n);
  });

  it('a retried money call with the same key returns the first answer and moves money once', async () => {
    const user = await newPlayer(suite.db);
    await suite.db.transaction((tx) => deposit(tx, user, toNano('3'), `chain-retry-${user}`));
    const call = { userId: user, call: 'test-bet', idempotencyKey: `bet-${user}-0001`, request: { stake: '1' } };
    const play = () =>
      withIdempotencyKey(suite.db, call, async (tx) => ({ balance: (await lose(tx, user, toNano('1'))).balances.size, at: Math.random() }));

    const first = await play();
    const retry = await play();
    expect(retry).toEqual(first);
    expect(await balance(suite.db, { user, kind: 'ton' })).toBe(toNano('2'));
  });

  it('the same key with a different request is refused and moves nothing', async () => {
    const user = await newPlayer(suite.db);
    await suite.db.transaction((tx) => deposit(tx, user, toNano('3'), `chain-reuse-${user}`));
    const key = `bet-${user}-0002`;
    await withIdempotencyKey(suite.db, { userId: user, call: 'test-bet', idempotencyKey: key, request: { stake: '1' } }, (tx) =>
      lose(tx, user, toNano('1')),
    );
    await expect(
      withIdempotencyKey(suite.db, { userId: user, call: 'test-bet', idempotencyKey: key, request: { stake: '2' } }, (tx) =>
        lose(tx, user, toNano('2')),
      ),
    ).rejects.toThrow(ledgerMessages.keyReused);
    expect(await balance(suite.db, { user, kind: 'ton' })).toBe(toNano('2'));
  });

  it('refuses a missing or malformed idempotency key', async () => {
    const user = await newPlayer(suite.db);
    for (const key of ['', 'short', 'has spaces in it', 'x'.repeat(101)]) {
      await expect(
        withIdempotencyKey(suite.db, { userId: user, call: 'c', idempotencyKey: key, request: {} }, () => Promise.resolve(1)),
      ).rejects.toThrow(ledgerMessages.badKey);
    }
  });

  it('a refused call leaves its key free so a corrected retry can go through', async () => {
    const user = await newPlayer(suite.db);
    const call = { userId: user, call: 'test-bet', idempotencyKey: `bet-${user}-0003`, request: { stake: '1' } };
    await expect(withIdempotencyKey(suite.db, call, (tx) => lose(tx, user, toNano('1')))).rejects.toThrow(ledgerMessages.insufficient);
    await suite.db.transaction((tx) => deposit(tx, user, toNano('1'), `chain-late-${user}`));
    await withIdempotencyKey(suite.db, call, (tx) => lose(tx, user, toNano('1')));
    expect(await balance(suite.db, { user, kind: 'ton' })).toBe(0n);
  });

  it('the audit finds a balance changed without its journal rows', async () => {
    const user = await newPlayer(suite.db);
    await suite.db.transaction((tx) => deposit(tx, user, 7n, `chain-tamper-${user}`));
    await suite.db.query("UPDATE accounts SET balance = balance + 1 WHERE user_id = $1 AND kind = 'ton'", [user]);
    const report = await audit(suite.db);
    expect(report.ok).toBe(false);
    expect(report.problems.join('\n')).toContain('but its journal sums to');
    await suite.db.query("UPDATE accounts SET balance = balance - 1 WHERE user_id = $1 AND kind = 'ton'", [user]);
    expect((await audit(suite.db)).ok).toBe(true);
  });

  it('refuses rows that name a movement, account, player or seed pair that does not exist, writing none of them', async () => {
    const user = await newPlayer(suite.db);
    await suite.db.transaction((tx) => deposit(tx, user, 7n, `chain-names-${user}`));
    const { rows } = await suite.db.query<{ tx: bigint; account: bigint }>(
      "SELECT t.id AS tx, a.id AS account FROM ledger_transactions t, accounts a WHERE t.reference = $1 AND a.user_id = $2 AND a.kind = 'ton'",
      [`chain-names-${user}`, user],
    );
    const { tx, account } = rows[0]!;
    const missing = 9_000_000_000n;
    const counts = async () =>
      (
        await suite.db.query<{ n: string }>(
          "SELECT (SELECT count(*) FROM journal_entries) || '/' || (SELECT count(*) FROM ledger_transactions) || '/' || (SELECT count(*) FROM game_rounds) || '/' || (SELECT count(*) FROM idempotency_keys) AS n",
        )
      ).rows[0]!.n;
    const before = await counts();
    const refused = async (sql: string, params: unknown[], message: string) => {
      const error = await suite.db.query(sql, params as never).then(
        () => null,
        (e: unknown) => e as { code?: string; message?: string },
      );
      expect(error, sql).not.toBeNull();
      expect(error!.code).toBe('23503');
      expect(error!.message).toBe(message);
    };
    // One good row and one bad in a statement: neither is written.
    await refused(
      'INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, 1, 8), ($3, $2, -1, 7)',
      [tx, account, missing],
      'a journal row names a movement that does not exist',
    );
    await refused(
      'INSERT INTO journal_entries (transaction_id, account_id, amount, balance_after) VALUES ($1, $2, 1, 8), ($1, $3, -1, 7)',
      [tx, account, missing],
      'a journal row names an account that does not exist',
    );
    await refused(
      "INSERT INTO ledger_transactions (kind, user_id, reference, actor_job) VALUES ('deposit', $1, 'ghost', 'chain-watcher')",
      [missing],
      'a row of ledger_transactions names a player who does not exist',
    );
    await refused(
      "INSERT INTO idempotency_keys (user_id, key, call, request_hash, reply) VALUES ($1, 'k', 'flip', 'h', '{}')",
      [missing],
      'a row of idempotency_keys names a player who does not exist',
    );
    const round = (player: bigint, pair: bigint) =>
      suite.db.query(
        `INSERT INTO game_rounds (user_id, game, currency, stake, status, seed_pair_id, nonce, params, outcome)
         VALUES ($1, 'flip', 'ton', 1, 'lost', $2, 0, '{}', '{}')`,
        [player, pair],
      );
    await suite.db.query(
      "INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, next_server_seed, next_server_seed_hash) VALUES ($1, 's', 'h', 'c', 'n', 'nh')",
      [user],
    );
    const pair = (await suite.db.query<{ id: bigint }>('SELECT id FROM seed_pairs WHERE user_id = $1', [user])).rows[0]!.id;
    await expect(round(missing, pair)).rejects.toMatchObject({ code: '23503', message: 'a round names a player who does not exist' });
    await expect(round(user, missing)).rejects.toMatchObject({ code: '23503', message: 'a round names a seed pair that does not exist' });
    expect(await counts()).toBe(before);
    // Rows that name what exists go in (a movement of the house's own names no player); rolled
    // back after, since a movement without journal rows would fail the audit.
    const undo = new Error('undo');
    await expect(
      suite.db.transaction(async (tx) => {
        await tx.query("INSERT INTO ledger_transactions (kind, reference, actor_job) VALUES ('adjustment', $1, 'operator')", [
          `house-only-${user}`,
        ]);
        await tx.query(
          `INSERT INTO game_rounds (user_id, game, currency, stake, status, seed_pair_id, nonce, params, outcome)
           VALUES ($1, 'flip', 'ton', 1, 'lost', $2, 0, '{}', '{}')`,
          [user, pair],
        );
        throw undo;
      }),
    ).rejects.toBe(undo);
    expect(await counts()).toBe(before);
    expect((await audit(suite.db)).ok).toBe(true);
  });

  it('refuses to remove or rename what the ledger names', async () => {
    const user = await newPlayer(suite.db);
    await suite.db.transaction((tx) => deposit(tx, user, 7n, `chain-kept-${user}`));
    const attempts: Array<[string, string]> = [
      ['DELETE FROM users WHERE id = $1', 'users rows are kept as they are named: delete is refused'],
      ['UPDATE users SET id = id + 1 WHERE id = $1', 'users rows are kept as they are named: update is refused'],
      ["DELETE FROM accounts WHERE user_id = $1 AND kind = 'ton'", 'accounts rows are kept as they are named: delete is refused'],
      ['UPDATE accounts SET id = id WHERE user_id = $1', 'accounts rows are kept as they are named: update is refused'],
      ['DELETE FROM ledger_transactions WHERE user_id = $1', 'ledger_transactions rows are kept as they are named: delete is refused'],
      [
        'UPDATE ledger_transactions SET user_id = NULL WHERE user_id = $1',
        'ledger_transactions rows are kept as they are named: update is refused',
      ],
      [
        'DELETE FROM journal_entries WHERE account_id IN (SELECT id FROM accounts WHERE user_id = $1)',
        'journal_entries rows are kept as they are named: delete is refused',
      ],
      ['DELETE FROM seed_pairs WHERE user_id = $1', 'seed_pairs rows are kept as they are named: delete is refused'],
      ['DELETE FROM game_rounds WHERE user_id = $1', 'game_rounds rows are kept as they are named: delete is refused'],
      ['DELETE FROM idempotency_keys WHERE user_id = $1', 'idempotency_keys rows are kept as they are named: delete is refused'],
    ];
    for (const [sql, message] of attempts) {
      await expect(suite.db.query(sql, [user]), sql).rejects.toMatchObject({ code: '23001', message });
    }
    await expect(suite.db.query('TRUNCATE journal_entries')).rejects.toMatchObject({
      code: '23001',
      message: 'journal_entries rows are kept as they are named: truncate is refused',
    });
    expect(await balance(suite.db, { user, kind: 'ton' })).toBe(7n);
    expect((await audit(suite.db)).ok).toBe(true);
  });
});

describe.each(postgresOnly('ledger concurrency'))('ledger concurrency on $name', (database) => {
  const suite = suiteDatabase(database);

  it("a transaction holding its house row does not hold up another session's, and waits only on its own", async () => {
    const a = await newPlayer(suite.db);
    const b = await newPlayer(suite.db);
    const c = await newPlayer(suite.db);
    for (const user of [a, b, c]) await suite.db.transaction((tx) => deposit(tx, user, toNano('3'), `chain-sessions-${user}`));
    // Sessions of their own (one connection each): one on the same house row as the first, one on another.
    const sessions: Db[] = [];
    const session = async () => {
      const db = await openDb({ kind: 'postgres', url: suite.url!, maxConnections: 1 });
      sessions.push(db);
      return {
        db,
        row: await systemCode(db, 'house', a),
        pid: (await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid,
      };
    };
    try {
      const first = await session();
      let other: Awaited<ReturnType<typeof session>> | undefined;
      let same: Awaited<ReturnType<typeof session>> | undefined;
      for (let n = 0; n < 80 && !(other && same); n++) {
        const next = await session();
        if (next.row === first.row) same ??= next;
        else other ??= next;
      }
      expect(other && same, 'sessions on both kinds of row').toBeTruthy();
      const houseBefore = await balance(suite.db, { system: 'house' });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let posted!: () => void;
      const moved = new Promise<void>((resolve) => (posted = resolve));
      const holding = first.db.transaction(async (tx) => {
        await lose(tx, a, toNano('1'));
        posted();
        await held;
      });
      await moved;
      // Another row: it commits while the first still holds its own (it would hang here otherwise).
      await other!.db.transaction((tx) => lose(tx, b, toNano('1')));
      // The same row: it waits for the first to commit, as the server sees it.
      const waiting = same!.db.transaction((tx) => lose(tx, c, toNano('1')));
      for (;;) {
        const { rows } = await suite.db.query<{ wait: string | null }>(
          'SELECT wait_event_type AS wait FROM pg_stat_activity WHERE pid = $1',
          [same!.pid],
        );
        if (rows[0]?.wait === 'Lock') break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      release();
      await Promise.all([holding, waiting]);
      expect(await balance(suite.db, { system: 'house' })).toBe(houseBefore + toNano('3'));
      expect((await audit(suite.db)).problems).toEqual([]);
    } finally {
      await Promise.all(sessions.map((db) => db.close()));
    }
  });

  it('many parallel debits against one balance never overdraw it', async () => {
    const user = await newPlayer(suite.db);
    await suite.db.transaction((tx) => deposit(tx, user, toNano('10'), `chain-parallel-${user}`));

    const results = await Promise.allSettled(Array.from({ length: 40 }, () => suite.db.transaction((tx) => lose(tx, user, toNano('1')))));
    const won = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter((r) => r.status === 'rejected');
    expect(won).toBe(10);
    expect(refused).toHaveLength(30);
    for (const r of refused) expect(String(r.reason)).toContain(ledgerMessages.insufficient);
    expect(await balance(suite.db, { user, kind: 'ton' })).toBe(0n);
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('parallel retries of one key move money once and all get the same answer', async () => {
    const user = await newPlayer(suite.db);
    await suite.db.transaction((tx) => deposit(tx, user, toNano('10'), `chain-key-${user}`));
    const call = { userId: user, call: 'test-bet', idempotencyKey: `bet-${user}-parallel`, request: { stake: '1' } };

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        withIdempotencyKey(suite.db, call, async (tx) => ({ id: String((await lose(tx, user, toNano('1'))).transactionId) })),
      ),
    );
    expect(new Set(answers.map((a) => a.id)).size).toBe(1);
    expect(await balance(suite.db, { user, kind: 'ton' })).toBe(toNano('9'));
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('opposite transfers between two players in parallel do not deadlock', async () => {
    const a = await newPlayer(suite.db);
    const b = await newPlayer(suite.db);
    await suite.db.transaction((tx) => deposit(tx, a, toNano('5'), `chain-a-${a}`));
    await suite.db.transaction((tx) => deposit(tx, b, toNano('5'), `chain-b-${b}`));
    const transfer = (from: bigint, to: bigint) =>
      actingAs({ player: from }, () =>
        suite.db.transaction((tx) =>
          post(tx, {
            kind: 'transfer',
            postings: [
              { account: { user: from, kind: 'ton' }, amount: -toNano('0.1') },
              { account: { user: to, kind: 'ton' }, amount: toNano('0.1') },
            ],
          }),
        ),
      );
    await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? transfer(a, b) : transfer(b, a))));
    expect((await balance(suite.db, { user: a, kind: 'ton' })) + (await balance(suite.db, { user: b, kind: 'ton' }))).toBe(toNano('10'));
    expect((await audit(suite.db)).ok).toBe(true);
  });
});
