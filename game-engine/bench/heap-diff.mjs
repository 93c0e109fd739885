/* global window, document -- page.evaluate callbacks run in the browser */
// What stays on the heap per mount/unmount: three heap snapshots in one page (A after the
// warm-up, B after --cycles more, C after --cycles more again). Objects made between A and B
// and still alive in C are what piles up (a cache filled once is made before A; something
// replaced every cycle is gone by C). They are grouped by kind, and each is charged to the
// first object from before A that holds it (walking retainers through other such objects):
// that object and its field are where the growth hangs. For each of the biggest holders, a
// retainer path from the GC roots is printed.
//   node bench/heap-diff.mjs [--binding=react|core] [--game=flip,roll,road] [--warmup=30]
//     [--cycles=60] [--top=25] [--skip=code,native] [--no-build] [--keep=<folder for the .heapsnapshot files>]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPlayground, launch, serve } from './harness.mjs';

const args = new Map(
  process.argv
    .slice(2)
    .map((arg) => arg.replace(/^--/, '').split('='))
    .map(([k, v]) => [k, v ?? 'true']),
);
const binding = args.get('binding') ?? 'react';
const games = (args.get('game') ?? 'flip,roll,road').split(',');
const warmup = Number(args.get('warmup') ?? 30);
const cycles = Number(args.get('cycles') ?? 60);
const top = Number(args.get('top') ?? 25);
const keep = args.get('keep');
// Node types left out of the per-holder analysis (e.g. --skip=code,native: V8's compiled code
// and Blink's objects), to see the JS objects alone.
const skip = new Set((args.get('skip') ?? '').split(',').filter(Boolean));

if (args.get('no-build') !== 'true') buildPlayground();
const server = await serve();
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 375, height: 667 }, deviceScaleFactor: 2 });
  page.on('pageerror', (error) => console.error('page error:', error.message));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(`${server.url}/bench.html`);
  await page.waitForFunction(() => document.body.dataset.ready === 'true');
  let done = 0;
  const run = async (count) => {
    for (let i = 0; i < count; i++, done++)
      await page.evaluate(([b, g]) => window.arcadeBench.cycle(b, g), [binding, games[done % games.length]]);
    await page.waitForTimeout(200);
  };
  const used = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? Number.NaN;
  };
  const snapshot = async (name) => {
    const chunks = [];
    const onChunk = ({ chunk }) => chunks.push(chunk);
    cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
    const text = chunks.join('');
    if (keep) writeFileSync(join(keep, `${binding}-${name}.heapsnapshot`), text);
    return parse(text);
  };
  await cdp.send('HeapProfiler.enable');
  await run(warmup);
  const usedA = await used();
  const a = await snapshot('A');
  await run(cycles);
  const usedB = await used();
  const b = await snapshot('B');
  await run(cycles);
  const usedC = await used();
  const c = await snapshot('C');
  const mb = (bytes) => `${(bytes / 1048576).toFixed(2)} MB`;
  console.log(
    `${binding}: JSHeapUsedSize ${mb(usedA)} -> ${mb(usedB)} -> ${mb(usedC)} after ${warmup}, +${cycles}, +${cycles} cycles (${((usedC - usedA) / cycles / 2 / 1024).toFixed(2)} KB per cycle)`,
  );
  console.log(`snapshot totals (self sizes): A ${mb(a.total)}, B ${mb(b.total)}, C ${mb(c.total)}`);
  report(a, b, c);
} finally {
  await browser.close();
  await server.close();
}

function parse(text) {
  const snap = JSON.parse(text);
  const meta = snap.snapshot.meta;
  const nf = meta.node_fields.length;
  const ef = meta.edge_fields.length;
  const nodeTypes = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const f = (name) => meta.node_fields.indexOf(name);
  const e = (name) => meta.edge_fields.indexOf(name);
  const [nType, nName, nId, nSize, nEdges] = [f('type'), f('name'), f('id'), f('self_size'), f('edge_count')];
  const [eType, eName, eTo] = [e('type'), e('name_or_index'), e('to_node')];
  const { nodes, edges, strings } = snap;
  const count = nodes.length / nf;
  const firstEdge = new Uint32Array(count + 1);
  for (let i = 0, at = 0; i < count; i++) {
    firstEdge[i] = at;
    at += nodes[i * nf + nEdges] * ef;
    firstEdge[i + 1] = at;
  }
  const ids = new Map();
  let total = 0;
  for (let i = 0; i < count; i++) {
    ids.set(nodes[i * nf + nId], i);
    total += nodes[i * nf + nSize];
  }
  const node = (i) => ({
    type: nodeTypes[nodes[i * nf + nType]],
    name: strings[nodes[i * nf + nName]],
    id: nodes[i * nf + nId],
    size: nodes[i * nf + nSize],
  });
  // Reverse edges (retainers), weak ones left out.
  const retainerCount = new Uint32Array(count + 1);
  for (let i = 0; i < edges.length; i += ef) if (edgeTypes[edges[i + eType]] !== 'weak') retainerCount[edges[i + eTo] / nf] += 1;
  const firstRetainer = new Uint32Array(count + 1);
  for (let i = 0; i < count; i++) firstRetainer[i + 1] = firstRetainer[i] + retainerCount[i];
  const retainers = new Uint32Array(firstRetainer[count]);
  const retainerEdge = new Uint32Array(firstRetainer[count]);
  const fill = firstRetainer.slice();
  for (let from = 0; from < count; from++) {
    for (let i = firstEdge[from]; i < firstEdge[from + 1]; i += ef) {
      if (edgeTypes[edges[i + eType]] === 'weak') continue;
      const to = edges[i + eTo] / nf;
      retainers[fill[to]] = from;
      retainerEdge[fill[to]] = i;
      fill[to] += 1;
    }
  }
  const edgeName = (i) => {
    const type = edgeTypes[edges[i + eType]];
    const value = edges[i + eName];
    return type === 'element' || type === 'hidden' ? `[${value}]` : type === 'shortcut' ? `<${strings[value]}>` : strings[value];
  };
  // Distance from the root (node 0) along strong edges, for retainer paths.
  const distance = new Int32Array(count).fill(-1);
  distance[0] = 0;
  const queue = [0];
  for (let q = 0; q < queue.length; q++) {
    const from = queue[q];
    for (let i = firstEdge[from]; i < firstEdge[from + 1]; i += ef) {
      if (edgeTypes[edges[i + eType]] === 'weak') continue;
      const to = edges[i + eTo] / nf;
      if (distance[to] === -1) {
        distance[to] = distance[from] + 1;
        queue.push(to);
      }
    }
  }
  return { count, ids, total, node, firstRetainer, retainers, retainerEdge, edgeName, distance, idOf: (i) => nodes[i * nf + nId] };
}

