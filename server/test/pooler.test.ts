import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BetResult } from '@arcade/api-client/games';
import type { CheckoutResult, MarketPage } from '@arcade/api-client/market';
import { openDb, type Db } from '../src/db/db';
import { audit } from '../src/domain/ledger';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { dataFromProcess, freePort, fund, launchData, newUserId, postgresOnly, startServerProcess, stopServerProcesses } from './helpers';
import { openFeedClient, type FeedClient } from './live-helpers';
import { startPgBouncer, type PgBouncer } from './pgbouncer';

/** Waits until `check` passes (it throws until then), for at most `ms`. */
const eventually = <T>(check: () => T | Promise<T>, ms = 60_000): Promise<T> => vi.waitFor(check, { timeout: ms, interval: 100 });

/** Server connections PgBouncer opens to PostgreSQL: fewer than the two processes' pools, so they share them. */
const POOLER_CONNECTIONS = 3;
const POOL_SIZE = 6;

interface Replica {
  name: string;
  child: ChildProcess;
  base: string;
  metrics: string;
}

/**
 * Two server processes whose pools go through Debian's PgBouncer in transaction mode (each
 * transaction on whichever of its few server connections is free), the way a PostgreSQL host's
 * pooler is put in front: statements run unnamed, and what keeps a session (the workers' lock, the
 * live feed's LISTEN) goes straight to PostgreSQL on DATABASE_DIRECT_URL.
 */
