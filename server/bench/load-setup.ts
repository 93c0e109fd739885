import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sign } from '@tma.js/init-data-node';
import type { Queryable } from '../src/db/db';
import { createDatabaseOn } from '../src/db/server-admin';
import { actingAs } from '../src/domain/actor';
import { post } from '../src/domain/ledger';

/**
 * What `pnpm bench load` needs besides HTTP: a fresh database, the production build started on
 * it, signed launch data and a deposit in the book. The same as test/helpers.ts and
 * bench/built-server.ts do it, without importing them: they load the whole server's source, and
 * the load should reach the games only over HTTP, whatever their code looks like meanwhile.
 */

export const BOT_TOKEN = '7000000001:TEST-token-for-the-server-suite';
export const APP_KEY = 'test-app-key';
const JWT_SECRET = 'test-jwt-secret-that-is-long-enough-0123456789';
const main = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');

/** An empty database on the server of `serverUrl`, and how to drop it. */
export async function createDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `arcade_load_${process.pid}_${randomBytes(4).toString('hex')}`;
  return createDatabaseOn(serverUrl, name);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface LoadServer {
  address: string;
  pid: number;
  stop(): Promise<void>;
}

/** The production build (server/dist) in its own process on the database, as the tests' server processes run. */
export async function startServer(databaseUrl: string): Promise<LoadServer> {
  if (!existsSync(main)) throw new Error('Build first: pnpm -s run build at the root');
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    BOT_TOKEN,
    APP_KEY,
    JWT_SECRET,
    PUBLIC_URL: 'https://arcade.example',
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    WORKERS: 'false',
    SEED_MARKET: 'false',
    AUTH_RATE_LIMIT: '1000000',
    MONEY_RATE_LIMIT: '1000000',
  };
  const server = spawn(process.execPath, [main], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  for (let waited = 0; ; waited += 100) {
    if (
      await fetch(`${address}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (waited > 60_000 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    address,
    pid: server.pid!,
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** Launch data for the player, signed as Telegram would sign it. */
export function launchData(id: number, startParam?: string): string {
  return sign(
    {
      user: { id, first_name: 'Load' },
      chat_type: 'sender',
      chat_instance: '8428209589180549439',
      ...(startParam ? { start_param: startParam } : {}),
    },
    BOT_TOKEN,
    new Date(),
  );
}

/** Credits a player TON in the book, as a deposit from the chain would (the operator's movement). */
export function deposit(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  userId: number,
  nanotons: bigint,
  reference: string,
) {
  return db.transaction((tx) =>
    actingAs({ job: 'operator' }, () =>
      post(tx, {
        kind: 'deposit',
        userId: BigInt(userId),
        reference,
        postings: [
          { account: { system: 'deposits' }, amount: -nanotons },
          { account: { user: BigInt(userId), kind: 'ton' }, amount: nanotons },
        ],
      }),
    ),
  );
}
