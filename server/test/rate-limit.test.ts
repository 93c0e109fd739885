import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../src/app';
import { loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { processMetrics } from '../src/metrics';
import {
  callProcess,
  dataFromProcess,
  databases,
  freePort,
  fund,
  launchData,
  newUserId,
  startServerProcess,
  stopServerProcesses,
  TEST_APP_KEY,
  TEST_JWT_SECRET,
  testConfig,
  testTon,
} from './helpers';

const REDIS_URL = process.env.REDIS_URL;

/** arcade_redis_up as this process's /metrics shows it (undefined: not exported). */
async function redisUp(): Promise<number | undefined> {
  const line = (await processMetrics.metrics()).split('\n').find((l) => l.startsWith('arcade_redis_up '));
  return line === undefined ? undefined : Number(line.split(' ')[1]);
}
const DATABASE_URL = process.env.DATABASE_URL;
if (!REDIS_URL) console.log('rate-limit Redis tests: need Redis, not run: REDIS_URL is not set');
else if (!DATABASE_URL) console.log('rate-limit two-process test: needs PostgreSQL, not run: DATABASE_URL is not set');
/** The suites below are defined only where their servers are, never reported as skipped tests. */
const onRedis = REDIS_URL ? [{ name: 'Redis' }] : [];
const onRedisAndPostgres = REDIS_URL && DATABASE_URL ? [{ name: 'Redis' }] : [];

/** This run's Redis keys: concurrent runs on one Redis never count in each other's budgets. */
const NAMESPACE = `arcade-rate-limit-test:${process.pid}-${randomBytes(4).toString('hex')}:`;
const ATTACKER = '203.0.113.7';
const VICTIM_ADDRESS = '198.51.100.20';

async function start(db: Db, env: Record<string, string>, logStream?: { write(line: string): void }): Promise<FastifyInstance> {
  const app = await buildServer({
    config: testConfig(env),
    db,
    ton: await testTon(),
    rateLimitNamespace: NAMESPACE,
    ...(logStream ? { logStream } : {}),
  });
  await app.ready();
  return app;
}

/** POSTs a call as the app does, from a given client address. */
function call(app: FastifyInstance, path: string, body: unknown, options: { token?: string; address?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-app-key': TEST_APP_KEY };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  return app.inject({
    method: 'POST',
    url: `/api/v3/${path}`,
    headers,
    payload: JSON.stringify(body),
    remoteAddress: options.address ?? '127.0.0.1',
  });
}

async function logIn(app: FastifyInstance, id: number, address = '127.0.0.1'): Promise<string> {
  const response = await call(app, 'auth', { initData: launchData({ id }) }, { address });
  expect(response.statusCode).toBe(200);
  const token = response.json<{ data: { token: string } }>().data.token;
  // Bets are refused until the player says 18+ (not a money call: no budget spent).
  expect((await call(app, 'play/age-confirm', {}, { token, address })).statusCode).toBe(200);
  return token;
}

let keys = 0;
const flip = (id: number) => ({ stake: '1', currency: 'ton', side: 'heads', idempotencyKey: `rate-${id}-${++keys}` });

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Tokens naming `id` that are not valid sessions: a foreign secret, alg none, unsigned, garbage, expired. */
async function forgedTokens(id: number): Promise<string[]> {
  const seconds = Math.floor(Date.now() / 1000);
  const claims = { sub: String(id), iss: 'ton-arcade', iat: seconds, exp: seconds + 3600 };
  const signed = (secret: string, issuedAt: number, expiresAt: number) =>
    new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(id))
      .setIssuer('ton-arcade')
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(new TextEncoder().encode(secret));
  return [
    await signed('an-attacker-secret-that-is-long-enough-0123456789', seconds, seconds + 3600),
    `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`,
    `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`,
    `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.${'A'.repeat(43)}`,
    // Genuine once, but expired: it names nobody any more.
    await signed(TEST_JWT_SECRET, seconds - 7200, seconds - 3600),
  ];
}

