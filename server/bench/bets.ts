import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { toNano } from '@arcade/api-client/money';
import { openDb } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { audit, post } from '../src/domain/ledger';
import { createPostgresDatabase, launchData, TEST_APP_KEY, TEST_BOT_TOKEN, TEST_JWT_SECRET } from '../test/helpers';
import { report, type BenchRow } from './common';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('bets per second: set DATABASE_URL to a PostgreSQL server (the benchmark compares with pgbench on it)');
  process.exit(0);
}
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PLAYERS = 64;
const CONNECTIONS = 32;

// The ceiling: pgbench's tpcb-like transactions on the same server.
const { url: pgbenchUrl, drop: dropPgbench } = await createPostgresDatabase(serverUrl);
execFileSync('pgbench', ['-i', '-s', '10', '-q', pgbenchUrl], { stdio: 'ignore' });
const pgbenchOut = execFileSync('pgbench', ['-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), pgbenchUrl], { encoding: 'utf8' });
await dropPgbench();
const tps = Number(/tps = ([\d.]+)/.exec(pgbenchOut)?.[1] ?? 0);

const { url, drop } = await createPostgresDatabase(serverUrl);
const db = await openDb({ kind: 'postgres', url, maxConnections: 4 });
await migrate(db);

// The production build in its own process, as it runs in production (the load generator here
// must not share its event loop).
const main = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'main.js');
if (!existsSync(main)) {
  console.log('bets per second: build first (pnpm -s run build at the root)');
  process.exit(0);
}
const port = 20_000 + Math.floor(Math.random() * 20_000);
const address = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [...(process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []), main], {
  env: {
    ...process.env,
    NODE_ENV: 'test',
    BOT_TOKEN: TEST_BOT_TOKEN,
    APP_KEY: TEST_APP_KEY,
    JWT_SECRET: TEST_JWT_SECRET,
    PUBLIC_URL: 'https://arcade.example',
    DATABASE_URL: url,
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
const serverExited = new Promise((resolve) => server.once('exit', resolve));
for (let waited = 0; ; waited += 100) {
  const healthy = await fetch(`${address}/healthz`).then((r) => r.ok, () => false);
  if (healthy) break;
  if (waited > 60_000 || server.exitCode !== null) throw new Error('the server did not start');
  await new Promise((resolve) => setTimeout(resolve, 100));
}

const headers = { 'content-type': 'application/json', 'x-app-key': TEST_APP_KEY };
const tokens: string[] = [];
for (let i = 0; i < PLAYERS; i++) {
  const id = 900_000_000 + i;
  const auth = await fetch(`${address}/api/v3/auth`, { method: 'POST', headers, body: JSON.stringify({ initData: launchData({ id }) }) });
  tokens.push(((await auth.json()) as { data: { token: string } }).data.token);
  await db.transaction((tx) =>
    post(tx, {
      kind: 'deposit',
      userId: BigInt(id),
      reference: `bench-${id}`,
      postings: [
        { account: { system: 'deposits' }, amount: -toNano('100000') },
        { account: { user: BigInt(id), kind: 'ton' }, amount: toNano('100000') },
      ],
    }),
  );
}

let sequence = 0;
const load = (seconds: number) =>
  autocannon({
    url: `${address}/api/v3/games/flip`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          const n = sequence++;
          return {
            ...request,
            headers: { ...headers, authorization: `Bearer ${tokens[n % PLAYERS]}` },
            body: JSON.stringify({ stake: '0.01', currency: 'ton', side: n % 2 ? 'heads' : 'tails', idempotencyKey: `bench-flip-${n}` }),
          };
        },
      },
    ],
  });
// A short warm-up (connections opened, statements prepared, code optimised), then the measured run.
await load(3);
const result = await load(SECONDS);
server.kill('SIGTERM');
await serverExited;
const sound = await audit(db);
await db.close();
await drop();

const rows: BenchRow[] = [
  { name: 'flip bets per second over HTTP', value: `${result.requests.average.toFixed(0)} /s`, peer: `pgbench ${tps.toFixed(0)} tps`, target: '>= 0.8 x pgbench' },
  { name: 'share of the pgbench ceiling', value: `${((result.requests.average / tps) * 100).toFixed(0)} %`, target: '>= 80 %' },
  { name: 'bet latency p50', value: `${result.latency.p50} ms` },
  { name: 'bet latency p99', value: `${result.latency.p99} ms`, target: '< 50 ms' },
  { name: 'non-2xx answers', value: String(result.non2xx), target: '0' },
  { name: 'ledger audit after the run', value: sound.ok ? `clean (${sound.transactions} movements)` : `${sound.problems.length} breaks`, target: 'clean' },
];
report('Bets per second on PostgreSQL', rows);
