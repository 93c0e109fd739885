// The market's read calls over HTTP, as the app makes them, against the production build on
// PostgreSQL: a page of the list (filtered, sorted, counted), the facets behind the filter sheets
// (with each value's floor), a page in the discount-to-floor order, and a gift's floors and its
// model's sales history, at 100,000 and then 1,000,000 listings with 1,000,000 sales, while a
// background stream of players buys gifts and lists the gifts they bought again (each purchase and
// each new listing a real call on the same server).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fromNano } from '@arcade/api-client/money';
import { openDb, type Db } from '../src/db/db';
import { audit } from '../src/domain/ledger';
import { foldMarketCounts } from '../src/domain/market/cells';
import { createPostgresDatabase } from '../test/helpers';
import { fundedPlayer, jsonHeaders, startBuiltServer } from './built-server';
import { quantile, report, type BenchRow } from './common';

const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) {
  console.log('market: set DATABASE_URL to a PostgreSQL server (the market is measured over HTTP on it)');
  process.exit(0);
}
/** Listing counts measured in turn; BENCH_MARKET_SIZES=100000 leaves out the 1,000,000 step. */
const SIZES = (process.env.BENCH_MARKET_SIZES ?? '100000,1000000').split(',').map(Number);
/** Samples of each call per size, after the warm-up: the p99 of 2,000 is its 20th slowest. */
const SAMPLES = Number(process.env.BENCH_MARKET_SAMPLES ?? 2000);
/** Concurrent readers (closed loop), and the background purchases and new listings per second. */
const READERS = 4;
const WRITES_PER_SECOND = 10;
const COLLECTIONS = 40;

/** Listings (and their gifts) with ids from..to-1, made in SQL: 40 collections, 30 models, 20 backdrops, 25 symbols. */
async function fill(db: Db, from: number, to: number): Promise<void> {
  const before = (await db.query<{ id: bigint }>('SELECT coalesce(max(id), 0) AS id FROM gifts')).rows[0]!.id;
  await db.exec(`
    INSERT INTO gifts (collection_id, number, model, model_rarity, backdrop, backdrop_rarity, backdrop_center, backdrop_edge, symbol, symbol_rarity, telegram_gift_id)
      SELECT 'c' || (1 + i % ${COLLECTIONS}), 1 + i / ${COLLECTIONS}, 'Model ' || (i * 7 % 30), 5 + (i * 7 % 30) * 3, 'Backdrop ' || (i * 11 % 20), 10 + (i * 11 % 20) * 4,
             '#223344', '#112233', 'Symbol ' || (i * 13 % 25), 4 + (i * 13 % 25) * 2, 'bench-' || i
      FROM generate_series(${from}, ${to - 1}) i;
    INSERT INTO listings (gift_id, seller_id, price, listed_at, collection_id, model, backdrop, symbol, number, rarity,
                          model_rarity, backdrop_rarity, symbol_rarity, backdrop_center, backdrop_edge)
      SELECT g.id, NULL, 100000000 + (g.id * 7919 % 500000) * 10000000, now() - (g.id % 10000) * interval '1 minute',
             g.collection_id, g.model, g.backdrop, g.symbol, g.number, g.rarity,
             g.model_rarity, g.backdrop_rarity, g.symbol_rarity, g.backdrop_center, g.backdrop_edge
        FROM gifts g WHERE g.id > ${before};
    `);
  // Folded as the workers fold them now and then (each fill statement appended its own rows).
  await foldMarketCounts(db);
  // As autovacuum leaves a table at rest: statistics, and the visibility map for index-only scans.
  for (const table of ['gifts', 'listings', 'listing_facet_counts', 'listing_cells']) await db.exec(`VACUUM ANALYZE ${table}`);
}

/** Sales made in SQL before the first size is measured: the history a gift's detail reads. */
const SALES = Number(process.env.BENCH_MARKET_SALES ?? 1_000_000);

/**
 * `count` sales of the gifts made so far, spread over the last year, bought by `buyer`: one
 * statement over generate_series, each sale with its gift's collection and model (migration 027).
 */
