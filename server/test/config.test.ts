import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, DEVELOPMENT_APP_KEY, DEVELOPMENT_BOT_TOKEN, DEVELOPMENT_HOT_WALLET_SEED, findRepoRoot, loadConfig } from '../src/config';
import { tempDir } from './helpers';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPO = findRepoRoot();
const STRONG_SECRET = 'a-production-secret-that-is-long-enough-42';
const SEED = 'ab'.repeat(32);

function configError(env: Record<string, string>): string {
  try {
    loadConfig(env, '/repo');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('configuration', () => {
  it('development works with no variables at all, on development secrets', () => {
    const config = loadConfig({}, '/repo');
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
      trustProxy: false,
    });
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('a BOT_TOKEN set in development is used', () => {
    expect(loadConfig({ BOT_TOKEN: '123:abc' }, '/repo').botToken).toBe('123:abc');
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u@db:5432/arcade',
        DATA_DIR: '/data',
        PUBLIC_URL: 'https://arcade.example/',
        MINI_APP_URL: 'https://t.me/arcade_bot/play',
        APP_DIST: '/srv/app',
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '5',
        TRUST_PROXY: 'true',
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
      trustProxy: true,
    });
  });

  it('an empty variable counts as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }, '/repo')).toMatchObject({ port: 8080, databaseUrl: null });
  });

  it('refuses bad values with one line naming them', () => {
    const message = configError({ PORT: 'eighty', LOG_LEVEL: 'loud', PUBLIC_URL: 'arcade.example' });
    expect(message).not.toContain('\n');
    expect(message).toMatch(/^Invalid configuration: /);
    for (const name of ['PORT', 'LOG_LEVEL', 'PUBLIC_URL']) expect(message).toContain(name);
    expect(configError({ PORT: '70000' })).toContain('PORT');
    expect(configError({ DATABASE_URL: 'mysql://x' })).toContain('DATABASE_URL');
  });

  it('production refuses to start without BOT_TOKEN, APP_KEY, JWT_SECRET and HOT_WALLET_SEED, naming each', () => {
    const message = configError({ NODE_ENV: 'production' });
    expect(message).toBe('Refusing to start in production: missing BOT_TOKEN, APP_KEY, JWT_SECRET, HOT_WALLET_SEED');
    expect(configError({ NODE_ENV: 'production', BOT_TOKEN: '1:a', JWT_SECRET: STRONG_SECRET, HOT_WALLET_SEED: SEED })).toBe(
      'Refusing to start in production: missing APP_KEY',
    );
  });

  it('production refuses the emulated chain and the development hot wallet', () => {
    const secrets = { NODE_ENV: 'production', BOT_TOKEN: '1:a', APP_KEY: 'k', JWT_SECRET: STRONG_SECRET };
    expect(configError({ ...secrets, HOT_WALLET_SEED: SEED, TON_CHAIN: 'sandbox' })).toContain('TON_CHAIN=sandbox is an emulated chain');
    expect(configError({ ...secrets, HOT_WALLET_SEED: DEVELOPMENT_HOT_WALLET_SEED })).toContain('HOT_WALLET_SEED is the development seed');
    expect(configError({ ...secrets, HOT_WALLET_SEED: 'xyz' })).toContain('HOT_WALLET_SEED');
  });

  it('development runs on the emulated chain and testnet addresses; production on toncenter and mainnet', () => {
    expect(loadConfig({}, '/repo').ton).toMatchObject({ chain: 'sandbox', network: 'testnet', highloadTimeout: 3600 });
    const live = loadConfig({ NODE_ENV: 'production', BOT_TOKEN: '1:a', APP_KEY: 'k', JWT_SECRET: STRONG_SECRET, HOT_WALLET_SEED: SEED }, '/repo');
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
    const config = loadConfig({ NODE_ENV: 'production', BOT_TOKEN: '1:a', APP_KEY: 'k', JWT_SECRET: STRONG_SECRET, HOT_WALLET_SEED: SEED }, '/repo');
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
      const timer = setTimeout(() => reject(new Error(`no ready line: ${output.stdout} ${output.stderr}`)), 60_000);
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
    const plain = output.stdout.trim().split('\n').filter((line) => !line.startsWith('{'));
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
