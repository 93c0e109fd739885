// First-screen benchmark (issues #7 and #17): what it takes to show /bonus, against a peer page
// built from the same libraries the same way, measured in the same run under two phone links.
// The harness (builds, servers, one cold load) is first-screen-harness.mjs; this file says what
// the two pages are, under which conditions they load, and what the rows compare.
//
//   pnpm --filter @arcade/app run bench        (BENCH_RUNS=5, BENCH_SKIP_BUILD=1, BENCH_VERBOSE=1,
//                                               BENCH_APP_DIST=<another app build to measure>,
//                                               BENCH_CONDITIONS=4g,slow-3g (the default: both),
//                                               BENCH_PROFILE=1: CPU profile of each load, summed
//                                               per file and function, written to the temp folder;
//                                               BENCH_TRACE=1: a DevTools performance trace of each
//                                               load, written to the temp folder, its main-thread
//                                               tasks after the splash listed with BENCH_VERBOSE)
//
// Product: `pnpm -s run build` at the root, then the real server serves the built app and the
// /bonus data for a player who has been through onboarding. Peer: app/bench/peer, a bare page of
// the libraries the product's first screen loads (React DOM, react-router-dom, jotai with
// jotai-tanstack-query and @tanstack/query-core, i18next with react-i18next, arktype, the host SDK
// @tma.js/sdk-react with the same host parts mounted), each used for the same kind of work,
// built with app/vite.config.ts. TON Connect UI is deferred on both sides: neither loads it
// before a wallet action.
//
// Measures, median of BENCH_RUNS cold loads per page and condition:
// - splash: first contentful paint (the product's first paint is its splash; checked);
// - interactive: product = the bonus data shown (account card and daily reward) with the daily
//   claim button enabled and the splash gone; peer = its heading, its validated profile line and
//   its wallet button rendered. Taken at the animation frame after the DOM first satisfies it;
// - bytes: every JS and CSS response finished before interactive, each file gzip-compressed by
//   the harness with zlib level 9 (the same for both pages), plus the bytes actually transferred;
// - the product's API calls before interactive and their sequential round trips; one API round
//   trip (the login's, as the browser saw it) is what the product may take beyond the peer.
// The benchmark never fails on slow figures: it prints them and writes
// e2e/bench-results/first-screen.json ({ suite, rows }, like server/bench/common.ts report()).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  buildPeer,
  buildProduct,
  kb,
  launchBrowser,
  launchHash,
  log,
  measure,
  median,
  ms,
  preparePlayer,
  printLoad,
  report,
  RUNS,
  SETTLE_MS,
  startProduct,
  startStatic,
  VERBOSE,
  WARMUP,
} from './first-screen-harness.mjs';

/** The phone links both pages load over, with the CPU slowdown of a phone of that class. */
const CONDITIONS = {
  '4g': {
    label: '4G',
    cpu: 4,
    network: {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1_000_000) / 8,
      uploadThroughput: (750 * 1_000) / 8,
      connectionType: 'cellular4g',
    },
    about: '4x CPU slowdown, 1.6 Mbps/750 kbps/150 ms',
  },
  'slow-3g': {
    label: 'slow 3G',
    cpu: 6,
    network: {
      offline: false,
      latency: 400,
      downloadThroughput: (400 * 1_000) / 8,
      uploadThroughput: (400 * 1_000) / 8,
      connectionType: 'cellular3g',
    },
    about: '6x CPU slowdown, 400 kbps/400 kbps/400 ms',
  },
};

const chosen = (process.env.BENCH_CONDITIONS ?? Object.keys(CONDITIONS).join(','))
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
for (const name of chosen)
  if (!(name in CONDITIONS)) throw new Error(`BENCH_CONDITIONS: no condition "${name}" (${Object.keys(CONDITIONS).join(', ')})`);

/** When each page counts as interactive (a function's source, run in the page). */
const READY = {
  product: `() => {
    const claim = document.querySelector('[data-testid="daily-claim"]');
    return Boolean(claim && !claim.disabled && document.querySelector('[data-testid="bonus-account"]')
      && document.querySelector('[data-testid="daily-reward"]') && !document.querySelector('[data-testid="splash"]'));
  }`,
  peer: `() => Boolean(document.querySelector('[data-testid="peer-title"]') && document.querySelector('[data-testid="peer-profile"]')
    && document.querySelector('[data-testid="peer-ready"]'))`,
};

