import { describe, expect, it } from 'vitest';
import type { CheckoutResult, Gift, MarketFacets, MarketFilter, MarketPage } from '@arcade/api-client/market';
import { fromNano } from '@arcade/api-client/money';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { foldMarketCounts } from '../src/domain/market/cells';
import { marketFacets } from '../src/domain/market/list';
import { migrate, readMigrations } from '../src/db/migrator';
import { databases, envelope, fundedPlayer, post, suiteServer } from './helpers';
import { recount } from './market-recount';

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

  it('counts under a price range of any shape from its bands as a recount does, before and after the cells are folded', async () => {
    const buyer = await player('100000');
    const call2 = async (filter: MarketFilter) => (await call<MarketFacets>(buyer, 'market/facets', filter)).data;
    const total = async (filter: MarketFilter) => (await call<MarketPage>(buyer, 'market/list', { ...filter, limit: 1 })).data.total;
    // Ends on listed prices, on the first price of their bands and just below it, inside one band, open on either side.
    const { rows } = await suite.db.query<{ price: bigint; start: bigint; end: bigint }>(
      `SELECT price, listing_price_band_start(price) AS start, listing_price_band_end(price) AS end
         FROM (SELECT DISTINCT price FROM listings ORDER BY price) p OFFSET 3 LIMIT 40`,
    );
    const ton = (nano: bigint) => fromNano(nano);
    const [a, b, c] = [rows[0]!, rows[19]!, rows[39]!];
    const ranges: MarketFilter[] = [
      { minPrice: ton(a.price), maxPrice: ton(c.price) },
      { minPrice: ton(a.start), maxPrice: ton(c.end - 1n) },
      { minPrice: ton(a.end), maxPrice: ton(c.start - 1n) },
      { minPrice: ton(b.price), maxPrice: ton(b.price) },
      { minPrice: ton(b.start), maxPrice: ton(b.end - 1n) },
      { minPrice: ton(b.price) },
      { maxPrice: ton(b.price) },
      { minPrice: '0', maxPrice: ton(a.start - 1n) },
      { minPrice: ton(c.price), maxPrice: ton(a.price) },
      { minPrice: ton(b.start), collections: [(await call2({})).collections[0]!.id] },
      { maxPrice: ton(c.price), symbols: [(await call2({})).symbols[0]!.name] },
      // The ends of what a price may be (marketRules): the top band and the lowest.
      { minPrice: '999999999.999999999' },
      { minPrice: '0.000000001', maxPrice: '999999999.999999999' },
    ];
    const check = async () => {
      for (const filter of ranges) {
        expect(await call2(filter)).toEqual(await recount(suite.db, filter));
        const everything = (await recount(suite.db, { ...filter, collections: undefined })).collections;
        const chosen = filter.collections ? everything.filter((x) => filter.collections!.includes(x.id)) : everything;
        expect(await total(filter)).toBe(chosen.reduce((sum, x) => sum + x.count, 0));
      }
    };
    await check();
    // Gifts bought and listed again across bands, then every slice folded.
    const page = (await call<MarketPage>(buyer, 'market/list', { sort: 'price-asc', limit: 5 })).data.items;
    const cart = page.map((g) => ({ giftId: g.id, price: g.price! }));
    await call<CheckoutResult>(buyer, 'market/checkout', { items: cart, idempotencyKey: `facets-${++keys}` });
    for (const [i, g] of page.entries()) await call(buyer, 'gifts/list', { giftId: g.id, price: ton(b.price + BigInt(i) * 1_000_000n) });
    await check();
    await foldMarketCounts(suite.db);
    const { rows: folded } = await suite.db.query<{ n: bigint; cells: bigint }>(
      'SELECT count(*) AS n, count(DISTINCT (facet, name, rarity, center, edge, within, within_name)) AS cells FROM listing_cells',
    );
    expect(folded[0]!.n).toBe(folded[0]!.cells);
    await check();
  });

  it('puts every price in one band, bounded by its first price and the next band, in price order', async () => {
    const prices = [
      '1',
      '9',
      '10',
      '11',
      '99',
      '100',
      '101',
      '119',
      '120',
      '999999999',
      '1000000000',
      '123456789012',
      '9223372036854775807',
    ];
    const { rows } = await suite.db.query<{ price: bigint; band: string; start: bigint; end: bigint; before: string; after: string }>(
      `SELECT p AS price, listing_price_band(p) AS band, listing_price_band_start(p) AS start, listing_price_band_end(p) AS end,
              listing_price_band(greatest(listing_price_band_start(p) - 1, 1)) AS before,
              listing_price_band(least(listing_price_band_end(p), 9223372036854775807)) AS after
         FROM unnest(ARRAY[${prices.join(', ')}]::bigint[]) p`,
    );
    for (const row of rows) {
      expect(row.start).toBeLessThanOrEqual(row.price);
      expect(row.price < row.end || row.end === 9_223_372_036_854_775_807n).toBe(true);
      expect(row.band).toMatch(/^\d{4}$/);
      if (row.start > 1n) expect(row.before < row.band).toBe(true);
      if (row.end < 9_223_372_036_854_775_807n) expect(row.after > row.band).toBe(true);
    }
    // Text order of the bands is price order.
    const bands = rows.map((row) => row.band);
    expect([...bands].sort()).toEqual(bands);
  });

  it('covers the whole bands between two prices with cells of three tiers, each band once', async () => {
    const ends: Array<[string | null, string | null]> = [
      [null, null],
      ['1', '9223372036854775807'],
      ['10000000000', '900000000000'],
      ['12000000000', '19999999999'],
      ['500000000', '500000001'],
      ['99', '100'],
      ['7', '123456789012345'],
      [null, '3200000000'],
      ['3200000000', null],
      ['900000000000', '10000000000'],
    ];
    for (const [min, max] of ends) {
      const { rows } = await suite.db.query<{ band: string; cells: bigint; inside: boolean }>(
        `WITH bands AS (
           SELECT lpad((e * 100 + lead)::text, 4, '0') AS band FROM generate_series(0, 18) e, generate_series(0, 98, 2) lead
            WHERE (e = 0 AND lead <= 8) OR (e > 0 AND lead >= 10)),
         cover AS (SELECT listing_price_cover($1::bigint, $2::bigint) AS name)
         SELECT b.band, (SELECT count(*) FROM cover c WHERE b.band LIKE c.name || '%') AS cells,
                ($1::bigint IS NULL OR b.band > listing_price_band($1::bigint)) AND ($2::bigint IS NULL OR b.band < listing_price_band($2::bigint)) AS inside
           FROM bands b`,
        [min, max],
      );
      expect(rows.length).toBe(5 + 18 * 45);
      for (const row of rows) expect({ band: row.band, cells: Number(row.cells) }).toEqual({ band: row.band, cells: row.inside ? 1 : 0 });
    }
    const wide = await suite.db.query<{ n: bigint }>('SELECT count(*) AS n FROM listing_price_cover(10000000000, 900000000000)');
    // 10 to 900 TON: 20 cells of the 88 bands between its end bands.
    expect(Number(wide.rows[0]!.n)).toBeLessThanOrEqual(20);
  });

  it('counts in cells the listings of a market upgraded from the release before them', async () => {
    const upgraded = await database.create({ migrated: false });
    try {
      // The release before: migrations up to 033, its functions as those migrations made them.
      await migrate(
        upgraded.db,
        readMigrations().filter((migration) => migration.version <= 33),
        [],
      );
      await seedMarketCatalogue(upgraded.db, { perCollection: 12 });
      await migrate(upgraded.db);
      const sample = await marketFacets(upgraded.db, {});
      const filters: MarketFilter[] = [
        { collections: [sample.collections[0]!.id] },
        { symbols: [sample.symbols[0]!.name] },
        { minPrice: '1', maxPrice: '30' },
        { maxPrice: '5' },
      ];
      for (const filter of filters) expect(await marketFacets(upgraded.db, filter)).toEqual(await recount(upgraded.db, filter));
      // And a listing after the upgrade is counted once.
      const gift = await upgraded.db.query<{ gift_id: bigint }>('SELECT gift_id FROM listings ORDER BY gift_id LIMIT 1');
      await upgraded.db.query('UPDATE listings SET price = price * 7 WHERE gift_id = $1', [gift.rows[0]!.gift_id]);
      for (const filter of filters) expect(await marketFacets(upgraded.db, filter)).toEqual(await recount(upgraded.db, filter));
    } finally {
      await upgraded.drop();
    }
  });
});
