import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutResult, MarketFacets, MarketFilter, MarketPage } from '@arcade/api-client/market';
import type { Db } from '../src/db/db';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { foldMarketCounts } from '../src/domain/market/cells';
import {
  callProcess,
  dataFromProcess,
  expectSoundBook,
  fund,
  logInOnProcess,
  newUserId,
  postgresOnly,
  startServerProcess,
  stopServerProcesses,
} from './helpers';
import { recount } from './market-recount';

/**
 * The filter sheets' counts (migrations 020 and 034) are appended by every statement that changes
 * listings and folded by readers: with players buying, listing, re-pricing across price bands and
 * unlisting on two server processes at once, and folds of every slice running beside them, each
 * sheet still counts exactly what a recount of the listings finds, and the book stays sound.
 */
const onPostgres = postgresOnly('market counts raced across two server processes');

describe.each(onPostgres)('market counts raced across two server processes on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  const servers: Array<{ child: ChildProcess; base: string }> = [];

  beforeAll(async () => {
    const created = await database.create();
    ({ db, drop } = created);
    await seedMarketCatalogue(db, { perCollection: 30 });
    for (let n = 0; n < 2; n++) servers.push(await startServerProcess(created.url!));
  });

  afterAll(async () => {
    await stopServerProcesses(servers.map((s) => s.child));
    await drop?.();
  });

  it('counts exactly what is listed after racing purchases, listings, new prices, unlistings and folds', async () => {
    const [one, two] = servers.map((s) => s.base) as [string, string];
    const players = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const id = newUserId();
        const token = await logInOnProcess(i % 2 ? two : one, { id });
        await fund(db, BigInt(id), '100000');
        return { token, base: i % 2 ? two : one, other: i % 2 ? one : two };
      }),
    );
    const first = await dataFromProcess<MarketPage>(one, 'market/list', { sort: 'price-asc', limit: 60 }, players[0]!.token);
    const prices = ['0.5', '0.51', '1', '1.2', '3.99', '4', '19.5', '20', '250', '900'];
    let keys = 0;
    // Each player buys its share of the cheapest gifts on one process and lists, re-prices and
    // unlists them on the other, while every slice of the cells and the counts is folded again and again.
    const trades = players.map(async (player, p) => {
      const mine = first.items.filter((_, i) => i % players.length === p);
      for (const [i, gift] of mine.entries()) {
        const bought = await callProcess<CheckoutResult>(
          player.base,
          'market/checkout',
          { items: [{ giftId: gift.id, price: gift.price! }], idempotencyKey: `cells-race-${p}-${++keys}` },
          player.token,
        );
        expect(bought.data?.items[0]?.result).toBe('bought');
        for (const price of [prices[i % prices.length]!, prices[(i + 3) % prices.length]!, prices[(i + 7) % prices.length]!]) {
          expect((await callProcess(player.other, 'gifts/list', { giftId: gift.id, price }, player.token)).status).toBe(200);
        }
        if (i % 3 === 0) expect((await callProcess(player.base, 'gifts/unlist', { giftId: gift.id }, player.token)).status).toBe(200);
      }
    });
    let racing = true;
    const folds = (async () => {
      while (racing) await foldMarketCounts(db);
    })();
    // Readers on both processes meanwhile (their own folds race too).
    const reads = (async () => {
      while (racing) {
        for (const base of [one, two]) {
          await callProcess(base, 'market/facets', { minPrice: '1', maxPrice: '20' }, players[0]!.token);
          await callProcess(base, 'market/facets', { collections: [first.items[0]!.collection.id] }, players[0]!.token);
        }
      }
    })();
    await Promise.all(trades);
    racing = false;
    await Promise.all([folds, reads]);

    const sample = await dataFromProcess<MarketFacets>(two, 'market/facets', {}, players[1]!.token);
    const filters: MarketFilter[] = [
      {},
      { collections: [sample.collections[0]!.id, sample.collections[2]!.id] },
      { models: [sample.models[0]!.name] },
      { backdrops: [sample.backdrops[0]!.name], symbols: [sample.symbols[1]!.name] },
      { minPrice: '0.5', maxPrice: '4' },
      { minPrice: '1.1' },
      { maxPrice: '19.99' },
      { symbols: [sample.symbols[0]!.name], minPrice: '0.51', maxPrice: '250' },
    ];
    for (const filter of filters) {
      const expected = await recount(db, filter);
      for (const base of [one, two])
        expect(await dataFromProcess<MarketFacets>(base, 'market/facets', filter, players[0]!.token)).toEqual(expected);
      const everything = (await recount(db, { ...filter, collections: undefined })).collections;
      const chosen = filter.collections ? everything.filter((c) => filter.collections!.includes(c.id)) : everything;
      const page = await dataFromProcess<MarketPage>(one, 'market/list', { ...filter, limit: 1 }, players[0]!.token);
      expect(page.total).toBe(chosen.reduce((sum, c) => sum + c.count, 0));
    }
    await expectSoundBook(db);
  });
});
