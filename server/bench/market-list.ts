import { performance } from 'node:perf_hooks';
import { openDb, type Db } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { listMarket } from '../src/domain/market/list';
import { createPostgresDatabase } from '../test/helpers';
import { quantile, report, type BenchRow } from './common';

const LISTINGS = 100_000;

/** 100,000 listings over 40 collections with varied attributes, made in SQL. */
async function fill(db: Db): Promise<void> {
  await db.exec(`
    INSERT INTO gift_collections (id, name) SELECT 'c' || i, 'Collection ' || i FROM generate_series(1, 40) i;
    INSERT INTO gifts (collection_id, number, model, model_rarity, backdrop, backdrop_rarity, backdrop_center, backdrop_edge, symbol, symbol_rarity, telegram_gift_id)
      SELECT 'c' || (1 + i % 40), 1 + i / 40, 'Model ' || (i * 7 % 30), 5 + (i * 7 % 30) * 3, 'Backdrop ' || (i * 11 % 20), 10 + (i * 11 % 20) * 4,
             '#223344', '#112233', 'Symbol ' || (i * 13 % 25), 4 + (i * 13 % 25) * 2, 'bench-' || i
      FROM generate_series(0, ${LISTINGS - 1}) i;
    INSERT INTO listings (gift_id, seller_id, price, listed_at, collection_id, model, backdrop, symbol, number, rarity)
      SELECT g.id, NULL, 100000000 + (g.id * 7919 % 500000) * 10000000, now() - (g.id % 10000) * interval '1 minute',
             g.collection_id, g.model, g.backdrop, g.symbol, g.number, g.rarity FROM gifts g;
    ANALYZE gifts; ANALYZE listings;`);
}

async function measure(kind: string, db: Db): Promise<BenchRow[]> {
  const t0 = performance.now();
  await fill(db);
  const fillMs = performance.now() - t0;
  const requests = [
    { backdrops: ['Backdrop 3'], sort: 'price-asc' as const, limit: 24 },
    { collections: ['c7'], sort: 'rarity-asc' as const, limit: 24 },
    { sort: 'date-desc' as const, limit: 24 },
    { symbols: ['Symbol 4', 'Symbol 9'], minPrice: '10', maxPrice: '900', sort: 'number-desc' as const, limit: 24 },
  ];
  // Warm the caches and follow a cursor a few pages deep, as scrolling does.
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    for (const request of requests) {
      const start = performance.now();
      const page = await listMarket(db, request, null);
      if (page.nextCursor && i % 3 === 0) await listMarket(db, { ...request, cursor: page.nextCursor }, null);
      if (i >= 10) times.push(performance.now() - start);
    }
  }
  times.sort((a, b) => a - b);
  const plan = await db.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (ANALYZE, BUFFERS OFF) SELECT g.id FROM gifts g JOIN gift_collections c ON c.id = g.collection_id JOIN listings l ON l.gift_id = g.id
     WHERE l.backdrop IN ('Backdrop 3') ORDER BY l.price ASC, l.gift_id ASC LIMIT 25`,
  );
  console.log(`\n${kind}: plan of a backdrop-filtered, price-sorted page\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
  return [
    { name: `${kind}: fill ${LISTINGS} listings`, value: `${(fillMs / 1000).toFixed(1)} s` },
    { name: `${kind}: list call p50 (filtered, sorted, + count)`, value: `${quantile(times, 0.5).toFixed(1)} ms`, target: '< 50 ms' },
    { name: `${kind}: list call p99`, value: `${quantile(times, 0.99).toFixed(1)} ms`, target: '< 100 ms' },
  ];
}

const rows: BenchRow[] = [];
const pglite = await openDb({ kind: 'pglite' });
await migrate(pglite);
rows.push(...(await measure('PGlite', pglite)));
await pglite.close();
if (process.env.DATABASE_URL) {
  const { url, drop } = await createPostgresDatabase(process.env.DATABASE_URL);
  const pg = await openDb({ kind: 'postgres', url });
  await migrate(pg);
  rows.push(...(await measure('PostgreSQL', pg)));
  await pg.close();
  await drop();
}
report('Market list at 100,000 listings', rows);
