import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { openDb } from '../src/db/db';
import { audit, SYSTEM_SHARDS } from '../src/domain/ledger';
import { BET_RULES } from '../src/domain/games/bet-batches';
import { createPostgresDatabase, freePort } from '../test/helpers';
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

const here = dirname(fileURLToPath(import.meta.url));
const FIRST_PLAYER = 900_000_000;
const STAKE_NANO = 10_000_000n; // 0.01 TON, the stake the HTTP load bets
const FLIP_MULTIPLIER = 19_800; // 1.98x in ten-thousandths, as a flip pays at a 1% house edge

// pgbench's tpcb-like transactions at a scale of the client count: one branch row per client, so
// it measures transactions, not waits on ten hot branch rows.
const { url: pgbenchUrl, drop: dropPgbench } = await createPostgresDatabase(serverUrl);
execFileSync('pgbench', ['-i', '-s', String(CONNECTIONS), '-q', pgbenchUrl], { stdio: 'ignore' });
const loadNow = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
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
  /** The machine's load average (1, 5, 15 min) when the run ended. */
  load: string;
  tps: number;
  transactions: number;
  latencies: number[];
  serverCpu: number | null;
  clientCpu: number;
  wal: number;
}

/**
 * One pgbench run of SECONDS (tpcb-like by default, or a script with `-f`), from a shell that
 * reports its reaped children's CPU time (pgbench's own).
 */
async function pgbench(url = pgbenchUrl, clients = CONNECTIONS, extra: string[] = []): Promise<PgbenchRun> {
  const walFrom = await walNow();
  const pgBefore = postgresCpuMs();
  // --log: one line per transaction, its latency in microseconds third.
  const logs = mkdtempSync(join(tmpdir(), 'arcade-pgbench-'));
  const out = execFileSync(
    'sh',
    [
      '-c',
      'pgbench "$@" && echo && cat /proc/$$/stat',
      'sh',
      '-c',
      String(clients),
      '-j',
      String(Math.min(2, clients)),
      '-T',
      String(SECONDS),
      '--log',
      `--log-prefix=${join(logs, 'tx')}`,
      ...extra,
      url,
    ],
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
    load: loadNow(),
    tps: Number(/tps = ([\d.]+)/.exec(out)?.[1] ?? 0),
    transactions: Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0),
    latencies,
    serverCpu,
    clientCpu: (Number(shellFields[13]) + Number(shellFields[14])) * 10,
    wal,
  };
}

// tpcb-like runs before and after the bets (its figure swings with the machine's other work): the
// higher of the two is kept.
const pgbenchBefore = await pgbench();

const { url, drop } = await createPostgresDatabase(serverUrl);
// The production build migrates the new database as it starts (development mode), with its own
// copy of the migrations; its metrics tell the batches' sizes.
const metricsPort = await freePort();
process.env.METRICS_PORT = String(metricsPort);
const server = await startBuiltServer(url, process.env.BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_PROFILE] : []);
delete process.env.METRICS_PORT;
const db = await openDb({ kind: 'postgres', url, maxConnections: 4 });
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
const loadBefore = loadNow();
const result = await load(SECONDS);
const loadAfter = loadNow();
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
// The bets each call of the bet function carried, on average (the server's own histogram).
const batchSize = await fetch(`http://127.0.0.1:${metricsPort}/metrics`)
  .then((r) => r.text())
  .then((text) => {
    const sum = Number(/^arcade_bet_batch_size_sum (\S+)/m.exec(text)?.[1]);
    const count = Number(/^arcade_bet_batch_size_count (\S+)/m.exec(text)?.[1]);
    return count > 0 ? sum / count : null;
  })
  .catch(() => null);
await server.stop();

// The same work without the product around it, on the product's own database after its run (its
// schema, its 64 players with their seed pairs, accounts and history): one bet per transaction, as
// plain statements, at the same 32 clients; and the product's batches, the bet function called by
// one client (a server has one batch in flight) with as many bets per call as the product averaged.
const pgbenchVars = (vars: Record<string, string | number | bigint>) =>
  Object.entries(vars).flatMap(([name, value]) => ['-D', `${name}=${value}`]);
