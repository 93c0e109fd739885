// The first-screen benchmark's harness (app/bench/first-screen.mjs holds its measures): builds
// the product and the peer page, serves them (the real server in development mode with its own
// PGlite folder; the peer from a small static server that sends files the way the product's
// server does), opens a page the way Telegram opens a mini app on a phone (a host bridge
// answering the SDK, the signed launch data in the URL hash, a Pixel 7 viewport, headless
// chromium, a cold cache) under given CPU and network conditions, and returns what one load
// took: first paint, interactive, every JS/CSS file finished before interactive (gzip -9 by
// this script, and as served), the API calls and their round trips. Off-machine hosts do not
// resolve (no internet here).

import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, gzipSync } from 'node:zlib';
import { chromium, devices } from 'playwright-core';
import { build } from 'vite';

export const appDir = join(dirname(fileURLToPath(import.meta.url)), '..');
export const rootDir = join(appDir, '..');
export const peerDir = join(appDir, 'bench', 'peer');
export const resultsDir = join(rootDir, 'e2e', 'bench-results');

export const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 5) || 5);
export const WARMUP = Math.max(0, Number(process.env.BENCH_WARMUP ?? 1) || 0);
export const SKIP_BUILD = process.env.BENCH_SKIP_BUILD === '1';
/** Another build of the app to measure (an older commit's app/dist, say); the server stays this one. */
export const APP_DIST = process.env.BENCH_APP_DIST ? resolve(process.env.BENCH_APP_DIST) : null;
export const VERBOSE = process.env.BENCH_VERBOSE === '1';
/** Also record a CPU profile of each load (slows the page a little) and print where the main thread spent it. */
export const PROFILE = process.env.BENCH_PROFILE === '1';
/** Also record a DevTools trace of each load (tasks, style, layout, paint) and list the main thread's tasks. */
export const TRACE = process.env.BENCH_TRACE === '1';
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PAGE_TIMEOUT_MS = 120_000;
/** After interactive, how long to keep watching for TON Connect UI or PixiJS arriving anyway. */
export const SETTLE_MS = Math.max(0, Number(process.env.BENCH_SETTLE_MS ?? 3000) || 0);

export const APP_KEY = 'bench-app-key';
/** The benchmark's player: a fixed id, onboarded once per server start. */
export const BENCH_USER_ID = 7_100_000_001;

export const TON_CONNECT_MARK = 'tc-root';
export const PIXI_MARK = '[pixi.js';

// ---------- small helpers ----------

export const log = (...args) => console.log('[bench]', ...args);
export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
export const ms = (value) => (value === null || value === undefined ? 'n/a' : `${Math.round(value)} ms`);

export function median(values) {
  const list = values.filter((v) => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  if (list.length === 0) return null;
  const mid = Math.floor(list.length / 2);
  return list.length % 2 ? list[mid] : (list[mid - 1] + list[mid]) / 2;
}

export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createNetServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

const gzipCache = new Map();
/** zlib gzip level 9 of a file's bytes (cached by path). */
function gzipSize(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const markCache = new Map();
function fileHas(file, mark) {
  const key = `${file}\0${mark}`;
  let has = markCache.get(key);
  if (has === undefined) {
    has = readFileSync(file, 'utf8').includes(mark);
    markCache.set(key, has);
  }
  return has;
}

// ---------- builds ----------

export function buildProduct() {
  if (SKIP_BUILD) {
    log('BENCH_SKIP_BUILD=1: using the existing app/dist and server/dist');
    return;
  }
  log('building the product (pnpm -s run build at the root)...');
  execFileSync('pnpm', ['-s', 'run', 'build'], { cwd: rootDir, stdio: 'inherit' });
}

export async function buildPeer(outDir) {
  log('building the peer page with app/vite.config.ts...');
  await build({
    configFile: join(appDir, 'vite.config.ts'),
    root: peerDir,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
}

// ---------- servers ----------

export async function startProduct() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'arcade-bench-data-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    APP_KEY,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '100000',
    ...(APP_DIST ? { APP_DIST } : {}),
  };
  const child = spawn(process.execPath, [join(rootDir, 'server', 'dist', 'main.js')], {
    cwd: rootDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not say it was listening within 240 s:\n${output}`)), 240_000);
    const onData = (chunk) => {
      output += chunk.toString();
      if (output.includes('TON Arcade server listening on')) {
        clearTimeout(timer);
        resolveReady();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it was ready:\n${output}`));
    });
  });
  child.stdout.removeAllListeners('data');
  child.stderr.removeAllListeners('data');
  child.removeAllListeners('exit');
  child.stdout.resume();
  child.stderr.on('data', (chunk) => {
    if (VERBOSE) process.stderr.write(chunk);
  });
  return {
    baseUrl,
    root: APP_DIST ?? join(appDir, 'dist'),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** Serves the peer build like the product's server serves the app: SPA fallback, hashed assets cached, precompressed siblings. */
export async function startStatic(root) {
  const server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
    let file = normalize(join(root, path));
    if (!file.startsWith(root + sep) && file !== root) {
      response.writeHead(403).end();
      return;
    }
    const isFile = existsSync(file) && statSync(file).isFile();
    if (!isFile) {
      if (/\/[^/]*\.[a-z0-9]+$/i.test(path)) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      file = join(root, 'index.html');
    }
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const headers = {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': file.includes(`${sep}assets${sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    let body = file;
    if (/\bbr\b/.test(accepts) && existsSync(`${file}.br`)) {
      body = `${file}.br`;
      headers['content-encoding'] = 'br';
    } else if (/\bgzip\b/.test(accepts) && existsSync(`${file}.gz`)) {
      body = `${file}.gz`;
      headers['content-encoding'] = 'gzip';
    }
    const bytes = readFileSync(body);
    headers['content-length'] = String(bytes.length);
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : bytes);
  });
  const port = await new Promise((resolvePort) => server.listen(0, '127.0.0.1', () => resolvePort(server.address().port)));
  return { baseUrl: `http://127.0.0.1:${port}`, root, stop: () => new Promise((r) => server.close(r)) };
}

