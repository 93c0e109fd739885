import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { openDb } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { audit } from '../src/domain/ledger';
import { createPostgresDatabase } from '../test/helpers';
import { fundedPlayer, jsonHeaders, startBuiltServer } from './built-server';
import { postgresCpuMs, processCpuMs, quantile, report, type BenchRow } from './common';

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
// Write-ahead log written meanwhile: what a transaction makes PostgreSQL write.
const walNow = async (): Promise<string> => {
  const admin = await openDb({ kind: 'postgres', url: serverUrl, maxConnections: 1 });
  try {
    return (await admin.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]!.lsn;
  } finally {
    await admin.close();
  }
};
const walBytes = (from: string, to: string): number => {
  const value = (lsn: string) => {
    const [high, low] = lsn.split('/') as [string, string];
    return parseInt(high, 16) * 2 ** 32 + parseInt(low, 16);
  };
  return value(to) - value(from);
};

interface PgbenchRun {
  tps: number;
  transactions: number;
  latencies: number[];
  serverCpu: number | null;
  clientCpu: number;
  wal: number;
}

/** One pgbench run of SECONDS on the tpcb-like database, from a shell that reports its reaped children's CPU time (pgbench's own). */
async function pgbench(): Promise<PgbenchRun> {
  const walFrom = await walNow();
  const pgBefore = postgresCpuMs();
  // --log: one line per transaction, its latency in microseconds third.
  const logs = mkdtempSync(join(tmpdir(), 'arcade-pgbench-'));
  const out = execFileSync(
    'sh',
    ['-c', 'pgbench "$@" && echo && cat /proc/$$/stat', 'sh', '-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), '--log', `--log-prefix=${join(logs, 'tx')}`, pgbenchUrl],
    { encoding: 'utf8' },
  );
  const latencies = readdirSync(logs)
    .flatMap((file) => readFileSync(join(logs, file), 'utf8').trim().split('\n'))
    .map((line) => Number(line.split(' ')[2]) / 1000)
    .filter((ms) => Number.isFinite(ms))
    .sort((x, y) => x - y);
  rmSync(logs, { recursive: true, force: true });
  const serverCpu = pgBefore === null ? null : postgresCpuMs()! - pgBefore;
  const wal = walBytes(walFrom, await walNow());
  const shellStat = out.trim().split('\n').at(-1)!;
  const shellFields = shellStat.slice(shellStat.lastIndexOf(')') + 2).split(' ');
  return {
    tps: Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0),
    transactions: Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0),
    latencies,
    serverCpu,
    clientCpu: (Number(shellFields[13]) + Number(shellFields[14])) * 10,
    wal,
  };
}

// pgbench runs before and after the bets (its figure swings with the machine's other work, its
// ten branch rows being hot): the ceiling is the higher of the two.
const pgbenchBefore = await pgbench();

const { url, drop } = await createPostgresDatabase(serverUrl);
const db = await openDb({ kind: 'postgres', url, maxConnections: 4 });
await migrate(db);

const server = await startBuiltServer(url, process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []);
const address = server.address;
const headers = jsonHeaders;
const tokens: string[] = [];
for (let i = 0; i < PLAYERS; i++) tokens.push(await fundedPlayer(db, address, 900_000_000 + i, '100000'));

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
const betsWalFrom = await walNow();
const cpuBefore = { server: processCpuMs(server.pid), postgres: postgresCpuMs(), load: process.cpuUsage() };
// BENCH_PERF=<file>: a system-wide perf profile of the measured run (where PostgreSQL's CPU goes).
const perf = process.env.BENCH_PERF
  ? spawn('perf', ['record', '-a', '-g', '-F', '999', '-o', process.env.BENCH_PERF, '--', 'sleep', String(SECONDS)], { stdio: 'ignore' })
  : null;
