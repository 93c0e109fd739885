import { execFileSync } from 'node:child_process';
import autocannon from 'autocannon';
import { toNano } from '@arcade/api-client/money';
import { buildServer } from '../src/app';
import { openTon } from '../src/adapters/chain/open-chain';
import { openDb } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { audit, post } from '../src/domain/ledger';
import { createPostgresDatabase, launchData, TEST_APP_KEY, testConfig } from '../test/helpers';
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
const db = await openDb({ kind: 'postgres', url, maxConnections: 20 });
await migrate(db);
const config = testConfig({ LOG_LEVEL: 'silent', AUTH_RATE_LIMIT: '1000000' });
const app = await buildServer({ config, db, ton: await openTon(config.ton) });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const tokens: string[] = [];
for (let i = 0; i < PLAYERS; i++) {
  const id = 900_000_000 + i;
  const auth = await app.inject({ method: 'POST', url: '/api/v3/auth', headers: { 'content-type': 'application/json', 'x-app-key': TEST_APP_KEY }, payload: { initData: launchData({ id }) } });
  tokens.push(auth.json<{ data: { token: string } }>().data.token);
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
const result = await autocannon({
  url: `${address}/api/v3/games/flip`,
  connections: CONNECTIONS,
  duration: SECONDS,
  requests: [
    {
      method: 'POST',
      setupRequest: (request) => {
        const n = sequence++;
        return {
          ...request,
          headers: { 'content-type': 'application/json', 'x-app-key': TEST_APP_KEY, authorization: `Bearer ${tokens[n % PLAYERS]}` },
          body: JSON.stringify({ stake: '0.01', currency: 'ton', side: n % 2 ? 'heads' : 'tails', idempotencyKey: `bench-flip-${n}` }),
        };
      },
    },
  ],
});
const sound = await audit(db);
await app.close();
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
