import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../src/db/db';
import { freePort, fund, launchData, serverProcessEnv, TEST_APP_KEY, waitHealthy } from '../test/helpers';

export const main = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');
export const jsonHeaders = { 'content-type': 'application/json', 'x-app-key': TEST_APP_KEY };

export interface BuiltServer {
  address: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * BENCH_READ_REPLICA: a streaming replica of DATABASE_URL's server (scripts/replica.sh makes one),
 * given as any of its databases' URL: the server reads its lag-tolerant calls from the same
 * database there.
 */
function readReplicaEnv(databaseUrl: string): Record<string, string> {
  const replica = process.env.BENCH_READ_REPLICA;
  if (!replica) return {};
  const url = new URL(replica);
  url.pathname = new URL(databaseUrl).pathname;
  return { DATABASE_READ_URL: url.toString() };
}

/**
 * The production build (server/dist) in its own process on the given PostgreSQL database, as it
 * runs in production: the load generator in this process never shares its event loop. With
 * BENCH_READ_REPLICA, with a read replica.
 */
export async function startBuiltServer(databaseUrl: string, extraArgs: string[] = []): Promise<BuiltServer> {
  if (!existsSync(main)) throw new Error('Build first: pnpm -s run build at the root');
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [...extraArgs, main], {
    env: { ...serverProcessEnv(databaseUrl, port), ...readReplicaEnv(databaseUrl) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  await waitHealthy(address, () => server.exitCode !== null);
  return {
    address,
    pid: server.pid!,
    async stop() {
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/** Logs a player in over HTTP and credits them TON straight in the book (a deposit). */
export async function fundedPlayer(db: Db, address: string, id: number, ton: string): Promise<string> {
  const auth = await fetch(`${address}/api/v3/auth`, {
    method: 'POST',
    headers: jsonHeaders,
    body: JSON.stringify({ initData: launchData({ id }) }),
  });
  const token = ((await auth.json()) as { data: { token: string } }).data.token;
  // Bets wait for the 18+ confirmation, as the app asks it before the first one.
  const confirmed = await fetch(`${address}/api/v3/play/age-confirm`, {
    method: 'POST',
    headers: { ...jsonHeaders, authorization: `Bearer ${token}` },
    body: '{}',
  });
  if (confirmed.status !== 200) throw new Error(`play/age-confirm: ${confirmed.status}`);
  await fund(db, BigInt(id), ton, `bench-fund-${id}`);
  return token;
}
