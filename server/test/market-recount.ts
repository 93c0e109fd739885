import type { MarketFacets, MarketFilter } from '@arcade/api-client/market';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { Db } from '../src/db/db';

/**
 * The filter sheet's counts as a player would count them: every listing with its gift, each facet
 * under the other filters, straight from the tables (the way the market counted before it kept
 * counts of its own).
 */
export async function recount(db: Db, filter: MarketFilter): Promise<MarketFacets> {
  const where = (skip: string) => {
    const parts: string[] = [];
    const params: unknown[] = [];
    const any = (name: string, column: string, values?: readonly string[]) => {
      if (name === skip || !values?.length) return;
      params.push(values);
      parts.push(`l.${column} = ANY($${params.length}::text[])`);
    };
    any('collections', 'collection_id', filter.collections);
    any('models', 'model', filter.models);
    any('backdrops', 'backdrop', filter.backdrops);
    any('symbols', 'symbol', filter.symbols);
    if (filter.minPrice !== undefined) {
      params.push(toNano(filter.minPrice));
      parts.push(`l.price >= $${params.length}`);
    }
    if (filter.maxPrice !== undefined) {
      params.push(toNano(filter.maxPrice));
      parts.push(`l.price <= $${params.length}`);
    }
    return { sql: `FROM listings l JOIN gifts g ON g.id = l.gift_id ${parts.length ? `WHERE ${parts.join(' AND ')}` : ''}`, params };
  };
  const group = async <T extends object>(skip: string, select: string, by: string) => {
    const { sql, params } = where(skip);
    return (await db.query<T>(`SELECT ${select} ${sql} GROUP BY ${by} ORDER BY count(*) DESC, ${by}`, params as never[])).rows;
  };
  const collections = await group<{ id: string; n: bigint; floor: bigint }>(
    'collections',
    'l.collection_id AS id, count(*) AS n, min(l.price) AS floor',
    'l.collection_id',
  );
  const models = await group<{ name: string; n: bigint; r: number; floor: bigint }>(
    'models',
    'l.model AS name, count(*) AS n, max(g.model_rarity) AS r, min(l.price) AS floor',
    'l.model',
  );
  const backdrops = await group<{ name: string; n: bigint; r: number; center: string; edge: string; floor: bigint }>(
    'backdrops',
    'l.backdrop AS name, count(*) AS n, max(g.backdrop_rarity) AS r, max(g.backdrop_center) AS center, max(g.backdrop_edge) AS edge, min(l.price) AS floor',
    'l.backdrop',
  );
  const symbols = await group<{ name: string; n: bigint; r: number; floor: bigint }>(
    'symbols',
    'l.symbol AS name, count(*) AS n, max(g.symbol_rarity) AS r, min(l.price) AS floor',
    'l.symbol',
  );
  const names = await db.query<{ id: string; name: string }>('SELECT id, name FROM gift_collections ORDER BY name');
  return {
    collections: names.rows.map((c) => {
      const found = collections.find((x) => x.id === c.id);
      return { id: c.id, name: c.name, count: Number(found?.n ?? 0n), floor: found ? fromNano(found.floor) : null };
    }),
    models: models.map((m) => ({ name: m.name, count: Number(m.n), rarityPerMille: Number(m.r), floor: fromNano(m.floor) })),
    backdrops: backdrops.map((b) => ({
      name: b.name,
      count: Number(b.n),
      rarityPerMille: Number(b.r),
      center: b.center,
      edge: b.edge,
      floor: fromNano(b.floor),
    })),
    symbols: symbols.map((s) => ({ name: s.name, count: Number(s.n), rarityPerMille: Number(s.r), floor: fromNano(s.floor) })),
  };
}