/** Deletes the Redis keys matching a pattern (only this run's). */
async function deleteKeys(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (found.length > 0) await redis.del(...found);
  } while (cursor !== '0');
}

describe('REDIS_URL in the configuration', () => {
  it('takes a redis:// or rediss:// URL, refuses anything else, and an empty one is unset', () => {
    const redisUrl = (value?: string) =>
      loadConfig({ NODE_ENV: 'development', ...(value === undefined ? {} : { REDIS_URL: value }) }, '/repo').redisUrl;
    expect(redisUrl('redis://cache:6379/2')).toBe('redis://cache:6379/2');
    expect(redisUrl('rediss://user:pass@cache.example:6380')).toBe('rediss://user:pass@cache.example:6380');
    expect(redisUrl('')).toBeNull();
    expect(redisUrl()).toBeNull();
    expect(() => redisUrl('http://cache:6379')).toThrow(/REDIS_URL.*a redis:\/\/ or rediss:\/\/ URL/);
  });
});

const stores = [{ name: 'memory', env: {} as Record<string, string> }, ...(REDIS_URL ? [{ name: 'Redis', env: { REDIS_URL } }] : [])];

describe('money calls are limited per verified player', () => {
  let db: Db;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await databases()[0]!.create());
  });
  afterAll(async () => {
    await drop?.();
  });

  describe.each(stores)('in $name', (store) => {
    it('a flood of forged tokens naming a player spends the sender address budget, never the player', async () => {
      const app = await start(db, { ...store.env, MONEY_RATE_LIMIT: '5' });
      try {
        const victim = newUserId();
        const token = await logIn(app, victim, VICTIM_ADDRESS);
        await fund(db, BigInt(victim), '10');

        // Three rounds of every kind of forgery, on a bet and on the daily claim.
        const forged = await forgedTokens(victim);
        const flood: number[] = [];
        for (let round = 0; round < 3; round++) {
          for (const fake of forged) {
            flood.push((await call(app, 'games/flip', flip(victim), { token: fake, address: ATTACKER })).statusCode);
            flood.push(
              (await call(app, 'bonus/daily/claim', { idempotencyKey: `rate-${victim}-${++keys}` }, { token: fake, address: ATTACKER }))
                .statusCode,
            );
          }
        }
        // Each call refuses the first five as unauthenticated; past them the attacker's address is limited.
        const flips = flood.filter((_, i) => i % 2 === 0);
        expect(flips).toEqual([401, 401, 401, 401, 401, ...Array<number>(10).fill(429)]);
        expect(flood.filter((_, i) => i % 2 === 1)).toEqual(flips);
        // The limit holds the address, tokenless or not; another address is not held back.
        expect((await call(app, 'games/flip', flip(victim), { address: ATTACKER })).statusCode).toBe(429);
        expect((await call(app, 'games/flip', flip(victim), { token: forged[0]!, address: '203.0.113.8' })).statusCode).toBe(401);

        // The victim's own budget is whole: five bets and the daily claim go through, even from the attacker's address.
        const first = await call(app, 'games/flip', flip(victim), { token, address: VICTIM_ADDRESS });
        expect(first.statusCode).toBe(200);
        expect(first.headers['x-ratelimit-remaining']).toBe('4');
        for (let n = 1; n < 4; n++)
          expect((await call(app, 'games/flip', flip(victim), { token, address: VICTIM_ADDRESS })).statusCode).toBe(200);
        expect((await call(app, 'games/flip', flip(victim), { token, address: ATTACKER })).statusCode).toBe(200);
        expect(
          (await call(app, 'bonus/daily/claim', { idempotencyKey: `rate-${victim}-${++keys}` }, { token, address: ATTACKER })).statusCode,
        ).toBe(200);
        // And the victim is limited by their own calls only.
        const sixth = await call(app, 'games/flip', flip(victim), { token, address: VICTIM_ADDRESS });
        expect(sixth.statusCode).toBe(429);
        expect(sixth.json<{ message: string }>().message).toMatch(/^Too many requests, retry in \d+ seconds?$/);
        const rounds = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM game_rounds WHERE user_id = $1', [BigInt(victim)]);
        expect(rounds.rows[0]!.n).toBe(5n);
      } finally {
        await app.close();
      }
    });
  });

  it('with Redis unreachable from the start, the server starts and money calls go through unlimited', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const app = await start(
      db,
      { REDIS_URL: `redis://127.0.0.1:${port}`, MONEY_RATE_LIMIT: '2', LOG_LEVEL: 'warn' },
      { write: (line) => lines.push(line) },
    );
    try {
      const id = newUserId();
      const token = await logIn(app, id);
      for (let n = 0; n < 4; n++) expect((await call(app, 'games/flip', flip(id), { token })).statusCode).toBe(409);
      expect(lines.join('')).toContain('rate limits: Redis is unreachable');
      expect(await redisUp()).toBe(0);
    } finally {
      await app.close();
    }
  });
});

