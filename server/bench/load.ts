import { execFileSync } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDb } from '../src/db/db';
import { audit } from '../src/domain/ledger';
import { postgresCpuMs, processCpuMs, quantile, report, type BenchRow } from './common';
import { createDatabase, deposit, launchData, startServer, type LoadServer } from './load-setup';
import { GAMES, MEAN_THINK_MS, runPlayers, Target, type CallRecord, type Game, type Player } from './load-generator';

/**
 * `pnpm bench load`: an open-loop bet load with a player mix against the production build on
 * PostgreSQL. Players think (exponential, mean 3 s) and bet: flip and roll at many stakes and
 * chances, road rounds (start, a few steps, cash out); 40% were referred by other players, a
 * quarter wager a daily bonus, and new players keep arriving and making their first bets. The
 * offered rate steps up to find the knee (the highest rate held with p99 < 50 ms and at least 95%
 * of it achieved), then the same players bet through one and through two server processes.
 */

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('bet load: set DATABASE_URL to a PostgreSQL server (the load runs the production build on it)');
  process.exit(0);
}

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const STEP_SECONDS = env('LOAD_STEP_SECONDS', 10);
const WARMUP_SECONDS = env('LOAD_WARMUP_SECONDS', 2);
/** After a step, a backlog of calls still due is given up this long after its end. */
const DRAIN_SECONDS = env('LOAD_DRAIN_SECONDS', 3);
const RATES = (process.env.LOAD_RATES ?? '100,200,400,800,1600,3300').split(',').map(Number);
const BISECTIONS = env('LOAD_BISECTIONS', 1);
/** The core the server processes share in the pinned pair run (LOAD_PAIR_CPU). */
const PAIR_CPU = process.env.LOAD_PAIR_CPU ?? '0';
/** New players a second signing up and making first bets during every step (issue 30 asks for 10). */
const NEW_PER_SECOND = env('LOAD_NEW_PLAYERS', 10);
const REFERRED = 0.4;
const BONUS = 0.25;
const P99_LIMIT_MS = 50;
const HOLD = 0.95;
const TARGET_RATE = 3_300;
const TARGET_PLAYERS = 10_000;
const TARGET = `target ${TARGET_RATE.toLocaleString('en')} bets/s at p99 < ${P99_LIMIT_MS} ms`;
const TARGET_WHY = `${TARGET_PLAYERS.toLocaleString('en')} players betting every 3 s, the same mix`;

const { url, drop } = await createDatabase(serverUrl);
const servers: LoadServer[] = [];
const targets: Target[] = [];
const opened: Array<{ close(): Promise<void> }> = [];
// A failure part-way still stops the servers and drops the bench database.
process.once('uncaughtException', (error) => {
  console.error(error);
  void (async () => {
    for (const target of targets) target.close();
    await Promise.allSettled(servers.map((server) => server.stop()));
    await Promise.allSettled(opened.map((handle) => handle.close()));
    await drop().catch(() => undefined);
    process.exit(1);
  })();
});
// The server migrates the new database as it starts, with the migrations of its build.
servers.push(await startServer(url));
targets.push(new Target(servers[0]!.address));
const db = await openDb({ kind: 'postgres', url, maxConnections: 8 });
opened.push(db);
const runId = Date.now().toString(36);

/** The bench database's deadlocks so far, from a fresh session (a session's statistics are a snapshot). */
async function deadlocks(): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_stat_force_next_flush()').catch(() => undefined);
    const { rows } = await client.query<{ deadlocks: string }>(
      'SELECT deadlocks::text FROM pg_stat_database WHERE datname = current_database()',
    );
    return Number(rows[0]!.deadlocks);
  } finally {
    await client.end();
  }
}

// Players: logged in over HTTP like the app, funded by a deposit in the book, some referred by an
// earlier player (the signed start_param r_<code>), some with a daily bonus to wager.
const ready: Player[] = [];
const codes = new Map<number, Promise<string>>();
let made = 0;
let stepNumber = 0;
const pickOf = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

