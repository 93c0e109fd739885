import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { sign } from '@tma.js/init-data-node';
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { buildServer } from '../src/app';
import { ConfigError, loadConfig, type Config } from '../src/config';
import { openDb, type Db } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { createDatabaseOn } from '../src/db/server-admin';
import { actingAs } from '../src/domain/actor';
import { audit, post as postInBook, type Movement, type Posted } from '../src/domain/ledger';
import type { Queryable } from '../src/db/db';
import { toNano } from '@arcade/api-client/money';
import { openTon, type Ton } from '../src/adapters/chain/open-chain';
import { HttpBotApi, type BotApi } from '../src/adapters/telegram/bot-api';
import { fakeBotApi, fakeBotState, type FakeBotState } from '../src/adapters/telegram/fake-bot-api';
import { HttpGiftRelayer, type GiftRelayer } from '../src/adapters/telegram/gift-relayer';

export const TEST_BOT_TOKEN = '7000000001:TEST-token-for-the-server-suite';
export const TEST_APP_KEY = 'test-app-key';
export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
export const PUBLIC_URL = 'https://arcade.example';

/** A folder that does not exist: the app is not built unless a test builds one. */
const NO_APP = join(tmpdir(), 'arcade-no-app-dist-here');

/**
 * What production requires besides the secrets testConfig gives, for a server started in
 * production mode (startServer's env). The database URL is never dialled: tests pass the db.
 */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  JWT_SECRET: 'production-secret-of-at-least-32-characters',
  HOT_WALLET_SEED: 'cd'.repeat(32),
  DATABASE_URL: 'postgres://arcade@127.0.0.1:1/not-dialled',
  MINI_APP_URL: 'https://t.me/arcade_test_bot/play',
  TONCENTER_API_KEY: 'test-toncenter-key',
  TASK_CHANNEL: '@arcade_test_news',
  BOT_WEBHOOK_SECRET: 'production-webhook-secret-of-at-least-32-characters',
};

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    // Development mode (the launch signer, the fake Bot API): it has to be asked for by name.
    NODE_ENV: 'development',
    BOT_TOKEN: TEST_BOT_TOKEN,
    APP_KEY: TEST_APP_KEY,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    APP_DIST: NO_APP,
    // Suites log in many times a minute; the rate limit test lowers it.
    AUTH_RATE_LIMIT: '100000',
    // Simulations bet thousands of times as one player; the money limit test lowers it.
    MONEY_RATE_LIMIT: '1000000',
    // Suites send every call many times as one player; the live feed's test of this limit lowers it.
    NAME_CHOICE_RATE_LIMIT: '1000000',
    // The share test of this limit lowers it.
    SHARE_RATE_LIMIT: '1000000',
    ...env,
  });
}

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A fresh database of this kind, migrated unless asked not to; `drop` closes and removes it. */
  create(options?: { migrated?: boolean }): Promise<{ db: Db; url: string | null; drop: () => Promise<void> }>;
}

/** PGlite always; PostgreSQL too when DATABASE_URL is set (one fresh database per call). */
export function databases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: 'pglite',
      async create({ migrated = true } = {}) {
        // A migrated database starts from the run's data folder tarball (global-setup.ts), not initdb.
        const db = await openDb({ kind: 'pglite', ...(migrated ? { template: inject('pgliteTemplate') } : {}) });
        if (migrated) await migrate(db);
        return { db, url: null, drop: () => db.close() };
      },
    },
  ];
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    list.push({
      name: 'postgres',
      async create({ migrated = true } = {}) {
        const template = migrated ? inject('postgresTemplate') : null;
        const { url, drop } = await createPostgresDatabase(serverUrl, template);
        const db = await openDb({ kind: 'postgres', url, maxConnections: 5 });
        if (migrated) await migrate(db);
        return {
          db,
          url,
          drop: async () => {
            await db.close();
            await drop();
          },
        };
      },
    });
  }
  return list;
}

