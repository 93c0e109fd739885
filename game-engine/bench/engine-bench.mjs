/* global window, document, requestAnimationFrame -- page.evaluate callbacks run in the browser */
// Engine benchmark in Debian's chromium (headless, WebGL on SwiftShader, i.e. the CPU draws):
//  1. frame work time per game: the engine's own frame statistics (performance.now() around
//     scene update + Application render, every frame of the stretch kept) while whole rounds
//     of seeded outcomes play back to back on the real ticker, through the React binding, with
//     the page's CPU slowed 4x through CDP (Emulation.setCPUThrottlingRate, a rough stand-in
//     for a mid-range phone); then a few seconds of the idle scene. fps is what the page got:
//     SwiftShader drawing on the same 2 cores limits it, a phone's GPU would not. SwiftShader's
//     CPU time per frame is printed beside (what the scene's fill costs): its threads compete
//     with the page's main thread for the 2 cores, and the throttler stretches the page's frame
//     by wall-clock time, so a wait for a core counts 4x in the frame work's tail;
//  2. JS heap after forced GC (HeapProfiler.collectGarbage) across mount/unmount cycles, each
//     playing a whole round, through the React binding and the core. Cold: the slope of a
//     reading every 10 cycles over 100 cycles after 30 to warm up; it is mostly V8 still
//     optimising rarely run functions (machine code and its metadata keep arriving in steps
//     for hundreds of cycles, and level off). Settled: after 150 cycles, 3 blocks of 33 with a
//     heap snapshot at each block's end, which splits the heap into V8's code and metadata and
//     JS objects; the growth of JS objects per cycle is the figure, beside the noise measured
//     in the same run (the spread between the blocks, or the drift of the same loop without
//     mounting), and DOM nodes and listeners are counted (Memory.getDOMCounters).
// Prints a table and writes e2e/bench-results/engine-frames.json in the shared format of
// server/bench/common.ts; never fails on slow numbers. Other load on the machine inflates the
// figures (the 1-minute load average is printed with them).
//   pnpm --filter @arcade/game-engine bench [-- --seconds=8 --idle=3 --cycles=100 --throttle=4 --warmup=30
//     --settle=20 --blocks=3 --block=33 --game=flip,roll --no-heap --no-frames --dpr=2 --gpu-compositing --no-build]
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg, cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPlayground, gpuProcessPid, launch, processCpuMs, serve } from './harness.mjs';

const args = new Map(
  process.argv
    .slice(2)
    .map((arg) => arg.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? 'true']),
);
const playMs = Number(args.get('seconds') ?? 8) * 1000;
const idleMs = Number(args.get('idle') ?? 3) * 1000;
const cycles = Math.max(20, Number(args.get('cycles') ?? 100));
const warmup = Number(args.get('warmup') ?? 30);
// The settled measure: `settle` more cycles after the cold ones, then `blocks` blocks of `block`
// cycles (a multiple of the three games, so every block ends on the same game).
const settle = Number(args.get('settle') ?? 20);
const blocks = Math.max(2, Number(args.get('blocks') ?? 3));
const block = Math.max(3, Number(args.get('block') ?? 33));
const every = 10;
const throttle = Number(args.get('throttle') ?? 4);
const dpr = Number(args.get('dpr') ?? 2);
const only = args.get('game');
const games = ['flip', 'roll', 'road'].filter((game) => !only || only.split(',').includes(game));
const skipHeap = args.get('no-heap') === 'true';
const skipFrames = args.get('no-frames') === 'true';
const gpuCompositing = args.get('gpu-compositing') === 'true';
const resultsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'e2e', 'bench-results');

/** Mount/unmount cycles through one binding, and the heap readings between them. */
class HeapRun {
  constructor(page, cdp, binding) {
    this.page = page;
    this.cdp = cdp;
    this.binding = binding;
    this.done = 0;
  }

  /** `count` cycles, the games in turn. */
  async cycles(count) {
    for (let i = 0; i < count; i++, this.done++)
      await this.page.evaluate(([b, g]) => window.arcadeBench.cycle(b, g), [this.binding, games[this.done % games.length]]);
  }

