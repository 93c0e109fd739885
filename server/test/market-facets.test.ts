import { describe, expect, it } from 'vitest';
import type { CheckoutResult, Gift, MarketFacets, MarketFilter, MarketPage } from '@arcade/api-client/market';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { Db } from '../src/db/db';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { databases, envelope, fundedPlayer, post, suiteServer } from './helpers';

/**
 * The filter sheet's counts as a player would count them: every listing with its gift, each facet
 * under the other filters, straight from the tables (the way the market counted before it kept
 * counts of its own).
 */
async function recount(db: Db, filter: MarketFilter): Promise<MarketFacets> {
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

describe.each(databases())('market filter counts on $name', (database) => {
  let keys = 0;

  const call = async <T>(token: string, path: string, body: unknown = {}) => {
    const response = await post(suite.app, `/api/v3/${path}`, body, { token });
    return envelope(response) as { success: boolean; data: T; code?: string };
  };
  const player = async (ton: string) => (await fundedPlayer(suite.app, suite.db, ton)).token;

  const suite = suiteServer(database, { prepare: (db) => seedMarketCatalogue(db, { perCollection: 30 }) });

  const filters = (sample: MarketFacets): MarketFilter[] => [
    {},
    { collections: [sample.collections[0]!.id] },
    { models: [sample.models[0]!.name, sample.models[1]!.name] },
    { backdrops: [sample.backdrops[0]!.name], symbols: [sample.symbols[0]!.name] },
    { minPrice: '2', maxPrice: '40' },
    { collections: [sample.collections[1]!.id], minPrice: '1' },
  ];

  it('counts what is for sale after purchases, new listings, a new price and an unlisting, as a recount of the listings does', async () => {
    const buyer = await player('100000');
    const facets = async (filter: MarketFilter) => (await call<MarketFacets>(buyer, 'market/facets', filter)).data;
    const before = await facets({});
    for (const filter of filters(before)) expect(await facets(filter)).toEqual(await recount(suite.db, filter));

    // The cheapest gifts of one backdrop, bought in one cart.
    const backdrop = before.backdrops[0]!;
    const page = (await call<MarketPage>(buyer, 'market/list', { backdrops: [backdrop.name], sort: 'price-asc', limit: 6 })).data;
    const cart = page.items.map((g) => ({ giftId: g.id, price: g.price! }));
    const bought = await call<CheckoutResult>(buyer, 'market/checkout', { items: cart, idempotencyKey: `facets-${++keys}` });
    expect(bought.data.items.every((i) => i.result === 'bought')).toBe(true);
    const afterPurchase = await facets({});
    expect(afterPurchase.backdrops.find((b) => b.name === backdrop.name)?.count ?? 0).toBe(backdrop.count - cart.length);
    expect(afterPurchase.collections.reduce((sum, c) => sum + c.count, 0)).toBe(
      before.collections.reduce((sum, c) => sum + c.count, 0) - cart.length,
    );

    // Two of them back on sale, one repriced, one taken off again.
    const [first, second, third] = page.items as [Gift, Gift, Gift];
    await call(buyer, 'gifts/list', { giftId: first.id, price: '0.5' });
    await call(buyer, 'gifts/list', { giftId: second.id, price: '900' });
    await call(buyer, 'gifts/list', { giftId: second.id, price: '901' });
    await call(buyer, 'gifts/list', { giftId: third.id, price: '3' });
    await call(buyer, 'gifts/unlist', { giftId: third.id });
    const relisted = await facets({});
    expect(relisted.backdrops.find((b) => b.name === backdrop.name)!.count).toBe(backdrop.count - cart.length + 2);
    const home = relisted.collections.find((c) => c.id === first.collection.id)!;
    expect(Number(home.floor)).toBeLessThanOrEqual(0.5);
    for (const filter of filters(relisted)) expect(await facets(filter)).toEqual(await recount(suite.db, filter));
    // The list's count of what a filter leaves agrees too (it reads the same counts when it can).
    for (const filter of [...filters(relisted), { models: [relisted.models[0]!.name, relisted.models[0]!.name, 'No such model'] }]) {
      const total = (await call<MarketPage>(buyer, 'market/list', { ...filter, limit: 1 })).data.total;
      const everything = (await recount(suite.db, { ...filter, collections: undefined })).collections;
      const chosen = filter.collections ? everything.filter((c) => filter.collections!.includes(c.id)) : everything;
      expect(total).toBe(chosen.reduce((sum, c) => sum + c.count, 0));
    }
  });

  it('stays exact when its appended changes are folded together, and counts a sold-out value as gone', async () => {
    const buyer = await player('100000');
    const facets = async (filter: MarketFilter) => (await call<MarketFacets>(buyer, 'market/facets', filter)).data;
    // Every gift of the rarest symbol, bought: the symbol leaves the sheet.
    const start = await facets({});
    const rarest = start.symbols.at(-1)!;
    const gifts = (await call<MarketPage>(buyer, 'market/list', { symbols: [rarest.name], sort: 'price-asc', limit: 50 })).data.items;
    expect(gifts).toHaveLength(rarest.count);
    for (const g of gifts) {
      const result = await call<CheckoutResult>(buyer, 'market/checkout', {
        items: [{ giftId: g.id, price: g.price! }],
        idempotencyKey: `facets-${++keys}`,
      });
      expect(result.data.items[0]!.result).toBe('bought');
    }
    const sold = await facets({});
    expect(sold.symbols.map((s) => s.name)).not.toContain(rarest.name);
    // Many new prices and listings later (each statement appends its change), then a fold.
    for (const g of gifts) await call(buyer, 'gifts/list', { giftId: g.id, price: '2' });
    await suite.db.query('SELECT listing_facet_counts_compact()');
    const { rows } = await suite.db.query<{ n: bigint; values: bigint }>(
      'SELECT count(*) AS n, count(DISTINCT (facet, name, rarity, center, edge)) AS values FROM listing_facet_counts',
    );
    expect(rows[0]!.n).toBe(rows[0]!.values);
    const folded = await facets({});
    expect(folded).toEqual(await recount(suite.db, {}));
    expect(folded.symbols.find((s) => s.name === rarest.name)!.count).toBe(rarest.count);
    for (const filter of filters(folded)) expect(await facets(filter)).toEqual(await recount(suite.db, filter));
  });
});