const common = { base: FIRST_PLAYER, players: PLAYERS, stake: STAKE_NANO, multiplier: FLIP_MULTIPLIER };
const tryPgbench = async (...args: Parameters<typeof pgbench>): Promise<PgbenchRun | string> => {
  try {
    return await pgbench(...args);
  } catch (error) {
    return String((error as { stderr?: string }).stderr || (error as Error).message)
      .trim()
      .split('\n')
      .slice(-2)
      .join(' ');
  }
};
const perBet = await tryPgbench(url, CONNECTIONS, [
  '-n',
  '-M',
  'prepared',
  '-f',
  join(here, 'pgbench-bet.sql'),
  ...pgbenchVars({ ...common, clients: CONNECTIONS, shards: SYSTEM_SHARDS }),
]);
const BATCH = Math.max(1, Math.min(PLAYERS, Math.round(batchSize ?? 16)));
// The product's rules, as the server passes them to the bet function after the bets.
const rules = BET_RULES.map((rule) => `'${rule.value}'::${rule.type}`).join(', ');
const batchScript = join(mkdtempSync(join(tmpdir(), 'arcade-pgbench-batch-')), 'batch.sql');
writeFileSync(batchScript, readFileSync(join(here, 'pgbench-bet-batch.sql'), 'utf8').replaceAll('{{rules}}', rules));
const batched = await tryPgbench(url, 1, [
  '-n',
  '-M',
  'prepared',
  '-f',
  batchScript,
  ...pgbenchVars({ ...common, clients: 1, batch: BATCH }),
]);
rmSync(dirname(batchScript), { recursive: true, force: true });

const pgbenchAfter = await pgbench();
await dropPgbench();
const ceiling = pgbenchAfter.tps > pgbenchBefore.tps ? pgbenchAfter : pgbenchBefore;
const { tps, transactions, serverCpu: pgbenchServerCpu, clientCpu: pgbenchClientCpu, wal: pgbenchWal } = ceiling;
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
      console.log(
        `  ${row.kind.padEnd(28)} ${(Number(row.count) / total).toFixed(2).padStart(6)} ${(Number(row.record) / total).toFixed(0).padStart(6)} B ${(Number(row.fpi) / total).toFixed(0).padStart(6)} B`,
      );
    }
  } finally {
    await admin.close();
  }
}
// The peers' bets went through the same book: the audit covers them too.
const sound = await audit(db);
await db.close();
await drop();

const bets = result.requests.total;
const productRate = result.requests.average;
const perBetMs = (ms: number | null) => (ms === null ? '?' : (ms / bets).toFixed(2));
const per = (ms: number | null, n: number) => (ms === null || n === 0 ? '?' : (ms / n).toFixed(2));
const kib = (bytes: number, n: number) => `${(bytes / Math.max(1, n) / 1024).toFixed(1)} KiB`;
const latency = (run: PgbenchRun) => `p50 ${quantile(run.latencies, 0.5).toFixed(1)} / p99 ${quantile(run.latencies, 0.99).toFixed(1)} ms`;
const share = (peerRate: number) => `${((productRate / peerRate) * 100).toFixed(0)} %`;
const WHY_PER_BET =
  'pgbench-bet.sql: a flip in TON as the bet function writes it (users row lock, player + key + seed pair + stats read, the house row of the session then accounts locked, nonce taken, round, stake and payout movements with journal rows, balances, stats upsert, key with reply), one bet per transaction, prepared statements (-M prepared), 32 clients each betting for its own 2 of the same 64 players';
