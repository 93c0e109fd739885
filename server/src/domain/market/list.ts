import {
  marketRules,
  type GiftMarketInfo,
  type MarketFacets,
  type MarketFilter,
  type MarketPage,
  type MarketSort,
} from '@arcade/api-client/market';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { Queryable, SqlValue } from '../../db/db';
import { DomainError } from '../errors';
import {
  CELL_FACET,
  countFromCells,
  FACET_COLUMN,
  FACETS,
  facetsPriced,
  facetsWithin,
  placeholders,
  type Facet,
  type FacetRow,
} from './cells';
import { GIFT_SELECT, toGift, type GiftRow } from './gifts';

/** The rarity the sheet shows for a facet's values counted from the listings. */
const FACET_RARITY = {
  collections: '0',
  models: 'max(model_rarity)',
  backdrops: 'max(backdrop_rarity)',
  symbols: 'max(symbol_rarity)',
} as const;

const SORT_COLUMN = { price: 'price', date: 'listed_at', number: 'number', rarity: 'rarity', discount: 'discount' } as const;
type SortKey = keyof typeof SORT_COLUMN;

/** Builds `WHERE` parts over the listings table `l` from a filter, leaving out one facet if asked. */
function conditions(filter: MarketFilter, params: SqlValue[], skip?: 'collections' | 'models' | 'backdrops' | 'symbols'): string[] {
  const where: string[] = [];
  const any = (column: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    where.push(`l.${column} IN (${placeholders(params, values).join(', ')})`);
  };
  if (skip !== 'collections') any('collection_id', filter.collections);
  if (skip !== 'models') any('model', filter.models);
  if (skip !== 'backdrops') any('backdrop', filter.backdrops);
  if (skip !== 'symbols') any('symbol', filter.symbols);
  if (filter.minPrice !== undefined) {
    params.push(toNano(filter.minPrice));
    where.push(`l.price >= $${params.length}`);
  }
  if (filter.maxPrice !== undefined) {
    params.push(toNano(filter.maxPrice));
    where.push(`l.price <= $${params.length}`);
  }
  return where;
}

const encodeCursor = (value: string, giftId: bigint) => Buffer.from(JSON.stringify([value, giftId.toString()])).toString('base64url');

const INT8_MAX = 9_223_372_036_854_775_807n;
/** The largest value of each integer sort's column: price and rarity are BIGINT, number INTEGER. */
const COLUMN_MAX = { price: INT8_MAX, number: 2_147_483_647n, rarity: INT8_MAX, discount: 1_000_000n } as const;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const badCursor = () => new DomainError('invalid', 'The page cursor is not one this market gave out');

/** A whole number from 0 to `max`, written as the market writes one (no sign, no leading zero), or null. */
function wholeNumber(text: unknown, max: bigint): bigint | null {
  if (typeof text !== 'string' || !/^(0|[1-9]\d{0,18})$/.test(text)) return null;
  const value = BigInt(text);
  return value <= max ? value : null;
}

/**
 * Reads back a cursor of this sort: only what encodeCursor could have written for it is taken,
 * so the query never sees a value out of its column's range (an INTEGER overflow, a timestamp
 * before 4713 BC: a 500 from PostgreSQL) or of another sort.
 */
function decodeCursor(cursor: string, key: SortKey): [SqlValue, bigint] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw badCursor();
  const [value, id] = parsed as unknown[];
  const giftId = wholeNumber(id, INT8_MAX);
  if (giftId === null) throw badCursor();
  if (key === 'date') {
    // As toISOString writes it, in the years 0001-9999 (both drivers and PostgreSQL take them).
    const date = typeof value === 'string' && ISO_TIME.test(value) ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime()) || date.toISOString() !== value || date.getUTCFullYear() < 1) throw badCursor();
    return [date, giftId];
  }
  const sortValue = wholeNumber(value, COLUMN_MAX[key]);
  if (sortValue === null) throw badCursor();
  return [sortValue, giftId];
}

/**
 * The listings a filter leaves. Under no filter or one facet's values alone (each listing has one
 * value of each facet), the sum of the maintained counts (migration 020); under two facets' values,
 * or a price range and one facet's values, from the cells (migration 034); else a count of the rows.
 */
