/* global window, document -- page.evaluate callbacks run in the browser */
// Engine benchmark in Debian's chromium (headless, WebGL on SwiftShader, i.e. the CPU draws):
//  1. frame work time per game: the engine's own frame statistics (performance.now() around
//     scene update + Application render, every frame of the stretch kept) while whole rounds
//     of seeded outcomes play back to back on the real ticker, through the React binding, with
//     the page's CPU slowed 4x through CDP (Emulation.setCPUThrottlingRate, a rough stand-in
//     for a mid-range phone); then a few seconds of the idle scene. fps is what the page got:
//     SwiftShader drawing on the same 2 cores limits it, a phone's GPU would not;
//  2. JS heap after forced GC (HeapProfiler.collectGarbage) over 100 mount/unmount cycles,
//     each playing a whole round, through the React binding and the core; growth per cycle is
//     the slope of a least-squares line through a reading every 10 cycles.
// Prints a table and writes e2e/bench-results/engine-frames.json in the shared format of
// server/bench/common.ts; never fails on slow numbers. Other load on the machine inflates the
// figures (the 1-minute load average is printed with them).
//   pnpm --filter @arcade/game-engine bench [-- --seconds=8 --idle=3 --cycles=100 --throttle=4 --warmup=30
//     --game=flip,roll --no-heap --no-frames --dpr=2 --gpu-compositing --no-build]
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPlayground, launch, serve } from './harness.mjs';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
const playMs = Number(args.get('seconds') ?? 8) * 1000;
const idleMs = Number(args.get('idle') ?? 3) * 1000;
const cycles = Math.max(20, Number(args.get('cycles') ?? 100));
const warmup = Number(args.get('warmup') ?? 30);
const throttle = Number(args.get('throttle') ?? 4);
const dpr = Number(args.get('dpr') ?? 2);
const only = args.get('game');
const games = ['flip', 'roll', 'road'].filter((game) => !only || only.split(',').includes(game));
const skipHeap = args.get('no-heap') === 'true';
const skipFrames = args.get('no-frames') === 'true';
const gpuCompositing = args.get('gpu-compositing') === 'true';
const resultsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'e2e', 'bench-results');