// ---------- the product's player ----------

async function api(baseUrl, path, { method = 'POST', body, token } = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      'X-App-Key': APP_KEY,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const reply = await response.json();
  if (!reply.success) throw new Error(`${path}: ${JSON.stringify(reply).slice(0, 300)}`);
  return reply.data;
}

/** A fresh signed launch for the bench player, as the messenger would put it in the URL hash. */
export async function launchHash(baseUrl) {
  const launch = await api(baseUrl, `/api/dev/launch?id=${BENCH_USER_ID}&first_name=Bench&platform=android`, { method: 'GET' });
  return launch;
}

/** The bench player has been through onboarding, so /bonus is what the app shows. */
export async function preparePlayer(baseUrl) {
  const { initData } = await launchHash(baseUrl);
  const { token } = await api(baseUrl, '/api/v3/auth', { body: { initData } });
  await api(baseUrl, '/api/v3/profile/onboarding', { body: {}, token });
}

// ---------- in-page scripts ----------

/** A phone's Telegram: answers the SDK's requests the way the messenger does (see e2e/support/host.ts). */
export const BRIDGE_SCRIPT = `(() => {
  const theme = { bg_color: '#17212b', secondary_bg_color: '#232e3c', text_color: '#f5f5f5', hint_color: '#708499',
    link_color: '#6ab3f3', button_color: '#5288c1', button_text_color: '#ffffff', header_bg_color: '#17212b' };
  const emit = (type, data) => setTimeout(() => {
    const receive = window.Telegram && window.Telegram.WebView && window.Telegram.WebView.receiveEvent;
    if (receive) receive(type, data);
    else window.postMessage(JSON.stringify({ eventType: type, eventData: data }), '*');
  }, 5);
  let fullscreen = false;
  window.TelegramWebviewProxy = {
    postEvent(type) {
      switch (type) {
        case 'web_app_request_viewport':
        case 'web_app_expand':
          emit('viewport_changed', { height: window.innerHeight, width: window.innerWidth, is_expanded: true, is_state_stable: true });
          break;
        case 'web_app_request_safe_area':
          emit('safe_area_changed', { top: 24, bottom: 16, left: 0, right: 0 });
          break;
        case 'web_app_request_content_safe_area':
          emit('content_safe_area_changed', { top: 48, bottom: 0, left: 0, right: 0 });
          break;
        case 'web_app_request_theme':
          emit('theme_changed', { theme_params: theme });
          break;
        case 'web_app_request_fullscreen':
          if (fullscreen) emit('fullscreen_failed', { error: 'ALREADY_FULLSCREEN' });
          else { fullscreen = true; emit('fullscreen_changed', { is_fullscreen: true }); }
          break;
        default:
          break;
      }
    },
  };
})();`;

/** Marks first paint, the splash and the moment `readyCheck` (a function's source) first holds. */
export function markScript(readyCheck) {
  return `(() => {
  const ready = ${readyCheck};
  const b = (window.__bench = { fcp: null, splashSeen: null, readyAt: null, interactive: null });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint' && b.fcp === null) b.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  } catch {}
  const check = () => {
    if (b.splashSeen === null && document.querySelector('[data-testid="splash"]')) b.splashSeen = performance.now();
    if (b.readyAt === null && ready()) {
      b.readyAt = performance.now();
      requestAnimationFrame(() => { b.interactive = performance.now(); });
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();`;
}

