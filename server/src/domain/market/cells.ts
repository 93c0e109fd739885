import type { Queryable, SqlValue } from '../../db/db';

/**
 * Reads of listing_cells (migration 034): each facet value's listing count within one value of
 * another facet, or within a price band. A filter sheet under one facet's values, or under a price
 * range, and the list's count under such filters, sum a few hundred of its rows instead of counting
 * the listings. A price range's whole bands come from the cells; the listings of its two end bands
 * are counted one by one (from the covering price index of migration 028).
 */

export type Facet = 'collections' | 'models' | 'backdrops' | 'symbols';
export const FACETS: Facet[] = ['collections', 'models', 'backdrops', 'symbols'];
/** The listings' column of each facet. */
export const FACET_COLUMN = { collections: 'collection_id', models: 'model', backdrops: 'backdrop', symbols: 'symbol' } as const;
/** The facet's name in listing_facet_counts and listing_cells. */
export const CELL_FACET = { collections: 'collection', models: 'model', backdrops: 'backdrop', symbols: 'symbol' } as const;
/** The listings' columns of what the sheet shows of a value, beside its name. */
const SHOWN = {
  collections: { rarity: '0', center: "''", edge: "''" },
  models: { rarity: 'model_rarity', center: "''", edge: "''" },
  backdrops: { rarity: 'backdrop_rarity', center: 'backdrop_center', edge: 'backdrop_edge' },
  symbols: { rarity: 'symbol_rarity', center: "''", edge: "''" },
} as const;

/** The columns of a listing the sheets count by, all in the covering price index (migration 028). */
const LISTED = 'collection_id, model, backdrop, symbol, model_rarity, backdrop_rarity, symbol_rarity, backdrop_center, backdrop_edge';

export interface FacetRow {
  facet: Facet;
  name: string;
  count: bigint;
  rarity: number;
  center: string;
  edge: string;
  floor: bigint | null;
}

/** A price range in nanotons, either end open. */
export interface PriceRange {
  min?: bigint;
  max?: bigint;
}

/** Appended rows of listing_cells read beyond this many per live cell: the reader folds them. */
const COMPACT_SLACK = 500;

/** Adds `values` to a query's params; their placeholders ($n). */
export const placeholders = (params: SqlValue[], values: readonly SqlValue[]) =>
  values.map((value) => {
    params.push(value);
    return `$${params.length}`;
  });

/** `CASE facet WHEN ... END` over the facets asked for, each facet's expression by its column. */
const byFacet = (facets: Facet[], expression: (facet: Facet) => string) =>
  `CASE f.facet ${facets.map((facet) => `WHEN '${CELL_FACET[facet]}' THEN ${expression(facet)}`).join(' ')} END`;

/** The facet of a listing_cells row as the sheet names it. */
const facetOf = (facets: Facet[]) => `CASE f.facet ${facets.map((facet) => `WHEN '${CELL_FACET[facet]}' THEN '${facet}'`).join(' ')} END`;

/**
 * Folds one facet's (or the price's) slice of listing_cells when the rows a read summed outnumber
 * its cells, after the reply: a fold never delays a read.
 */
function foldIfLong(primary: Queryable, read: { appended: bigint; live: bigint } | undefined, within: string): void {
  if (!read || Number(read.appended) <= 2 * Number(read.live) + COMPACT_SLACK) return;
  primary.query('SELECT listing_cells_compact($1)', [within]).catch(() => {
    // The next long read, or the workers' pass, folds them; a count is exact folded or not.
  });
}

/**
 * The counts and floors of `facets` among the listings whose `within` facet is one of `values`:
 * each value's floor is the first entry of a (facet, facet, price) index per value of `values`
 * (migration 035).
 */
