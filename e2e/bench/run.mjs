// `pnpm bench [suite...]`: runs the benchmark suites one after another (each also alone), prints
// each table as it goes, and writes the whole run to BENCHMARKS.md with the machine's description.
// Benchmarks print figures; a slow machine never fails them. A suite that breaks is reported as such.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, totalmem, type as osType, release } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const results = join(root, 'e2e', 'bench-results');

/** name: [what it measures, the pnpm command, the results file it leaves]. */
const suites = {
  'first-screen': [
    'bytes, time and round trips to the first screen against a peer of the same libraries, at 4G and slow 3G',
    ['--filter', '@arcade/app', 'run', 'bench'],
    'first-screen.json',
  ],
  bets: [
    'flip bets per second over HTTP against the same bets in pgbench (one per transaction, and batched) and tpcb-like',
    ['--filter', '@arcade/server', 'run', 'bench:bets'],
    'bets-per-second-on-postgresql.json',
  ],
  market: [
    'market list and facets over HTTP at 100,000 and 1,000,000 listings, with purchases and new listings meanwhile',
    ['--filter', '@arcade/server', 'run', 'bench:market'],
    'market-list-and-facets-over-http.json',
  ],
  engine: ['engine frame work and heap', ['--filter', '@arcade/game-engine', 'run', 'bench'], 'engine-frames.json'],
  load: [
    'an open-loop bet load with a player mix: the knee against 3,300 bets/s',
    ['--filter', '@arcade/server', 'run', 'bench:load'],
    'open-loop-bet-load.json',
  ],
  start: ['server start and memory at rest', ['--filter', '@arcade/server', 'run', 'bench:start'], 'server-start.json'],
};

const asked = process.argv.slice(2);
for (const name of asked) {
  if (!(name in suites)) {
    console.error(`Unknown suite "${name}". Suites: ${Object.keys(suites).join(', ')}`);
    process.exit(2);
  }
}
const chosen = asked.length ? asked : Object.keys(suites);

// The suites below run on the build made here (the first-screen bench would otherwise build again).
const pnpm = (args, options = {}) =>
  spawnSync('pnpm', args, { cwd: root, stdio: 'inherit', env: { ...process.env, BENCH_SKIP_BUILD: '1' }, ...options });

console.log('Building the app and the server (production build)…');
if (pnpm(['-s', 'run', 'build']).status !== 0) {
  console.error('The build failed; nothing was measured.');
  process.exit(1);
}

mkdirSync(results, { recursive: true });
const ran = [];
for (const name of chosen) {
  const [about, args, file] = suites[name];
  rmSync(join(results, file), { force: true });
  console.log(`\n=== ${name}: ${about}`);
  const started = Date.now();
  const status = pnpm(args).status;
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const path = join(results, file);
  if (existsSync(path)) ran.push({ name, seconds, ...JSON.parse(readFileSync(path, 'utf8')) });
  else ran.push({ name, seconds, suite: about, rows: [], broken: `the suite ended with status ${status} and left no figures` });
}

function sh(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'not available';
  }
}

const machine = [
  `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}`,
  `${(totalmem() / 2 ** 30).toFixed(0)} GiB RAM`,
  `${osType()} ${release()}`,
  `Node ${process.versions.node}`,
  process.env.DATABASE_URL
    ? sh('psql', [process.env.DATABASE_URL, '-Atc', 'SHOW server_version']).replace(/^/, 'PostgreSQL ')
    : 'no DATABASE_URL (PostgreSQL suites skipped)',
  sh('/usr/bin/chromium', ['--version']),
  `load average at the end ${sh('cat', ['/proc/loadavg']).split(' ').slice(0, 3).join(' ')}`,
].join('; ');

const escape = (text) => String(text ?? '').replaceAll('|', '\\|');
/**
 * What a row without a measured peer is held to instead, per suite: every row names its peer or
 * says why it has none.
 */
const NO_PEER = {
  market: 'none: an absolute target (p99 < 50 ms at 100,000 and at 1,000,000 listings on PostgreSQL, with purchases and listings running)',
  engine: 'none: an absolute frame budget (4 ms of a 16.7 ms frame at 60 fps on a 4x slower CPU); heap rows against their own noise',
  start: "none: this server's own figures, for change from run to run",
};
let markdown = `\n## Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC (${chosen.join(', ')})\n\nMachine: ${machine}.\n`;
for (const suite of ran) {
  markdown += `\n### ${suite.suite} (\`pnpm bench ${suite.name}\`, ${suite.seconds} s)\n\n`;
  if (suite.broken) {
    markdown += `Not measured: ${suite.broken}.\n`;
    continue;
  }
  markdown += '| measure | value | peer / ceiling | target | note |\n|---|---|---|---|---|\n';
  for (const row of suite.rows)
    markdown += `| ${escape(row.name)} | ${escape(row.value)} | ${escape(row.peer || (row.name === 'setup' ? '' : NO_PEER[suite.name]))} | ${escape(row.target)} | ${escape(row.note)} |\n`;
}

// BENCHMARKS.md keeps its introduction; each run replaces the previous "latest" section.
const file = join(root, 'BENCHMARKS.md');
const MARK = '<!-- latest run: written by pnpm bench -->';
const intro = existsSync(file) ? readFileSync(file, 'utf8').split(MARK)[0].trimEnd() : '# Benchmarks';
writeFileSync(file, `${intro}\n\n${MARK}\n${markdown}`);
console.log(`\nWrote ${file}`);
console.log(markdown);
