import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult, Gift, MarketFacets, MarketPage } from '@arcade/api-client/market';
import { openDb, type Db } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { redisFences } from '../src/db/read-replica';
import { loadConfig } from '../src/config';
import { audit } from '../src/domain/ledger';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { lagTolerantReads, readReplicaLag, readReplicaUp } from '../src/metrics';
import { configRefusal, envelope, freePort, fundedPlayer, newUserId, post, postgresOnly, startServer, tempDir, TestClock } from './helpers';

/**
 * A server on a primary and its streaming replica, both made by scripts/replica.sh (the machine's
 * PostgreSQL allows no replication connection, so this file starts a throwaway primary of its own:
 * one pair for the whole file, a second or two to make). It runs where the PostgreSQL suites run
 * (DATABASE_URL set): it needs the PostgreSQL programs, not that server. READ_REPLICA_TEST_PORTS
 * (two ports, comma-separated) picks the pair's ports; by default two free ones.
 */
const SCRIPT = fileURLToPath(new URL('../scripts/replica.sh', import.meta.url));
const MAX_LAG = 5;
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL) console.log('read replica across server processes: needs Redis, not run: REDIS_URL is not set');

const run = promisify(execFile);
const script = (...args: string[]) => run('bash', [SCRIPT, ...args]);

/** Waits for a condition (a replica's measure runs every second) with a limit no slow machine reaches. */
async function waitFor(what: string, condition: () => Promise<boolean> | boolean): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 50) {
    if (waited > 90_000) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const gauge = async (metric: typeof readReplicaLag) => (await metric.get()).values[0]?.value ?? Number.NaN;
/** The lag-tolerant reads counted so far, by `database/reason`. */
async function routed(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { labels, value } of (await lagTolerantReads.get()).values) counts[`${labels.database}/${labels.reason}`] = value;
  return counts;
}
const sinceThen = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(
    Object.entries(after).flatMap(([key, value]) => (value > (before[key] ?? 0) ? [[key, value - (before[key] ?? 0)]] : [])),
  );

describe('DATABASE_READ_URL and DATABASE_READ_MAX_LAG in the configuration', () => {
  const primary = 'postgres://arcade:PrimaryPassw0rd@db:5432/arcade';
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'development', DATABASE_URL: primary, ...env }, '/repo');
  const refusal = (env: Record<string, string>): string => configRefusal(() => load(env));

  it("a replica of DATABASE_URL's server, read within 5 seconds of lag unless told otherwise", () => {
    expect(load({}).readReplica).toBeNull();
    const replica = 'postgres://arcade:ReplicaPassw0rd@db-replica:5432/arcade';
    expect(load({ DATABASE_READ_URL: replica }).readReplica).toEqual({ url: replica, maxLagSeconds: 5 });
    expect(load({ DATABASE_READ_URL: replica, DATABASE_READ_MAX_LAG: '30' }).readReplica).toEqual({ url: replica, maxLagSeconds: 30 });
  });

  it('refuses a replica without a primary, the primary itself, a malformed URL or bound, and never quotes them', () => {
    const replica = 'postgres://arcade:ReplicaPassw0rd@db-replica:5432/arcade';
    expect(refusal({ DATABASE_URL: '', DATABASE_READ_URL: replica })).toBe(
      'Invalid configuration: DATABASE_READ_URL needs DATABASE_URL (it is a streaming replica of that PostgreSQL server; the embedded database has none)',
    );
    const same = refusal({ DATABASE_READ_URL: primary });
    expect(same).toBe("Invalid configuration: DATABASE_READ_URL must be a streaming replica's URL, not DATABASE_URL itself");
    const malformed = refusal({ NODE_ENV: 'production', DATABASE_READ_URL: 'mysql://arcade:ReplicaPassw0rd@db-replica/arcade' });
    expect(malformed).toMatch(/^Refusing to start in production: .*DATABASE_READ_URL must be a postgres:\/\/ URL/);
    for (const text of [same, malformed]) expect(text).not.toMatch(/Passw0rd/);
    for (const bound of ['0', '3601', '2.5', 'ten'])
      expect(refusal({ DATABASE_READ_URL: replica, DATABASE_READ_MAX_LAG: bound })).toBe(
        'Invalid configuration: DATABASE_READ_MAX_LAG must be a whole number of seconds from 1 to 3600',
      );
  });
});