const WHY_BATCHED = `pgbench-bet-batch.sql: one call of the product's bet function with ${BATCH} flips of distinct players per transaction (the product's mean batch${batchSize === null ? ' was not read; 16 assumed' : ` was ${batchSize.toFixed(1)}`}), 1 client as a server has one batch in flight, prepared`;
const rows: BenchRow[] = [
  {
    name: 'flip bets per second over HTTP',
    value: `${productRate.toFixed(0)} /s`,
    peer: typeof perBet === 'string' ? 'not measured' : `${perBet.tps.toFixed(0)} bets/s`,
    target: '>= 0.8 x the per-bet peer',
    note: `peer: ${WHY_PER_BET}. ${typeof perBet === 'string' ? `It failed: ${perBet}` : `load average ${perBet.load}`}; product: 32 autocannon connections, 64 players, load average ${loadBefore} before and ${loadAfter} after`,
  },
  {
    name: 'share of the per-bet peer',
    value: typeof perBet === 'string' ? '?' : share(perBet.tps),
    target: '>= 80 %',
    note: 'the same bets, each its own transaction of plain statements: what batching and the server add or cost',
  },
  {
    name: 'share of the batched peer',
    value: typeof batched === 'string' ? '?' : share(batched.tps * BATCH),
    peer: typeof batched === 'string' ? 'not measured' : `${(batched.tps * BATCH).toFixed(0)} bets/s (${batched.tps.toFixed(0)} calls/s)`,
    note: `peer: ${WHY_BATCHED}. ${typeof batched === 'string' ? `It failed: ${batched}` : `load average ${batched.load}`}; the gap is HTTP, the server's checks and the outcome's work`,
  },
  {
    name: 'share of pgbench tpcb-like',
    value: share(tps),
    peer: `${tps.toFixed(0)} tps`,
    note: `pgbench's own transaction (3 updates, 1 select, 1 insert) at scale ${CONNECTIONS} (one branch per client, so no branch row is hot), 32 clients; before and after the bets: ${pgbenchBefore.tps.toFixed(0)} and ${pgbenchAfter.tps.toFixed(0)} tps (load average ${pgbenchBefore.load}, ${pgbenchAfter.load}), the higher kept. Not the same work: the scale of what PostgreSQL does here`,
  },
  {
    name: 'bet latency p50 / p99',
    value: `${result.latency.p50} / ${result.latency.p99} ms`,
    peer: typeof perBet === 'string' ? '' : `per-bet ${latency(perBet)}`,
    target: 'p99 < 50 ms',
    note: `${typeof batched === 'string' ? '' : `batched peer: a call of ${BATCH} bets ${latency(batched)}; `}tpcb-like ${latency(ceiling)}; closed loop (autocannon) on both sides`,
  },
  { name: 'non-2xx answers', value: String(result.non2xx), target: '0' },
  {
    name: 'CPU per bet: server, PostgreSQL, load generator',
    value: `${perBetMs(cpu.server)} + ${perBetMs(cpu.postgres)} + ${perBetMs(cpu.load)} ms`,
    peer:
      typeof perBet === 'string'
        ? ''
        : `per-bet: PostgreSQL ${per(perBet.serverCpu, perBet.transactions)} + pgbench ${per(perBet.clientCpu, perBet.transactions)} ms`,
    note: `CPU time used during the measured run divided by its bets; ${typeof batched === 'string' ? '' : `batched peer: PostgreSQL ${per(batched.serverCpu, batched.transactions * BATCH)} ms per bet; `}tpcb-like: PostgreSQL ${per(pgbenchServerCpu, transactions)} + client ${per(pgbenchClientCpu, transactions)} ms per transaction; 2 cores in all`,
  },
  {
    name: 'write-ahead log per bet',
    value: kib(betsWal, bets),
    peer: typeof perBet === 'string' ? '' : `per-bet ${kib(perBet.wal, perBet.transactions)}`,
    note: `${typeof batched === 'string' ? '' : `batched peer ${kib(batched.wal, batched.transactions * BATCH)} per bet; `}tpcb-like ${kib(pgbenchWal, transactions)} per transaction`,
  },
  {
    name: 'ledger audit after the run',
    value: sound.ok ? `clean (${sound.transactions} movements)` : `${sound.problems.length} breaks`,
    target: 'clean',
    note: "the product's bets and both peers' bets, in one book",
  },
];
report('Bets per second on PostgreSQL', rows);