async function referralCode(player: Player): Promise<string> {
  let code = codes.get(player.id);
  if (!code) {
    code = targets[0]!.post('/api/v3/referral/info', {}, player.token).then((reply) => {
      if (reply.status !== 200) throw new Error(`referral/info: ${reply.status} ${reply.code ?? ''}`);
      return (reply.data as { code: string }).code;
    });
    codes.set(player.id, code);
  }
  return code;
}

async function makePlayer(): Promise<Player> {
  const id = 800_000_000 + made++;
  const referred = ready.length >= 10 && Math.random() < REFERRED;
  const startParam = referred ? `r_${await referralCode(pickOf(ready))}` : undefined;
  const auth = await targets[0]!.post('/api/v3/auth', { initData: launchData(id, startParam) });
  if (auth.status !== 200) throw new Error(`auth: ${auth.status} ${auth.code ?? ''}`);
  const token = (auth.data as { token: string }).token;
  // Bets wait for the 18+ confirmation, as the app asks it before the first one.
  const confirmed = await targets[0]!.post('/api/v3/play/age-confirm', {}, token);
  if (confirmed.status !== 200) throw new Error(`play/age-confirm: ${confirmed.status} ${confirmed.code ?? ''}`);
  await deposit(db, id, 1_000_000_000_000n, `load-fund-${runId}-${id}`);
  const player: Player = { id, token, referred, bonus: false, bonusTon: 0, road: null, calls: 0, nextAt: 0, fresh: false };
  if (Math.random() < BONUS) {
    const claim = await targets[0]!.post('/api/v3/bonus/daily/claim', { idempotencyKey: `load-daily-${runId}-${id}` }, token);
    if (claim.status !== 200) throw new Error(`bonus/daily/claim: ${claim.status} ${claim.code ?? ''}`);
    player.bonus = true;
    player.bonusTon = Number((claim.data as { balance: { bonusTon: string } }).balance.bonusTon);
  }
  ready.push(player);
  return player;
}