function report(a, b, c) {
  const label = (n) => `${n.type}:${String(n.name).replace(/\s+/g, ' ').slice(0, 70)}`;
  // Made between A and B, alive in C.
  const piled = new Set();
  for (let i = 0; i < b.count; i++) {
    const id = b.idOf(i);
    if (!a.ids.has(id) && c.ids.has(id) && !skip.has(b.node(i).type)) piled.add(i);
  }
  let made = 0;
  for (let i = 0; i < b.count; i++) if (!a.ids.has(b.idOf(i))) made += 1;
  const byKind = new Map();
  let piledSize = 0;
  for (const i of piled) {
    const n = b.node(i);
    piledSize += n.size;
    const key = label(n);
    const entry = byKind.get(key) ?? { count: 0, size: 0 };
    entry.count += 1;
    entry.size += n.size;
    byKind.set(key, entry);
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(
    `\nobjects made between A and B: ${made}; of those alive in C: ${piled.size} (${kb(piledSize)}, ${kb(piledSize / cycles)} per cycle)`,
  );
  console.log('\nby kind (count, self size)');
  for (const [key, { count, size }] of [...byKind].sort((x, y) => y[1].size - x[1].size).slice(0, top))
    console.log(`${String(count).padStart(7)} ${kb(size).padStart(10)}  ${key}`);

  // Charge each piled object to the first older object that holds it.
  const holders = new Map();
  const holderNode = new Map();
  for (const start of piled) {
    const seen = new Set([start]);
    const queue = [start];
    let found = null;
    for (let q = 0; q < queue.length && !found && q < 5000; q++) {
      const at = queue[q];
      // Prefer the retainer closest to the roots.
      const list = [];
      for (let r = b.firstRetainer[at]; r < b.firstRetainer[at + 1]; r++) list.push(r);
      list.sort((x, y) => (b.distance[b.retainers[x]] >>> 0) - (b.distance[b.retainers[y]] >>> 0));
      for (const r of list) {
        const from = b.retainers[r];
        if (seen.has(from) || b.distance[from] < 0) continue;
        seen.add(from);
        if (!piled.has(from)) {
          found = { from, edge: b.retainerEdge[r] };
          break;
        }
        queue.push(from);
      }
    }
    const key = found ? `${label(b.node(found.from))} @${b.node(found.from).id} .${b.edgeName(found.edge)}` : '(no older holder)';
    const entry = holders.get(key) ?? { count: 0, size: 0 };
    entry.count += 1;
    entry.size += b.node(start).size;
    holders.set(key, entry);
    if (found) holderNode.set(key, found.from);
  }
  console.log('\nheld by (an object from before A and its field: count, self size of what hangs there)');
  const sorted = [...holders].sort((x, y) => y[1].size - x[1].size).slice(0, top);
  for (const [key, { count, size }] of sorted) console.log(`${String(count).padStart(7)} ${kb(size).padStart(10)}  ${key}`);
  console.log('\nretainer paths of the biggest holders (root first)');
  for (const [key] of sorted.slice(0, Math.min(10, sorted.length))) {
    const start = holderNode.get(key);
    if (start === undefined) continue;
    const path = [];
    let at = start;
    for (let guard = 0; guard < 40 && at !== 0; guard++) {
      let best = -1;
      let bestEdge = -1;
      for (let r = b.firstRetainer[at]; r < b.firstRetainer[at + 1]; r++) {
        const from = b.retainers[r];
        if (b.distance[from] >= 0 && b.distance[from] < b.distance[at] && (best === -1 || b.distance[from] < b.distance[best])) {
          best = from;
          bestEdge = b.retainerEdge[r];
        }
      }
      if (best === -1) break;
      path.push(`${label(b.node(best))} .${b.edgeName(bestEdge)}`);
      at = best;
    }
    console.log(`\n${key}\n  ${path.reverse().join('\n  ')}`);
  }
}