async function countListings(
  db: Queryable,
  filter: MarketFilter,
  where: string[],
  params: SqlValue[],
  primary: Queryable,
): Promise<bigint> {
  const filtered = FACETS.filter((facet) => filter[facet]?.length);
  const priced = filter.minPrice !== undefined || filter.maxPrice !== undefined;
  if (!priced && filtered.length <= 1) {
    const facet = filtered[0] ?? 'collections';
    const names = [...new Set(filter[facet] ?? [])];
    const { rows } = await db.query<{ n: bigint | null; appended: bigint; live: bigint }>(
      `SELECT sum(n)::bigint AS n, count(*) AS appended, count(DISTINCT (name, rarity, center, edge)) AS live
         FROM listing_facet_counts WHERE facet = $1${names.length ? ` AND name IN (${names.map((_, i) => `$${i + 2}`).join(', ')})` : ''}`,
      [CELL_FACET[facet], ...names],
    );
    const row = rows[0];
    // The list is read more often than the facets: it folds the counts as well when they grew long.
    if (row) await compactIfLong(primary, Number(row.appended), Number(row.live));
    return row?.n ?? 0n;
  }
  const fromCells = await countFromCells(
    db,
    filtered.map((facet) => [facet, filter[facet]!]),
    { min: priceOf(filter.minPrice), max: priceOf(filter.maxPrice) },
  );
  if (fromCells !== null) return fromCells;
  const { rows } = await db.query<{ n: bigint }>(
    `SELECT count(*) AS n FROM listings l ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`,
    params,
  );
  return rows[0]?.n ?? 0n;
}

const priceOf = (ton: string | undefined) => (ton === undefined ? undefined : toNano(ton));

/**
 * One page of gifts for sale: filtered, sorted by price, date, number or rarity either way, and
 * paged by a cursor on (sort value, gift id) so a page is one index range scan at any depth.
 * `db` may be a read replica; the counts' folding (a write) goes to `primary`.
 */
export async function listMarket(
  db: Queryable,
  request: MarketFilter & { sort?: MarketSort; cursor?: string; limit?: number },
  viewer: bigint | null,
  primary: Queryable = db,
): Promise<MarketPage> {
  const [key, direction] = (request.sort ?? 'date-desc').split('-') as [SortKey, 'asc' | 'desc'];
  const column = SORT_COLUMN[key];
  const limit = request.limit ?? 24;
  const params: SqlValue[] = [];
  const where = conditions(request, params);
  if (key === 'discount') return listByDiscount(db, request, where, params, limit, viewer);
  const countParams = [...params];
  const countWhere = [...where];

  if (request.cursor) {
    const [value, giftId] = decodeCursor(request.cursor, key);
    params.push(value, giftId);
    where.push(`(l.${column}, l.gift_id) ${direction === 'asc' ? '>' : '<'} ($${params.length - 1}, $${params.length})`);
  }
  params.push(limit + 1);
  const order = `l.${column} ${direction.toUpperCase()}, l.gift_id ${direction.toUpperCase()}`;
  const page = await db.query<GiftRow>(
    `${GIFT_SELECT.replace('LEFT JOIN listings l', 'JOIN listings l')} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY ${order} LIMIT $${params.length}`,
    params,
  );
  // Counting is the slow part of a page at 100,000 listings: only the first page does it.
  const total = request.cursor ? null : await countListings(db, request, countWhere, countParams, primary);
  const items = page.rows.slice(0, limit);
  const last = items.at(-1);
  const lastValue = (row: GiftRow): string =>
    key === 'date'
      ? row.listed_at!.toISOString()
      : key === 'price'
        ? row.price!.toString()
        : key === 'number'
          ? String(row.number)
          : row.rarity.toString();
  return {
    items: items.map((row) => toGift(row, viewer)),
    nextCursor: page.rows.length > limit && last ? encodeCursor(lastValue(last), last.id) : null,
    total: total === null ? null : Number(total),
  };
}