// ---------- CPU profile ----------

/**
 * Main-thread time of a CDP CPU profile until `until` (ms from navigation, as far as the
 * profile's clock allows: its start is taken as navigation), by function+file and by file.
 */
function summariseProfile(profile, until) {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfByFn = new Map();
  const selfByFile = new Map();
  let t = profile.startTime;
  const limit = until === null ? Number.POSITIVE_INFINITY : profile.startTime + until * 1000;
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i] ?? 0;
    t += dt;
    if (t > limit) break;
    const node = nodes.get(profile.samples[i]);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const file = url ? url.replace(/^https?:\/\/[^/]+/, '') : `(${functionName || 'native'})`;
    const fn = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    selfByFn.set(fn, (selfByFn.get(fn) ?? 0) + dt / 1000);
    selfByFile.set(file, (selfByFile.get(file) ?? 0) + dt / 1000);
  }
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, msValue]) => ({ name, ms: Math.round(msValue) }));
  return { byFile: top(selfByFile, 25), byFunction: top(selfByFn, 30) };
}

/**
 * The main thread's tasks of a trace longer than 8 ms, from the page's navigation until
 * `until` (ms), each with what took most of it (script by file, style, layout, paint...).
 */
function summariseTrace(events, until) {
  const nav =
    events.find(
      (e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame && e.args?.data?.documentLoaderURL?.startsWith('http'),
    ) ?? events.find((e) => e.name === 'navigationStart');
  if (!nav) return [];
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === nav.pid);
  const tid = main ? main.tid : nav.tid;
  const t0 = nav.ts;
  const limit = until === null ? Number.POSITIVE_INFINITY : until + 50;
  const own = events
    .filter((e) => e.pid === nav.pid && e.tid === tid && e.ph === 'X' && typeof e.dur === 'number')
    .sort((a, b) => a.ts - b.ts);
  const tasks = [];
  let current = null;
  for (const e of own) {
    const at = (e.ts - t0) / 1000;
    if (at < 0 || at > limit) continue;
    if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
      if (current && e.ts < current.end) continue;
      current = { at, ms: e.dur / 1000, end: e.ts + e.dur, parts: new Map() };
      if (current.ms >= 8) tasks.push(current);
      continue;
    }
    if (!current || e.ts >= current.end) continue;
    const url = e.args?.data?.url ?? e.args?.data?.stackTrace?.[0]?.url ?? '';
    const label = [
      'FunctionCall',
      'EvaluateScript',
      'v8.compileModule',
      'v8.evaluateModule',
      'TimerFire',
      'FireAnimationFrame',
      'EventDispatch',
      'v8.compile',
    ].includes(e.name)
      ? `${e.name}${url ? ` ${url.replace(/^https?:\/\/[^/]+/, '')}` : ''}`
      : e.name;
    if (
      [
        'UpdateLayoutTree',
        'Layout',
        'Paint',
        'PrePaint',
        'Layerize',
        'Commit',
        'ParseHTML',
        'MajorGC',
        'MinorGC',
        'ScheduleStyleRecalculation',
        'HitTest',
        'RasterTask',
        'PaintImage',
        'UpdateLayer',
        'ParseAuthorStyleSheet',
      ].includes(e.name) ||
      label !== e.name
    ) {
      current.parts.set(label, (current.parts.get(label) ?? 0) + e.dur / 1000);
    }
  }
  const marks = events
    .filter(
      (e) => e.pid === nav.pid && e.cat?.includes('blink.user_timing') && (e.ph === 'R' || e.ph === 'I' || e.ph === 'n' || e.ph === 'b'),
    )
    .map((e) => ({ at: Math.round((e.ts - t0) / 1000), ms: 0, parts: `mark ${e.name}` }))
    .filter((m) => m.at >= 0 && m.at <= limit);
  return [
    ...marks,
    ...tasks.map((task) => ({
      at: Math.round(task.at),
      ms: Math.round(task.ms),
      parts: [...task.parts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([name, msValue]) => `${name} ${Math.round(msValue)}`)
        .join(', '),
    })),
  ].sort((a, b) => a.at - b.at);
}

// ---------- one cold load ----------

/**
 * Sequential round trips among API calls ({ start, end } from navigation): a call sent after
 * another had answered is one trip behind it; calls in flight together share a trip.
 */