export async function facetsWithin(
  db: Queryable,
  primary: Queryable,
  within: Facet,
  values: readonly string[],
  facets: Facet[],
): Promise<FacetRow[]> {
  const params: SqlValue[] = [CELL_FACET[within]];
  const names = placeholders(params, [...new Set(values)]);
  const asked = placeholders(
    params,
    facets.map((facet) => CELL_FACET[facet]),
  );
  const floor = (facet: Facet) =>
    `(SELECT min(p.price) FROM (VALUES ${names.map((name) => `(${name})`).join(', ')}) v (name)
        CROSS JOIN LATERAL (SELECT l.price FROM listings l WHERE l.${FACET_COLUMN[within]} = v.name AND l.${FACET_COLUMN[facet]} = f.name
                             ORDER BY l.price LIMIT 1) p)`;
  const { rows } = await db.query<FacetRow & { appended: bigint; live: bigint }>(
    `WITH v AS (
       SELECT facet, name, rarity, center, edge, sum(n) AS n, count(*) AS appended FROM listing_cells
        WHERE within = $1 AND within_name IN (${names.join(', ')}) AND facet IN (${asked.join(', ')})
        GROUP BY facet, name, rarity, center, edge)
     SELECT ${facetOf(facets)} AS facet, f.name, f.count, f.rarity, f.center, f.edge, ${byFacet(facets, floor)} AS floor,
            (SELECT coalesce(sum(appended), 0) FROM v)::bigint AS appended, (SELECT count(*) FROM v) AS live
       FROM (SELECT facet, name, sum(n)::bigint AS count, max(rarity) AS rarity, max(center) AS center, max(edge) AS edge
               FROM v WHERE n > 0 GROUP BY facet, name) f
      ORDER BY facet, count DESC, name`,
    params,
  );
  foldIfLong(primary, rows[0], CELL_FACET[within]);
  return rows;
}

/**
 * A price range's cells and the listings of its end bands (the partial ones), as conditions with
 * their params: `cover` over listing_cells' within_name (its whole bands, listing_price_cover),
 * `edges` over the listings `l`, and `inRange` over `l` for the range itself.
 */
function endBands(range: PriceRange, params: SqlValue[]): { edges: string[]; cover: string; inRange: string[] } {
  const edges: string[] = [];
  const inRange: string[] = [];
  const min = range.min === undefined ? null : placeholders(params, [range.min])[0]!;
  const max = range.max === undefined ? null : placeholders(params, [range.max])[0]!;
  if (min !== null)
    edges.push(`l.price >= ${min} AND l.price < listing_price_band_end(${min})${max === null ? '' : ` AND l.price <= ${max}`}`);
  if (max !== null) {
    // When both ends are in one band, the first part counted it all.
    const from =
      min === null ? `listing_price_band_start(${max})` : `greatest(listing_price_band_start(${max}), listing_price_band_end(${min}))`;
    edges.push(`l.price >= ${from} AND l.price <= ${max}`);
  }
  if (min !== null) inRange.push(`l.price >= ${min}`);
  if (max !== null) inRange.push(`l.price <= ${max}`);
  const cover = `within_name = ANY (ARRAY(SELECT listing_price_cover(${min ?? 'NULL'}::bigint, ${max ?? 'NULL'}::bigint)))`;
  return { edges, cover, inRange };
}

/**
 * The counts and floors of `facets` among the listings priced within `range`: the cells of its
 * whole bands and the listings of its end bands, grouped by each facet at once; each value's floor
 * is the first entry of its (facet, price) index at or above the range's start.
 */
