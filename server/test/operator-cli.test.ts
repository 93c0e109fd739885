import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config';
import { operatorCommands, operatorDatabase } from '../src/operator';
import { createPostgresDatabase } from './helpers';

const SERVER_DIR = fileURLToPath(new URL('..', import.meta.url));
const DATABASE_URL = 'postgres://arcade@db:5432/arcade';

/** Runs the operator CLI (src/cli.ts through tsx) with only the given environment. */
function operator(argv: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...argv], {
    cwd: SERVER_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

function refusal(argv: string[], env: Record<string, string>): string {
  try {
    operatorDatabase(argv, env, '/repo');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('the operator commands need only what they use', () => {
  it('reading commands, migrate (and the usage) need only DATABASE_URL in production', () => {
    for (const argv of [['migrate'], ['audit'], ['deposits:unknown'], ['withdrawals:review'], [], ['no-such-command']]) {
      expect(operatorDatabase(argv, { DATABASE_URL }, '/repo'), argv.join(' ')).toEqual({
        production: true,
        databaseUrl: DATABASE_URL,
        connections: { directUrl: DATABASE_URL, pooler: 'none', poolSize: 10, statementTimeoutMs: 30_000 },
        dataDir: '/repo/.data/pglite',
      });
      expect(refusal(argv, { BOT_TOKEN: '1:a', HOT_WALLET_SEED: 'ab'.repeat(32) })).toBe(
        'Refusing to start in production: missing DATABASE_URL',
      );
    }
    expect(operatorDatabase(['audit'], { NODE_ENV: 'development', DATA_DIR: '/data' }, '/repo')).toMatchObject({
      production: false,
      databaseUrl: null,
      dataDir: '/data',
    });
  });

  it('writing commands still check the whole production configuration', () => {
    const writers = Object.entries(operatorCommands)
      .filter(([, kind]) => kind === 'writes')
      .map(([name]) => name);
    expect(writers).toEqual([
      'deposits:resolve',
      'deposits:dismiss',
      'withdrawals:approve',
      'withdrawals:reject',
      'users:ban',
      'users:unban',
      'gifts:import',
      'play:lift-exclusion',
    ]);
    for (const command of writers) {
      expect(refusal([command, '1'], { DATABASE_URL })).toBe(
        'Refusing to start in production: missing BOT_TOKEN, APP_KEY, JWT_SECRET, HOT_WALLET_SEED, PUBLIC_URL, MINI_APP_URL, TONCENTER_API_KEY, TASK_CHANNEL, BOT_WEBHOOK_SECRET',
      );
    }
    expect(operatorDatabase(['users:ban', '1'], { NODE_ENV: 'development', DATA_DIR: '/data' }, '/repo').dataDir).toBe('/data');
  });

  it('the CLI refuses a writing command in production with DATABASE_URL alone, before touching the database', async () => {
    const run = await operator(['users:ban', '1'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe(
      'Refusing to start in production: missing BOT_TOKEN, APP_KEY, JWT_SECRET, HOT_WALLET_SEED, PUBLIC_URL, MINI_APP_URL, TONCENTER_API_KEY, TASK_CHANNEL, BOT_WEBHOOK_SECRET',
    );
  });

  // Defined only with a PostgreSQL server to audit, never reported as a skipped test.
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) console.log('operator CLI audit of a production database: needs PostgreSQL, not run: DATABASE_URL is not set');
  it.each(serverUrl ? [serverUrl] : [])(
    'the CLI migrates a production database with DATABASE_URL alone, then audits it clean and exits 0',
    async (server) => {
      const { url, drop } = await createPostgresDatabase(server);
      try {
        // Production never migrates behind an operator's back: a reading command refuses a database
        // this release has not migrated, and `migrate`, with DATABASE_URL alone, migrates it.
        const early = await operator(['audit'], { DATABASE_URL: url });
        expect(early.code).toBe(1);
        expect(early.stderr).toContain('The database is not migrated to this release');
        expect(early.stderr).toContain('Run `operator migrate` first');
        const migrate = await operator(['migrate'], { DATABASE_URL: url });
        expect(migrate.stderr).toBe('');
        expect(migrate.code).toBe(0);
        expect(migrate.stdout).toContain('database migrated: ');
        const audit = await operator(['audit'], { DATABASE_URL: url });
        expect(audit.stderr).toBe('');
        expect(audit.code).toBe(0);
        expect(audit.stdout).toContain('audit clean: 0 invariant breaks');
        const review = await operator(['withdrawals:review'], { NODE_ENV: 'production', DATABASE_URL: url });
        expect(review.code).toBe(0);
        expect(review.stdout).toContain('0 withdrawal(s) waiting for review');
      } finally {
        await drop();
      }
    },
  );
});
