// The market's two read calls over HTTP, as the app makes them, against the production build on
// PostgreSQL: a page of the list (filtered, sorted, counted) and the facets behind the filter sheets,
// at 100,000 and then 1,000,000 listings, while a background stream of players buys gifts and lists
// the gifts they bought again (each purchase and each new listing a real call on the same server).
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fromNano } from '@arcade/api-client/money';
import { openDb, type Db } from '../src/db/db';
import { audit } from '../src/domain/ledger';
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
    SELECT listing_facet_counts_compact();`);
  // As autovacuum leaves a table at rest: statistics, and the visibility map for index-only scans.
  for (const table of ['gifts', 'listings', 'listing_facet_counts']) await db.exec(`VACUUM ANALYZE ${table}`);
}

/** What the app asks: the list's first pages and a deeper page, and the facets, under the filters a player sets. */
const LIST_REQUESTS = [
  { sort: 'date-desc', limit: 24 },
  { backdrops: ['Backdrop 3'], sort: 'price-asc', limit: 24 },
  { collections: ['c7'], sort: 'rarity-asc', limit: 24 },
  { symbols: ['Symbol 4', 'Symbol 9'], minPrice: '10', maxPrice: '900', sort: 'number-desc', limit: 24 },
];
const FACET_REQUESTS = [{}, {}, { collections: ['c7'] }, { backdrops: ['Backdrop 3'], symbols: ['Symbol 4'] }, { minPrice: '10', maxPrice: '900' }];

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
function backgroundWrites(address: string, db: Db, buyers: Caller[]) {
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
        idempotencyKey: `bench-market-${process.pid}-${n}`,
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

/** READERS closed loops, each alternating list and facets calls, until each call has `samples` timings. */
async function read(address: string, readers: Caller[], samples: number) {
  const times = { list: [] as number[], facets: [] as number[] };
  /** Timings per request, to tell which filter is slow. */
  const byRequest = new Map<string, number[]>();
  let errors = 0;
  let n = 0;
  const loop = async (caller: Caller) => {
    while (times.list.length < samples || times.facets.length < samples) {
      const i = n++;
      const facets = i % 2 === 1;
      const path = facets ? 'market/facets' : 'market/list';
      const body = facets ? FACET_REQUESTS[(i >> 1) % FACET_REQUESTS.length] : LIST_REQUESTS[(i >> 1) % LIST_REQUESTS.length];
      const start = performance.now();
      const reply = await call(address, caller, path, body);
      const ms = performance.now() - start;
      if (reply.status !== 200) errors += 1;
      const into = facets ? times.facets : times.list;
      if (into.length < samples) {
        into.push(ms);
        const name = `${path} ${JSON.stringify(body)}`;
        byRequest.set(name, [...(byRequest.get(name) ?? []), ms]);
      }
    }
  };
  await Promise.all(readers.map(loop));
  times.list.sort((a, b) => a - b);
  times.facets.sort((a, b) => a - b);
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
try {
for (const size of SIZES) {
  const t0 = performance.now();
  await fill(db, filled, size);
  filled = size;
  const fillSeconds = (performance.now() - t0) / 1000;
  const label = size.toLocaleString('en-US');
  const writes = backgroundWrites(address, db, buyers);
  // Warm-up: connections opened, statements planned, the server's code optimised.
  await read(address, readers, 100);
  const loadBefore = load();
  const started = performance.now();
  const measured = await read(address, readers, SAMPLES);
  const seconds = (performance.now() - started) / 1000;
  await writes.stop();
  console.log(`${size} listings, per request:\n  ${measured.perRequest.join('\n  ')}`);
  const during = `load average ${loadBefore} at the start, ${load()} at the end (2 cores)`;
  const background = `${writes.counts.bought} purchases and ${writes.counts.listed} new listings over HTTP meanwhile (${WRITES_PER_SECOND}/s offered, ${writes.counts.failed} failed${writes.failures.size ? `: ${[...writes.failures].map(([why, n]) => `${n} ${why}`).join(', ')}` : ''})`;
  rows.push(
    { name: `${label}: fill (generate_series in SQL)`, value: `${fillSeconds.toFixed(1)} s` },
    {
      name: `${label}: list call p50 / p99`,
      value: `${quantile(measured.list, 0.5).toFixed(1)} / ${quantile(measured.list, 0.99).toFixed(1)} ms`,
      target: size <= 100_000 ? 'p99 < 50 ms' : 'as measured',
      note: `${measured.list.length} calls over HTTP, ${READERS} readers alternating list and facets, first pages of 4 filters and sorts with their count; ${background}; ${during}`,
    },
    {
      name: `${label}: facets call p50 / p99`,
      value: `${quantile(measured.facets, 0.5).toFixed(1)} / ${quantile(measured.facets, 0.99).toFixed(1)} ms`,
      target: size <= 100_000 ? 'p99 < 50 ms' : 'as measured',
      note: `${measured.facets.length} calls: no filter (2 in 5), one collection, a backdrop and a symbol, a price range; same background and load`,
    },
    { name: `${label}: non-2xx read answers`, value: String(measured.errors), target: '0', note: `in ${seconds.toFixed(0)} s` },
  );
  console.log(rows.slice(-4).map((r) => `${r.name}: ${r.value}`).join('\n'));
}
} finally {
  await server.stop();
}
const sound = await audit(db);
rows.push({ name: 'ledger audit after the run', value: sound.ok ? `clean (${sound.transactions} movements)` : `${sound.problems.length} breaks`, target: 'clean' });
await db.close();
await drop();
report('Market list and facets over HTTP', rows);
