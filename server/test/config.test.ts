import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEVELOPMENT_APP_KEY,
  DEVELOPMENT_BOT_TOKEN,
  DEVELOPMENT_BOT_WEBHOOK_SECRET,
  DEVELOPMENT_HOT_WALLET_SEED,
  fastifyTrustProxy,
  findRepoRoot,
  loadConfig,
  loadDatabaseConfig,
} from '../src/config';
import { configRefusal, START_WAIT_MS, tempDir } from './helpers';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO = findRepoRoot();
const STRONG_SECRET = 'a-production-secret-that-is-long-enough-42';
const SEED = 'ab'.repeat(32);
/** Development has to be asked for by name. */
const DEV = { NODE_ENV: 'development' };
/** Every setting production requires, well formed. */
const PRODUCTION = {
  NODE_ENV: 'production',
  BOT_TOKEN: '1:a',
  APP_KEY: 'k',
  JWT_SECRET: STRONG_SECRET,
  HOT_WALLET_SEED: SEED,
  DATABASE_URL: 'postgres://arcade@db:5432/arcade',
  PUBLIC_URL: 'https://arcade.example',
  MINI_APP_URL: 'https://t.me/arcade_bot/play',
  TONCENTER_API_KEY: 'toncenter-key',
  TASK_CHANNEL: '@arcade_news',
  BOT_WEBHOOK_SECRET: 'a-webhook-secret-that-is-long-enough_0123',
};
const ALL_REQUIRED =
  'BOT_TOKEN, APP_KEY, JWT_SECRET, HOT_WALLET_SEED, DATABASE_URL, PUBLIC_URL, MINI_APP_URL, TONCENTER_API_KEY, TASK_CHANNEL, BOT_WEBHOOK_SECRET';

function configError(env: Record<string, string>, load: (env: Record<string, string>) => unknown = (e) => loadConfig(e, '/repo')): string {
  return configRefusal(() => load(env));
}

/** Fails when the text holds any 8 characters in a row of the value. */
function expectNoPieceOf(text: string, value: string): void {
  expect(value.length).toBeGreaterThanOrEqual(8);
  for (let i = 0; i + 8 <= value.length; i++) {
    const piece = value.slice(i, i + 8);
    expect(text.includes(piece), `the message quotes ${JSON.stringify(piece)}: ${text}`).toBe(false);
  }
}