/** Why the peer is the same work, said on every row. */
const PEER =
  'peer: app/bench/peer, the same libraries bare (React DOM, react-router-dom, jotai, TanStack Query, i18next, arktype, @tma.js/sdk-react), ' +
  'same Vite config, TON Connect UI deferred on both sides: the product adds only its own code, styles and data';

async function main() {
  buildProduct();
  const peerOut = mkdtempSync(join(tmpdir(), 'arcade-bench-peer-'));
  await buildPeer(peerOut);

  log('starting the product server...');
  const product = await startProduct();
  const peer = await startStatic(peerOut);
  const browser = await launchBrowser();
  /** results[condition][kind] = the runs. */
  const results = Object.fromEntries(chosen.map((name) => [name, { product: [], peer: [] }]));
  try {
    await preparePlayer(product.baseUrl);
    const peerHash = (await launchHash(product.baseUrl)).hash;
    const targets = { product, peer };
    const once = async (kind, conditions) => {
      const hash = kind === 'product' ? (await launchHash(product.baseUrl)).hash : peerHash;
      return measure(browser, targets[kind], kind, hash, { conditions, ready: READY[kind] });
    };
    for (const name of chosen) {
      const conditions = CONDITIONS[name];
      for (let i = 0; i < WARMUP; i++) {
        log(`${conditions.label}: warm-up ${i + 1}/${WARMUP}`);
        await once('product', conditions);
        await once('peer', conditions);
      }
      for (let i = 0; i < RUNS; i++) {
        // Alternate the order so a busy moment of the machine does not always hit the same page.
        const order = i % 2 === 0 ? ['product', 'peer'] : ['peer', 'product'];
        for (const kind of order) {
          const run = await once(kind, conditions);
          results[name][kind].push(run);
          log(
            `${conditions.label}: run ${i + 1}/${RUNS} ${kind.padEnd(7)} splash ${ms(run.fcp)}  interactive ${run.reached ? ms(run.interactive) : 'NOT REACHED'}` +
              `  JS+CSS ${run.files.length} files, ${kb(run.gzip)} gzip-9, ${kb(run.wire)} on the wire, ${run.apiCalls} API calls in ${run.apiTrips} round trips`,
          );
        }
      }
    }
  } finally {
    await browser.close();
    await product.stop();
    await peer.stop();
    rmSync(peerOut, { recursive: true, force: true });
  }

  if (VERBOSE) {
    for (const name of chosen) {
      for (const kind of ['product', 'peer']) {
        const last = results[name][kind].at(-1);
        if (last) {
          console.log(`\n--- ${CONDITIONS[name].label}`);
          printLoad(kind, last);
        }
      }
    }
  }

  const rows = [];
  for (const name of chosen) rows.push(...rowsOf(CONDITIONS[name], results[name], name === chosen[0]));
  report('First screen', rows);
}

function summary(runs) {
  const encodingsSeen = new Set(runs.flatMap((r) => r.files.map((f) => f.encoding)));
  return {
    fcp: median(runs.map((r) => r.fcp)),
    interactive: median(runs.map((r) => r.interactive)),
    reached: runs.filter((r) => r.reached).length,
    gzip: median(runs.map((r) => r.gzip)),
    wire: median(runs.map((r) => r.wire)),
    files: median(runs.map((r) => r.files.length)),
    apiCalls: median(runs.map((r) => r.apiCalls)),
    apiTrips: median(runs.map((r) => r.apiTrips)),
    authMs: median(runs.map((r) => r.authMs)),
    splashFirst: runs.every((r) => r.splashSeen !== null && r.fcp !== null && r.splashSeen <= r.fcp),
    tonConnect: [...new Set(runs.flatMap((r) => r.files.filter((f) => f.tonConnect).map((f) => f.path)))],
    pixi: [...new Set(runs.flatMap((r) => r.files.filter((f) => f.pixi).map((f) => f.path)))],
    later: [...new Set(runs.flatMap((r) => r.later))],
    encodings: [...encodingsSeen].join('/'),
  };
}

