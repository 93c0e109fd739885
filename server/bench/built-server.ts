import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toNano } from '@arcade/api-client/money';
import type { Db } from '../src/db/db';
import { post } from '../src/domain/ledger';
import { launchData, TEST_APP_KEY, TEST_BOT_TOKEN, TEST_JWT_SECRET } from '../test/helpers';

export const main = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');
export const jsonHeaders = { 'content-type': 'application/json', 'x-app-key': TEST_APP_KEY };

export interface BuiltServer {
  address: string;
  stop(): Promise<void>;
}

/**
 * The production build (server/dist) in its own process on the given PostgreSQL database, as it
 * runs in production: the load generator in this process never shares its event loop.
 */
export async function startBuiltServer(databaseUrl: string, extraArgs: string[] = []): Promise<BuiltServer> {
  if (!existsSync(main)) throw new Error('Build first: pnpm -s run build at the root');
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const address = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...extraArgs, main], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      BOT_TOKEN: TEST_BOT_TOKEN,
      APP_KEY: TEST_APP_KEY,
      JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_URL: 'https://arcade.example',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WORKERS: 'false',
      SEED_MARKET: 'false',
      AUTH_RATE_LIMIT: '1000000',
      MONEY_RATE_LIMIT: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  for (let waited = 0; ; waited += 100) {
    const healthy = await fetch(`${address}/healthz`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (waited > 60_000 || server.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    address,
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** Logs a player in over HTTP and credits them TON straight in the book (a deposit). */
export async function fundedPlayer(db: Db, address: string, id: number, ton: string): Promise<string> {
  const auth = await fetch(`${address}/api/v3/auth`, { method: 'POST', headers: jsonHeaders, body: JSON.stringify({ initData: launchData({ id }) }) });
  const token = ((await auth.json()) as { data: { token: string } }).data.token;
  await db.transaction((tx) =>
    post(tx, {
      kind: 'deposit',
      userId: BigInt(id),
      reference: `bench-fund-${id}`,
      postings: [
        { account: { system: 'deposits' }, amount: -toNano(ton) },
        { account: { user: BigInt(id), kind: 'ton' }, amount: toNano(ton) },
      ],
    }),
  );
  return token;
}