  /** One step of the same loop without mounting: a page.evaluate that waits a frame. */
  async idleStep() {
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  }

  /** JSHeapUsedSize after forced GC, once @pixi/react's and pixi's deferred teardown (microtasks, rAF) is done. */
  async used() {
    await this.page.waitForTimeout(100);
    await this.cdp.send('HeapProfiler.collectGarbage');
    await this.cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  }

  /** A reading, the DOM counters and a heap snapshot's split into V8 code and JS objects. */
  async mark() {
    const used = await this.used();
    const dom = await this.cdp.send('Memory.getDOMCounters');
    return { used, dom, ...(await heapSplit(this.cdp)) };
  }
}

/**
 * Takes a heap snapshot and adds up its nodes' self sizes: `code` = V8's compiled code and its
 * metadata (node type "code": bytecode, machine code, feedback, scope infos, deoptimisation
 * data; and V8's own "system / ..." entries among the natives, which the code keeps: dependent
 * code lists, wrappers of trusted objects), `objects` = every other JS heap node (objects,
 * closures, strings, arrays and backing stores, hidden classes, numbers), `blink` = the other
 * natives (DOM and Blink objects, outside the JS heap).
 */
async function heapSplit(cdp) {
  const chunks = [];
  const onChunk = ({ chunk }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(chunks.join(''));
  const meta = snapshot.snapshot.meta;
  const width = meta.node_fields.length;
  const types = meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((field) => meta.node_fields.indexOf(field));
  const { nodes, strings } = snapshot;
  const split = { code: 0, objects: 0, blink: 0 };
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + typeAt]];
    const size = nodes[i + sizeAt];
    if (type === 'code') split.code += size;
    else if (type === 'native') {
      if (strings[nodes[i + nameAt]].startsWith('system / ')) split.code += size;
      else split.blink += size;
    } else if (type !== 'synthetic') split.objects += size;
  }
  return split;
}

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

  // 1. Frame work per game under CPU throttling, through the React binding the app uses,
  // with the CPU time SwiftShader's process (the stand-in for a phone's GPU: WebGL drawing and
  // the display compositor) used per frame beside it: the cost of what the scene fills.
  const gpuPid = gpuProcessPid();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  const frameRows = [];
  for (const game of skipFrames ? [] : games) {
    progress(`${game}: rounds for ${playMs / 1000} s at ${throttle}x CPU`);
    const mountStart = Date.now();
    await page.evaluate((g) => window.arcadeBench.mountReact(g, { statsWindow: 16384 }).then(() => undefined), game);
    const mountMs = Date.now() - mountStart;
    // Warm-up round: first texture uploads, shader compiles, glyph layouts.
    await page.evaluate(() => window.arcadeBench.playRound(99));
    const gpuStart = processCpuMs(gpuPid);
    const play = await page.evaluate((ms) => window.arcadeBench.playFor(ms, 1), playMs);
    const gpuMs = (processCpuMs(gpuPid) - gpuStart) / play.frames;
    const idle = await page.evaluate(async (ms) => {
      const h = window.arcadeBench.handle;
      h.resetStats();
      await new Promise((resolve) => setTimeout(resolve, ms));
      return h.stats();
    }, idleMs);
    frameRows.push({ game, mountMs, play, idle, gpuMs });
    await page.evaluate(() => window.arcadeBench.unmountReact());
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  console.log(`\n${setup}; 1-min load average ${fmt(load, 1)} on ${cpus().length} cores`);
  console.log(
    `work = scene update + render per frame (engine.stats(), every frame kept); rounds for ~${playMs / 1000} s, then ${idleMs / 1000} s idle`,
  );
  console.log('gpu ms = CPU time of the GPU process (SwiftShader, display compositor) per frame while the rounds played\n');
  console.log(
    `${pad('game', 6)} ${pad('mount ms', 9)} ${pad('rounds', 7)} ${pad('frames', 7)} ${pad('p50 ms', 7)} ${pad('p95 ms', 7)} ${pad('max ms', 7)} ${pad('fps', 6)} ${pad('idle p50', 9)} ${pad('idle p95', 9)} gpu ms`,
  );
  for (const { game, mountMs, play, idle, gpuMs } of frameRows) {
    console.log(
      `${pad(game, 6)} ${pad(mountMs, 9)} ${pad(play.rounds, 7)} ${pad(play.frames, 7)} ${pad(fmt(play.p50), 7)} ${pad(fmt(play.p95), 7)} ${pad(fmt(play.max), 7)} ${pad(fmt(play.fps, 1), 6)} ${pad(fmt(idle.p50), 9)} ${pad(fmt(idle.p95), 9)} ${fmt(gpuMs, 1)}`,
    );
    rows.push({
      name: `${game} frame work p50/p95`,
      value: `${fmt(play.p50)} / ${fmt(play.p95)} ms`,
      target: 'p95 < 4 ms',
      note: `${throttle}x CPU, ${play.rounds} rounds, ${play.frames} frames, max ${fmt(play.max)} ms, ${fmt(play.fps, 0)} fps${play.p95 < 4 ? '' : ', over target'}; SwiftShader's process used ${fmt(gpuMs, 1)} ms of CPU per frame`,
    });
    rows.push({
      name: `${game} idle frame work p50/p95`,
      value: `${fmt(idle.p50)} / ${fmt(idle.p95)} ms`,
      target: 'p95 < 4 ms',
      note: `${throttle}x CPU, ${idle.frames} frames${idle.p95 < 4 ? '' : ', over target'}`,
    });
  }

  // 2. Heap across mount/unmount cycles (no throttling: it measures memory, not speed).
  if (!skipHeap) {
    await cdp.send('HeapProfiler.enable');
    const heapRows = [];
    for (const binding of ['react', 'core']) {
      const run = new HeapRun(page, cdp, binding);
      // Cold: lazily loaded chunks, shaders, pixi's pools and text-layout caches, and V8's
      // first optimised code, then `cycles` cycles read every 10.
      progress(`heap: ${warmup} + ${cycles} cycles through ${binding} (cold)`);
      await run.cycles(warmup);
      const started = Date.now();
      const cold = [[0, await run.used()]];
      for (let i = 1; i <= cycles; i++) {
        await run.cycles(1);
        if (i % every === 0) cold.push([i, await run.used()]);
      }
      const perCycleMs = (Date.now() - started) / cycles;
      // Settled: V8 keeps compiling rarely run functions for hundreds of cycles (the JS heap
      // rises in steps of code), so each block boundary also takes a heap snapshot and splits
      // the heap into V8's code with its metadata and everything else.
      progress(`heap: ${settle} + ${blocks} x ${block} cycles through ${binding} (settled), then ${block} without mounting`);
      await run.cycles(settle);
      const marks = [await run.mark()];
      for (let b = 1; b <= blocks; b++) {
        await run.cycles(block);
        marks.push(await run.mark());
      }
      // The same loop (a page.evaluate waiting a frame) without mounting anything, then the
      // same reading: what the readings do on their own.
      for (let i = 0; i < block; i++) await run.idleStep();
      const idleMark = await run.mark();
      heapRows.push({ binding, cold, perCycleMs, marks, idleMark, canvases: await page.evaluate(() => window.arcadeBench.canvases()) });
    }
    const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`;
    const mb = (bytes) => `${(bytes / 1048576).toFixed(2)} MB`;
    // JS objects per cycle in bytes: settled, they are a few bytes either way.
    const bytes = (n) => `${n >= 0 ? '+' : '-'}${Math.abs(n).toFixed(0)} B`;
    const measured = blocks * block;
    console.log(`\nHeap per mount/unmount cycle (${games.join(', ')} in turn, a whole round each), after forced GC`);
    console.log(
      `cold: JSHeapUsedSize over ${cycles} cycles after ${warmup} to warm up, least-squares slope of a reading every ${every} cycles (± standard error)`,
    );
    console.log(
      `settled: ${settle} more cycles, then ${blocks} blocks of ${block} (${measured} cycles); a heap snapshot at each block's end splits the`,
    );
    console.log(
      '  JS heap into V8\'s compiled code with its metadata (snapshot type "code" and V8\'s "system /" natives), which V8 keeps adding',
    );
    console.log(
      '  for hundreds of cycles as it optimises rarely run functions, and JS objects (every other JS heap node: objects, closures,',
    );
    console.log(
      `  strings, arrays, hidden classes). noise = the spread of the blocks' JS-object growth per cycle, or the drift over ${block}`,
    );
    console.log(
      '  steps of the same loop without mounting ("idle"), whichever is larger. Verdict "grows" when the JS objects grow by more',
    );
    console.log('  than the noise, or DOM nodes or event listeners are left over the settled cycles; "within noise" otherwise.\n');
    console.log(
      `${pad('binding', 21)} ${pad('cold JS heap', 17)} ${pad('settled JS heap', 16)} ${pad('code', 9)} ${pad('JS objects', 11)} ${pad('noise', 8)} ${pad('blocks', 17)} ${pad('idle', 6)} ${pad('DOM nodes/listeners', 20)} ${pad('ms/cycle', 9)} verdict`,
    );
    for (const row of heapRows) {
      const name = row.binding === 'react' ? 'React (<GameCanvas>)' : 'core (mountGame)';
      const fit = slope(row.cold);
      const first = row.marks[0];
      const last = row.marks[row.marks.length - 1];
      const perCycle = (key) => (last[key] - first[key]) / measured;
      const blockGrowth = row.marks.slice(1).map((mark, i) => (mark.objects - row.marks[i].objects) / block);
      const spread = Math.max(...blockGrowth) - Math.min(...blockGrowth);
      const idleDrift = (row.idleMark.objects - last.objects) / block;
      const band = Math.max(spread, Math.abs(idleDrift));
      const objects = perCycle('objects');
      const domLeft = last.dom.nodes - first.dom.nodes;
      const listenersLeft = last.dom.jsEventListeners - first.dom.jsEventListeners;
      const grows = Math.abs(objects) > band || domLeft > 0 || listenersLeft > 0;
      const verdict = grows ? 'grows' : 'within noise';
      const blockList = blockGrowth.map((growth) => bytes(growth)).join(' ');
      const dom = `${first.dom.nodes}->${last.dom.nodes} / ${first.dom.jsEventListeners}->${last.dom.jsEventListeners}`;
      console.log(
        `${pad(name, 21)} ${pad(`${kb(fit.slope)} ± ${(fit.error / 1024).toFixed(2)}`, 17)} ${pad(kb(perCycle('used')), 16)} ${pad(kb(perCycle('code')), 9)} ${pad(bytes(objects), 11)} ${pad(`± ${bytes(band).slice(1)}`, 8)} ${pad(blockList, 17)} ${pad(bytes(idleDrift), 6)} ${pad(dom, 20)} ${pad(fmt(row.perCycleMs, 0), 9)} ${verdict}`,
      );
      const label = row.binding === 'react' ? 'React' : 'core';
      rows.push({
        name: `heap growth per mount/unmount (${label})`,
        value: `${bytes(objects)} ± ${bytes(band).slice(1)}`,
        target: 'noise',
        note:
          `settled: JS objects per cycle over ${measured} cycles after ${warmup + cycles + settle}, ${verdict}; blocks of ${block} ${blockList}, the same loop without mounting ${bytes(idleDrift)}; ` +
          `JS heap ${kb(perCycle('used'))}/cycle (${mb(first.used)} -> ${mb(last.used)}), of which V8 code and metadata ${kb(perCycle('code'))}; ` +
          `DOM nodes ${first.dom.nodes} -> ${last.dom.nodes}, listeners ${first.dom.jsEventListeners} -> ${last.dom.jsEventListeners}; ${row.canvases} canvases left`,
      });
      rows.push({
        name: `heap growth per mount/unmount, cold (${label})`,
        value: `${kb(fit.slope)} ± ${kb(fit.error)}`,
        note: `JS heap over ${cycles} cycles after ${warmup} warm-up (V8 still compiling), ${mb(row.cold[0][1])} -> ${mb(row.cold[row.cold.length - 1][1])}, readings ${row.cold.map(([, n]) => (n / 1048576).toFixed(2)).join(' ')} MB`,
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