async function fillSales(db: Db, count: number, buyer: number): Promise<void> {
  const gifts = (await db.query<{ n: bigint }>('SELECT max(id) AS n FROM gifts')).rows[0]!.n;
  await db.exec(`
    INSERT INTO sales (gift_id, seller_id, buyer_id, price, fee, sold_at, collection_id, model)
      SELECT g.id, NULL, ${buyer}, 100000000 + (i::bigint * 7919 % 500000) * 10000000, 0,
             now() - interval '365 days' + i * (interval '365 days' / ${count}), g.collection_id, g.model
        FROM generate_series(0, ${count - 1}) i JOIN gifts g ON g.id = 1 + i % ${gifts};`);
  await db.exec('VACUUM ANALYZE sales');
}

/** What the app asks: the list's first pages and a deeper page, and the facets, under the filters a player sets. */
const LIST_REQUESTS = [
  { sort: 'date-desc', limit: 24 },
  { backdrops: ['Backdrop 3'], sort: 'price-asc', limit: 24 },
  { collections: ['c7'], sort: 'rarity-asc', limit: 24 },
  { symbols: ['Symbol 4', 'Symbol 9'], minPrice: '10', maxPrice: '900', sort: 'number-desc', limit: 24 },
];
const FACET_REQUESTS = [
  {},
  {},
  { collections: ['c7'] },
  { backdrops: ['Backdrop 3'], symbols: ['Symbol 4'] },
  { minPrice: '10', maxPrice: '900' },
];

/** The discount order's first pages: the whole market and under a collection and a price range. */
const DISCOUNT_REQUESTS = [
  { sort: 'discount-desc', limit: 24 },
  { collections: ['c7'], sort: 'discount-desc', limit: 24 },
  { minPrice: '10', maxPrice: '900', sort: 'discount-desc', limit: 24 },
];

interface Caller {
  token: string;
  userId: number;
}