/** What the tests of one describe block share: a fresh database (suiteDatabase). */
export interface SuiteDatabase {
  db: Db;
  /** Its PostgreSQL URL; null on PGlite. */
  url: string | null;
}

/** suiteDatabase with a server on it (suiteServer). */
export interface SuiteServer extends SuiteDatabase {
  app: FastifyInstance;
}

/**
 * A fresh database of this kind for the tests of one describe block: created (migrated unless
 * asked not to) before them, dropped after them. The fields are set once the block's beforeAll
 * hooks have run: tests and later hooks read them, the describe body cannot.
 */
export function suiteDatabase(database: TestDatabase, options: { migrated?: boolean } = {}): SuiteDatabase {
  const suite = { url: null } as SuiteDatabase;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    ({ db: suite.db, url: suite.url, drop } = await database.create(options));
  });
  afterAll(async () => {
    await drop?.();
  });
  return suite;
}

/**
 * suiteDatabase with a server on it (startServer), closed before the database is dropped.
 * `prepare` fills the database before the server starts (a market catalogue); `start` gives
 * startServer's options when the server starts, after the hooks the block registered before.
 */
export function suiteServer(
  database: TestDatabase,
  setup: { prepare?: (db: Db) => Promise<unknown>; start?: () => StartOptions } = {},
): SuiteServer {
  const suite = suiteDatabase(database) as SuiteServer;
  beforeAll(async () => {
    await setup.prepare?.(suite.db);
    suite.app = await startServer(suite.db, setup.start?.());
  });
  afterAll(async () => {
    await suite.app?.close();
  });
  return suite;
}

/** The local fake Bot API of one describe block (suiteFakeBot): its state, and clients of it. */
export interface SuiteFakeBot extends FakeBotState {
  /** Where it listens, once the block's beforeAll hooks have run. */
  url: string;
  /** The server's Bot API client, pointed at the fake. */
  botApi(): HttpBotApi;
  /** The server's gift relayer, pointed at the fake. */
  relayer(): HttpGiftRelayer;
}

/**
 * The local fake Bot API for the tests of one describe block, listening before them and closed
 * after them; the block reads what it was sent (and sets what it answers) on the returned state.
 * Call it before suiteServer when the server is to talk to it, so it listens first.
 */
export function suiteFakeBot(): SuiteFakeBot {
  const fake: SuiteFakeBot = {
    ...fakeBotState(),
    url: '',
    botApi: () => new HttpBotApi({ token: TEST_BOT_TOKEN, baseUrl: fake.url }),
    relayer: () => new HttpGiftRelayer({ token: TEST_BOT_TOKEN, baseUrl: fake.url, businessConnectionId: 'test-relayer' }),
  };
  let server: FastifyInstance | undefined;
  beforeAll(async () => {
    server = Fastify();
    await server.register(fakeBotApi(TEST_BOT_TOKEN, fake));
    fake.url = await server.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
  });
  return fake;
}

/**
 * The PostgreSQL server alone, for a suite that needs a real server (several connections or
 * processes, a restart): without DATABASE_URL the list is empty, so the suite given it is not
 * defined and one line says so, instead of a skipped test.
 */
export function postgresOnly(suite: string): TestDatabase[] {
  const list = databases().filter((d) => d.name === 'postgres');
  if (list.length === 0) console.log(`${suite}: needs PostgreSQL, not run: DATABASE_URL is not set`);
  return list;
}

/**
 * Creates a database on the DATABASE_URL's server, so test files can run in parallel: empty, or a
 * copy of a template database (the run's migrated one, global-setup.ts).
 */
