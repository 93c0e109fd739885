import type { MarketFacets, MarketFilter, MarketPage, MarketSort } from '@arcade/api-client/market';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { Queryable, SqlValue } from '../../db/db';
import { DomainError } from '../errors';
import { GIFT_SELECT, toGift, type GiftRow } from './gifts';

type Facet = 'collections' | 'models' | 'backdrops' | 'symbols';
const FACETS: Facet[] = ['collections', 'models', 'backdrops', 'symbols'];
/** listing_facet_counts' name of each facet. */
const SUMMARY_FACET = { collections: 'collection', models: 'model', backdrops: 'backdrop', symbols: 'symbol' } as const;

const SORT_COLUMN = { price: 'price', date: 'listed_at', number: 'number', rarity: 'rarity' } as const;
type SortKey = keyof typeof SORT_COLUMN;

/** Builds `WHERE` parts over the listings table `l` from a filter, leaving out one facet if asked. */
function conditions(filter: MarketFilter, params: SqlValue[], skip?: 'collections' | 'models' | 'backdrops' | 'symbols'): string[] {
  const where: string[] = [];
  const any = (column: string, values: readonly string[] | undefined) => {
    if (!values || values.length === 0) return;
    const placeholders = values.map((value) => {
      params.push(value);
      return `$${params.length}`;
    });
    where.push(`l.${column} IN (${placeholders.join(', ')})`);
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
const COLUMN_MAX = { price: INT8_MAX, number: 2_147_483_647n, rarity: INT8_MAX } as const;
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
 * value of each facet), the sum of the maintained counts (migration 020); else a count of the rows.
 */
async function countListings(db: Queryable, filter: MarketFilter, where: string[], params: SqlValue[]): Promise<bigint> {
  const filtered = FACETS.filter((facet) => filter[facet]?.length);
  if (filter.minPrice === undefined && filter.maxPrice === undefined && filtered.length <= 1) {
    const facet = filtered[0] ?? 'collections';
    const names = [...new Set(filter[facet] ?? [])];
    const { rows } = await db.query<{ n: bigint | null; appended: bigint; live: bigint }>(
      `SELECT sum(n)::bigint AS n, count(*) AS appended, count(DISTINCT (name, rarity, center, edge)) AS live
         FROM listing_facet_counts WHERE facet = $1${names.length ? ` AND name IN (${names.map((_, i) => `$${i + 2}`).join(', ')})` : ''}`,
      [SUMMARY_FACET[facet], ...names],
    );
    const row = rows[0];
    // The list is read more often than the facets: it folds the counts as well when they grew long.
    if (row) await compactIfLong(db, Number(row.appended), Number(row.live));
    return row?.n ?? 0n;
  }
  const { rows } = await db.query<{ n: bigint }>(`SELECT count(*) AS n FROM listings l ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`, params);
  return rows[0]?.n ?? 0n;
}

/**
 * One page of gifts for sale: filtered, sorted by price, date, number or rarity either way, and
 * paged by a cursor on (sort value, gift id) so a page is one index range scan at any depth.
 */
export async function listMarket(
  db: Queryable,
  request: MarketFilter & { sort?: MarketSort; cursor?: string; limit?: number },
  viewer: bigint | null,
): Promise<MarketPage> {
  const [key, direction] = (request.sort ?? 'date-desc').split('-') as [SortKey, 'asc' | 'desc'];
  const column = SORT_COLUMN[key];
  const limit = request.limit ?? 24;
  const params: SqlValue[] = [];
  const where = conditions(request, params);
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
  const total = request.cursor ? null : await countListings(db, request, countWhere, countParams);
  const items = page.rows.slice(0, limit);
  const last = items.at(-1);
  const lastValue = (row: GiftRow): string =>
    key === 'date' ? row.listed_at!.toISOString() : key === 'price' ? row.price!.toString() : key === 'number' ? String(row.number) : row.rarity.toString();
  return {
    items: items.map((row) => toGift(row, viewer)),
    nextCursor: page.rows.length > limit && last ? encodeCursor(lastValue(last), last.id) : null,
    total: total === null ? null : Number(total),
  };
}


/** Appended rows of listing_facet_counts beyond this many per live value: the next call folds them. */
const COMPACT_SLACK = 500;

/** Folds listing_facet_counts when its rows read (`appended`) outnumber the values they count (`live`). */
async function compactIfLong(db: Queryable, appended: number, live: number): Promise<void> {
  if (appended > 2 * live + COMPACT_SLACK) await db.query('SELECT listing_facet_counts_compact()');
}

interface FacetRow {
  name: string;
  count: bigint;
  rarity: number;
  center: string;
  edge: string;
}

/** The counts of every listing per value of each facet, from the maintained counts (migration 020). */
async function countedFacets(db: Queryable): Promise<Record<Facet, FacetRow[]>> {
  const [{ rows }, appended] = await Promise.all([
    db.query<FacetRow & { facet: string }>(
      `SELECT facet, name, sum(n)::bigint AS count, max(rarity) AS rarity, max(center) AS center, max(edge) AS edge
         FROM (SELECT facet, name, rarity, center, edge, sum(n) AS n FROM listing_facet_counts GROUP BY facet, name, rarity, center, edge) v
        WHERE n > 0
        GROUP BY facet, name
        ORDER BY facet, sum(n) DESC, name`,
    ),
    db.query<{ n: bigint }>('SELECT count(*) AS n FROM listing_facet_counts'),
  ]);
  await compactIfLong(db, Number(appended.rows[0]?.n ?? 0n), rows.length);
  const out: Record<Facet, FacetRow[]> = { collections: [], models: [], backdrops: [], symbols: [] };
  for (const facet of FACETS) out[facet] = rows.filter((row) => row.facet === SUMMARY_FACET[facet]);
  return out;
}

/**
 * Counts per filter value (each facet counted under the other filters) and the floor of each
 * collection. A facet with no other filter comes from the maintained counts (a few hundred rows
 * whatever the market's size) and the collections' floors from the price index; a facet under
 * other filters counts the listings those filters leave, through the listings' indexes.
 */
export async function marketFacets(db: Queryable, filter: MarketFilter): Promise<MarketFacets> {
  const priced = filter.minPrice !== undefined || filter.maxPrice !== undefined;
  const unfiltered = (skip: Facet) => !priced && FACETS.every((other) => other === skip || !filter[other]?.length);
  // Facets counted under the same filters (all of them under a price range alone; all but the
  // filtered one under one facet's values) share one read of the listings those filters leave.
  const groups = new Map<string, { where: string[]; params: SqlValue[]; facets: Facet[] }>();
  for (const facet of FACETS) {
    if (unfiltered(facet)) continue;
    const params: SqlValue[] = [];
    const where = conditions(filter, params, facet);
    const key = JSON.stringify(FACETS.filter((other) => other !== facet && filter[other]?.length).sort());
    const group = groups.get(key) ?? { where, params, facets: [] };
    group.facets.push(facet);
    groups.set(key, group);
  }
  const counts = async ({ where, params, facets }: { where: string[]; params: SqlValue[]; facets: Facet[] }) => {
    const select = {
      collections: `SELECT 'collections' AS facet, collection_id AS name, count(*) AS count, min(price) AS floor, 0 AS rarity, '' AS center, '' AS edge FROM m GROUP BY collection_id`,
      models: `SELECT 'models' AS facet, model AS name, count(*) AS count, NULL::bigint AS floor, max(model_rarity) AS rarity, '' AS center, '' AS edge FROM m GROUP BY model`,
      backdrops: `SELECT 'backdrops' AS facet, backdrop AS name, count(*) AS count, NULL::bigint AS floor, max(backdrop_rarity) AS rarity,
                         max(backdrop_center) AS center, max(backdrop_edge) AS edge FROM m GROUP BY backdrop`,
      symbols: `SELECT 'symbols' AS facet, symbol AS name, count(*) AS count, NULL::bigint AS floor, max(symbol_rarity) AS rarity, '' AS center, '' AS edge FROM m GROUP BY symbol`,
    };
    const { rows } = await db.query<FacetRow & { facet: Facet; floor: bigint | null }>(
      `WITH m AS MATERIALIZED (
         SELECT collection_id, price, model, model_rarity, backdrop, backdrop_rarity, backdrop_center, backdrop_edge, symbol, symbol_rarity
           FROM listings l ${where.length ? `WHERE ${where.join(' AND ')}` : ''})
       ${facets.map((facet) => select[facet]).join('\n       UNION ALL ')}
       ORDER BY facet, count DESC, name`,
      params,
    );
    return rows;
  };
  const counted = FACETS.some(unfiltered) ? countedFacets(db) : null;
  const [summary, scanned, names] = await Promise.all([
    counted,
    Promise.all([...groups.values()].map(counts)).then((all) => all.flat()),
    // With no other filter, each collection's floor is the first entry of its price index.
    db.query<{ id: string; name: string; floor: bigint | null }>(
      unfiltered('collections')
        ? 'SELECT c.id, c.name, (SELECT min(l.price) FROM listings l WHERE l.collection_id = c.id) AS floor FROM gift_collections c ORDER BY c.name'
        : 'SELECT id, name, NULL::bigint AS floor FROM gift_collections ORDER BY name',
    ),
  ]);
  const of = (facet: Facet): Array<FacetRow & { floor?: bigint | null }> => (unfiltered(facet) ? summary![facet] : scanned.filter((row) => row.facet === facet));
  const [collections, models, backdrops, symbols] = [of('collections'), of('models'), of('backdrops'), of('symbols')];
  const byId = new Map<string, { count: bigint; floor: bigint | null }>(
    collections.map((c) => [c.name, { count: c.count, floor: (c as FacetRow & { floor?: bigint }).floor ?? null }]),
  );
  return {
    // Every collection, so the filter sheet can show empty ones too.
    collections: names.rows.map((c) => {
      const found = byId.get(c.id);
      const floor = found ? (found.floor ?? c.floor) : null;
      return { id: c.id, name: c.name, count: Number(found?.count ?? 0n), floor: floor === null ? null : fromNano(floor) };
    }),
    models: models.map((m) => ({ name: m.name, count: Number(m.count), rarityPerMille: Number(m.rarity) })),
    backdrops: backdrops.map((b) => ({ name: b.name, count: Number(b.count), rarityPerMille: Number(b.rarity), center: b.center, edge: b.edge })),
    symbols: symbols.map((s) => ({ name: s.name, count: Number(s.count), rarityPerMille: Number(s.rarity) })),
  };
}