if (args.get('no-build') !== 'true') buildPlayground();
const load = loadavg()[0];
const server = await serve();
const browser = await launch({ gpuCompositing });
const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const pad = (text, width) => String(text).padEnd(width);
const rows = [];
const progress = (text) => process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${text}\n`);

try {
  const page = await browser.newPage({ viewport: { width: 375, height: 667 }, deviceScaleFactor: dpr });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${server.url}/bench.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const version = await browser.version();
  const setup = `chromium ${version}, 375x667 @${dpr}x, WebGL on SwiftShader, ${gpuCompositing ? 'GPU' : 'software'} compositing, CPU throttled ${throttle}x`;

  // 1. Frame work per game under CPU throttling, through the React binding the app uses.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const frameRows = [];
  for (const game of skipFrames ? [] : games) {
    progress(`${game}: rounds for ${playMs / 1000} s at ${throttle}x CPU`);
    const mountStart = Date.now();
    await page.evaluate((g) => window.arcadeBench.mountReact(g, { statsWindow: 16384 }).then(() => undefined), game);
    const mountMs = Date.now() - mountStart;
    // Warm-up round: first texture uploads, shader compiles, glyph layouts.
    await page.evaluate(() => window.arcadeBench.playRound(99));
    const play = await page.evaluate((ms) => window.arcadeBench.playFor(ms, 1), playMs);
    const idle = await page.evaluate(async (ms) => {
      const h = window.arcadeBench.handle;
      h.resetStats();
      await new Promise((resolve) => setTimeout(resolve, ms));
      return h.stats();
    }, idleMs);
    frameRows.push({ game, mountMs, play, idle });
    await page.evaluate(() => window.arcadeBench.unmountReact());
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  console.log(`\n${setup}; 1-min load average ${fmt(load, 1)} on ${cpus().length} cores`);
  console.log(`work = scene update + render per frame (engine.stats(), every frame kept); rounds for ~${playMs / 1000} s, then ${idleMs / 1000} s idle\n`);
  console.log(`${pad('game', 6)} ${pad('mount ms', 9)} ${pad('rounds', 7)} ${pad('frames', 7)} ${pad('p50 ms', 7)} ${pad('p95 ms', 7)} ${pad('max ms', 7)} ${pad('fps', 6)} ${pad('idle p50', 9)} idle p95`);
  for (const { game, mountMs, play, idle } of frameRows) {
    console.log(
      `${pad(game, 6)} ${pad(mountMs, 9)} ${pad(play.rounds, 7)} ${pad(play.frames, 7)} ${pad(fmt(play.p50), 7)} ${pad(fmt(play.p95), 7)} ${pad(fmt(play.max), 7)} ${pad(fmt(play.fps, 1), 6)} ${pad(fmt(idle.p50), 9)} ${fmt(idle.p95)}`,
    );
    rows.push({
      name: `${game} frame work p50/p95`,
      value: `${fmt(play.p50)} / ${fmt(play.p95)} ms`,
      target: 'p95 < 4 ms',
      note: `${throttle}x CPU, ${play.rounds} rounds, ${play.frames} frames, max ${fmt(play.max)} ms, ${fmt(play.fps, 0)} fps${play.p95 < 4 ? '' : ', over target'}`,
    });
    rows.push({
      name: `${game} idle frame work p50/p95`,
      value: `${fmt(idle.p50)} / ${fmt(idle.p95)} ms`,
      target: 'p95 < 4 ms',
      note: `${throttle}x CPU, ${idle.frames} frames`,
    });
  }

  // 2. Heap across mount/unmount cycles (no throttling: it measures memory, not speed).
  if (!skipHeap) {
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
    };
    const every = 10;
    const heapRows = [];
    for (const binding of ['react', 'core']) {
      progress(`heap: ${cycles} cycles through ${binding}`);
      // Warm-up: lazily loaded chunks, shaders, pixi's pools and its text-layout caches, and
      // V8's optimised code for all of it (it keeps compiling for the first few dozen cycles).
      for (let i = 0; i < warmup; i++) await page.evaluate(([b, g]) => window.arcadeBench.cycle(b, g), [binding, games[i % games.length]]);
      await page.waitForTimeout(200);
      const idle = [await heap(), await heap(), await heap()];
      const samples = [[0, idle[2]]];
      const started = Date.now();
      for (let i = 1; i <= cycles; i++) {
        await page.evaluate(([b, g]) => window.arcadeBench.cycle(b, g), [binding, games[(i - 1) % games.length]]);
        if (i % every === 0) {
          // Let @pixi/react's and pixi's deferred teardown (microtasks, rAF) finish first.
          await page.waitForTimeout(100);
          samples.push([i, await heap()]);
        }
      }
      const elapsed = Date.now() - started;
      const fit = slope(samples);
      const noise = Math.max(...idle) - Math.min(...idle);
      const canvases = await page.evaluate(() => window.arcadeBench.canvases());
      heapRows.push({ binding, samples, fit, noise, perCycleMs: elapsed / cycles, canvases });
    }
    const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
    const mb = (bytes) => `${(bytes / 1048576).toFixed(2)} MB`;
    console.log(`\n${cycles} mount/unmount cycles after ${warmup} to warm up (${games.join(', ')} in turn, a whole round each), JS heap (JSHeapUsedSize) after forced GC every ${every} cycles`);
    console.log('growth per cycle = least-squares slope over the readings (± its standard error); noise = spread of 3 readings in a row\n');
    console.log(`${pad('binding', 22)} ${pad('start', 9)} ${pad('end', 9)} ${pad('per cycle', 18)} ${pad('noise', 8)} ${pad('ms/cycle', 9)} canvases left`);
    for (const row of heapRows) {
      const name = row.binding === 'react' ? 'React (<GameCanvas>)' : 'core (mountGame)';
      const first = row.samples[0][1];
      const last = row.samples[row.samples.length - 1][1];
      const perCycle = `${kb(row.fit.slope)} ± ${kb(row.fit.error)}`;
      console.log(`${pad(name, 22)} ${pad(mb(first), 9)} ${pad(mb(last), 9)} ${pad(perCycle, 18)} ${pad(kb(row.noise), 8)} ${pad(fmt(row.perCycleMs, 0), 9)} ${row.canvases}`);
      // "Noise": the slope is within two standard errors of zero, or the whole run grew less
      // than a single reading can move.
      const withinNoise = Math.abs(row.fit.slope) <= 2 * row.fit.error || Math.abs(row.fit.slope) * cycles <= Math.max(row.noise, 16 * 1024);
      rows.push({
        name: `heap growth per mount/unmount (${row.binding === 'react' ? 'React' : 'core'})`,
        value: `${kb(row.fit.slope)} ± ${kb(row.fit.error)}`,
        target: 'noise',
        note: `${cycles} cycles after ${warmup} warm-up, ${mb(first)} -> ${mb(last)}, readings ${row.samples.map(([, bytes]) => (bytes / 1048576).toFixed(2)).join(' ')} MB; ${withinNoise ? 'within noise' : 'grows'}; ${row.canvases} canvases left`,
      });
    }
  }
  console.log('');
  rows.push({ name: 'setup', value: `${throttle}x CPU`, note: `${setup}; load ${fmt(load, 1)} on ${cpus().length} cores` });
  report('Engine frames', rows);
} finally {
  await browser.close();
  await server.close();
}

/** Least-squares slope of y over x, with its standard error. */
function slope(points) {
  const n = points.length;
  const mx = points.reduce((sum, [x]) => sum + x, 0) / n;
  const my = points.reduce((sum, [, y]) => sum + y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
  }
  const b = sxy / sxx;
  const a = my - b * mx;
  const residual = points.reduce((sum, [x, y]) => sum + (y - (a + b * x)) ** 2, 0);
  const error = n > 2 ? Math.sqrt(residual / (n - 2) / sxx) : Number.NaN;
  return { slope: b, error };
}

/** Same table and JSON as server/bench/common.ts report(). */
function report(suite, list) {
  const widths = [40, 18, 22, 16];
  const line = (cells) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 10)).join(' ');
  console.log(suite);
  console.log(line(['measure', 'value', 'peer / ceiling', 'target']));
  for (const row of list) console.log(line([row.name, row.value, row.peer ?? '', row.target ?? '']) + (row.note ? `  ${row.note}` : ''));
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${suite.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.json`);
  writeFileSync(file, `${JSON.stringify({ suite, rows: list }, null, 2)}\n`);
  console.log(`\nwritten to ${file}`);
}