export async function createPostgresDatabase(
  serverUrl: string,
  template: string | null = null,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `arcade_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  return createDatabaseOn(serverUrl, name, template);
}

/**
 * A clock the test can move; the server reads it for launch data and sessions. Stopped at `ms` (by
 * default the time it was made), or from `following()` the real time; `advance` moves either on.
 * A stopped clock refuses launch data signed over a minute after it stopped as dated in the
 * future, so a test that does not read the clock's time uses a following one: on a slow machine
 * its logins come minutes after the server started.
 */
export class TestClock {
  private offset = 0;
  constructor(
    public ms: number = Date.now(),
    private readonly follows = false,
  ) {}
  static following(): TestClock {
    return new TestClock(Date.now(), true);
  }
  now = (): Date => new Date(this.follows ? Date.now() + this.offset : this.ms);
  advance(seconds: number): void {
    this.ms += seconds * 1000;
    this.offset += seconds * 1000;
  }
}

export interface StartOptions {
  env?: Record<string, string>;
  clock?: TestClock;
  logStream?: { write(line: string): void };
  /** The chain; by default one emulated chain shared by the file's servers. */
  ton?: Ton;
  kickWorkers?: () => void;
  bot?: BotApi;
  relayer?: GiftRelayer;
  /** A read replica's pool (DATABASE_READ_URL): the reads that tolerate lag go there. */
  replica?: Db;
}

let sharedTon: Promise<Ton> | null = null;
/** One emulated chain per test file: creating one takes a few hundred milliseconds. */
export function testTon(): Promise<Ton> {
  sharedTon ??= openTon(testConfig().ton);
  return sharedTon;
}

export async function startServer(db: Db, options: StartOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? TestClock.following();
  const app = await buildServer({
    config: testConfig(options.env),
    db,
    now: clock.now,
    ton: options.ton ?? (await testTon()),
    ...(options.kickWorkers ? { kickWorkers: options.kickWorkers } : {}),
    ...(options.bot ? { bot: options.bot } : {}),
    ...(options.relayer ? { relayer: options.relayer } : {}),
    ...(options.replica ? { replica: options.replica } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  });
  await app.ready();
  return app;
}

let lastUserId = 100_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
/** A Telegram user id no other test in this file uses. */
export const newUserId = (): number => ++lastUserId;

export interface TestLaunch {
  id: number;
  firstName?: string;
  lastName?: string;
  username?: string;
  photoUrl?: string;
  allowsWriteToPm?: boolean;
  /** Telegram's language_code; 'ru' unless given, null to send none. */
  languageCode?: string | null;
  startParam?: string;
  authDate?: Date;
  token?: string;
}

/** Launch data signed by the independent @tma.js implementation, as Telegram would send it. */
export function launchData(launch: TestLaunch): string {
  return sign(
    {
      user: {
        id: launch.id,
        first_name: launch.firstName ?? 'Test',
        ...(launch.lastName ? { last_name: launch.lastName } : {}),
        ...(launch.username ? { username: launch.username } : {}),
        ...(launch.photoUrl ? { photo_url: launch.photoUrl } : {}),
        ...(launch.allowsWriteToPm ? { allows_write_to_pm: true } : {}),
        ...(launch.languageCode === null ? {} : { language_code: launch.languageCode ?? 'ru' }),
      },
      chat_type: 'sender',
      chat_instance: '8428209589180549439',
      ...(launch.startParam ? { start_param: launch.startParam } : {}),
    },
    launch.token ?? TEST_BOT_TOKEN,
    launch.authDate ?? new Date(),
  );
}

export interface Envelope {
  success: boolean;
  data?: unknown;
  message?: string;
}

export function envelope(response: LightMyRequestResponse): Envelope {
  return response.json<Envelope>();
}

export interface PostOptions {
  token?: string;
  appKey?: string | null;
  headers?: Record<string, string>;
}

/** POSTs a JSON body the way the app's api-client does. */
export function post(app: FastifyInstance, path: string, body: unknown = {}, options: PostOptions = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.appKey !== null) headers['x-app-key'] = options.appKey ?? TEST_APP_KEY;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return app.inject({ method: 'POST', url: path, headers, payload: typeof body === 'string' ? body : JSON.stringify(body) });
}

/** A call's answer: its HTTP status with the envelope's fields. */
export interface Reply<T> {
  status: number;
  success: boolean;
  data: T;
  message?: string;
  code?: string;
}

/** POSTs a call as a player (as nobody with a null token) and reads its status and envelope. */
export async function callApi<T = unknown>(app: FastifyInstance, path: string, body: unknown, token: string | null): Promise<Reply<T>> {
  const response = await post(app, path, body, token ? { token } : {});
  return { status: response.statusCode, ...(envelope(response) as Omit<Reply<T>, 'status'>) };
}

/** A call's answer from a server process over HTTP: its status, envelope and headers. */
export type ProcessReply<T> = Reply<T> & { headers: Headers };

/**
 * POSTs a call over HTTP to a server process (`base`: its origin; `path` after /api/v3/) as a
 * player, or as nobody without a token, the way the app's api-client does.
 */
export async function callProcess<T = unknown>(
  base: string,
  path: string,
  body: unknown = {},
  token?: string | null,
): Promise<ProcessReply<T>> {
  const response = await fetch(`${base}/api/v3/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-key': TEST_APP_KEY, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, ...((await response.json()) as Omit<Reply<T>, 'status'>) };
}

