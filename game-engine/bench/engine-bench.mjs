/* global window, document -- page.evaluate callbacks run in the browser */
// Engine benchmark in Debian's chromium (headless, WebGL on SwiftShader, i.e. the CPU draws):
//  1. frame work time (update + render) per game while rounds play back to back, with the
//     CPU slowed 4x through CDP (a rough stand-in for a mid-range phone);
//  2. JS heap before and after mounting and unmounting the engine 100 times.
// Prints tables; never fails on slow numbers. `pnpm --filter @arcade/game-engine bench`.
import { buildPlayground, launch, serve } from './harness.mjs';

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=')).map(([k, v]) => [k, v ?? 'true']));
const playMs = Number(args.get('seconds') ?? 6) * 1000;
const cycles = Number(args.get('cycles') ?? 100);
const throttle = Number(args.get('throttle') ?? 4);

if (args.get('no-build') !== 'true') buildPlayground();
const server = await serve();
const browser = await launch();
const fmt = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : '-');
const pad = (text, width) => String(text).padEnd(width);

try {
  const page = await browser.newPage({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${server.url}/bench.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  const version = await browser.version();

  // 1. Frame work per game under CPU throttling.
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const rows = [];
  for (const game of ['flip', 'roll', 'road']) {
    const mountStart = Date.now();
    await page.evaluate((g) => window.arcadeBench.mountReact(g).then(() => undefined), game);
    const mountMs = Date.now() - mountStart;
    // Warm up one round (first uploads of textures), then measure.
    await page.evaluate(() => window.arcadeBench.playRound());
    const stats = await page.evaluate((ms) => window.arcadeBench.playFor(ms), playMs);
    rows.push({ game, mountMs, ...stats });
    await page.evaluate(() => window.arcadeBench.unmountReact());
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  console.log(`\nchromium ${version}, 375x667 @2x, WebGL on SwiftShader, CPU throttled ${throttle}x, ~${playMs / 1000} s of rounds per game`);
  console.log('work = update + render per frame, from engine.stats() (last 240 frames)\n');
  console.log(`${pad('game', 6)} ${pad('mount ms', 9)} ${pad('frames', 7)} ${pad('work p50', 9)} ${pad('work p95', 9)} ${pad('work max', 9)} fps`);
  for (const row of rows) {
    console.log(`${pad(row.game, 6)} ${pad(row.mountMs, 9)} ${pad(row.frames, 7)} ${pad(fmt(row.p50), 9)} ${pad(fmt(row.p95), 9)} ${pad(fmt(row.max), 9)} ${fmt(row.fps, 1)}`);
  }

  // 2. Heap across mount/unmount cycles (no throttling: it measures memory, not speed).
  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  };
  const games = ['flip', 'roll', 'road'];
  const heapRows = [];
  for (const binding of ['react', 'core']) {
    // One warm-up cycle so lazily loaded chunks and pixi's shared state count as baseline.
    await page.evaluate(async (b) => {
      const bench = window.arcadeBench;
      for (const g of ['flip', 'roll', 'road']) {
        if (b === 'react') {
          await bench.mountReact(g);
          await bench.unmountReact();
        } else {
          await bench.mountCore(g);
          bench.unmountCore();
        }
      }
    }, binding);
    const before = await heap();
    const started = Date.now();
    let half = Number.NaN;
    for (let i = 0; i < cycles; i++) {
      await page.evaluate(
        async ([b, g]) => {
          const bench = window.arcadeBench;
          if (b === 'react') {
            const h = await bench.mountReact(g);
            h.advance(50);
            await bench.unmountReact();
          } else {
            const h = await bench.mountCore(g);
            h.advance(50);
            bench.unmountCore();
          }
        },
        [binding, games[i % games.length]],
      );
      if (i === Math.floor(cycles / 2) - 1) half = await heap();
    }
    const elapsed = Date.now() - started;
    await page.waitForTimeout(300);
    const after = await heap();
    const canvases = await page.evaluate(() => window.arcadeBench.canvases());
    heapRows.push({ binding, before, half, after, perCycleMs: elapsed / cycles, canvases });
  }
  console.log(`\n${cycles} mount/unmount cycles (flip, roll, road in turn), JS heap (JSHeapUsedSize) after forced GC`);
  console.log("pixi keeps text measurements and layouts in two 1000-entry LRU caches keyed per text style; they fill during the");
  console.log('first ~20 mounts and then stay full, so the second half shows the steady state.\n');
  const mb = (bytes) => `${(bytes / 1048576).toFixed(2)} MB`;
  console.log(`${pad('binding', 22)} ${pad('before', 9)} ${pad(`after ${cycles / 2}`, 9)} ${pad(`after ${cycles}`, 10)} ${pad('2nd half/cycle', 15)} ${pad('ms/cycle', 9)} canvases left`);
  for (const row of heapRows) {
    const perCycle = `${((row.after - row.half) / (cycles - cycles / 2) / 1024).toFixed(1)} KB`;
    const name = row.binding === 'react' ? 'React (<GameCanvas>)' : 'core (mountGame)';
    console.log(`${pad(name, 22)} ${pad(mb(row.before), 9)} ${pad(mb(row.half), 9)} ${pad(mb(row.after), 10)} ${pad(perCycle, 15)} ${pad(fmt(row.perCycleMs, 0), 9)} ${row.canvases}`);
  }
  console.log('');
} finally {
  await browser.close();
  await server.close();
}