/** The rows of one condition; the ones that do not depend on the link (what loads) only with the first. */
function rowsOf(conditions, runs, first) {
  const p = summary(runs.product);
  const q = summary(runs.peer);
  const at = conditions.label;
  const known = (...values) => values.every((v) => v !== null && v !== undefined);
  const verdict = (ok) => (ok === null ? 'unknown' : ok ? 'meets' : 'misses');
  const runsNote = `median of ${RUNS} cold loads, ${conditions.about}`;
  const ratio = known(p.gzip, q.gzip) ? p.gzip / q.gzip : null;
  const allowance = known(q.interactive, p.authMs) ? q.interactive + p.authMs : null;

  const rows = [
    {
      name: `JS+CSS to interactive /bonus (gzip -9), ${at}`,
      value: p.gzip === null ? 'n/a' : kb(p.gzip),
      peer: q.gzip === null ? 'n/a' : kb(q.gzip),
      target: '<= 1.25x peer',
      note: `${verdict(ratio === null ? null : ratio <= 1.25)} (${ratio === null ? 'n/a' : `${ratio.toFixed(2)}x`}); every JS/CSS response finished before interactive, each file gzipped by the bench with zlib level 9; ${p.files} vs ${q.files} files; ${PEER}`,
    },
    {
      name: `time to splash (first contentful paint), ${at}`,
      value: ms(p.fcp),
      peer: ms(q.fcp),
      target: '<= peer',
      note: `${verdict(known(p.fcp, q.fcp) ? p.fcp <= q.fcp : null)}; ${runsNote}; ${p.splashFirst ? 'the splash is what the first paint shows' : 'the splash was NOT in the page at first paint'}; ${PEER}`,
    },
    {
      name: `time to interactive /bonus, ${at}`,
      value: ms(p.interactive),
      peer: ms(q.interactive),
      target: `<= peer + 1 API round trip (${ms(allowance)})`,
      note:
        `${verdict(known(p.interactive, allowance) ? p.interactive <= allowance : null)}; ${runsNote}; one API round trip = the login call as the browser saw it, ${ms(p.authMs)}; ` +
        `product: bonus data shown and daily claim enabled, peer: its first screen rendered from a validated reply; reached ${p.reached}/${RUNS} and ${q.reached}/${RUNS}; ${PEER}`,
    },
    {
      name: `API calls before interactive, ${at}`,
      value: `${p.apiCalls ?? 'n/a'} calls in ${p.apiTrips ?? 'n/a'} round trips`,
      peer: 'none',
      target: '2 round trips',
      note: `${verdict(p.apiTrips === null ? null : p.apiTrips <= 2)}; the login (its reply carries the light profile), then the full profile beside the bonus data; a call sent after another answered is one round trip behind it (seen from the browser, ±50 ms); the peer's data is in its page`,
    },
  ];
  if (first) {
    rows.splice(1, 0, {
      name: 'JS+CSS bytes on the wire (as served)',
      value: p.wire === null ? 'n/a' : kb(p.wire),
      peer: q.wire === null ? 'n/a' : kb(q.wire),
      note: `response bodies as transferred (Resource Timing encodedBodySize); encoding product ${p.encodings || 'n/a'}, peer ${q.encodings || 'n/a'}; ${PEER}`,
    });
    rows.push(
      {
        name: 'TON Connect UI on the /bonus path',
        value: p.tonConnect.length ? `yes: ${p.tonConnect.join(', ')}` : 'no',
        peer: q.tonConnect.length ? 'yes' : 'no',
        target: 'no',
        note: 'a file holding TON Connect UI finished loading before /bonus was interactive; deferred on both sides (the peer loads it on its wallet button)',
      },
      {
        name: 'PixiJS on the /bonus path',
        value: p.pixi.length ? `yes: ${p.pixi.join(', ')}` : 'no',
        target: 'no',
        note: 'a file holding PixiJS finished loading before /bonus was interactive',
      },
      {
        name: `TON Connect UI / PixiJS within ${SETTLE_MS / 1000} s after`,
        value: p.later.length ? `yes: ${p.later.join(', ')}` : 'no',
        target: 'no',
        note: 'loaded anyway on /bonus without a wallet or game action, after it became interactive',
      },
    );
  }
  return rows;
}

main().catch((error) => {
  // Only a broken set-up (build, server start) lands here; slow figures never do.
  console.error('[bench] first-screen benchmark could not run:', error);
  process.exitCode = 1;
});
