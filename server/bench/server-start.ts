import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort, tempDir } from '../test/helpers';
import { report, type BenchRow } from './common';

const here = dirname(fileURLToPath(import.meta.url));
const main = join(here, '..', 'dist', 'main.js');
if (!existsSync(main)) {
  console.log('server start: build first (pnpm -s run build at the root)');
  process.exit(0);
}

/** Resident memory of a process, from /proc (Linux), in MiB. */
function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kib / 1024;
}

/**
 * Starts the production build with the embedded database (as `npm start` does) and measures the
 * time from spawn to the first healthy answer, then the memory after it has sat idle.
 */
async function startOnce(dataDir: string): Promise<{ readyMs: number; rss: number; rssLater: number }> {
  const port = await freePort();
  const started = performance.now();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  // The embedded database, as `npm start` runs it.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [main], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false);
      if (healthy) break;
      if (performance.now() - started > 120_000) throw new Error('the server did not become healthy in 2 minutes');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    const readyMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const rss = rssMiB(child.pid!);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    return { readyMs, rss, rssLater: rssMiB(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const runs = Number(process.env.BENCH_RUNS ?? 3);
const fresh: number[] = [];
const warm: number[] = [];
let memory = { rss: 0, rssLater: 0 };
for (let i = 0; i < runs; i++) {
  const dataDir = tempDir('bench-start');
  try {
    fresh.push((await startOnce(dataDir)).readyMs);
    const second = await startOnce(dataDir);
    warm.push(second.readyMs);
    memory = { rss: second.rss, rssLater: second.rssLater };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const rows: BenchRow[] = [
  {
    name: 'start to ready, new embedded database',
    value: `${(median(fresh) / 1000).toFixed(2)} s`,
    note: 'migrations + the offline gift catalogue',
  },
  { name: 'start to ready, existing database', value: `${(median(warm) / 1000).toFixed(2)} s` },
  { name: 'memory at rest (RSS, 3 s after ready)', value: `${memory.rss.toFixed(0)} MiB` },
  {
    name: 'memory at rest (RSS, 13 s after ready)',
    value: `${memory.rssLater.toFixed(0)} MiB`,
    note: 'workers polling the emulated chain',
  },
];
report('Server start', rows);
