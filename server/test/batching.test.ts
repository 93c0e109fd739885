import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, SqlValue } from '../src/db/db';
import { readdirSync, readFileSync } from 'node:fs';
import { BET_REFUSAL } from '../src/domain/games/bet-batches';
import { audit } from '../src/domain/ledger';
import { databases, envelope, fund, logIn, post, startServer } from './helpers';

/**
 * Every bet goes through the bet function of migration 019: batched with other players' bets
 * (BET_BATCHING=on) or each alone (off). The same players with the same seeds placing the same
 * bets, once with batching on and once off, must get the same replies and leave the same rows:
 * rounds, movements, journal rows, balances, statistics, wagering and achievements.
 */

const PLAYERS = { referrer: 930_000_001, referred: 930_000_002, plain: 930_000_003, bonus: 930_000_004 };

interface Side {
  db: Db;
  drop: () => Promise<void>;
  app: FastifyInstance;
  tokens: Record<keyof typeof PLAYERS, string>;
}

type Reply = { status: number; body: unknown };

/** A reply without what differs between two databases by nature: row ids and timestamps. */
function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([key]) => key !== 'id' && key !== 'createdAt')
        .map(([key, inner]) => [key, normalised(inner)]),
    );
  }
  return value;
}

/** Every row a bet writes, by what it is about rather than by its ids. */
async function rowsOf(db: Db): Promise<Record<string, unknown>> {
  const players = Object.values(PLAYERS);
  const text = async (sql: string, sorted = false) => {
    const rows = (await db.query(sql, [`{${players.join(',')}}`])).rows.map((row) =>
      JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)),
    );
    return sorted ? rows.sort() : rows;
  };
  return {
    rounds: await text(
      `SELECT user_id, game, currency, stake, payout, multiplier, status, nonce, params, outcome FROM game_rounds
        WHERE user_id = ANY ($1::bigint[]) ORDER BY user_id, nonce`,
    ),
    // Movements named by the round they belong to (the player and the nonce), not by ids.
    movements: await text(
      `SELECT t.kind, t.user_id, t.actor_user_id, t.actor_job, r.user_id AS round_player, r.nonce AS round_nonce,
              (SELECT json_agg(json_build_object('account', COALESCE(split_part(a.code, '/', 1), a.user_id || ':' || a.kind), 'amount', j.amount)
                               ORDER BY COALESCE(split_part(a.code, '/', 1), a.user_id || ':' || a.kind), j.amount)
                 FROM journal_entries j JOIN accounts a ON a.id = j.account_id WHERE j.transaction_id = t.id) AS lines
         FROM ledger_transactions t LEFT JOIN game_rounds r ON t.reference = r.id::text AND t.kind IN ('bet', 'payout', 'referral')
        WHERE t.user_id = ANY ($1::bigint[])`,
      // Movements of no round (rewards, bonus releases) have references made of row ids, which the
      // two databases number apart: compared as a set; each account's order is in the journals.
      true,
    ),
    // Each player account's journal, in order: the running balance after every row.
    journals: await text(
      `SELECT a.user_id, a.kind, json_agg(json_build_array(j.amount, j.balance_after) ORDER BY j.id) AS rows
         FROM accounts a JOIN journal_entries j ON j.account_id = a.id
        WHERE a.user_id = ANY ($1::bigint[]) GROUP BY a.user_id, a.kind ORDER BY a.user_id, a.kind`,
    ),
    // A system account's balance is the sum of its rows (which row a movement moves depends on the
    // database session, arcade_shard).
    balances: await text(
      `SELECT COALESCE(split_part(code, '/', 1), user_id || ':' || kind) AS account, sum(balance)::bigint AS balance
         FROM accounts WHERE user_id = ANY ($1::bigint[]) OR user_id IS NULL GROUP BY 1 ORDER BY 1`,
    ),
    stats: await text(
      'SELECT user_id, rounds, wagered, best_multiplier FROM player_stats WHERE user_id = ANY ($1::bigint[]) ORDER BY user_id',
    ),
    users: await text('SELECT id, wagering_left, bonus_granted FROM users WHERE id = ANY ($1::bigint[]) ORDER BY id'),
    achievements: await text(
      'SELECT user_id, ladder, tier FROM achievement_grants WHERE user_id = ANY ($1::bigint[]) ORDER BY user_id, ladder, tier',
    ),
    nonces: await text('SELECT user_id, next_nonce FROM seed_pairs WHERE user_id = ANY ($1::bigint[]) AND active ORDER BY user_id'),
  };
}