/** A call to a server process that must succeed: its data, or an error with the server's words. */
export async function dataFromProcess<T = unknown>(base: string, path: string, body: unknown = {}, token?: string | null): Promise<T> {
  const reply = await callProcess<T>(base, path, body, token);
  if (!reply.success) throw new Error(`${path} on ${base}: ${reply.status} ${reply.message}`);
  return reply.data;
}

/** Signs a player in on a server process and confirms they are 18 or older, as the app asks first; their token. */
export async function logInOnProcess(base: string, launch: TestLaunch): Promise<string> {
  const { token } = await dataFromProcess<{ token: string }>(base, 'auth', { initData: launchData(launch) });
  await dataFromProcess(base, 'play/age-confirm', {}, token);
  return token;
}

/**
 * Signs a player in and, unless `ageConfirmed: false`, confirms they are 18 or older through the
 * API, as the app asks before the first bet (bets are refused until then).
 */
export async function logIn(app: FastifyInstance, launch: TestLaunch, options: { ageConfirmed?: boolean } = {}): Promise<string> {
  const response = await post(app, '/api/v3/auth', { initData: launchData(launch) });
  const reply = envelope(response);
  if (response.statusCode !== 200 || !reply.success) {
    throw new Error(`login failed: ${response.statusCode} ${reply.message ?? ''}`);
  }
  const token = (reply.data as { token: string }).token;
  if (options.ageConfirmed !== false) {
    const confirmed = await post(app, '/api/v3/play/age-confirm', {}, { token });
    if (confirmed.statusCode !== 200) throw new Error(`age confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  }
  return token;
}

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `arcade-${prefix}-`));
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The environment of a server process of the test setup (the same secrets as startServer's). */
export function serverProcessEnv(databaseUrl: string, port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'development',
    BOT_TOKEN: TEST_BOT_TOKEN,
    APP_KEY: TEST_APP_KEY,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WORKERS: 'false',
    SEED_MARKET: 'false',
    AUTH_RATE_LIMIT: '1000000',
    MONEY_RATE_LIMIT: '1000000',
    NAME_CHOICE_RATE_LIMIT: '1000000',
    SHARE_RATE_LIMIT: '1000000',
  };
}

/** How long a test waits for a server it started: a little under vitest.config's testTimeout. */
export const START_WAIT_MS = 110_000;

/**
 * Waits until a server answers /healthz; throws when it exits, or just before the suite's own
 * time for a test runs out (a loaded machine can take a minute to start a server).
 */
export async function waitHealthy(base: string, exited: () => boolean): Promise<void> {
  for (let waited = 0; ; waited += 100) {
    const healthy = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) return;
    if (waited > START_WAIT_MS || exited()) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A server process of the test setup (`tsx src/main.ts`, serverProcessEnv plus `env`) on a port of
 * its own, answering /healthz; its stdout is dropped unless `stdout` says otherwise.
 */
export async function startServerProcess(
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
  stdout: 'ignore' | 'inherit' = 'ignore',
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...serverProcessEnv(databaseUrl, port), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitHealthy(base, () => child.exitCode !== null);
  return { child, base };
}

/** A program run to its end: its exit code and what it wrote. */
export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end in the server's folder with only PATH (this process's unless `env` has one) and `env`. */
export function runProgram(command: string, args: string[], env: Record<string, string>, cwd = serverDir): Promise<Ran> {
  const child = spawn(command, args, { cwd, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Runs the operator CLI (src/cli.ts through tsx) as an operator would, with only the environment given. */
export function runOperatorCli(argv: string[], env: Record<string, string>): Promise<Ran> {
  return runProgram(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...argv], env);
}

/** Stops server processes (SIGTERM) and waits until each has exited. */
export async function stopServerProcesses(children: ChildProcess[]): Promise<void> {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((done) => child.once('exit', done)) : Promise.resolve())),
  );
}

/** What loading a configuration says: the ConfigError's message, or 'accepted' when it loads. */
export function configRefusal(load: () => unknown): string {
  try {
    load();
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  return 'accepted';
}

/** The whole book is sound: balances match their journals, every movement balances, every player debit was the player's own. */
export async function expectSoundBook(db: Db): Promise<void> {
  const report = await audit(db);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
}

/** A digest of every row of each table: equal digests, nothing written there. */
export async function tableDigests(db: Db, tables: readonly string[]): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of tables) {
    const { rows } = await db.query<{ n: string; digest: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS digest FROM ${table} x`,
    );
    out[table] = `${rows[0]!.n}:${rows[0]!.digest ?? ''}`;
  }
  return out;
}