/** A TCP relay to Redis that the test can cut and restore: Redis "blinks" for the server. */
async function relay(target: URL): Promise<{ port: number; cut: () => Promise<void>; restore: () => Promise<void> }> {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | null = null;
  const restore = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 6379), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server) server.close(() => resolve());
      else resolve();
      server = null;
    });
  await restore();
  return { port, cut, restore };
}

describe.each(onRedis)('money and login limits shared through $name', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let redis: Redis;

  beforeAll(async () => {
    ({ db, drop } = await databases()[0]!.create());
    redis = new Redis(REDIS_URL!);
  });
  afterAll(async () => {
    if (redis) {
      await deleteKeys(redis, `${NAMESPACE}*`);
      await redis.quit();
    }
    await drop?.();
  });

  it('two servers, each with its own Redis connection, count one budget per player and per address', async () => {
    const env = { REDIS_URL: REDIS_URL!, MONEY_RATE_LIMIT: '4', AUTH_RATE_LIMIT: '3' };
    const [a, b] = [await start(db, env), await start(db, env)];
    try {
      const id = newUserId();
      const token = await logIn(a, id);
      // Alternating servers: the remaining budget goes down across both (refused for the balance, still counted).
      const remaining: string[] = [];
      for (const app of [a, b, a, b]) {
        const response = await call(app, 'games/flip', flip(id), { token });
        expect(response.statusCode).toBe(409);
        remaining.push(String(response.headers['x-ratelimit-remaining']));
      }
      expect(remaining).toEqual(['3', '2', '1', '0']);
      expect((await call(a, 'games/flip', flip(id), { token })).statusCode).toBe(429);
      expect((await call(b, 'games/flip', flip(id), { token })).statusCode).toBe(429);
      // Another player has their own budget on both.
      const other = newUserId();
      const otherToken = await logIn(b, other);
      expect((await call(a, 'games/flip', flip(other), { token: otherToken })).statusCode).toBe(409);

      // Logins from one address: three across both servers, then both refuse.
      const address = '198.51.100.77';
      for (const app of [a, b, a])
        expect((await call(app, 'auth', { initData: launchData({ id: newUserId() }) }, { address })).statusCode).toBe(200);
      for (const app of [b, a]) {
        const refused = await call(app, 'auth', { initData: launchData({ id: newUserId() }) }, { address });
        expect(refused.statusCode).toBe(429);
        expect(refused.json<{ message: string }>().message).toMatch(/^Too many login attempts, retry in \d+ seconds?$/);
      }
      // The counts are in Redis under this run's namespace.
      expect((await redis.keys(`${NAMESPACE}*player:${id}`)).length).toBe(1);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('when Redis blinks mid-run, money calls go through unlimited (no 500), and are counted again once it is back', async () => {
    const target = new URL(REDIS_URL!);
    const link = await relay(target);
    const lines: string[] = [];
    const proxied = new URL(REDIS_URL!);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(link.port);
    const app = await start(
      db,
      { REDIS_URL: proxied.toString(), MONEY_RATE_LIMIT: '3', LOG_LEVEL: 'info' },
      { write: (line) => lines.push(line) },
    );
    try {
      const limited = newUserId();
      const limitedToken = await logIn(app, limited);
      for (let n = 0; n < 3; n++) expect((await call(app, 'games/flip', flip(limited), { token: limitedToken })).statusCode).toBe(409);
      expect((await call(app, 'games/flip', flip(limited), { token: limitedToken })).statusCode).toBe(429);
      expect(await redisUp()).toBe(1);

      await link.cut();
      const id = newUserId();
      const token = await logIn(app, id);
      await fund(db, BigInt(id), '1000');
      for (let n = 0; n < 5; n++) {
        const began = Date.now();
        const response = await call(app, 'games/flip', flip(id), { token });
        expect(response.statusCode).toBe(200);
        // Failing fast: no call waits for Redis longer than its command timeout.
        expect(Date.now() - began).toBeLessThan(2_000);
      }
      // Fails open: even the limited player goes through while the store is out.
      expect((await call(app, 'games/flip', flip(limited), { token: limitedToken })).statusCode).toBe(409);
      expect(lines.join('')).toContain('rate limits: Redis is unreachable');
      expect(await redisUp()).toBe(0);

      await link.restore();
      // The client reconnects on its own (within its retry delay); then calls count again.
      let counted = false;
      for (let waited = 0; !counted && waited < 15_000; waited += 100) {
        const response = await call(app, 'games/flip', flip(id), { token });
        expect(response.statusCode).toBe(200);
        counted = response.headers['x-ratelimit-remaining'] === '2';
        if (!counted) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(counted).toBe(true);
      for (let n = 0; n < 2; n++) expect((await call(app, 'games/flip', flip(id), { token })).statusCode).toBe(200);
      expect((await call(app, 'games/flip', flip(id), { token })).statusCode).toBe(429);
      expect(lines.join('')).toContain('rate limits: Redis is back');
      expect(await redisUp()).toBe(1);
    } finally {
      await app.close();
      await link.cut();
    }
  });
});

/** Two server processes on one PostgreSQL database and one Redis: one budget per player. */
describe.each(onRedisAndPostgres)('two server processes on $name', () => {
  const children: ChildProcess[] = [];
  let url: string;
  let drop: () => Promise<void>;
  let redis: Redis;
  const id = newUserId();

  const spawnServer = async (): Promise<string> => {
    const { child, base } = await startServerProcess(url, { REDIS_URL: REDIS_URL!, MONEY_RATE_LIMIT: '4' });
    children.push(child);
    return base;
  };

  beforeAll(async () => {
    const created = await databases()
      .find((d) => d.name === 'postgres')!
      .create();
    url = created.url!;
    drop = created.drop;
    redis = new Redis(REDIS_URL!);
  });
  afterAll(async () => {
    await stopServerProcesses(children);
    if (redis) {
      // The processes count under the default namespace: remove only this player's keys.
      await deleteKeys(redis, `arcade-rate-limit:*player:${id}`);
      await redis.quit();
    }
    await drop?.();
  });

  it('alternating one player between two processes, the limit counts the sum', async () => {
    const [a, b] = await Promise.all([spawnServer(), spawnServer()]);
    const { token } = await dataFromProcess<{ token: string }>(a, 'auth', { initData: launchData({ id }) });
    // Bets are refused until the player says 18+ (not a money call: no budget spent).
    expect((await callProcess(a, 'play/age-confirm', {}, token)).status).toBe(200);
    const answers: { status: number; remaining: string | null }[] = [];
    for (const base of [a, b, a, b, a, b]) {
      const { status, headers } = await callProcess(base, 'games/flip', flip(id), token);
      answers.push({ status, remaining: headers.get('x-ratelimit-remaining') });
    }
    expect(answers).toEqual([
      { status: 409, remaining: '3' },
      { status: 409, remaining: '2' },
      { status: 409, remaining: '1' },
      { status: 409, remaining: '0' },
      { status: 429, remaining: '0' },
      { status: 429, remaining: '0' },
    ]);
  });
});
