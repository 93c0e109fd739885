/* global window, document -- page.evaluate callbacks run in the browser */
// Where the frame time goes: plays rounds of one game under CPU throttling with the V8
// sampling profiler on and prints the functions with the most self time (and the engine
// frame's share). Build the playground unminified for readable names:
//   BENCH_MINIFY=0 pnpm --filter @arcade/game-playground run build
//   node bench/profile.mjs --no-build --game=road [--seconds=6] [--throttle=4] [--top=40]
// With --alloc it prints where the frames allocate instead (V8's sampling heap profiler, objects
// collected by minor and major GCs included): what the scavenges that land in frames collect.
import { buildPlayground, launch, serve } from './harness.mjs';

const args = new Map(
  process.argv
    .slice(2)
    .map((arg) => arg.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? 'true']),
);
const game = args.get('game') ?? 'road';
const playMs = Number(args.get('seconds') ?? 6) * 1000;
const throttle = Number(args.get('throttle') ?? 4);
const top = Number(args.get('top') ?? 40);

if (args.get('no-build') !== 'true') buildPlayground();
const server = await serve();
const browser = await launch({ gpuCompositing: args.get('gpu-compositing') === 'true' });
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const cdp = await page.context().newCDPSession(page);
  await page.goto(`${server.url}/bench.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  await page.evaluate((g) => window.arcadeBench.mountReact(g, { statsWindow: 8192 }).then(() => undefined), game);
  await page.evaluate(() => window.arcadeBench.playRound(1));
  if (args.get('alloc') === 'true') {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.startSampling', {
      samplingInterval: 256,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    const stats = await page.evaluate((ms) => window.arcadeBench.playFor(ms, 2), playMs);
    const { profile } = await cdp.send('HeapProfiler.stopSampling');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const self = new Map();
    let all = 0;
    const label = (frame) => `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`;
    const walk = (node, caller) => {
      const frame = node.callFrame;
      // Built-ins (iterators, push) are named with their caller.
      const name = frame.url ? label(frame) : `${label(frame)} in ${caller}`;
      self.set(name, (self.get(name) ?? 0) + node.selfSize);
      all += node.selfSize;
      for (const child of node.children ?? []) walk(child, frame.url ? label(frame) : caller);
    };
    walk(profile.head, '');
    console.log(
      `\n${game}: ${stats.frames} frames; allocated ${(all / 1024).toFixed(0)} KB (${(all / 1024 / Math.max(1, stats.frames)).toFixed(2)} KB per frame, sampled)`,
    );
    for (const [name, bytes] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
      console.log(`${(bytes / 1024).toFixed(1).padStart(9)} KB  ${name}`);
    process.exit(0);
  }
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  const stats = await page.evaluate((ms) => window.arcadeBench.playFor(ms, 2), playMs);
  const { profile } = await cdp.send('Profiler.stop');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map();
  const total = new Map();
  let all = 0;
  const label = (node) => {
    const frame = node.callFrame;
    const file = frame.url.split('/').pop() ?? '';
    return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`;
  };
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    all += dt;
    const node = byId.get(id);
    if (!node) return;
    const name = label(node);
    self.set(name, (self.get(name) ?? 0) + dt);
    // Inclusive time: count each distinct function once per sample.
    const seen = new Set();
    for (let at = id; at !== undefined; at = parent.get(at)) {
      const n = label(byId.get(at));
      if (seen.has(n)) continue;
      seen.add(n);
      total.set(n, (total.get(n) ?? 0) + dt);
    }
  });
  const ms = (us) => (us / 1000).toFixed(1).padStart(8);
  console.log(
    `\n${game}: ${stats.frames} frames, work p50 ${stats.p50.toFixed(2)} ms, p95 ${stats.p95.toFixed(2)} ms; profile ${(all / 1000).toFixed(0)} ms`,
  );
  console.log('\nself time (ms)');
  for (const [name, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)}  ${name}`);
  console.log('\ninclusive time (ms)');
  for (const [name, us] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(us)}  ${name}`);
} finally {
  await browser.close();
  await server.close();
}