export function roundTrips(calls) {
  const sorted = [...calls].sort((a, b) => a.start - b.start);
  const trips = [];
  for (const call of sorted) {
    let trip = 1;
    sorted.forEach((other, i) => {
      if (other !== call && other.end <= call.start && trips[i] !== undefined) trip = Math.max(trip, trips[i] + 1);
    });
    trips.push(trip);
  }
  return trips.length ? Math.max(...trips) : 0;
}

/**
 * One cold load of `target` (a page served at target.baseUrl from target.root) opened at /bonus
 * with the launch `hash`, under `conditions` ({ cpu: slowdown, network: CDP network conditions }),
 * until `ready` (a function's source, run in the page) holds. `kind` names the page in files
 * written (CPU profile, trace).
 */
export async function measure(browser, target, kind, hash, { conditions, ready }) {
  const { defaultBrowserType: _ignored, ...phone } = devices['Pixel 7'];
  const context = await browser.newContext({ ...phone });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const encodings = new Map();
    // API calls, from the page and from its workers (a worker's requests are not in the page's
    // Resource Timing), with when they were sent and answered, from navigation.
    const apiLog = [];
    const sentAt = new Map();
    let navigatedAt = Date.now();
    context.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) sentAt.set(request, Date.now() - navigatedAt);
    });
    context.on('requestfinished', (request) => {
      const start = sentAt.get(request);
      if (start !== undefined) apiLog.push({ path: new URL(request.url()).pathname, start, end: Date.now() - navigatedAt });
    });
    cdp.on('Network.responseReceived', ({ response }) => {
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      encodings.set(response.url, headers['content-encoding'] ?? 'identity');
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', conditions.network);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: conditions.cpu });
    await page.addInitScript({ content: BRIDGE_SCRIPT });
    await page.addInitScript({ content: markScript(ready) });
    const traceEvents = [];
    let traceDone = null;
    if (TRACE) {
      cdp.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value));
      traceDone = new Promise((resolveTrace) => cdp.once('Tracing.tracingComplete', resolveTrace));
      await cdp.send('Tracing.start', {
        transferMode: 'ReportEvents',
        traceConfig: {
          includedCategories: [
            'devtools.timeline',
            'disabled-by-default-devtools.timeline',
            'v8.execute',
            'blink.user_timing',
            'loading',
            'toplevel',
          ],
        },
      });
    }
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
      await cdp.send('Profiler.start');
    }

    navigatedAt = Date.now();
    await page.goto(`${target.baseUrl}/bonus#${hash}`, { waitUntil: 'commit', timeout: PAGE_TIMEOUT_MS });
    // Polled from here with plain evaluations: the product's page policy (no eval) refuses
    // Playwright's string predicates (waitForFunction).
    const deadline = Date.now() + PAGE_TIMEOUT_MS;
    let reached = false;
    while (Date.now() < deadline) {
      const done = await page.evaluate('Boolean(window.__bench && window.__bench.interactive !== null && window.__bench.fcp !== null)');
      if (done) {
        reached = true;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (reached && SETTLE_MS > 0) await page.waitForTimeout(SETTLE_MS);
    const marks = await page.evaluate('window.__bench');
    const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : null;
    if (profile) writeFileSync(join(tmpdir(), `arcade-bench-${kind}.cpuprofile`), JSON.stringify(profile));
    let tasks = null;
    if (TRACE) {
      await cdp.send('Tracing.end');
      await traceDone;
      writeFileSync(join(tmpdir(), `arcade-bench-${kind}.trace.json`), JSON.stringify({ traceEvents }));
      tasks = summariseTrace(traceEvents, reached ? marks.interactive : null);
    }
    const entries = await page.evaluate(`performance.getEntriesByType('resource').map((e) => ({
      name: e.name, startTime: e.startTime, responseEnd: e.responseEnd, transferSize: e.transferSize, encodedBodySize: e.encodedBodySize, decodedBodySize: e.decodedBodySize }))`);
    const until = reached ? marks.interactive : Number.POSITIVE_INFINITY;
    const files = [];
    const later = new Set();
    for (const entry of entries) {
      const url = new URL(entry.name);
      if (url.origin !== target.baseUrl) continue;
      const ext = extname(url.pathname);
      if (ext !== '.js' && ext !== '.css' && ext !== '.mjs') continue;
      const file = join(target.root, decodeURIComponent(url.pathname));
      const onDisk = existsSync(file);
      if (!(entry.responseEnd > 0 && entry.responseEnd <= until)) {
        if (onDisk && fileHas(file, TON_CONNECT_MARK)) later.add(`${url.pathname} [TON Connect UI]`);
        if (onDisk && fileHas(file, PIXI_MARK)) later.add(`${url.pathname} [PixiJS]`);
        continue;
      }
      files.push({
        path: url.pathname,
        gzip: onDisk ? gzipSize(file) : entry.decodedBodySize,
        wire: entry.encodedBodySize,
        raw: entry.decodedBodySize,
        encoding: encodings.get(entry.name) ?? '?',
        tonConnect: onDisk && fileHas(file, TON_CONNECT_MARK),
        pixi: onDisk && fileHas(file, PIXI_MARK),
        start: entry.startTime,
        end: entry.responseEnd,
      });
    }
    // Wall-clock times from here are a little later than the page's own; good enough to count.
    const beforeReady = apiLog.filter((call) => call.end <= until + 250);
    const apiCalls = beforeReady.length;
    return {
      reached,
      fcp: marks.fcp,
      splashSeen: marks.splashSeen,
      interactive: reached ? marks.interactive : null,
      files,
      later: [...later],
      apiCalls,
      apiTrips: roundTrips(beforeReady),
      authMs: median(apiLog.filter((call) => call.path === '/api/v3/auth').map((call) => call.end - call.start)),
      timeline: [
        ...entries
          .filter((e) => new URL(e.name).origin === target.baseUrl && !new URL(e.name).pathname.startsWith('/api/'))
          .map((e) => ({ path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd })),
        ...apiLog.map((call) => ({ ...call, path: `${call.path} (seen from the browser, ±50 ms)` })),
      ],
      profile: profile ? summariseProfile(profile, reached ? marks.interactive : null) : null,
      tasks,
      gzip: files.reduce((sum, f) => sum + f.gzip, 0),
      wire: files.reduce((sum, f) => sum + f.wire, 0),
      raw: files.reduce((sum, f) => sum + f.raw, 0),
    };
  } finally {
    await context.close();
  }
}