/**
 * The cheapest listing of each model of each collection with the price of the next one, from one
 * probe of listings_collection_model_facets_idx per (collection, model) pair that has listings
 * (the pairs come from the cells, migration 034): a few hundred index reads whatever the size of
 * the book. `discount` is (next - price) / next in millionths, for the gifts strictly below the
 * floor of the others. It is worked out in numeric: (next - price) * 1000000 would leave BIGINT
 * for a gap above 9,223 TON, and one such listing would break the order for everyone.
 */
const DISCOUNTED = `
  WITH live AS (
    SELECT within_name AS collection, name AS model FROM listing_cells
     WHERE within = 'collection' AND facet = 'model' GROUP BY within_name, name HAVING sum(n) > 0),
  cheapest AS (
    SELECT two.prices, two.ids
      FROM live CROSS JOIN LATERAL (
        SELECT array_agg(t.price ORDER BY t.price, t.gift_id) AS prices, array_agg(t.gift_id ORDER BY t.price, t.gift_id) AS ids
          FROM (SELECT x.price, x.gift_id FROM listings x WHERE x.collection_id = live.collection AND x.model = live.model
                 ORDER BY x.price, x.gift_id LIMIT 2) t) two),
  d AS MATERIALIZED (
    SELECT ids[1] AS gift_id, prices[2] AS floor, div((prices[2] - prices[1])::numeric * 1000000, prices[2])::bigint AS discount
      FROM cheapest WHERE cardinality(prices) = 2 AND prices[1] < prices[2])`;

/** A page of the discount order: the largest discount first, then the higher gift id (see DISCOUNTED). */
async function listByDiscount(
  db: Queryable,
  request: { cursor?: string },
  where: string[],
  params: SqlValue[],
  limit: number,
  viewer: bigint | null,
): Promise<MarketPage> {
  if (request.cursor) {
    const [value, giftId] = decodeCursor(request.cursor, 'discount');
    params.push(value, giftId);
    where.push(`(d.discount, l.gift_id) < ($${params.length - 1}, $${params.length})`);
  }
  params.push(limit + 1);
  const page = await db.query<GiftRow & { discount: bigint; floor: bigint; total: bigint }>(
    `${DISCOUNTED}
     ${GIFT_SELECT.replace('SELECT g.*,', 'SELECT g.*, d.discount, d.floor, count(*) OVER () AS total,').replace('LEFT JOIN listings l', 'JOIN listings l')}
       JOIN d ON d.gift_id = l.gift_id
     ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
     ORDER BY d.discount DESC, l.gift_id DESC LIMIT $${params.length}`,
    params,
  );
  const items = page.rows.slice(0, limit);
  const last = items.at(-1);
  return {
    // The card shows what the order is by: the floor the gift undercuts and by how much.
    items: items.map((row) => ({ ...toGift(row, viewer), deal: { floor: fromNano(row.floor), discount: Number(row.discount) } })),
    nextCursor: page.rows.length > limit && last ? encodeCursor(last.discount.toString(), last.id) : null,
    total: request.cursor ? null : Number(page.rows[0]?.total ?? 0n),
  };
}

/**
 * Where one gift's price stands: the floors of the other listings of its collection, of its model
 * and of its backdrop in that collection (an index probe each), and the market's sales of its model
 * in its collection (one range of sales_model_time_idx). Null for an unknown gift.
 */