describe.each(postgresOnly('two server processes behind PgBouncer'))(
  'two server processes behind PgBouncer in transaction mode on $name',
  (database) => {
    let db: Db;
    let url: string;
    let drop: () => Promise<void>;
    let pooler: PgBouncer;
    const replicas: Replica[] = [];
    const feeds: FeedClient[] = [];
    let keys = 0;

    const start = async (name: string): Promise<Replica> => {
      const metricsPort = await freePort();
      const { child, base } = await startServerProcess(pooler.url, {
        WORKERS: 'true',
        DATABASE_POOLER: 'transaction',
        DATABASE_DIRECT_URL: url,
        DATABASE_POOL_SIZE: String(POOL_SIZE),
        DATABASE_STATEMENT_TIMEOUT: '30',
        METRICS_PORT: String(metricsPort),
        METRICS_HOST: '127.0.0.1',
      });
      return { name, child, base, metrics: `http://127.0.0.1:${metricsPort}/metrics` };
    };

    const send = dataFromProcess;

    const player = async (base: string, firstName: string, ton = '20') => {
      const id = newUserId();
      const { token } = await send<{ token: string }>(base, 'auth', { initData: launchData({ id, firstName }) });
      await send(base, 'play/age-confirm', {}, token);
      await fund(db, BigInt(id), ton);
      return { id, token };
    };

    const flip = async (base: string, token: string) =>
      (
        await send<BetResult>(
          base,
          'games/flip',
          { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: `pooler-${++keys}` },
          token,
        )
      ).round;

    /** A gauge of one replica's /metrics (NaN when it is not there). */
    const gauge = async (replica: Replica, name: string): Promise<number> => {
      const text = await (await fetch(replica.metrics)).text();
      const line = text.split('\n').find((l) => l.startsWith(`${name} `));
      return line ? Number(line.slice(name.length + 1)) : Number.NaN;
    };
    const holders = async (among: Replica[]) => {
      const held = await Promise.all(among.map((replica) => gauge(replica, 'arcade_workers_lock_held')));
      return among.filter((_, i) => held[i] === 1).map((replica) => replica.name);
    };
    /** The sessions holding the workers' lock in this test's database, as PostgreSQL sees them. */
    const lockSessions = async () =>
      (
        await db.query<{ application_name: string }>(
          `SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a USING (pid)
         WHERE l.locktype = 'advisory' AND l.objid = 7310002 AND l.granted AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        )
      ).rows.map((row) => row.application_name);

    beforeAll(async () => {
      const created = await database.create();
      ({ db, drop } = created);
      url = created.url!;
      await seedMarketCatalogue(db, { perCollection: 4 });
      pooler = await startPgBouncer(url, { poolSize: POOLER_CONNECTIONS });
      // Both start together; one that fails leaves the other tracked, for afterAll to stop.
      const started = await Promise.allSettled([start('a'), start('b')]);
      for (const result of started) if (result.status === 'fulfilled') replicas.push(result.value);
      for (const result of started) if (result.status === 'rejected') throw result.reason;
    });
    afterAll(async () => {
      for (const feed of feeds) feed.close();
      await stopServerProcesses(replicas.map((replica) => replica.child));
      await pooler?.stop();
      await drop?.();
    });

    it('takes bets from both processes at once and a market checkout, through the pooler, and both are ready', async () => {
      const [a, b] = replicas as [Replica, Replica];
      const players = await Promise.all([player(a.base, 'Ann'), player(b.base, 'Bob'), player(a.base, 'Cid'), player(b.base, 'Dee')]);
      // Every player bets through both processes together: more transactions at once than the pooler has server connections.
      const rounds = await Promise.all(
        players.flatMap((p) => Array.from({ length: 6 }, (_, i) => flip(i % 2 === 0 ? a.base : b.base, p.token))),
      );
      expect(rounds).toHaveLength(24);
      expect(new Set(rounds.map((round) => round.id)).size).toBe(24);

      const buyer = players[0];
      const page = await send<MarketPage>(b.base, 'market/list', { sort: 'price-asc', limit: 5 }, buyer.token);
      const gift = page.items[0]!;
      await fund(db, BigInt(buyer.id), gift.price!);
      const checkout = await send<CheckoutResult>(
        b.base,
        'market/checkout',
        { items: [{ giftId: gift.id, price: gift.price }], idempotencyKey: `pooler-buy-${buyer.id}` },
        buyer.token,
      );
      expect(checkout.items.map((item) => item.result)).toEqual(['bought']);
      const owner = await db.query<{ owner_id: bigint }>('SELECT owner_id FROM gifts WHERE id = $1', [BigInt(gift.id)]);
      expect(owner.rows[0]?.owner_id).toBe(BigInt(buyer.id));

      // It all went through PgBouncer, on its few server connections.
      const stats = (await pooler.admin('SHOW STATS')).find((row) => row.database === new URL(url).pathname.slice(1));
      expect(Number(stats?.total_xact_count)).toBeGreaterThan(24);
      for (const replica of replicas) {
        const ready = (await (await fetch(`${replica.base}/readyz`)).json()) as { database: { status: string } };
        expect(ready.database.status, replica.name).toBe('ok');
        expect(await gauge(replica, 'arcade_database_pool_max'), replica.name).toBe(POOL_SIZE);
        expect(await gauge(replica, 'arcade_database_pool_connections'), replica.name).toBeGreaterThan(0);
        expect(await gauge(replica, 'arcade_database_pool_waiting'), replica.name).toBe(0);
      }
    });

    it('a round placed on one process reaches a live feed client of the other, both ways', async () => {
      const [a, b] = replicas as [Replica, Replica];
      const { token } = await player(a.base, 'Liv');
      const open = (base: string) => {
        const feed = openFeedClient(base, token, 60_000);
        feeds.push(feed);
        return feed;
      };
      const onA = open(a.base);
      const onB = open(b.base);
      await eventually(() => expect([onA.events[0]?.type, onB.events[0]?.type]).toEqual(['recent', 'recent']));
      const placedOnA = await flip(a.base, token);
      expect(await onB.roundOf(placedOnA.id)).toMatchObject({ id: placedOnA.id, name: 'Liv', payout: placedOnA.payout });
      const placedOnB = await flip(b.base, token);
      expect(await onA.roundOf(placedOnB.id)).toMatchObject({ id: placedOnB.id, name: 'Liv' });
      // Each process listens on a session of its own, straight to PostgreSQL.
      const listeners = await db.query(
        "SELECT 1 FROM pg_stat_activity WHERE application_name = 'arcade-listen-arcade_live' AND datname = current_database()",
      );
      expect(listeners.rowCount).toBe(2);
    });

    it('cancels a statement past the timeout behind the pooler, without touching other clients of the pooler', async () => {
      const pooled = await openDb({ kind: 'postgres', url: pooler.url, directUrl: url, pooler: 'transaction', statementTimeoutMs: 500 });
      try {
        await expect(pooled.query('SELECT pg_sleep(60)')).rejects.toMatchObject({ code: '57014' });
        await expect(pooled.query('SELECT pg_sleep($1)', [60])).rejects.toMatchObject({ code: '57014' });
        await expect(pooled.transaction((tx) => tx.query('SELECT pg_sleep(60)'))).rejects.toMatchObject({ code: '57014' });
        expect(
          (await pooled.transaction((tx) => tx.query<{ t: string }>("SELECT current_setting('statement_timeout') AS t"))).rows,
        ).toEqual([{ t: '500ms' }]);
        // The setting lived only in those transactions: a plain client of the same pooler has none.
        const other = await openDb({ kind: 'postgres', url: pooler.url, pooler: 'transaction', maxConnections: POOLER_CONNECTIONS });
        try {
          const seen = await Promise.all(
            Array.from({ length: POOLER_CONNECTIONS * 2 }, () =>
              other.query<{ t: string }>("SELECT current_setting('statement_timeout') AS t"),
            ),
          );
          expect(seen.map((result) => result.rows[0]?.t)).toEqual(seen.map(() => '0'));
        } finally {
          await other.close();
        }
      } finally {
        await pooled.close();
      }
    });

    it('a pool that names its statements behind the pooler (DATABASE_POOLER unset) fails saying what to set', async () => {
      // More connections than PgBouncer has server connections: two of them prepare the statement on the same one.
      const naive = await openDb({ kind: 'postgres', url: pooler.url, maxConnections: POOLER_CONNECTIONS + 1 });
      try {
        const results = await Promise.allSettled(
          Array.from({ length: POOLER_CONNECTIONS + 1 }, (_, i) => naive.transaction((tx) => tx.query('SELECT $1::int AS n', [i]))),
        );
        const failures = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as Error & { code?: string }] : []));
        expect(failures.length).toBeGreaterThan(0);
        for (const failure of failures) {
          expect(failure.code).toBe('42P05');
          expect(failure.message).toMatch(
            /^prepared statement "s\d+" already exists \(is DATABASE_URL a pooler in transaction mode\? Then set DATABASE_POOLER=transaction and DATABASE_DIRECT_URL/,
          );
        }
      } finally {
        await naive.close();
      }
    });

    it('runs the workers in exactly one process, and in the other once that one stops', async () => {
      await eventually(async () => expect((await holders(replicas)).length).toBeGreaterThan(0));
      // Both make a pass every 1.5 s (each takes the lock or finds it taken): exactly one holds it, every time we look.
      for (let look = 0; look < 5; look++) {
        expect(await holders(replicas)).toHaveLength(1);
        expect(await lockSessions()).toEqual(['arcade-workers-lock']);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      const [holder] = await holders(replicas);
      const leaving = replicas.find((replica) => replica.name === holder)!;
      const staying = replicas.find((replica) => replica.name !== holder)!;
      await stopServerProcesses([leaving.child]);
      await eventually(async () => expect(await holders([staying])).toEqual([staying.name]));
      expect(await lockSessions()).toEqual(['arcade-workers-lock']);
      // Its own workers now watch its (emulated) chain: it is ready.
      await eventually(async () =>
        expect(((await (await fetch(`${staying.base}/readyz`)).json()) as { status: string }).status).toBe('ok'),
      );
    });

    it('leaves the whole book sound: every balance its journal, every movement balanced, no player below zero', async () => {
      const report = await audit(db);
      expect(report.problems).toEqual([]);
      expect(report.transactions).toBeGreaterThan(24);
      const negative = await db.query('SELECT 1 FROM accounts WHERE user_id IS NOT NULL AND balance < 0');
      expect(negative.rowCount).toBe(0);
    });
  },
);