// ---------- browser ----------

export function launchBrowser() {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      // No internet here: other hosts fail at once instead of hanging, like a phone refused.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
    ],
  });
}

/** Prints what the last load of a page fetched and did (BENCH_VERBOSE=1). */
export function printLoad(kind, last) {
  console.log(`\nfiles of the last ${kind} run (until interactive):`);
  for (const f of [...last.files].sort((a, b) => a.end - b.end)) {
    console.log(
      `  ${f.path.padEnd(48)} ${kb(f.gzip).padStart(10)} gzip-9 ${kb(f.wire).padStart(10)} wire (${f.encoding}) asked at ${ms(f.start)}, done at ${ms(f.end)}` +
        `${f.tonConnect ? ' [TON Connect UI]' : ''}${f.pixi ? ' [PixiJS]' : ''}`,
    );
  }
  if (last.profile) {
    console.log(`CPU profile of the last ${kind} run until interactive, self time by file:`);
    for (const e of last.profile.byFile) console.log(`  ${String(e.ms).padStart(6)} ms  ${e.name}`);
    console.log('  by function:');
    for (const e of last.profile.byFunction) console.log(`  ${String(e.ms).padStart(6)} ms  ${e.name}`);
  }
  if (last.tasks) {
    console.log(`main-thread tasks of the last ${kind} run (>= 8 ms, ms from navigation; parts may overlap):`);
    for (const task of last.tasks) console.log(`  ${String(task.at).padStart(6)} +${String(task.ms).padStart(4)} ms  ${task.parts}`);
  }
  console.log(`timeline of the last ${kind} run: fcp ${ms(last.fcp)}, interactive ${ms(last.interactive)}; requests (start -> end):`);
  for (const e of [...last.timeline].sort((a, b) => a.start - b.start)) {
    if (e.path.startsWith('/api/') || !/\.(js|css)$/.test(e.path))
      console.log(`  ${ms(e.start).padStart(8)} -> ${ms(e.end).padStart(8)}  ${e.path}`);
  }
}

// ---------- results ----------

/** Prints the table and writes e2e/bench-results/<suite>.json (the format of server/bench/common.ts report()). */
export function report(suite, rows) {
  const widths = [40, 18, 22, 16];
  const line = (cells) => cells.map((c, i) => c.padEnd(widths[i] ?? 10)).join(' ');
  console.log(`\n${suite}`);
  console.log(line(['measure', 'value', 'peer / ceiling', 'target']));
  for (const row of rows) console.log(line([row.name, row.value, row.peer ?? '', row.target ?? '']) + (row.note ? `  ${row.note}` : ''));
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${suite.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.json`), JSON.stringify({ suite, rows }, null, 2));
}