export async function giftMarketInfo(db: Queryable, giftId: bigint): Promise<GiftMarketInfo | null> {
  const gift = await db.query<{ collection_id: string; model: string; backdrop: string }>(
    'SELECT collection_id, model, backdrop FROM gifts WHERE id = $1',
    [giftId],
  );
  const row = gift.rows[0];
  if (!row) return null;
  const [floors, count, points] = await Promise.all([
    db.query<{ collection: bigint | null; model: bigint | null; backdrop: bigint | null }>(
      `SELECT (SELECT price FROM listings WHERE collection_id = $1 AND gift_id <> $4 ORDER BY price LIMIT 1) AS collection,
              (SELECT price FROM listings WHERE collection_id = $1 AND model = $2 AND gift_id <> $4 ORDER BY price LIMIT 1) AS model,
              (SELECT price FROM listings WHERE collection_id = $1 AND backdrop = $3 AND gift_id <> $4 ORDER BY price LIMIT 1) AS backdrop`,
      [row.collection_id, row.model, row.backdrop, giftId],
    ),
    db.query<{ n: bigint }>('SELECT count(*) AS n FROM sales WHERE collection_id = $1 AND model = $2', [row.collection_id, row.model]),
    db.query<{ price: bigint; sold_at: Date }>(
      'SELECT price, sold_at FROM sales WHERE collection_id = $1 AND model = $2 ORDER BY sold_at DESC, id DESC LIMIT $3',
      [row.collection_id, row.model, marketRules.historyPoints],
    ),
  ]);
  const floor = (value: bigint | null | undefined) => (value === null || value === undefined ? null : fromNano(value));
  const sales = points.rows.reverse().map((sale) => ({ price: fromNano(sale.price), at: sale.sold_at.toISOString() }));
  const f = floors.rows[0];
  return {
    floors: { collection: floor(f?.collection), model: floor(f?.model), backdrop: floor(f?.backdrop) },
    history: { count: Number(count.rows[0]?.n ?? 0n), last: sales.at(-1) ?? null, points: sales },
  };
}

/** Appended rows of listing_facet_counts beyond this many per live value: the next call folds them. */
const COMPACT_SLACK = 500;

/** Folds listing_facet_counts when its rows read (`appended`) outnumber the values they count (`live`). */
async function compactIfLong(db: Queryable, appended: number, live: number): Promise<void> {
  if (appended > 2 * live + COMPACT_SLACK) await db.query('SELECT listing_facet_counts_compact()');
}

/** The counts of every listing per value of each facet, from the maintained counts (migration 020). */
async function countedFacets(db: Queryable, primary: Queryable): Promise<Record<Facet, FacetRow[]>> {
  const [{ rows }, appended] = await Promise.all([
    db.query<Omit<FacetRow, 'facet'> & { facet: string }>(
      // Each value's floor is the first entry of its price index (one probe per value).
      `SELECT facet, name, count, rarity, center, edge,
              CASE facet
                WHEN 'model' THEN (SELECT min(l.price) FROM listings l WHERE l.model = f.name)
                WHEN 'backdrop' THEN (SELECT min(l.price) FROM listings l WHERE l.backdrop = f.name)
                WHEN 'symbol' THEN (SELECT min(l.price) FROM listings l WHERE l.symbol = f.name)
                ELSE (SELECT min(l.price) FROM listings l WHERE l.collection_id = f.name)
              END AS floor
         FROM (SELECT facet, name, sum(n)::bigint AS count, max(rarity) AS rarity, max(center) AS center, max(edge) AS edge
                 FROM (SELECT facet, name, rarity, center, edge, sum(n) AS n FROM listing_facet_counts GROUP BY facet, name, rarity, center, edge) v
                WHERE n > 0
                GROUP BY facet, name) f
        ORDER BY facet, count DESC, name`,
    ),
    db.query<{ n: bigint }>('SELECT count(*) AS n FROM listing_facet_counts'),
  ]);
  await compactIfLong(primary, Number(appended.rows[0]?.n ?? 0n), rows.length);
  const out: Record<Facet, FacetRow[]> = { collections: [], models: [], backdrops: [], symbols: [] };
  for (const facet of FACETS) out[facet] = rows.filter((row) => row.facet === CELL_FACET[facet]).map((row) => ({ ...row, facet }));
  return out;
}

const tonOrNull = (nano: bigint | null | undefined): string | null => (nano === null || nano === undefined ? null : fromNano(nano));

/**
 * Counts and floors per filter value (each facet counted under the other filters). A facet with no
 * other filter comes from the maintained counts (a few hundred rows whatever the market's size),
 * each value's floor from one probe of its price index; a facet under one other facet's values, or
 * under a price range alone, from the cells (migration 034); a facet under more filters counts the
 * listings those filters leave, and takes their lowest price, through the listings' indexes.
 * `db` may be a read replica; the counts' folding (a write) goes to `primary`.
 */