describe.each(databases())('bets batched and unbatched write the same rows on $name', (database) => {
  const sides: { batched?: Side; unbatched?: Side } = {};

  /** The sizes of the bet function's calls, per side. */
  const calls = { on: [] as number[], off: [] as number[] };
  const open = async (batching: 'on' | 'off'): Promise<Side> => {
    const { db, drop } = await database.create();
    const query = db.query.bind(db);
    db.query = (sql: string, params?: readonly SqlValue[]) => {
      if (sql.includes('arcade_bets(')) calls[batching].push((JSON.parse(String(params?.[0])) as unknown[]).length);
      return query(sql, params);
    };
    const app = await startServer(db, { env: { BET_BATCHING: batching } });
    const referrer = await logIn(app, { id: PLAYERS.referrer });
    const code = (envelope(await post(app, '/api/v3/referral/info', {}, { token: referrer })).data as { code: string }).code;
    const tokens = {
      referrer,
      referred: await logIn(app, { id: PLAYERS.referred, startParam: `r_${code}` }),
      plain: await logIn(app, { id: PLAYERS.plain }),
      bonus: await logIn(app, { id: PLAYERS.bonus }),
    };
    for (const [name, id] of Object.entries(PLAYERS)) await fund(db, BigInt(id), '200', `same-fund-${name}`);
    // The seed pairs now, so the other side can be given the very same seeds.
    for (const token of Object.values(tokens)) await post(app, '/api/v3/fairness/seeds', {}, { token });
    return { db, drop, app, tokens };
  };

  beforeAll(async () => {
    sides.batched = await open('on');
    sides.unbatched = await open('off');
    const { rows } = await sides.batched.db.query<{
      user_id: bigint;
      server_seed: string;
      server_seed_hash: string;
      client_seed: string;
      next_server_seed: string;
      next_server_seed_hash: string;
    }>('SELECT user_id, server_seed, server_seed_hash, client_seed, next_server_seed, next_server_seed_hash FROM seed_pairs WHERE active');
    for (const pair of rows) {
      await sides.unbatched.db.query(
        `UPDATE seed_pairs SET server_seed = $2, server_seed_hash = $3, client_seed = $4, next_server_seed = $5, next_server_seed_hash = $6
          WHERE user_id = $1 AND active`,
        [pair.user_id, pair.server_seed, pair.server_seed_hash, pair.client_seed, pair.next_server_seed, pair.next_server_seed_hash],
      );
    }
  });
  afterAll(async () => {
    for (const side of [sides.batched, sides.unbatched]) {
      await side?.app.close();
      await side?.drop();
    }
  });

  it('the same bets, one by one: the same replies, then the same rounds, movements, journals, balances and progress', async () => {
    const { batched, unbatched } = sides as Required<typeof sides>;
    const both = async (player: keyof typeof PLAYERS, path: string, body: object): Promise<[Reply, Reply]> => {
      return [await send(batched, player, path, body), await send(unbatched, player, path, body)];
    };
    const send = async (side: Side, player: keyof typeof PLAYERS, path: string, body: object): Promise<Reply> => {
      const response = await post(side.app, `/api/v3/${path}`, body, { token: side.tokens[player] });
      return { status: response.statusCode, body: normalised(response.json()) };
    };
    // A bonus with a wagering requirement, so bets cross its end (bonus into TON).
    await both('bonus', 'bonus/daily/claim', { idempotencyKey: 'same-daily-claim-1' });

    const tally = { ton: { sent: 0, accepted: 0 }, bonus: { sent: 0, accepted: 0 } };
    for (let i = 0; i < 40; i++) {
      const plays: Array<[keyof typeof PLAYERS, string, object]> = [
        // TON bets of a referred player: the referrer's share, its first referral account, its claim threshold.
        ['referred', 'games/flip', { stake: ['0.5', '2', '0.01'][i % 3], currency: 'ton', side: i % 2 ? 'heads' : 'tails' }],
        // Rolls at many chances: achievement tiers for rounds, wagered and the best multiplier.
        [
          'plain',
          'games/roll',
          { stake: '0.3', currency: 'ton', target: ['50', '10', '90', '75.25', '1.5', '98.5'][i % 6], direction: i % 2 ? 'over' : 'under' },
        ],
        // Bonus bets wagering the bonus down, and TON bets beside them.
        ['bonus', 'games/flip', { stake: '0.05', currency: i % 3 ? 'bonus' : 'ton', side: 'heads' }],
        ['referrer', 'games/roll', { stake: '1', currency: 'ton', target: '10', direction: 'under' }],
      ];
      // The four players bet at the same time: the batched side sends their bets together.
      const at = (side: Side) =>
        Promise.all(plays.map(([player, path, body]) => send(side, player, path, { ...body, idempotencyKey: `same-${player}-${i}` })));
      const [repliesA, repliesB] = [await at(batched), await at(unbatched)];
      for (const [n, [player, path, body]] of plays.entries()) {
        const [a, b] = [repliesA[n]!, repliesB[n]!];
        expect(b, `${player} ${path} #${i}`).toEqual(a);
        const counts = tally[(body as { currency: 'ton' | 'bonus' }).currency];
        counts.sent += 1;
        if (a.status === 200) counts.accepted += 1;
      }
    }
    // Every TON bet went through (the players hold enough); bonus bets ran until the bonus was spent.
    expect(tally.ton.accepted).toBe(tally.ton.sent);
    expect(tally.bonus.accepted).toBeGreaterThan(0);
    // A retried key answers the same on both sides too.
    const [retryA, retryB] = await both('plain', 'games/roll', {
      stake: '0.3',
      currency: 'ton',
      target: '50',
      direction: 'under',
      idempotencyKey: 'same-plain-0',
    });
    expect(retryB).toEqual(retryA);

    const [rowsA, rowsB] = [await rowsOf(batched.db), await rowsOf(unbatched.db)];
    for (const table of Object.keys(rowsA)) expect(rowsB[table], table).toEqual(rowsA[table]);
    // The batched side did send bets together (on PostgreSQL: the embedded database answers one
    // statement at a time, so the bets seldom wait together there), the other one by one; both
    // through the one function.
    if (database.name === 'postgres') expect(Math.max(...calls.on)).toBeGreaterThan(1);
    expect(calls.off.length).toBeGreaterThan(150);
    expect(new Set(calls.off)).toEqual(new Set([1]));
    expect((await audit(batched.db)).problems).toEqual([]);
    expect((await audit(unbatched.db)).problems).toEqual([]);
  });
});