async function call<T>(address: string, caller: Caller, path: string, body: unknown): Promise<{ status: number; data: T; code?: string }> {
  const response = await fetch(`${address}/api/v3/${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, authorization: `Bearer ${caller.token}` },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as { data: T; code?: string };
  return { status: response.status, data: reply.data, code: reply.code };
}

/**
 * Players buying gifts and listing what they bought again, at a fixed rate whatever the readers
 * do (open loop): each tick buys a random listed gift at its price, or lists a gift bought before.
 */
function backgroundWrites(address: string, db: Db, buyers: Caller[], step: number) {
  let stopped = false;
  let sequence = 0;
  const owned: Array<{ buyer: Caller; giftId: string }> = [];
  const counts = { bought: 0, listed: 0, failed: 0 };
  /** Why calls failed: HTTP status and the reply's code, or the network error. */
  const failures = new Map<string, number>();
  const failed = (why: string) => {
    counts.failed += 1;
    failures.set(why, (failures.get(why) ?? 0) + 1);
  };
  const inFlight = new Set<Promise<void>>();
  const tick = async () => {
    const n = sequence++;
    const buyer = buyers[n % buyers.length]!;
    try {
      if (n % 2 === 1 && owned.length > 0) {
        const { buyer: owner, giftId } = owned.shift()!;
        const listed = await call(address, owner, 'gifts/list', { giftId, price: String(1 + (n % 500)) });
        if (listed.status === 200) counts.listed += 1;
        else failed(`gifts/list ${listed.status} ${listed.code ?? ''}`);
        return;
      }
      const { rows } = await db.query<{ gift_id: bigint; price: bigint }>(
        'SELECT gift_id, price FROM listings WHERE gift_id >= (SELECT max(gift_id) FROM listings) * random() ORDER BY gift_id LIMIT 1',
      );
      const pick = rows[0];
      if (!pick) return;
      const price = fromNano(pick.price);
      const result = await call<{ items: Array<{ result: string }> }>(address, buyer, 'market/checkout', {
        items: [{ giftId: pick.gift_id.toString(), price }],
        // A key of its own per size step: the same key with another cart is refused as reused (409).
        idempotencyKey: `bench-market-${process.pid}-${step}-${n}`,
      });
      if (result.status === 200 && result.data.items[0]?.result === 'bought') {
        counts.bought += 1;
        owned.push({ buyer, giftId: pick.gift_id.toString() });
      } else if (result.status !== 200) failed(`market/checkout ${result.status} ${result.code ?? ''}`);
    } catch (error) {
      failed(String((error as Error).message));
    }
  };
  const timer = setInterval(() => {
    if (stopped) return;
    const work = tick().finally(() => inFlight.delete(work));
    inFlight.add(work);
  }, 1000 / WRITES_PER_SECOND);
  return {
    counts,
    failures,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}

type Kind = 'list' | 'facets' | 'discount' | 'info';
const KINDS: Kind[] = ['list', 'facets', 'discount', 'info'];

/** The call and body of the i-th request of a kind; a gift's detail asks about a random gift. */
function request(kind: Kind, i: number, gifts: number): [string, unknown] {
  switch (kind) {
    case 'list':
      return ['market/list', LIST_REQUESTS[i % LIST_REQUESTS.length]];
    case 'facets':
      return ['market/facets', FACET_REQUESTS[i % FACET_REQUESTS.length]];
    case 'discount':
      return ['market/list', DISCOUNT_REQUESTS[i % DISCOUNT_REQUESTS.length]];
    case 'info':
      return ['market/gift-info', { giftId: String(1 + Math.floor(Math.random() * gifts)) }];
  }
}

/** READERS closed loops, each taking the four calls in turn, until each call has `samples` timings. */
async function read(address: string, readers: Caller[], samples: number, gifts: number) {
  const times: Record<Kind, number[]> = { list: [], facets: [], discount: [], info: [] };
  /** Timings per request, to tell which filter is slow. */
  const byRequest = new Map<string, number[]>();
  let errors = 0;
  let n = 0;
  const loop = async (caller: Caller) => {
    while (KINDS.some((kind) => times[kind].length < samples)) {
      const i = n++;
      const kind = KINDS[i % KINDS.length]!;
      const [path, body] = request(kind, Math.floor(i / KINDS.length), gifts);
      const start = performance.now();
      const reply = await call(address, caller, path, body);
      const ms = performance.now() - start;
      if (reply.status !== 200) errors += 1;
      const into = times[kind];
      if (into.length < samples) {
        into.push(ms);
        const name = kind === 'info' ? path : `${path} ${JSON.stringify(body)}`;
        byRequest.set(name, [...(byRequest.get(name) ?? []), ms]);
      }
    }
  };
  await Promise.all(readers.map(loop));
  for (const kind of KINDS) times[kind].sort((a, b) => a - b);
  const perRequest = [...byRequest].map(([name, list]) => {
    list.sort((a, b) => a - b);
    return `${name}: p50 ${quantile(list, 0.5).toFixed(1)} p99 ${quantile(list, 0.99).toFixed(1)} ms (${list.length})`;
  });
  return { ...times, errors, perRequest };
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const { url, drop } = await createPostgresDatabase(serverUrl);
// The production build migrates the new database as it starts (development mode), with its own copy of the migrations.
const server = await startBuiltServer(url);
const db = await openDb({ kind: 'postgres', url, maxConnections: 4 });
await db.exec(`INSERT INTO gift_collections (id, name) SELECT 'c' || i, 'Collection ' || i FROM generate_series(1, ${COLLECTIONS}) i`);
const address = server.address;
const readers: Caller[] = [];
const buyers: Caller[] = [];
for (let i = 0; i < READERS; i++) readers.push({ userId: 910_000_000 + i, token: await fundedPlayer(db, address, 910_000_000 + i, '1') });
for (let i = 0; i < 8; i++) buyers.push({ userId: 920_000_000 + i, token: await fundedPlayer(db, address, 920_000_000 + i, '100000000') });

const rows: BenchRow[] = [];
let filled = 0;
let salesMade = 0;
try {
  for (const size of SIZES) {
    const t0 = performance.now();
    await fill(db, filled, size);
    filled = size;
    const fillSeconds = (performance.now() - t0) / 1000;
    let salesSeconds: number | null = null;
    if (salesMade === 0 && SALES > 0) {
      const s0 = performance.now();
      await fillSales(db, SALES, readers[0]!.userId);
      salesMade = SALES;
      salesSeconds = (performance.now() - s0) / 1000;
    }
    const label = size.toLocaleString('en-US');
    const writes = backgroundWrites(address, db, buyers, size);
    // Warm-up: connections opened, statements planned, the server's code optimised.
    await read(address, readers, 100, size);
    const loadBefore = load();
    const started = performance.now();
    const measured = await read(address, readers, SAMPLES, size);
    const seconds = (performance.now() - started) / 1000;
    await writes.stop();
    console.log(`${size} listings, per request:\n  ${measured.perRequest.join('\n  ')}`);
    const during = `load average ${loadBefore} at the start, ${load()} at the end (2 cores)`;
    const background = `${writes.counts.bought} purchases and ${writes.counts.listed} new listings over HTTP meanwhile (${WRITES_PER_SECOND}/s offered, ${writes.counts.failed} failed${writes.failures.size ? `: ${[...writes.failures].map(([why, n]) => `${n} ${why}`).join(', ')}` : ''})`;
    rows.push(
      { name: `${label}: fill (generate_series in SQL)`, value: `${fillSeconds.toFixed(1)} s` },
      ...(salesSeconds === null
        ? []
        : [{ name: `${SALES.toLocaleString('en-US')} sales: fill (generate_series in SQL)`, value: `${salesSeconds.toFixed(1)} s` }]),
      {
        name: `${label}: list call p50 / p99`,
        value: `${quantile(measured.list, 0.5).toFixed(1)} / ${quantile(measured.list, 0.99).toFixed(1)} ms`,
        target: 'p99 < 50 ms',
        note: `${measured.list.length} calls over HTTP, ${READERS} readers taking list, facets, discount order and gift info in turn, first pages of 4 filters and sorts with their count; ${background}; ${during}`,
      },
      {
        name: `${label}: facets call p50 / p99`,
        value: `${quantile(measured.facets, 0.5).toFixed(1)} / ${quantile(measured.facets, 0.99).toFixed(1)} ms`,
        target: 'p99 < 50 ms',
        note: `${measured.facets.length} calls: no filter (2 in 5), one collection, a backdrop and a symbol, a price range; same background and load`,
      },
      {
        name: `${label}: discount-order list call p50 / p99`,
        value: `${quantile(measured.discount, 0.5).toFixed(1)} / ${quantile(measured.discount, 0.99).toFixed(1)} ms`,
        target: 'p99 < 50 ms',
        note: `${measured.discount.length} calls: first page of the discount order, whole market, one collection, a price range, with the count; same background and load`,
      },
      {
        name: `${label}: gift info (floors + history) p50 / p99`,
        value: `${quantile(measured.info, 0.5).toFixed(1)} / ${quantile(measured.info, 0.99).toFixed(1)} ms`,
        target: 'p99 < 50 ms',
        note: `${measured.info.length} calls for random gifts: 3 floors of the other listings and the model's sales (count, the last 60) among ${salesMade.toLocaleString('en-US')} sales; same background and load`,
      },
      { name: `${label}: non-2xx read answers`, value: String(measured.errors), target: '0', note: `in ${seconds.toFixed(0)} s` },
    );
    console.log(
      rows
        .slice(-6)
        .map((r) => `${r.name}: ${r.value}`)
        .join('\n'),
    );
  }
} finally {
  await server.stop();
}
const sound = await audit(db);
rows.push({
  name: 'ledger audit after the run',
  value: sound.ok ? `clean (${sound.transactions} movements)` : `${sound.problems.length} breaks`,
  target: 'clean',
});
await db.close();
await drop();
report('Market list and facets over HTTP', rows);