describe('configuration', () => {
  it('development works with NODE_ENV=development alone, on development secrets', () => {
    const config = loadConfig(DEV, '/repo');
    expect(config).toMatchObject({
      nodeEnv: 'development',
      production: false,
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8080',
      databaseUrl: null,
      dataDir: '/repo/.data/pglite',
      appDist: '/repo/app/dist',
      botToken: DEVELOPMENT_BOT_TOKEN,
      appKey: DEVELOPMENT_APP_KEY,
      miniAppUrl: 'https://t.me/ton_arcade_bot/play',
      logLevel: 'info',
      authRateLimit: { max: 30, windowMs: 60_000 },
      nameChoiceRateLimit: { max: 10, windowMs: 60_000 },
      trustProxy: false,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('a BOT_TOKEN set in development is used', () => {
    expect(loadConfig({ ...DEV, BOT_TOKEN: '123:abc' }, '/repo').botToken).toBe('123:abc');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        ...DEV,
        PORT: '9000',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u@db:5432/arcade',
        DATA_DIR: '/data',
        PUBLIC_URL: 'https://arcade.example/',
        MINI_APP_URL: 'https://t.me/arcade_bot/play',
        APP_DIST: '/srv/app',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '5',
        NAME_CHOICE_RATE_LIMIT: '3',
        TRUST_PROXY: '2',
      },
      '/repo',
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/arcade',
      dataDir: '/data',
      publicUrl: 'https://arcade.example',
      miniAppUrl: 'https://t.me/arcade_bot/play',
      appDist: '/srv/app',
      logLevel: 'warn',
      authRateLimit: { max: 5, windowMs: 60_000 },
      nameChoiceRateLimit: { max: 3, windowMs: 60_000 },
      trustProxy: 2,
    });
  });

  it('an empty variable counts as unset', () => {
    expect(loadConfig({ ...DEV, PORT: '', DATABASE_URL: '' }, '/repo')).toMatchObject({ port: 8080, databaseUrl: null });
  });

  it('refuses bad values with one line naming them', () => {
    const message = configError({ ...DEV, PORT: 'eighty', LOG_LEVEL: 'loud', PUBLIC_URL: 'arcade.example' });
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^Invalid configuration: /);
    for (const name of ['PORT', 'LOG_LEVEL', 'PUBLIC_URL']) expect(message).toContain(name);
    expect(configError({ ...DEV, PORT: '70000' })).toContain('PORT');
    expect(configError({ ...DEV, DATABASE_URL: 'mysql://x' })).toContain('DATABASE_URL');
    // A choice of two names both, and not the value given.
    expect(configError({ ...DEV, BET_BATCHING: 'maybe-later', TON_NETWORK: 'moonnet' })).toBe(
      'Invalid configuration: BET_BATCHING must be "off" or "on"; TON_NETWORK must be "mainnet" or "testnet"',
    );
  });

  it('production refuses to start without any setting of real money, naming each', () => {
    const message = configError({ NODE_ENV: 'production' });
    expect(message).toBe(`Refusing to start in production: missing ${ALL_REQUIRED}`);
    for (const name of [
      'DATABASE_URL',
      'PUBLIC_URL',
      'MINI_APP_URL',
      'TONCENTER_API_KEY',
      'TASK_CHANNEL',
      'APP_KEY',
      'BOT_WEBHOOK_SECRET',
    ]) {
      const { [name as keyof typeof PRODUCTION]: _left, ...rest } = PRODUCTION;
      expect(configError(rest), name).toBe(`Refusing to start in production: missing ${name}`);
    }
    // An empty variable is a missing one.
    expect(configError({ ...PRODUCTION, DATABASE_URL: '', TASK_CHANNEL: '' })).toBe(
      'Refusing to start in production: missing DATABASE_URL, TASK_CHANNEL',
    );
  });

  it('development only when NODE_ENV=development: unset, test or any other value is production', () => {
    const modes: Record<string, string>[] = [
      {},
      { NODE_ENV: 'test' },
      { NODE_ENV: 'staging' },
      { NODE_ENV: 'Development' },
      { NODE_ENV: '' },
    ];
    for (const env of modes) {
      expect(configError(env), JSON.stringify(env)).toBe(`Refusing to start in production: missing ${ALL_REQUIRED}`);
    }
    const { NODE_ENV: _mode, ...settings } = PRODUCTION;
    for (const env of [settings, { ...settings, NODE_ENV: 'test' }]) {
      const config = loadConfig(env, '/repo');
      expect(config).toMatchObject({
        production: true,
        nodeEnv: 'production',
        fakeBotApi: false,
        seedMarket: false,
        botApiUrl: 'https://api.telegram.org',
      });
      expect(config.ton.chain).toBe('toncenter');
    }
    expect(loadConfig(DEV, '/repo')).toMatchObject({ production: false, nodeEnv: 'development', fakeBotApi: true, seedMarket: true });
  });

  it('production takes the settings it requires, with no development default left', () => {
    const config = loadConfig(PRODUCTION, '/repo');
    expect(config).toMatchObject({
      databaseUrl: 'postgres://arcade@db:5432/arcade',
      publicUrl: 'https://arcade.example',
      miniAppUrl: 'https://t.me/arcade_bot/play',
      taskChannel: '@arcade_news',
      ton: { toncenterApiKey: 'toncenter-key', chain: 'toncenter' },
    });
  });

  it('production refuses a public URL that is not https', () => {
    expect(configError({ ...PRODUCTION, PUBLIC_URL: 'http://arcade.example' })).toBe(
      'Refusing to start in production: PUBLIC_URL must be an https URL in production',
    );
    expect(loadConfig({ ...DEV, PUBLIC_URL: 'http://192.168.1.5:8080' }, '/repo').publicUrl).toBe('http://192.168.1.5:8080');
  });

  it('names every missing and malformed variable in one message', () => {
    const message = configError({
      NODE_ENV: 'production',
      PORT: 'eighty',
      HOT_WALLET_SEED: 'xyz',
      JWT_SECRET: 'short',
      PUBLIC_URL: 'http://a.example',
      TRUST_PROXY: 'true',
    });
    expect(message).not.toContain('\n');
    expect(message).toMatch(
      /^Refusing to start in production: missing BOT_TOKEN, APP_KEY, DATABASE_URL, MINI_APP_URL, TONCENTER_API_KEY, TASK_CHANNEL, BOT_WEBHOOK_SECRET; /,
    );
    expect(message).toContain('PORT must be');
    expect(message).toContain('HOT_WALLET_SEED must be 64 hex characters (a 32-byte seed)');
    expect(message).toContain('JWT_SECRET must be at least 32 characters');
    expect(message).toContain('PUBLIC_URL must be an https URL in production');
    expect(message).toContain('TRUST_PROXY may not trust every X-Forwarded-For');
  });

  it('never quotes a value: a bad secret is named with its rule, not shown', () => {
    const seed = 'c0ffee15deadbeef0123456789abcdef0123456789abcdef0123456789abcdeZ';
    const botToken = 'bot-token-SuperSecretBotTokenValue';
    const jwt = 'swordfish-hunter2-XYZZY';
    const databaseUrl = 'mysql://admin:CorrectHorseBatteryStaple@db.internal/arcade';
    const corsOrigins = 'https://partner.example,ftp://secret-origin.example';
    const env = {
      HOT_WALLET_SEED: seed,
      BOT_TOKEN: botToken,
      JWT_SECRET: jwt,
      DATABASE_URL: databaseUrl,
      CORS_ORIGINS: corsOrigins,
      TRUST_PROXY: '10.0.0.1,not-an-address-at-all',
    };
    for (const mode of ['production', 'development']) {
      const message = configError({ ...env, NODE_ENV: mode });
      expect(message).toContain('HOT_WALLET_SEED must be 64 hex characters (a 32-byte seed)');
      expect(message).toContain('BOT_TOKEN must be a bot token like 123456:ABC-DEF');
      expect(message).toContain('DATABASE_URL must be a postgres:// URL');
      expect(message).toContain('TRUST_PROXY must be a hop count from 1 to 10');
      for (const value of Object.values(env)) expectNoPieceOf(message, value);
    }
    expect(configError({ ...PRODUCTION, JWT_SECRET: jwt })).toBe(
      'Refusing to start in production: JWT_SECRET must be at least 32 characters',
    );
    expectNoPieceOf(configError({ ...PRODUCTION, HOT_WALLET_SEED: DEVELOPMENT_HOT_WALLET_SEED }), DEVELOPMENT_HOT_WALLET_SEED);
    expectNoPieceOf(
      configError({ NODE_ENV: 'production', DATABASE_URL: databaseUrl }, (e) => loadDatabaseConfig(e, '/repo')),
      databaseUrl,
    );
  });

  it("the bot's settings: BOT_WEBHOOK_SECRET of 32 to 256 of Telegram's characters, never the development one in production, never quoted", () => {
    const rule = "BOT_WEBHOOK_SECRET must be 32 to 256 characters of A-Z, a-z, 0-9, _ and - (Telegram's secret_token alphabet)";
    for (const bad of ['short-secret', 'a'.repeat(31), 'a'.repeat(257), `${'a'.repeat(32)} spaced`, `${'a'.repeat(32)}!`]) {
      const message = configError({ ...PRODUCTION, BOT_WEBHOOK_SECRET: bad });
      expect(message, bad).toBe(`Refusing to start in production: ${rule}`);
      if (bad.length >= 8) expectNoPieceOf(message, bad);
    }
    expect(configError({ ...PRODUCTION, BOT_WEBHOOK_SECRET: DEVELOPMENT_BOT_WEBHOOK_SECRET })).toBe(
      'Refusing to start in production: BOT_WEBHOOK_SECRET is the development secret',
    );
    expect(configError({ ...DEV, RELAYER_USER_ID: '@relayer' })).toBe(
      'Invalid configuration: RELAYER_USER_ID must be a Telegram user id (digits)',
    );
    // Production: the secret given, no typed or development relayer connection unless set.
    expect(loadConfig(PRODUCTION, '/repo')).toMatchObject({
      botWebhookSecret: PRODUCTION.BOT_WEBHOOK_SECRET,
      businessConnectionId: null,
      relayerUserId: null,
    });
    expect(loadConfig({ ...PRODUCTION, BUSINESS_CONNECTION_ID: 'typed', RELAYER_USER_ID: '6100000001' }, '/repo')).toMatchObject({
      businessConnectionId: 'typed',
      relayerUserId: 6100000001n,
    });
    expect(loadConfig(DEV, '/repo')).toMatchObject({
      botWebhookSecret: DEVELOPMENT_BOT_WEBHOOK_SECRET,
      businessConnectionId: 'local-relayer',
      relayerUserId: null,
    });
  });

  it('TRUST_PROXY takes a hop count or the proxies, and trusts none when unset', () => {
    const trust = (value: string) => loadConfig({ ...DEV, TRUST_PROXY: value }, '/repo').trustProxy;
    expect(loadConfig(DEV, '/repo').trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    // 1 is one hop now (the load balancer in front), not "trust everything".
    expect(trust('1')).toBe(1);
    expect(trust('10')).toBe(10);
    expect(trust('10.0.0.1')).toEqual(['10.0.0.1']);
    expect(trust('10.0.0.0/8, 192.168.1.1,fd00::/8,::1')).toEqual(['10.0.0.0/8', '192.168.1.1', 'fd00::/8', '::1']);
    for (const bad of ['11', '-1', '1.5', 'proxy.internal', '10.0.0.0/33', 'fd00::/129', '10.0.0.1/8/8', '10.0.0.1,', '256.0.0.1']) {
      expect(configError({ ...DEV, TRUST_PROXY: bad }), bad).toBe(
        'Invalid configuration: TRUST_PROXY must be a hop count from 1 to 10 or a comma-separated list of proxy addresses or CIDRs (IPv4 or IPv6)',
      );
    }
  });

  it('TRUST_PROXY refuses "trust any X-Forwarded-For" and says what to write instead', () => {
    for (const any of ['true', 'TRUE', 'all', '*', '0.0.0.0/0', '::/0', '10.0.0.1,0.0.0.0/0']) {
      const message = configError({ ...DEV, TRUST_PROXY: any });
      expect(message, any).toMatch(/^Invalid configuration: TRUST_PROXY may not trust every X-Forwarded-For/);
      expect(message).toContain('TRUST_PROXY=1 for one load balancer');
      expect(message).toContain('TRUST_PROXY=10.0.0.0/8');
    }
  });

  it('a hop count reaches Fastify as a function trusting that many hops from the socket (Fastify trusts no bare number)', () => {
    const one = fastifyTrustProxy(1);
    expect(typeof one).toBe('function');
    if (typeof one !== 'function') return;
    expect(one('10.0.0.1', 0)).toBe(true);
    expect(one('203.0.113.7', 1)).toBe(false);
    expect(fastifyTrustProxy(false)).toBe(false);
    expect(fastifyTrustProxy(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });

  it('the operator database settings need only DATABASE_URL in production', () => {
    const url = 'postgres://arcade@db:5432/arcade';
    expect(loadDatabaseConfig({ DATABASE_URL: url }, '/repo')).toEqual({
      production: true,
      databaseUrl: url,
      connections: { directUrl: url, pooler: 'none', poolSize: 10, statementTimeoutMs: 30_000 },
      dataDir: '/repo/.data/pglite',
    });
    expect(configError({}, (e) => loadDatabaseConfig(e, '/repo'))).toBe('Refusing to start in production: missing DATABASE_URL');
    expect(configError({ NODE_ENV: 'test', BOT_TOKEN: '1:a' }, (e) => loadDatabaseConfig(e, '/repo'))).toBe(
      'Refusing to start in production: missing DATABASE_URL',
    );
    expect(loadDatabaseConfig({ ...DEV, DATA_DIR: '/data' }, '/repo')).toMatchObject({
      production: false,
      databaseUrl: null,
      connections: { directUrl: null },
      dataDir: '/data',
    });
    expect(configError({ ...DEV, DATABASE_URL: 'mysql://x' }, (e) => loadDatabaseConfig(e, '/repo'))).toBe(
      'Invalid configuration: DATABASE_URL must be a postgres:// URL',
    );
  });

  it('the connections: a direct URL for what keeps a session, the pooler, the pool size and the statement timeout', () => {
    const pooled = 'postgres://arcade:pooler-secret-password@pgbouncer:6432/arcade';
    const direct = 'postgres://arcade:direct-secret-password@db:5432/arcade';
    expect(
      loadConfig(
        {
          ...PRODUCTION,
          DATABASE_URL: pooled,
          DATABASE_DIRECT_URL: direct,
          DATABASE_POOLER: 'transaction',
          DATABASE_POOL_SIZE: '25',
          DATABASE_STATEMENT_TIMEOUT: '5',
        },
        '/repo',
      ),
    ).toMatchObject({
      databaseUrl: pooled,
      connections: { directUrl: direct, pooler: 'transaction', poolSize: 25, statementTimeoutMs: 5_000 },
    });
    expect(loadConfig({ ...PRODUCTION, DATABASE_STATEMENT_TIMEOUT: '0' }, '/repo').connections).toEqual({
      directUrl: PRODUCTION.DATABASE_URL,
      pooler: 'none',
      poolSize: 10,
      statementTimeoutMs: 0,
    });
    // The operator's commands read them too (they connect on the direct URL).
    expect(
      loadDatabaseConfig({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: direct, DATABASE_POOLER: 'transaction' }, '/repo').connections,
    ).toMatchObject({ directUrl: direct, pooler: 'transaction' });

    const refused = (env: Record<string, string>) => {
      const messages = [
        configError({ ...PRODUCTION, ...env }),
        configError({ ...PRODUCTION, ...env }, (e) => loadDatabaseConfig(e, '/repo')),
      ];
      for (const message of messages) {
        expectNoPieceOf(message, 'pooler-secret-password');
        expectNoPieceOf(message, 'direct-secret-password');
      }
      expect(messages[1]).toBe(messages[0]);
      return messages[0];
    };
    expect(refused({ DATABASE_URL: pooled, DATABASE_POOLER: 'transaction' })).toBe(
      "Refusing to start in production: DATABASE_POOLER=transaction needs DATABASE_DIRECT_URL, a connection to PostgreSQL that does not go through the transaction pooler (the workers' lock and the live feed's LISTEN keep a session)",
    );
    expect(refused({ DATABASE_URL: pooled, DATABASE_DIRECT_URL: pooled, DATABASE_POOLER: 'transaction' })).toBe(
      'Refusing to start in production: DATABASE_DIRECT_URL must not be DATABASE_URL when DATABASE_POOLER=transaction (it must not go through the transaction pooler)',
    );
    expect(refused({ DATABASE_URL: pooled, DATABASE_POOLER: 'statement' })).toBe(
      'Refusing to start in production: DATABASE_POOLER must be "none" or "transaction"',
    );
    const bad = refused({
      DATABASE_URL: pooled,
      DATABASE_DIRECT_URL: 'mysql://root:direct-secret-password@db/x',
      DATABASE_POOL_SIZE: '0',
      DATABASE_STATEMENT_TIMEOUT: '30000',
    });
    expect(bad).toContain('DATABASE_DIRECT_URL must be a postgres:// URL');
    expect(bad).toContain('DATABASE_POOL_SIZE must be');
    expect(bad).toContain('DATABASE_STATEMENT_TIMEOUT must be');
    expect(configError({ ...DEV, DATABASE_DIRECT_URL: direct, DATABASE_POOLER: 'transaction' })).toBe(
      "Invalid configuration: DATABASE_DIRECT_URL needs DATABASE_URL (without it the embedded database is used); DATABASE_POOLER=transaction needs DATABASE_URL (the pooler's address)",
    );
  });

  it('production refuses the emulated chain and the development hot wallet', () => {
    expect(configError({ ...PRODUCTION, TON_CHAIN: 'sandbox' })).toBe(
      'Refusing to start in production: TON_CHAIN=sandbox is an emulated chain',
    );
    expect(configError({ ...PRODUCTION, HOT_WALLET_SEED: DEVELOPMENT_HOT_WALLET_SEED })).toBe(
      'Refusing to start in production: HOT_WALLET_SEED is the development seed',
    );
    expect(configError({ ...PRODUCTION, HOT_WALLET_SEED: 'xyz' })).toContain('HOT_WALLET_SEED');
  });

  it('development runs on the emulated chain and testnet addresses; production on toncenter and mainnet', () => {
    expect(loadConfig(DEV, '/repo').ton).toMatchObject({ chain: 'sandbox', network: 'testnet', highloadTimeout: 3600 });
    const live = loadConfig(PRODUCTION, '/repo');
    expect(live.ton).toMatchObject({ chain: 'toncenter', network: 'mainnet', toncenterUrl: 'https://toncenter.com' });
  });

  it('production refuses a short JWT secret and the development secrets', () => {
    expect(configError({ NODE_ENV: 'production', BOT_TOKEN: '1:a', APP_KEY: 'k', JWT_SECRET: 'short' })).toContain(
      'JWT_SECRET must be at least 32 characters',
    );
    expect(configError({ NODE_ENV: 'production', BOT_TOKEN: DEVELOPMENT_BOT_TOKEN, APP_KEY: 'k', JWT_SECRET: STRONG_SECRET })).toContain(
      'BOT_TOKEN is the development token',
    );
  });

  it('production with every secret loads', () => {
    const config = loadConfig(PRODUCTION, '/repo');
    expect(config.production).toBe(true);
  });

  it('finds the workspace root from the source folder', () => {
    expect(join(REPO, 'server')).toBe(SERVER_DIR.replace(/\/$/, ''));
  });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const children: ChildProcess[] = [];

// A failed assertion must not leave a server running.
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
});

/** Starts the real entry point (src/main.ts through tsx) with only the given environment. */
function startMain(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  const exited = new Promise<Run>((resolve) => child.on('exit', (code) => resolve({ code, ...output })));
  return { child, output, exited };
}

describe('the entry point', () => {
  it('exits with code 1 and names the missing secrets in production', async () => {
    const { exited } = startMain({ NODE_ENV: 'production', BOT_TOKEN: '1:a' });
    const run = await exited;
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Refusing to start in production: missing APP_KEY, JWT_SECRET');
  });

  it('with no environment at all refuses to start, naming every missing variable in one line and no value', async () => {
    const seed = 'c0ffee15deadbeef0123456789abcdef0123456789abcdef0123456789abcdeZ';
    const { exited } = startMain({ HOT_WALLET_SEED: seed });
    const run = await exited;
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim()).toBe(
      'Refusing to start in production: missing BOT_TOKEN, APP_KEY, JWT_SECRET, DATABASE_URL, PUBLIC_URL, MINI_APP_URL, TONCENTER_API_KEY, TASK_CHANNEL, BOT_WEBHOOK_SECRET; HOT_WALLET_SEED must be 64 hex characters (a 32-byte seed)',
    );
    expectNoPieceOf(run.stderr, seed);
  });

  it('boots on a fresh data folder, answers /healthz, and exits 0 on SIGTERM', async () => {
    const dataDir = tempDir('main-data');
    const { child, output, exited } = startMain({
      NODE_ENV: 'development',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_DIST: join(dataDir, 'no-app'),
      LOG_LEVEL: 'warn',
    });
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line: ${output.stdout} ${output.stderr}`)), START_WAIT_MS);
      child.stdout.on('data', () => {
        const match = /listening on (http:\/\/\S+)/.exec(output.stdout);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      void exited.then((run) => reject(new Error(`exited early: ${run.stderr}`)));
    });
    // Logs are JSON lines; the ready line is the one line for a person.
    const plain = output.stdout
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('{'));
    expect(plain).toEqual([expect.stringMatching(/^TON Arcade server listening on http:\/\/127\.0\.0\.1:\d+ /)]);

    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', db: 'ok' });
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(503);

    child.kill('SIGTERM');
    const run = await exited;
    expect(run.code).toBe(0);
  });
});