export async function marketFacets(db: Queryable, filter: MarketFilter, primary: Queryable = db): Promise<MarketFacets> {
  const priced = filter.minPrice !== undefined || filter.maxPrice !== undefined;
  const unfiltered = (skip: Facet) => !priced && FACETS.every((other) => other === skip || !filter[other]?.length);
  // Facets counted under the same filters (all of them under a price range alone; all but the
  // filtered one under one facet's values) share one read.
  const groups = new Map<string, { where: string[]; params: SqlValue[]; facets: Facet[]; others: Facet[] }>();
  for (const facet of FACETS) {
    if (unfiltered(facet)) continue;
    const params: SqlValue[] = [];
    const where = conditions(filter, params, facet);
    const others = FACETS.filter((other) => other !== facet && filter[other]?.length);
    const key = JSON.stringify(others);
    const group = groups.get(key) ?? { where, params, facets: [], others };
    group.facets.push(facet);
    groups.set(key, group);
  }
  const counts = async ({ where, params, facets, others }: { where: string[]; params: SqlValue[]; facets: Facet[]; others: Facet[] }) => {
    if (!priced && others.length === 1) return facetsWithin(db, primary, others[0]!, filter[others[0]!]!, facets);
    if (priced && others.length === 0) {
      return facetsPriced(db, primary, { min: priceOf(filter.minPrice), max: priceOf(filter.maxPrice) }, facets);
    }
    // One read of the listings the filters leave, grouped by each facet at once (grouping sets).
    const pick = (expression: (facet: Facet) => string) =>
      facets.length === 1
        ? expression(facets[0]!)
        : `CASE ${facets.map((facet) => `WHEN GROUPING(${FACET_COLUMN[facet]}) = 0 THEN ${expression(facet)}`).join(' ')} END`;
    const { rows } = await db.query<FacetRow>(
      `SELECT ${pick((facet) => `'${facet}'`)} AS facet, ${pick((facet) => FACET_COLUMN[facet])} AS name,
              count(*) AS count, min(price) AS floor, ${pick((facet) => FACET_RARITY[facet])} AS rarity,
              ${pick((facet) => (facet === 'backdrops' ? 'max(backdrop_center)' : "''"))} AS center,
              ${pick((facet) => (facet === 'backdrops' ? 'max(backdrop_edge)' : "''"))} AS edge
         FROM listings l ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
        GROUP BY GROUPING SETS (${facets.map((facet) => `(${FACET_COLUMN[facet]})`).join(', ')})
        ORDER BY facet, count DESC, name`,
      params,
    );
    return rows;
  };
  const counted = FACETS.some(unfiltered) ? countedFacets(db, primary) : null;
  const [summary, scanned, names] = await Promise.all([
    counted,
    Promise.all([...groups.values()].map(counts)).then((all) => all.flat()),
    // Every collection, for the sheet to show the empty ones too; floors come with the counts.
    db.query<{ id: string; name: string }>('SELECT id, name FROM gift_collections ORDER BY name'),
  ]);
  const of = (facet: Facet): FacetRow[] => (unfiltered(facet) ? summary![facet] : scanned.filter((row) => row.facet === facet));
  const [collections, models, backdrops, symbols] = [of('collections'), of('models'), of('backdrops'), of('symbols')];
  const byId = new Map<string, { count: bigint; floor: bigint | null }>(
    collections.map((c) => [c.name, { count: c.count, floor: c.floor }]),
  );
  return {
    // Every collection, so the filter sheet can show empty ones too.
    collections: names.rows.map((c) => {
      const found = byId.get(c.id);
      const floor = found?.floor ?? null;
      return { id: c.id, name: c.name, count: Number(found?.count ?? 0n), floor: floor === null ? null : fromNano(floor) };
    }),
    models: models.map((m) => ({ name: m.name, count: Number(m.count), rarityPerMille: Number(m.rarity), floor: tonOrNull(m.floor) })),
    backdrops: backdrops.map((b) => ({
      name: b.name,
      count: Number(b.count),
      rarityPerMille: Number(b.rarity),
      center: b.center,
      edge: b.edge,
      floor: tonOrNull(b.floor),
    })),
    symbols: symbols.map((s) => ({ name: s.name, count: Number(s.count), rarityPerMille: Number(s.rarity), floor: tonOrNull(s.floor) })),
  };
}
