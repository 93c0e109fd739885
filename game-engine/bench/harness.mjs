// Shared by the bench, the render check and the screenshots: builds the playground, serves
// its dist folder on a free local port and launches Debian's chromium through Playwright.
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const playgroundDir = resolve(here, '../playground');
// ENGINE_BENCH_DIST serves another build of the playground (a before/after comparison under
// the same machine load); buildPlayground() then builds nothing.
const distDir = process.env.ENGINE_BENCH_DIST ? resolve(process.env.ENGINE_BENCH_DIST) : join(playgroundDir, 'dist');

export function buildPlayground({ skipIfBuilt = false } = {}) {
  if (process.env.ENGINE_BENCH_DIST || (skipIfBuilt && existsSync(join(distDir, 'bench.html')))) return;
  execFileSync('pnpm', ['--filter', '@arcade/game-playground', 'run', 'build'], {
    cwd: playgroundDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

export function serve() {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(distDir, path);
    if (!file.startsWith(distDir) || !existsSync(file) || statSync(file).isDirectory()) file = join(distDir, 'index.html');
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((resolvePromise) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolvePromise({ url: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Headless chromium with WebGL on SwiftShader. By default the page is composited in software
 * (`--disable-gpu`): each frame the page's main thread reads the WebGL canvas back, waiting
 * while SwiftShader draws it, so the page's frame work and SwiftShader's drawing take turns on
 * the CPU instead of competing for it (on a phone the GPU draws beside the CPU).
 * `gpuCompositing: true` composites on SwiftShader in the GPU process instead.
 */
export async function launch({ gpuCompositing = false } = {}) {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: [
      ...(gpuCompositing ? [] : ['--disable-gpu']),
      '--enable-unsafe-swiftshader',
      '--use-angle=swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      // Extra switches for a diagnosis, e.g. ENGINE_BENCH_CHROMIUM_ARGS='--js-flags=--no-opt' (split on spaces).
      ...(process.env.ENGINE_BENCH_CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
    ],
  });
}

/** The fields of /proc/<pid>/stat after the command name (Linux), or null. */
function procStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * The pid of the GPU process of a chromium this Node process launched (SwiftShader draws
 * WebGL there, and the display compositor runs there): a `--type=gpu-process` whose parents
 * lead back to this process; null where /proc cannot tell (not Linux).
 */
export function gpuProcessPid() {
  let pids;
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const ours = (pid) => {
    for (let at = pid, hops = 0; at && at !== '0' && hops < 32; at = procStat(at)?.[1], hops++) if (at === String(process.pid)) return true;
    return false;
  };
  return (
    pids.find((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=gpu-process') && ours(pid);
      } catch {
        return false;
      }
    }) ?? null
  );
}

/** CPU time (user + system) the process has used so far, in ms; NaN where /proc cannot tell. */
export function processCpuMs(pid) {
  const fields = pid ? procStat(pid) : null;
  // utime and stime, in clock ticks of 10 ms (USER_HZ = 100 on Linux).
  return fields ? (Number(fields[11]) + Number(fields[12])) * 10 : Number.NaN;
}