const result = await load(SECONDS);
if (perf && perf.exitCode === null) await new Promise((done) => perf.once('exit', done));
const betsWalTo = await walNow();
const betsWal = walBytes(betsWalFrom, betsWalTo);
const cpu = {
  server: processCpuMs(server.pid) - cpuBefore.server,
  postgres: cpuBefore.postgres === null ? null : postgresCpuMs()! - cpuBefore.postgres,
  load: (() => {
    const used = process.cpuUsage(cpuBefore.load);
    return (used.user + used.system) / 1000;
  })(),
};
await server.stop();
const pgbenchAfter = await pgbench();
await dropPgbench();
const ceiling = pgbenchAfter.tps > pgbenchBefore.tps ? pgbenchAfter : pgbenchBefore;
const { tps, transactions, latencies: pgbenchLatencies, serverCpu: pgbenchServerCpu, clientCpu: pgbenchClientCpu, wal: pgbenchWal } = ceiling;
// BENCH_WAL=1: what the bets' write-ahead log is made of (pg_walinspect, PostgreSQL 15+, superuser).
if (process.env.BENCH_WAL) {
  const admin = await openDb({ kind: 'postgres', url: serverUrl, maxConnections: 1 });
  try {
    await admin.query('CREATE EXTENSION IF NOT EXISTS pg_walinspect');
    const { rows } = await admin.query<{ kind: string; count: bigint; record: bigint; fpi: bigint }>(
      `SELECT "resource_manager/record_type" AS kind, count, record_size AS record, fpi_size AS fpi
         FROM pg_get_wal_stats($1::pg_lsn, $2::pg_lsn, true) WHERE count > 0 ORDER BY combined_size DESC LIMIT 16`,
      [betsWalFrom, betsWalTo],
    );
    const total = result.requests.total;
    console.log('write-ahead log per bet by record: count, bytes, full-page-image bytes');
    for (const row of rows) {
      console.log(`  ${row.kind.padEnd(28)} ${(Number(row.count) / total).toFixed(2).padStart(6)} ${(Number(row.record) / total).toFixed(0).padStart(6)} B ${(Number(row.fpi) / total).toFixed(0).padStart(6)} B`);
    }
  } finally {
    await admin.close();
  }
}
const sound = await audit(db);
await db.close();
await drop();

const bets = result.requests.total;
const perBet = (ms: number | null) => (ms === null ? '?' : (ms / bets).toFixed(2));
const perTx = (ms: number | null) => (ms === null || transactions === 0 ? '?' : (ms / transactions).toFixed(2));
const rows: BenchRow[] = [
  {
    name: 'flip bets per second over HTTP',
    value: `${result.requests.average.toFixed(0)} /s`,
    peer: `pgbench ${tps.toFixed(0)} tps`,
    target: '>= 0.8 x pgbench',
    note: `pgbench before and after the bets: ${pgbenchBefore.tps.toFixed(0)} and ${pgbenchAfter.tps.toFixed(0)} tps, the higher is the ceiling`,
  },
  { name: 'share of the pgbench ceiling', value: `${((result.requests.average / tps) * 100).toFixed(0)} %`, target: '>= 80 %' },
  { name: 'bet latency p50', value: `${result.latency.p50} ms`, peer: `pgbench ${quantile(pgbenchLatencies, 0.5).toFixed(1)} ms` },
  { name: 'bet latency p99', value: `${result.latency.p99} ms`, peer: `pgbench ${quantile(pgbenchLatencies, 0.99).toFixed(1)} ms`, target: '< 50 ms' },
  { name: 'non-2xx answers', value: String(result.non2xx), target: '0' },
  {
    name: 'CPU per bet: server, PostgreSQL, load generator',
    value: `${perBet(cpu.server)} + ${perBet(cpu.postgres)} + ${perBet(cpu.load)} ms`,
    peer: `pgbench: PostgreSQL ${perTx(pgbenchServerCpu)} + client ${perTx(pgbenchClientCpu)} ms per transaction`,
    note: 'CPU time used during the measured run divided by its bets (pgbench: by its transactions); 2 cores in all',
  },
  {
    name: 'write-ahead log per bet',
    value: `${(betsWal / bets / 1024).toFixed(1)} KiB`,
    peer: `pgbench ${(pgbenchWal / Math.max(1, transactions) / 1024).toFixed(1)} KiB per transaction`,
  },
  { name: 'ledger audit after the run', value: sound.ok ? `clean (${sound.transactions} movements)` : `${sound.problems.length} breaks`, target: 'clean' },
];
report('Bets per second on PostgreSQL', rows);