export async function facetsPriced(db: Queryable, primary: Queryable, range: PriceRange, facets: Facet[]): Promise<FacetRow[]> {
  const params: SqlValue[] = [];
  const { edges, cover, inRange } = endBands(range, params);
  const asked = placeholders(
    params,
    facets.map((facet) => CELL_FACET[facet]),
  );
  const pick = (expression: (facet: Facet) => string) =>
    `CASE ${facets.map((facet) => `WHEN GROUPING(${FACET_COLUMN[facet]}) = 0 THEN ${expression(facet)}`).join(' ')} END`;
  const shown = (facet: Facet) => [
    FACET_COLUMN[facet],
    ...Object.values(SHOWN[facet]).filter((column) => !column.startsWith("'") && column !== '0'),
  ];
  const floor = (facet: Facet) =>
    `(SELECT l.price FROM listings l WHERE l.${FACET_COLUMN[facet]} = f.name${inRange.map((part) => ` AND ${part}`).join('')}
       ORDER BY l.price LIMIT 1)`;
  const { rows } = await db.query<FacetRow & { appended: bigint; live: bigint }>(
    `WITH v AS (
       SELECT facet, name, rarity, center, edge, sum(n) AS n, count(*) AS appended FROM listing_cells
        WHERE within = 'price' AND ${cover} AND facet IN (${asked.join(', ')})
        GROUP BY facet, name, rarity, center, edge),
     ends AS (
       SELECT ${pick((facet) => `'${CELL_FACET[facet]}'`)} AS facet, ${pick((facet) => FACET_COLUMN[facet])} AS name,
              ${pick((facet) => SHOWN[facet].rarity)} AS rarity, ${pick((facet) => SHOWN[facet].center)} AS center,
              ${pick((facet) => SHOWN[facet].edge)} AS edge, count(*) AS n
         FROM (${edges.map((edge) => `SELECT ${LISTED} FROM listings l WHERE ${edge}`).join(' UNION ALL ')}) l
        GROUP BY GROUPING SETS (${facets.map((facet) => `(${shown(facet).join(', ')})`).join(', ')})),
     f AS (
       SELECT facet, name, sum(n)::bigint AS count, max(rarity) AS rarity, max(center) AS center, max(edge) AS edge
         FROM (SELECT facet, name, rarity, center, edge, n FROM v WHERE n > 0
               UNION ALL SELECT facet, name, rarity, center, edge, n FROM ends) c
        GROUP BY facet, name)
     SELECT ${facetOf(facets)} AS facet, f.name, f.count, f.rarity, f.center, f.edge, ${byFacet(facets, floor)} AS floor,
            (SELECT coalesce(sum(appended), 0) FROM v)::bigint AS appended, (SELECT count(*) FROM v) AS live
       FROM f
      ORDER BY facet, count DESC, name`,
    params,
  );
  foldIfLong(primary, rows[0], 'price');
  return rows;
}

/**
 * The listings a filter leaves, from the cells when it can: under two facets' values alone (one
 * facet's values within the other's), or under a price range and at most one facet's values (the
 * whole bands' cells and the end bands' listings). Null when the cells cannot answer.
 */
export async function countFromCells(
  db: Queryable,
  filtered: Array<[Facet, readonly string[]]>,
  range: PriceRange,
): Promise<bigint | null> {
  const priced = range.min !== undefined || range.max !== undefined;
  const params: SqlValue[] = [];
  if (!priced && filtered.length === 2) {
    const [[facet, values], [within, withinValues]] = filtered as [[Facet, string[]], [Facet, string[]]];
    const names = placeholders(params, [...new Set(values)]);
    const withinNames = placeholders(params, [...new Set(withinValues)]);
    const { rows } = await db.query<{ n: bigint }>(
      `SELECT coalesce(sum(n), 0)::bigint AS n FROM listing_cells
        WHERE within = '${CELL_FACET[within]}' AND within_name IN (${withinNames.join(', ')})
          AND facet = '${CELL_FACET[facet]}' AND name IN (${names.join(', ')})`,
      params,
    );
    return rows[0]?.n ?? 0n;
  }
  if (!priced || filtered.length > 1) return null;
  const [facet, values] = filtered[0] ?? ['collections', null];
  const names = values ? placeholders(params, [...new Set(values)]) : null;
  const { edges, cover } = endBands(range, params);
  const chosen = names ? ` AND l.${FACET_COLUMN[facet]} IN (${names.join(', ')})` : '';
  const { rows } = await db.query<{ n: bigint }>(
    `SELECT (SELECT coalesce(sum(n), 0) FROM listing_cells
              WHERE within = 'price' AND ${cover} AND facet = '${CELL_FACET[facet]}'${names ? ` AND name IN (${names.join(', ')})` : ''})::bigint
          + ${edges.map((edge) => `(SELECT count(*) FROM listings l WHERE ${edge}${chosen})`).join(' + ')} AS n`,
    params,
  );
  return rows[0]?.n ?? 0n;
}

/**
 * Folds every slice of listing_cells and the whole of listing_facet_counts (the workers' pass does
 * it now and then): readers fold only the slices they read, and a slice nobody filters by would
 * otherwise keep every statement's rows.
 */
export async function foldMarketCounts(db: Queryable): Promise<void> {
  await db.query('SELECT listing_facet_counts_compact()');
  for (const within of [...Object.values(CELL_FACET), 'price']) await db.query('SELECT listing_cells_compact($1)', [within]);
}