/**
 * Posts a test's funding movement (a deposit, a reward) as the operator would: credits only. A
 * player's debits in the tests go through their own calls, so the audit's actor check holds.
 */
export function postMovement(tx: Queryable, movement: Movement): Promise<Posted> {
  return actingAs({ job: 'operator' }, () => postInBook(tx, movement));
}

/** Credits a player TON straight in the book, as a deposit from the chain would. */
export function fund(db: Db, userId: bigint, ton: string, reference = `test-fund-${userId}-${randomBytes(4).toString('hex')}`) {
  return db.transaction((tx) =>
    postMovement(tx, {
      kind: 'deposit',
      userId,
      reference,
      postings: [
        { account: { system: 'deposits' }, amount: -toNano(ton) },
        { account: { user: userId, kind: 'ton' }, amount: toNano(ton) },
      ],
    }),
  );
}

/** A new player, signed in (18+ confirmed) and, unless `ton` is '0', credited that much TON. */
export async function fundedPlayer(app: FastifyInstance, db: Db, ton = '0'): Promise<{ id: number; userId: bigint; token: string }> {
  const id = newUserId();
  const token = await logIn(app, { id });
  if (ton !== '0') await fund(db, BigInt(id), ton);
  return { id, userId: BigInt(id), token };
}

/** The same chain with another way of broadcasting (a network that is down, a message that never arrives). */
export function withBroadcast(ton: Ton, send: (boc: string) => Promise<void>): Ton {
  const chain = ton.chain;
  return {
    ...ton,
    chain: {
      getTransactionsAfter: (account, after, limit) => chain.getTransactionsAfter(account, after, limit),
      getAccountState: (address) => chain.getAccountState(address),
      chainTime: () => chain.chainTime(),
      sendExternalMessage: send,
    },
  };
}