async function ensurePlayers(count: number): Promise<void> {
  if (ready.length >= count) return;
  const started = performance.now();
  const before = ready.length;
  let pending = 0;
  const worker = async () => {
    while (ready.length + pending < count) {
      pending++;
      try {
        await makePlayer();
      } finally {
        pending--;
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  const referred = ready.filter((p) => p.referred).length;
  const bonus = ready.filter((p) => p.bonus).length;
  console.log(
    `  players: ${before} -> ${ready.length} in ${((performance.now() - started) / 1000).toFixed(1)} s (${referred} referred, ${bonus} wagering a bonus)`,
  );
}

interface GameFigures {
  offered: number;
  achieved: number;
  p50: number;
  p99: number;
  p999: number;
  calls: number;
  failures: Map<string, number>;
}

interface Step {
  label: string;
  rate: number;
  players: number;
  servers: number;
  all: GameFigures;
  games: Record<Game, GameFigures>;
  held: boolean;
  deadlocks: number;
  /** Cores used during the measured window. */
  cpu: { server: number; postgres: number | null; generator: number };
  load: number[];
  lagP99: number;
  firstBets: number;
  joined: number;
  joinP99: number;
  joinFailures: number;
}

function figures(records: CallRecord[], t0: number, t1: number): GameFigures {
  const seconds = (t1 - t0) / 1000;
  const offered = records.filter((r) => r.scheduled >= t0 && r.scheduled < t1);
  const latencies = offered.map((r) => r.done - r.scheduled).sort((a, b) => a - b);
  const failures = new Map<string, number>();
  for (const r of offered) {
    if (r.status >= 200 && r.status < 300) continue;
    const key = `${r.status <= 0 ? (r.status === 0 ? 'no answer' : 'not sent') : r.status} ${r.code ?? ''}`.trim();
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }
  return {
    offered: offered.length / seconds,
    achieved: records.filter((r) => r.done >= t0 && r.done < t1 && r.status >= 200 && r.status < 300).length / seconds,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    p999: quantile(latencies, 0.999),
    calls: offered.length,
    failures,
  };
}

const cpuNow = () => ({
  server: servers.reduce((sum, s) => sum + processCpuMs(s.pid), 0),
  postgres: postgresCpuMs(),
  generator: (({ user, system }) => (user + system) / 1000)(process.cpuUsage()),
});

async function step(label: string, rate: number, using: Target[]): Promise<Step> {
  const count = Math.round((rate * MEAN_THINK_MS) / 1000);
  await ensurePlayers(count);
  const players = ready.slice(0, count);
  for (const player of players) player.fresh = false;
  const deadlocksBefore = await deadlocks();
  const start = performance.now();
  const t0 = start + WARMUP_SECONDS * 1000;
  const t1 = t0 + STEP_SECONDS * 1000;
  // CPU time and the load average over the measured window, read when it starts and ends.
  let cpuFrom: ReturnType<typeof cpuNow> | null = null;
  let cpuTo: ReturnType<typeof cpuNow> | null = null;
  let load: number[] = [];
  const ended = () => {
    cpuTo ??= cpuNow();
    if (load.length === 0) load = loadavg();
  };
  const timers = [setTimeout(() => (cpuFrom = cpuNow()), t0 - start), setTimeout(ended, t1 - start)];
  const run = await runPlayers({
    players,
    targets: using,
    until: t1,
    giveUpAt: t1 + DRAIN_SECONDS * 1000,
    newPerSecond: NEW_PER_SECOND,
    join: makePlayer,
    runId: `${runId}s${++stepNumber}`,
  });
  timers.forEach(clearTimeout);
  ended();
  cpuFrom ??= cpuTo!;
  // Let the server's backends report their statistics.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const deadlocksAfter = await deadlocks();
  const seconds = STEP_SECONDS;
  const all = figures(run.records, t0, t1);
  const games = Object.fromEntries(
    GAMES.map((game) => [
      game,
      figures(
        run.records.filter((r) => r.game === game),
        t0,
        t1,
      ),
    ]),
  ) as Record<Game, GameFigures>;
  const lags = run.records
    .filter((r) => r.scheduled >= t0 && r.scheduled < t1 && r.status !== -1)
    .map((r) => r.sent - r.scheduled)
    .sort((a, b) => a - b);
  const joins = [...run.joinMs].sort((a, b) => a - b);
  const result: Step = {
    label,
    rate,
    players: count,
    servers: using.length,
    all,
    games,
    held: all.p99 < P99_LIMIT_MS && all.achieved >= HOLD * all.offered,
    deadlocks: deadlocksAfter - deadlocksBefore,
    cpu: {
      server: (cpuTo!.server - cpuFrom.server) / 1000 / seconds,
      postgres: cpuTo!.postgres === null || cpuFrom.postgres === null ? null : (cpuTo!.postgres - cpuFrom.postgres) / 1000 / seconds,
      generator: (cpuTo!.generator - cpuFrom.generator) / 1000 / seconds,
    },
    load,
    lagP99: quantile(lags, 0.99),
    firstBets: run.records.filter((r) => r.first).length,
    joined: run.joined.length,
    joinP99: quantile(joins, 0.99),
    joinFailures: run.joinFailures,
  };
  printStep(result);
  return result;
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const loadText = (load: number[]) => load.map((l) => l.toFixed(2)).join(' ');
const failuresText = (failures: Map<string, number>) =>
  failures.size === 0
    ? 'none'
    : [...failures]
        .sort((a, b) => b[1] - a[1])
        .map(([key, n]) => `${key} x${n}`)
        .join(', ');
const cpuText = (cpu: Step['cpu']) =>
  `server ${cpu.server.toFixed(2)} + PostgreSQL ${cpu.postgres === null ? '?' : cpu.postgres.toFixed(2)} + generator ${cpu.generator.toFixed(2)} cores`;
const latencyText = (f: GameFigures) => `p50 ${ms(f.p50)} / p99 ${ms(f.p99)} / p99.9 ${ms(f.p999)} ms`;
const gameText = (game: Game, f: GameFigures) => `${game} ${f.offered.toFixed(0)}->${f.achieved.toFixed(0)}/s ${latencyText(f)}`;

/** The generator's own lateness: past a few milliseconds the machine, not only the server, is saturated. */
const LATE_MS = 10;
const lateText = (s: Step) =>
  s.lagP99 > LATE_MS ? ` (the generator itself was late: the machine is saturated, the latencies are not the server's alone)` : '';

function printStep(s: Step): void {
  console.log(
    `${s.label.padEnd(14)} offered ${s.all.offered.toFixed(0)}/s achieved ${s.all.achieved.toFixed(0)}/s (${s.players} players, ${s.servers} server${s.servers > 1 ? 's' : ''}) ` +
      `${latencyText(s.all)} ${s.held ? 'HELD' : 'not held'}; load ${loadText(s.load)}`,
  );
  for (const game of GAMES) console.log(`    ${gameText(game, s.games[game])}; non-2xx ${failuresText(s.games[game].failures)}`);
  console.log(
    `    deadlocks +${s.deadlocks}; ${cpuText(s.cpu)}; generator send lag p99 ${ms(s.lagP99)} ms${lateText(s)}; ` +
      `new players ${s.joined} (sign-up p99 ${ms(s.joinP99)} ms, ${s.joinFailures} failed), first bets ${s.firstBets}`,
  );
}

const benchStarted = performance.now();
const deadlocksAtStart = await deadlocks();
console.log(
  `Open-loop bet load: steps of ${STEP_SECONDS} s (+${WARMUP_SECONDS} s warm-up), players think ${MEAN_THINK_MS / 1000} s on average, ` +
    `${REFERRED * 100}% referred, ${BONUS * 100}% wagering a bonus, ${NEW_PER_SECOND} new players/s`,
);

// The knee: step the offered rate up until a step is not held, then bisect between the last held and the first not.
const steps: Step[] = [];
for (const rate of RATES) {
  const result = await step(`${rate}/s`, rate, targets);
  steps.push(result);
  if (!result.held) break;
}
for (let b = 0; b < BISECTIONS; b++) {
  const held = steps.filter((s) => s.held).map((s) => s.rate);
  const failed = steps.filter((s) => !s.held).map((s) => s.rate);
  if (failed.length === 0) break;
  const low = held.length ? Math.max(...held) : 0;
  const high = Math.min(...failed);
  const rate = Math.round((low + high) / 2);
  if (rate <= low || rate >= high || rate < 10) break;
  steps.push(await step(`${rate}/s`, rate, targets));
}
const heldSteps = steps.filter((s) => s.held).sort((a, b) => b.rate - a.rate);
const knee = heldSteps[0] ?? null;
const failedSteps = steps.filter((s) => !s.held).sort((a, b) => a.rate - b.rate);

// Two servers on one database: the same players at the same offered rate, each player's calls
// alternating between the two processes, against the same run through one process.
const pairRate = Number(process.env.LOAD_PAIR_RATE ?? failedSteps[0]?.rate ?? knee?.rate ?? RATES[0]);
servers.push(await startServer(url));
targets.push(new Target(servers[1]!.address));
const one = await step(`1 server`, pairRate, [targets[0]!]);
const two = await step(`2 servers`, pairRate, targets);
// On two cores, a second server process takes CPU that PostgreSQL and the generator need. So the
// pair runs again with the server processes held to one core between them (taskset, every thread),
// one process and then two: the same CPU for the server side either way.
const pinnable = (() => {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const pinServers = (cpus: string) => {
  for (const server of servers) execFileSync('taskset', ['-a', '-p', '-c', cpus, String(server.pid)], { stdio: 'ignore' });
};
let pinned: { one: Step; two: Step } | null = null;
if (pinnable) {
  pinServers(PAIR_CPU);
  pinned = {
    one: await step(`1 server, CPU ${PAIR_CPU}`, pairRate, [targets[0]!]),
    two: await step(`2 servers, CPU ${PAIR_CPU}`, pairRate, targets),
  };
  pinServers(`0-${availableParallelism() - 1}`);
}

for (const target of targets) target.close();
for (const server of servers) await server.stop();
const book = await audit(db);
console.log(
  `ledger audit: ${book.ok ? 'clean' : 'BROKEN'} (${book.transactions} movements)${book.ok ? '' : `\n  ${book.problems.slice(0, 10).join('\n  ')}`}`,
);
await db.close();
// Read once every backend of the load has ended: a backend reports its statistics when it exits,
// while an idle one may hold them back for up to 10 s.
const deadlocksTotal = (await deadlocks()) - deadlocksAtStart;
console.log(`deadlocks over the whole run: ${deadlocksTotal}`);
await drop();
const allSteps = [...steps, one, two, ...(pinned ? [pinned.one, pinned.two] : [])];
const nonOk = allSteps.reduce((sum, s) => sum + [...s.all.failures.values()].reduce((a, b) => a + b, 0), 0);
const totalCalls = allSteps.reduce((sum, s) => sum + s.all.calls, 0);
console.log(`bench took ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`);

const peer = `${TARGET} (${TARGET_WHY})`;
const stepRow = (s: Step): BenchRow => ({
  name: `offered ${s.rate} bets/s (${s.players} players)`,
  value: `${s.all.achieved.toFixed(0)} /s, p99 ${ms(s.all.p99)} ms`,
  peer,
  target: `>= ${HOLD * 100}% of offered, p99 < ${P99_LIMIT_MS} ms`,
  note:
    `${s.held ? 'held' : 'not held'}; ${latencyText(s.all)}; ${GAMES.map((g) => gameText(g, s.games[g])).join('; ')}; ` +
    `non-2xx ${failuresText(s.all.failures)}; deadlocks +${s.deadlocks}; CPU ${cpuText(s.cpu)}; generator send lag p99 ${ms(s.lagP99)} ms${lateText(s)}; load average ${loadText(s.load)}`,
});
const rows: BenchRow[] = steps.sort((a, b) => a.rate - b.rate).map(stepRow);
rows.push({
  name: 'knee: highest offered rate held',
  value: knee ? `${knee.rate} bets/s` : `none held (${steps.map((s) => s.rate).join(', ')} /s tried)`,
  peer,
  target: `${TARGET_RATE} bets/s`,
  note: knee
    ? `${((knee.rate / TARGET_RATE) * 100).toFixed(0)}% of the target (${knee.players} of ${TARGET_PLAYERS.toLocaleString('en')} players); ` +
      `held = p99 < ${P99_LIMIT_MS} ms and achieved >= ${HOLD * 100}% of offered; first not held: ${failedSteps[0] ? `${failedSteps[0].rate}/s (p99 ${ms(failedSteps[0].all.p99)} ms, achieved ${failedSteps[0].all.achieved.toFixed(0)}/s)` : 'none'}; load average ${loadText(knee.load)}`
    : `no step held; load average ${loadText(steps[0]!.load)}`,
});
if (knee) {
  for (const game of GAMES) {
    const f = knee.games[game];
    rows.push({
      name: `${game} at the knee (${knee.rate} bets/s)`,
      value: `${f.achieved.toFixed(0)} /s, p99 ${ms(f.p99)} ms`,
      peer,
      target: `p99 < ${P99_LIMIT_MS} ms, 0 non-2xx`,
      note: `offered ${f.offered.toFixed(0)}/s; ${latencyText(f)}; non-2xx ${failuresText(f.failures)}${game === 'road' ? '; road counts its start, step and cash-out calls' : ''}; load average ${loadText(knee.load)}`,
    });
  }
}
rows.push({
  name: `two servers vs one at ${pairRate} bets/s offered`,
  value: `${two.all.achieved.toFixed(0)} of ${two.all.offered.toFixed(0)} vs ${one.all.achieved.toFixed(0)} of ${one.all.offered.toFixed(0)} /s`,
  peer: 'one server process at the same offered rate, with the same players and call mix, just before',
  target: 'two >= one, 0 refusals',
  note:
    `two: ${latencyText(two.all)}, non-2xx ${failuresText(two.all.failures)}, deadlocks +${two.deadlocks}, CPU ${cpuText(two.cpu)}, load average ${loadText(two.load)}; ` +
    `one: ${latencyText(one.all)}, non-2xx ${failuresText(one.all.failures)}, CPU ${cpuText(one.cpu)}, load average ${loadText(one.load)}; each player's calls alternate between the two processes`,
});
rows.push(
  pinned
    ? {
        name: `two servers vs one on one core at ${pairRate} bets/s offered`,
        value: `${pinned.two.all.achieved.toFixed(0)} of ${pinned.two.all.offered.toFixed(0)} vs ${pinned.one.all.achieved.toFixed(0)} of ${pinned.one.all.offered.toFixed(0)} /s, p99 ${ms(pinned.two.all.p99)} vs ${ms(pinned.one.all.p99)} ms`,
        peer: `one server process held to CPU ${PAIR_CPU}, then two sharing it (taskset), the same players and call mix`,
        target: 'two >= one, 0 refusals',
        note:
          `two: ${latencyText(pinned.two.all)}, non-2xx ${failuresText(pinned.two.all.failures)}, deadlocks +${pinned.two.deadlocks}, CPU ${cpuText(pinned.two.cpu)}, load average ${loadText(pinned.two.load)}; ` +
          `one: ${latencyText(pinned.one.all)}, non-2xx ${failuresText(pinned.one.all.failures)}, CPU ${cpuText(pinned.one.cpu)}, load average ${loadText(pinned.one.load)}; ` +
          'the server side gets the same one core either way, PostgreSQL and the generator the machine',
      }
    : {
        name: 'two servers vs one on one core',
        value: 'not measured',
        peer: 'taskset is not on this machine',
        target: 'two >= one',
        note: 'install util-linux (taskset) to hold the server processes to one core between them',
      },
);
rows.push({
  name: 'refusals with two servers',
  value: String(
    [two, ...(pinned ? [pinned.two] : [])].reduce(
      (all, s) => all + [...s.all.failures].filter(([key]) => /^\d/.test(key)).reduce((sum, [, n]) => sum + n, 0),
      0,
    ),
  ),
  peer: 'none: a player whose calls alternate between processes is refused nothing one process would allow',
  target: '0',
  note: `HTTP refusals (4xx, 5xx) only, over both runs with two servers; every call that did not succeed: ${failuresText(two.all.failures)}${pinned ? `; on one core: ${failuresText(pinned.two.all.failures)}` : ''}`,
});
rows.push({
  name: 'non-2xx replies over the whole run',
  value: `${nonOk} of ${totalCalls}`,
  peer: 'none: every call of the mix is one a player may make',
  target: '0',
  note: failuresText(
    allSteps.reduce((sum, s) => {
      for (const [k, n] of s.all.failures) sum.set(k, (sum.get(k) ?? 0) + n);
      return sum;
    }, new Map<string, number>()),
  ),
});
rows.push({
  name: 'deadlocks (pg_stat_database)',
  value: String(deadlocksTotal),
  peer: 'none: the bench database alone, over the whole run',
  target: '0',
});
const joinedAll = allSteps.reduce((sum, s) => sum + s.joined, 0);
rows.push({
  name: 'new players making first bets',
  value: `${joinedAll} players`,
  peer: `${NEW_PER_SECOND} new players/s offered during every step`,
  target: `${NEW_PER_SECOND} /s`,
  note: `sign-up (log-in, deposit, daily bonus for some) p99 per step: ${allSteps.map((s) => `${s.label} ${ms(s.joinP99)} ms`).join(', ')}`,
});
rows.push({
  name: 'ledger audit after the run',
  value: book.ok ? `clean (${book.transactions} movements)` : `${book.problems.length} breaks`,
  peer: 'none: a correctness check of the book the load wrote',
  target: 'clean',
});
report('Open-loop bet load', rows);