describe.each(postgresOnly('read replica').map(() => ({ name: 'a primary and its streaming replica' })))(
  'reads that tolerate lag on $name',
  () => {
    let dir = '';
    let primaryDir = '';
    let replicaDir = '';
    let db: Db;
    let replica: Db;
    let replicaAdmin: Db;
    let app: FastifyInstance;
    let env: Record<string, string> = {};
    const logs: string[] = [];
    const clock = TestClock.following();
    let keys = 0;
    const key = () => `replica-key-${Date.now()}-${++keys}`;
    // Stops both servers however the process ends, should afterAll never run.
    const stopAll = () => {
      for (const data of [replicaDir, primaryDir]) if (data) spawnSync('bash', [SCRIPT, 'stop', data, 'immediate'], { stdio: 'ignore' });
    };

    const call = async <T>(token: string, path: string, body: unknown = {}, on: FastifyInstance = app) => {
      const response = await post(on, `/api/v3/${path}`, body, { token });
      return { status: response.statusCode, body: response.body, ...(envelope(response) as { data: T }) };
    };
    const player = (ton = '0') => fundedPlayer(app, db, ton);
    const listOf = async (token: string, collection: string, on: FastifyInstance = app) =>
      (await call<MarketPage>(token, 'market/list', { collections: [collection], sort: 'price-asc', limit: 50 }, on)).data.items;
    const onReplica = async (sql: string, params: string[] = []) => (await replicaAdmin.query(sql, params)).rows;

    beforeAll(async () => {
      dir = tempDir('read-replica');
      // Run as root, the script runs PostgreSQL as the postgres user, who must enter this folder.
      chmodSync(dir, 0o755);
      const [primaryPort, replicaPort] = process.env.READ_REPLICA_TEST_PORTS?.split(',').map(Number) ?? [
        await freePort(),
        await freePort(),
      ];
      primaryDir = join(dir, 'primary');
      replicaDir = join(dir, 'replica');
      process.on('exit', stopAll);
      const primaryUrl = `postgres://postgres@127.0.0.1:${primaryPort}/postgres`;
      const replicaUrl = `postgres://postgres@127.0.0.1:${replicaPort}/postgres`;
      await script('primary', primaryDir, String(primaryPort));
      await script('standby', primaryUrl, replicaDir, String(replicaPort));
      // The schema and the catalogue reach the replica the way every later write does: streamed.
      db = await openDb({ kind: 'postgres', url: primaryUrl, maxConnections: 5 });
      await migrate(db);
      await seedMarketCatalogue(db, { perCollection: 10 });
      // As main.ts opens it, with shorter waits: a hung replica is given up on after a second.
      replica = await openDb({
        kind: 'postgres',
        url: replicaUrl,
        maxConnections: 5,
        checkOnOpen: false,
        connectTimeoutMs: 2_000,
        queryTimeoutMs: 1_000,
        onError: () => {},
      });
      replicaAdmin = await openDb({ kind: 'postgres', url: replicaUrl, maxConnections: 1, onError: () => {} });
      env = {
        DATABASE_URL: primaryUrl,
        DATABASE_READ_URL: replicaUrl,
        DATABASE_READ_MAX_LAG: String(MAX_LAG),
        LOG_LEVEL: 'warn',
        ...(REDIS_URL ? { REDIS_URL } : {}),
      };
      app = await startServer(db, { clock, replica, env, logStream: { write: (line) => logs.push(line) } });
      await waitFor(
        'the replica measured and caught up',
        async () => (await gauge(readReplicaUp)) === 1 && (await gauge(readReplicaLag)) === 0,
      );
    });

    afterAll(async () => {
      try {
        await app?.close();
        await replica?.close();
        await replicaAdmin?.close().catch(() => {});
        await db?.close();
      } finally {
        stopAll();
        process.off('exit', stopAll);
        if (dir) rmSync(dir, { recursive: true, force: true });
      }
    });

    it('serves the market list, facets, floors and sales history and the leaderboard from the replica', async () => {
      const { token } = await player();
      const before = await routed();
      const page = await call<MarketPage>(token, 'market/list', { sort: 'price-asc', limit: 5 });
      const facets = await call<MarketFacets>(token, 'market/facets', {});
      const info = await call(token, 'market/gift-info', { giftId: page.data.items[0]!.id });
      const board = await call(token, 'games/leaderboard', {});
      // The player's own: the gift they would act on, and their gifts.
      const gift = await call(token, 'market/gift', { giftId: page.data.items[0]!.id });
      const mine = await call(token, 'gifts/inventory', {});
      expect([page, facets, info, board, gift, mine].map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
      const listings = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM listings');
      expect(facets.data.collections.reduce((sum, c) => sum + c.count, 0)).toBe(Number(listings.rows[0]!.n));
      expect(sinceThen(before, await routed())).toEqual({ 'replica/fresh': 4 });
    });

    it('an idle primary is no lag: with nothing to replay, the replica stays in use as time passes', async () => {
      const { token } = await player();
      // A minute without a commit: `now() - pg_last_xact_replay_timestamp()` would call the replica
      // a minute behind, and that would only grow. Measured by WAL positions, the next measure finds it current.
      clock.advance(60);
      await waitFor('a list read from the replica', async () => {
        const before = await routed();
        expect((await call<MarketPage>(token, 'market/list', { limit: 1 })).status).toBe(200);
        return sinceThen(before, await routed())['replica/fresh'] === 1;
      });
      expect(await gauge(readReplicaLag)).toBeLessThan(MAX_LAG);
    });

    it("a paused replica: the seller's own listing from the primary, others' lists old within the bound, from the primary past it", async () => {
      const seller = await player('1000');
      const other = await player();
      const house = (await call<MarketPage>(other.token, 'market/list', { sort: 'price-asc', limit: 1 })).data.items[0]!;
      const collection = house.collection.id;
      const bought = await call<CheckoutResult>(seller.token, 'market/checkout', {
        items: [{ giftId: house.id, price: house.price }],
        idempotencyKey: key(),
      });
      expect(bought.data.items[0]!.result).toBe('bought');
      await waitFor(
        'the purchase replayed',
        async () => (await onReplica('SELECT 1 FROM listings WHERE gift_id = $1', [house.id])).length === 0,
      );
      await onReplica('SELECT pg_wal_replay_pause()');
      await waitFor('replay paused', async () => (await onReplica('SELECT pg_get_wal_replay_pause_state() AS s'))[0]!.s === 'paused');

      const listed = await call<Gift>(seller.token, 'gifts/list', { giftId: house.id, price: '777' });
      expect(listed.status).toBe(200);
      let before = await routed();
      const sellerSees = (await listOf(seller.token, collection)).find((gift) => gift.id === house.id);
      expect(sellerSees).toMatchObject({ price: '777', mine: true });
      expect(sinceThen(before, await routed())).toEqual({ 'primary/own_write': 1 });

      // Within the bound another player reads the replica: the market as it was before the listing.
      before = await routed();
      expect((await listOf(other.token, collection)).map((gift) => gift.id)).not.toContain(house.id);
      expect(sinceThen(before, await routed())).toEqual({ 'replica/fresh': 1 });

      // Past the bound (the replica has replayed nothing since): the primary's market.
      clock.advance(MAX_LAG + 1);
      before = await routed();
      expect((await listOf(other.token, collection)).find((gift) => gift.id === house.id)).toMatchObject({ price: '777', mine: false });
      expect(sinceThen(before, await routed())).toEqual({ 'primary/lagging': 1 });
      await waitFor('the lag measured past the bound', async () => (await gauge(readReplicaLag)) > MAX_LAG);
      expect(logs.some((line) => line.includes('lag over DATABASE_READ_MAX_LAG'))).toBe(true);

      await onReplica('SELECT pg_wal_replay_resume()');
      await waitFor('the replica caught up', async () => (await gauge(readReplicaLag)) === 0);
      before = await routed();
      expect((await listOf(other.token, collection)).find((gift) => gift.id === house.id)).toMatchObject({ price: '777', mine: false });
      // Once the replica has replayed the seller's write, their reads go there too.
      expect((await listOf(seller.token, collection)).find((gift) => gift.id === house.id)).toMatchObject({ price: '777', mine: true });
      expect(sinceThen(before, await routed())).toEqual({ 'replica/fresh': 2 });
    });

    describe.each(REDIS_URL ? [{ name: 'Redis' }] : [])('with write fences in $name', () => {
      it("a player's later write wins, whichever process reports it last", async () => {
        const redis = new Redis(REDIS_URL!);
        try {
          const fences = redisFences(redis, `arcade-read-fence-test-${process.pid}:`);
          const somebody = BigInt(newUserId());
          expect(await fences.get(somebody)).toBeNull();
          await fences.set(somebody, 0x3_0000_0100n, 60_000);
          await fences.set(somebody, 0x2_ffff_ff00n, 60_000);
          expect(await fences.get(somebody)).toBe(0x3_0000_0100n);
          await fences.set(somebody, 0x3_0000_0200n, 60_000);
          expect(await fences.get(somebody)).toBe(0x3_0000_0200n);
        } finally {
          redis.disconnect();
        }
      });

      it("a write on one server process keeps the player's reads on the primary on another", async () => {
        const second = await startServer(db, { clock, replica, env, logStream: { write: (line) => logs.push(line) } });
        try {
          const seller = await player('1000');
          const house = (await call<MarketPage>(seller.token, 'market/list', { sort: 'price-asc', limit: 1 })).data.items[0]!;
          // The second process measures the replica before it reads there.
          await waitFor('the second process reads the replica', async () => {
            const before = await routed();
            await listOf(seller.token, house.collection.id, second);
            return (sinceThen(before, await routed())['replica/fresh'] ?? 0) > 0;
          });
          await onReplica('SELECT pg_wal_replay_pause()');
          await waitFor('replay paused', async () => (await onReplica('SELECT pg_get_wal_replay_pause_state() AS s'))[0]!.s === 'paused');
          const bought = await call<CheckoutResult>(seller.token, 'market/checkout', {
            items: [{ giftId: house.id, price: house.price }],
            idempotencyKey: key(),
          });
          expect(bought.data.items[0]!.result).toBe('bought');
          const before = await routed();
          expect((await listOf(seller.token, house.collection.id, second)).map((gift) => gift.id)).not.toContain(house.id);
          expect(sinceThen(before, await routed())).toEqual({ 'primary/own_write': 1 });
        } finally {
          await onReplica('SELECT pg_wal_replay_resume()');
          await second.close();
        }
        await waitFor('the replica caught up', async () => (await gauge(readReplicaLag)) === 0);
      });
    });

    it('a replica that hangs (its processes stopped): the read gives up there and answers from the primary', async () => {
      const { token } = await player();
      const postmaster = readFileSync(join(replicaDir, 'postmaster.pid'), 'utf8').split('\n')[0]!;
      const children = (await run('ps', ['-o', 'pid=', '--ppid', postmaster])).stdout.split(/\s+/).filter(Boolean);
      const frozen = [postmaster, ...children].map(Number);
      const before = await routed();
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      try {
        const page = await call<MarketPage>(token, 'market/list', { sort: 'price-asc', limit: 5 });
        expect(page.status).toBe(200);
        expect(page.data.items).toHaveLength(5);
      } finally {
        for (const pid of frozen) process.kill(pid, 'SIGCONT');
      }
      const counted = sinceThen(before, await routed());
      expect((counted['primary/replica_failed'] ?? 0) + (counted['primary/unavailable'] ?? 0)).toBe(1);
      await waitFor('the replica read again', async () => (await gauge(readReplicaUp)) === 1 && (await gauge(readReplicaLag)) === 0);
    });

    it('the replica stopped mid-run: every request answers, and the book balances', async () => {
      const players = await Promise.all([player('1000'), player('1000'), player('1000'), player('1000')]);
      const forSale = (await call<MarketPage>(players[0].token, 'market/list', { sort: 'price-asc', limit: 40 })).data.items;
      const answers: { path: string; status: number; body: string }[] = [];
      const before = await routed();
      let stopped = false;
      let afterStop = 0;
      // Until requests have gone on after the stop and some of them found the replica gone.
      const going = async () => {
        if (!stopped || afterStop < 40) return true;
        const counted = sinceThen(before, await routed());
        return (counted['primary/replica_failed'] ?? 0) + (counted['primary/unavailable'] ?? 0) < 3;
      };
      const worker = async (index: number) => {
        const { token } = players[index]!;
        // Two players only read; two buy now and then (money moves, and their own reads go to the primary for a while).
        const mine = index < 2 ? [] : forSale.filter((_, i) => i % players.length === index);
        for (let step = 0; await going(); step += 1) {
          const gift = forSale[step % forSale.length]!;
          const calls: [string, unknown][] = [
            ['market/list', { sort: 'date-desc', limit: 24 }],
            ['market/facets', { collections: [gift.collection.id] }],
            ['market/gift-info', { giftId: gift.id }],
            ['games/leaderboard', {}],
          ];
          const buy = mine[step / 5];
          if (step % 5 === 0 && buy)
            calls.push(['market/checkout', { items: [{ giftId: buy.id, price: buy.price }], idempotencyKey: key() }]);
          for (const [path, body] of calls) {
            const answer = await call(token, path, body);
            answers.push({ path, status: answer.status, body: answer.body });
            if (stopped) afterStop += 1;
          }
        }
      };
      const flowing = Promise.all(players.map((_, index) => worker(index)));
      await waitFor('reads flowing to the replica', async () => (sinceThen(before, await routed())['replica/fresh'] ?? 0) >= 8);
      await script('stop', replicaDir, 'immediate');
      stopped = true;
      await flowing;

      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      const counted = sinceThen(before, await routed());
      expect((counted['primary/replica_failed'] ?? 0) + (counted['primary/unavailable'] ?? 0)).toBeGreaterThan(0);
      await waitFor('the replica measured as down', async () => (await gauge(readReplicaUp)) === 0);
      expect(await gauge(readReplicaLag)).toBe(Number.POSITIVE_INFINITY);
      expect(logs.some((line) => line.includes('read replica: cannot be read'))).toBe(true);
      expect(answers.some((answer) => answer.path === 'market/checkout')).toBe(true);
      expect((await audit(db)).problems).toEqual([]);
    });
  },
);
