import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BetResult } from '@arcade/api-client/games';
import type { ReferralInfo } from '@arcade/api-client/bonus';
import { openDb, type Db } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { audit } from '../src/domain/ledger';
import { createPostgresDatabase, envelope, fund, logIn, newUserId, post, postgresOnly, startServer } from './helpers';

/**
 * Instant bets go in batches (arcade_instant_bets) that lock rows in one global order: the players'
 * user rows by id, the system account rows by code, the player accounts by user and kind. The
 * general path (first bets, tier crossings, the end of wagering, a referrer's first earnings, road
 * rounds) and the other money calls must lock in the same order, or they deadlock with the batches
 * and with each other. This fires a mixed load with three players in four referred and counts
 * PostgreSQL's deadlocks.
 */
const PLAYERS = 48;
const REFERRERS = 4;
const LOAD_MS = 10_000;

describe.each(postgresOnly('deadlocks'))('deadlocks on $name', () => {
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;
  let app: FastifyInstance;

  /** A fresh connection each time: the statistics of a session are a snapshot. */
  async function deadlocks(): Promise<bigint> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('SELECT pg_stat_force_next_flush()');
      const { rows } = await client.query<{ deadlocks: string }>(
        'SELECT deadlocks::text FROM pg_stat_database WHERE datname = current_database()',
      );
      return BigInt(rows[0]!.deadlocks);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    const created = await createPostgresDatabase(process.env.DATABASE_URL!);
    url = created.url;
    drop = created.drop;
    // As many connections as production's pool: the batches and the general path run side by side.
    db = await openDb({ kind: 'postgres', url, maxConnections: 32 });
    await migrate(db);
    app = await startServer(db);
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await drop?.();
  });

  it('a mixed load with most players referred has no deadlock, no 5xx and a sound book', async () => {
    let keys = 0;
    const statuses = new Map<number, number>();
    const refusals = new Map<string, number>();
    const failures: string[] = [];
    const call = async <T>(token: string, path: string, body: object = {}) => {
      const response = await post(app, `/api/v3/${path}`, { idempotencyKey: `dl-${++keys}-${Date.now()}`, ...body }, { token });
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
      const reply = envelope(response) as { success: boolean; data: T; message?: string; code?: string };
      if (!reply.success)
        refusals.set(`${path} ${reply.code ?? reply.message}`, (refusals.get(`${path} ${reply.code ?? reply.message}`) ?? 0) + 1);
      if (response.statusCode >= 500 && failures.length < 10) failures.push(`${path}: ${response.statusCode} ${reply.message ?? ''}`);
      return reply;
    };

    const referrers: Array<{ id: bigint; token: string; code: string }> = [];
    for (let r = 0; r < REFERRERS; r++) {
      const id = newUserId();
      const token = await logIn(app, { id });
      const info = await post(app, '/api/v3/referral/info', {}, { token });
      const code = (envelope(info).data as ReferralInfo).code;
      await fund(db, BigInt(id), '1000');
      referrers.push({ id: BigInt(id), token, code });
    }
    const players: Array<{ id: bigint; token: string; referred: boolean }> = [];
    for (let p = 0; p < PLAYERS; p++) {
      const id = newUserId();
      // Three in four are referred: the share goes to a referrer's house row.
      const referred = p % 4 !== 0;
      const token = await logIn(app, { id, ...(referred ? { startParam: `r_${referrers[p % REFERRERS]!.code}` } : {}) });
      await fund(db, BigInt(id), '1000');
      players.push({ id: BigInt(id), token, referred });
    }
    // Half claim the daily bonus: bonus bets, and a wagering requirement that ends under the load.
    await Promise.all(players.filter((_, p) => p % 2 === 0).map((player) => call(player.token, 'bonus/daily/claim')));

    const before = await deadlocks();
    const until = Date.now() + LOAD_MS;
    let bets = 0;
    const stakes = ['0.01', '0.05', '0.3', '1', '2.5', '5'];

    async function gambler(token: string, p: number): Promise<void> {
      for (let n = 0; Date.now() < until; n++) {
        const stake = stakes[(n + p) % stakes.length]!;
        const pick = (n * 7 + p) % 10;
        if (pick < 4) {
          await call<BetResult>(token, 'games/flip', { stake, currency: 'ton', side: n % 2 ? 'heads' : 'tails' });
        } else if (pick < 6) {
          // Long shots now and then: a best-win tier crossed goes the general path.
          await call<BetResult>(token, 'games/roll', { stake, currency: 'ton', target: n % 5 === 0 ? '2' : '49.5', direction: 'under' });
        } else if (pick < 8) {
          await call<BetResult>(token, 'games/flip', { stake: n % 2 ? '0.01' : '0.02', currency: 'bonus', side: 'heads' });
        } else {
          // A road round: start, a step or two, cash out: all on the general path.
          const started = await call<BetResult>(token, 'games/road/start', { stake, currency: 'ton', difficulty: 'easy' });
          if (!started.success) continue;
          const roundId = started.data.round.id;
          let lane = 1;
          let open = true;
          for (; open && lane <= 1 + (n % 3); lane++) {
            const step = await call<BetResult>(token, 'games/road/step', { roundId, lane });
            open = step.success && step.data.round.status === 'open';
          }
          if (open) await call<BetResult>(token, 'games/road/cashout', { roundId });
        }
        bets++;
      }
    }
    async function claimer(token: string): Promise<void> {
      while (Date.now() < until) {
        await call(token, 'referral/claim');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }

    await Promise.all([
      ...players.flatMap((player, p) => [gambler(player.token, p), gambler(player.token, p + 3)]),
      ...referrers.flatMap((referrer, r) => [gambler(referrer.token, r), claimer(referrer.token)]),
    ]);
    // Let the backends report their statistics.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const after = await deadlocks();
    const report = await audit(db);
    console.log(
      `deadlocks: ${bets} bets in ${LOAD_MS / 1000} s, replies ${JSON.stringify(Object.fromEntries(statuses))}, refusals ${JSON.stringify(Object.fromEntries(refusals))}, deadlocks ${before} -> ${after}`,
    );

    expect(failures).toEqual([]);
    expect([...statuses.keys()].filter((status) => status >= 500)).toEqual([]);
    // Refused only for what a player would be refused for alone (a spent bonus, a road round already
    // open, earnings below the claim minimum): never because the load was too much for the bets.
    const expected = new Set(['games/flip game.balance', 'games/road/start game.road.open', 'referral/claim referral.min']);
    expect([...refusals.keys()].filter((refusal) => !expected.has(refusal))).toEqual([]);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(after - before).toBe(0n);
  }, 120_000);
});