describe('the refusal codes', () => {
  it('the bet function in force answers exactly the codes TypeScript names, no other', async () => {
    const [database] = databases();
    const { db, drop } = await database!.create();
    try {
      // The bet function and the key rule it shares with ledger.ts (arcade_key_answer).
      const { rows } = await db.query<{ body: string }>(
        "SELECT string_agg(prosrc, ' ') AS body FROM pg_proc WHERE proname IN ('arcade_bets', 'arcade_key_answer') HAVING count(*) = 2",
      );
      expect(rows).toHaveLength(1);
      const used = [...new Set(rows[0]!.body.match(/AR\d{3}/g))].sort();
      expect(used).toEqual(Object.values(BET_REFUSAL).sort());
    } finally {
      await drop();
    }
    // And no migration defines the function with codes of its own beyond these.
    const folder = new URL('../src/db/migrations/', import.meta.url);
    const defining = readdirSync(folder).filter((name) => /FUNCTION arcade_bets\(/.test(readFileSync(new URL(name, folder), 'utf8')));
    expect(defining.length).toBeGreaterThanOrEqual(2);
    for (const name of defining) {
      expect([...new Set(readFileSync(new URL(name, folder), 'utf8').match(/AR\d{3}/g))].sort(), name).toEqual(
        Object.values(BET_REFUSAL).sort(),
      );
    }
  });
});
