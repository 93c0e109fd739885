import { describe, expect, it } from 'vitest';
import type { CheckoutResult, Gift, MarketFacets, MarketPage } from '@arcade/api-client/market';
import { toNano } from '@arcade/api-client/money';
import { audit } from '../src/domain/ledger';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { importReceivedGifts } from '../src/domain/market/trade';
import { callApi, databases, envelope, fundedPlayer, post, postgresOnly, suiteFakeBot, suiteServer } from './helpers';

describe.each(databases())('gift market on $name', (database) => {
  let keys = 0;
  const key = () => `market-key-${Date.now()}-${++keys}`;

  const call = <T>(token: string, path: string, body: unknown = {}) => callApi<T>(suite.app, `/api/v3/${path}`, body, token);
  const player = (ton: string) => fundedPlayer(suite.app, suite.db, ton);
  const list = async (token: string, body: object) => (await call<MarketPage>(token, 'market/list', body)).data;
  const tonOf = async (userId: bigint) =>
    (await suite.db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [userId])).rows[0]!
      .balance;

  const bot = suiteFakeBot();
  const suite = suiteServer(database, {
    prepare: async (db) => expect(await seedMarketCatalogue(db, { perCollection: 40 })).toBe(320),
    start: () => ({ relayer: bot.relayer() }),
  });

  it('the generated catalogue is believable: several collections, varied rarities and prices', async () => {
    const { token } = await player('1');
    const facets = (await call<MarketFacets>(token, 'market/facets', {})).data;
    expect(facets.collections).toHaveLength(8);
    expect(facets.backdrops.length).toBeGreaterThanOrEqual(8);
    expect(new Set(facets.models.map((m) => m.rarityPerMille)).size).toBeGreaterThan(5);
    const cheapest = (await list(token, { sort: 'price-asc', limit: 1 })).items[0]!;
    const dearest = (await list(token, { sort: 'price-desc', limit: 1 })).items[0]!;
    expect(Number(dearest.price) / Number(cheapest.price)).toBeGreaterThan(20);
    for (const c of facets.collections) expect(c.floor).not.toBeNull();
  });

  it('filters by backdrop, sorts by price, and pages with a cursor without gaps or repeats', async () => {
    const { token } = await player('1');
    const facets = (await call<MarketFacets>(token, 'market/facets', {})).data;
    const backdrop = facets.backdrops[0]!;
    const seen: Gift[] = [];
    let cursor: string | null = null;
    do {
      const page: MarketPage = await list(token, {
        backdrops: [backdrop.name],
        sort: 'price-asc',
        limit: 7,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.total).toBe(cursor ? null : backdrop.count);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(backdrop.count);
    expect(new Set(seen.map((g) => g.id)).size).toBe(backdrop.count);
    for (const gift of seen) expect(gift.backdrop.name).toBe(backdrop.name);
    const prices = seen.map((g) => toNano(g.price!));
    expect(prices).toEqual([...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it.each(['price', 'date', 'number', 'rarity'] as const)('sorts by %s both ways', async (key) => {
    const { token } = await player('1');
    const value = (g: Gift) =>
      key === 'price' ? Number(g.price) : key === 'date' ? Date.parse(g.listedAt!) : key === 'number' ? g.number : g.rarity;
    for (const direction of ['asc', 'desc'] as const) {
      const items = (await list(token, { sort: `${key}-${direction}`, limit: 30 })).items.map(value);
      const sorted = [...items].sort((a, b) => (direction === 'asc' ? a - b : b - a));
      expect(items).toEqual(sorted);
    }
  });

  it('counts each facet under the other filters, and applies a price range', async () => {
    const { token } = await player('1');
    const all = (await call<MarketFacets>(token, 'market/facets', {})).data;
    const collection = all.collections[0]!;
    const narrowed = (await call<MarketFacets>(token, 'market/facets', { collections: [collection.id] })).data;
    expect(narrowed.backdrops.reduce((sum, b) => sum + b.count, 0)).toBe(collection.count);
    // The collection facet itself still counts every collection.
    expect(narrowed.collections.find((c) => c.id === all.collections[1]!.id)!.count).toBe(all.collections[1]!.count);
    const ranged = await list(token, { minPrice: '2', maxPrice: '10', sort: 'price-asc', limit: 60 });
    for (const g of ranged.items) expect(Number(g.price) >= 2 && Number(g.price) <= 10).toBe(true);
    expect((await call(token, 'market/list', { cursor: 'not-a-cursor' })).status).toBe(400);
  });

  it('checks out three gifts: they are owned and the balance drops by their sum; a gift bought meanwhile comes back gone and costs nothing', async () => {
    const buyer = await player('1000');
    const rival = await player('1000');
    const items = (await list(buyer.token, { sort: 'price-asc', limit: 4 })).items;
    const cart = items.slice(0, 3).map((g) => ({ giftId: g.id, price: g.price! }));
    const taken = items[3]!;
    // Someone else buys the fourth first.
    const rivalBuy = await call<CheckoutResult>(rival.token, 'market/checkout', {
      items: [{ giftId: taken.id, price: taken.price }],
      idempotencyKey: key(),
    });
    expect(rivalBuy.data.items[0]!.result).toBe('bought');

    const before = await tonOf(buyer.userId);
    const result = await call<CheckoutResult>(buyer.token, 'market/checkout', {
      items: [...cart, { giftId: taken.id, price: taken.price! }],
      idempotencyKey: key(),
    });
    expect(result.data.items.map((i) => i.result)).toEqual(['bought', 'bought', 'bought', 'gone']);
    const sum = cart.reduce((total, item) => total + toNano(item.price), 0n);
    expect(toNano(result.data.spent)).toBe(sum);
    expect(await tonOf(buyer.userId)).toBe(before - sum);
    const owned = (await call<{ items: Gift[] }>(buyer.token, 'gifts/inventory')).data.items.map((g) => g.id).sort();
    expect(owned).toEqual(cart.map((c) => c.giftId).sort());
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('a repriced gift is reported with its new price and not charged; a retried checkout buys nothing twice', async () => {
    const seller = await player('1');
    const buyer = await player('100');
    const gift = (await list(buyer.token, { sort: 'price-asc', limit: 1 })).items[0]!;
    await call(buyer.token, 'market/checkout', { items: [{ giftId: gift.id, price: gift.price }], idempotencyKey: key() });
    // The new owner lists it at 5 TON, then raises it to 7 before the next buyer pays.
    await suite.db.query('UPDATE gifts SET owner_id = $2 WHERE id = $1', [BigInt(gift.id), seller.userId]);
    expect((await call<Gift>(seller.token, 'gifts/list', { giftId: gift.id, price: '5' })).data.price).toBe('5');
    expect((await call<Gift>(seller.token, 'gifts/list', { giftId: gift.id, price: '7' })).data.price).toBe('7');
    const k = key();
    const repriced = await call<CheckoutResult>(buyer.token, 'market/checkout', {
      items: [{ giftId: gift.id, price: '5' }],
      idempotencyKey: k,
    });
    expect(repriced.success, repriced.message).toBe(true);
    expect(repriced.data.items[0]).toEqual({ giftId: gift.id, result: 'repriced', price: '7' });
    expect(repriced.data.spent).toBe('0');

    const sellerBefore = await tonOf(seller.userId);
    // The key answered the cart at 5: the same key with the cart at 7 is another request, refused before anything moves.
    const reused = await call<CheckoutResult>(buyer.token, 'market/checkout', {
      items: [{ giftId: gift.id, price: '7' }],
      idempotencyKey: k,
    });
    expect(reused.status).toBe(409);
    expect(await tonOf(seller.userId)).toBe(sellerBefore);
    // The app takes a new key for the new cart, as for any new request.
    const k2 = key();
    const bought = await call<CheckoutResult>(buyer.token, 'market/checkout', {
      items: [{ giftId: gift.id, price: '7' }],
      idempotencyKey: k2,
    });
    expect(bought.success, bought.message).toBe(true);
    expect(bought.data.items[0]!.result).toBe('bought');
    // 5% seller fee.
    expect(await tonOf(seller.userId)).toBe(sellerBefore + toNano('6.65'));
    const again = await call<CheckoutResult>(buyer.token, 'market/checkout', {
      items: [{ giftId: gift.id, price: '7' }],
      idempotencyKey: k2,
    });
    expect(again.data.items[0]!.result).toBe('bought');
    expect(again.data.balance).toEqual(bought.data.balance);
    expect(await tonOf(seller.userId)).toBe(sellerBefore + toNano('6.65'));
  });

  it('lists, reprices and unlists only the player’s own gifts, from 0.1 TON', async () => {
    const owner = await player('100');
    const stranger = await player('1');
    const gift = (await list(owner.token, { sort: 'price-asc', limit: 1 })).items[0]!;
    await call(owner.token, 'market/checkout', { items: [{ giftId: gift.id, price: gift.price }], idempotencyKey: key() });
    expect((await call(owner.token, 'gifts/list', { giftId: gift.id, price: '0.09' })).code).toBe('market.price.min');
    expect((await call(stranger.token, 'gifts/list', { giftId: gift.id, price: '1' })).code).toBe('market.gift.not-yours');
    expect((await call<Gift>(owner.token, 'gifts/list', { giftId: gift.id, price: '1.5' })).data).toMatchObject({
      price: '1.5',
      mine: true,
    });
    expect((await call<Gift>(owner.token, 'gifts/unlist', { giftId: gift.id })).data.price).toBeNull();
    expect((await call(stranger.token, 'gifts/unlist', { giftId: gift.id })).code).toBe('market.gift.not-yours');
  });

  it('withdraws a gift to Telegram through the relayer for the fee; refused while locked, and nothing is charged when Telegram refuses', async () => {
    const owner = await player('50');
    const gifts = (await list(owner.token, { sort: 'price-asc', limit: 3 })).items;
    await call(owner.token, 'market/checkout', { items: gifts.map((g) => ({ giftId: g.id, price: g.price })), idempotencyKey: key() });
    const [free, locked, unknown] = gifts as [Gift, Gift, Gift];
    for (const g of [free, locked]) {
      const row = (await suite.db.query<{ telegram_gift_id: string }>('SELECT telegram_gift_id FROM gifts WHERE id = $1', [BigInt(g.id)]))
        .rows[0]!;
      bot.relayerGifts.push({ type: 'unique', owned_gift_id: row.telegram_gift_id });
    }
    await suite.db.query("UPDATE gifts SET locked_until = now() + interval '3 days' WHERE id = $1", [BigInt(locked.id)]);

    const before = await tonOf(owner.userId);
    const done = await call<{ gift: Gift; fee: string }>(owner.token, 'gifts/withdraw', { giftId: free.id, idempotencyKey: key() });
    expect(done.success, done.message).toBe(true);
    expect(done.data.fee).toBe('0.1');
    expect(bot.transferred.at(-1)).toMatchObject({ to: Number(owner.userId) });
    expect(await tonOf(owner.userId)).toBe(before - toNano('0.1'));

    const refused = await call(owner.token, 'gifts/withdraw', { giftId: locked.id, idempotencyKey: key() });
    expect(refused.code).toBe('market.gift.locked');
    expect(refused.message).toContain('cannot be withdrawn before');
    // The relayer does not hold this one: Telegram refuses, the fee is not kept.
    const failed = await call(owner.token, 'gifts/withdraw', { giftId: unknown.id, idempotencyKey: key() });
    expect(failed.code).toBe('market.relayer.unavailable');
    expect(await tonOf(owner.userId)).toBe(before - toNano('0.1'));
    const inventory = (await call<{ items: Gift[] }>(owner.token, 'gifts/inventory')).data.items.map((g) => g.id);
    expect(inventory.sort()).toEqual([locked.id, unknown.id].sort());
  });

  it('a gift a player sends to the relayer account lands in their inventory once', async () => {
    const sender = await player('1');
    bot.relayerGifts.push({
      type: 'unique',
      owned_gift_id: `deposit-${sender.userId}`,
      sender_user: { id: Number(sender.userId), is_bot: false, first_name: 'Gifter' },
      next_transfer_date: Math.floor(Date.now() / 1000) + 86_400,
      gift: {
        base_name: 'Jelly Bunny',
        name: 'JellyBunny-777',
        number: 777,
        model: { name: 'Strawberry', rarity_per_mille: 15, sticker: {} },
        symbol: { name: 'Carrot', rarity_per_mille: 8, sticker: {} },
        backdrop: {
          name: 'Pink',
          rarity_per_mille: 20,
          colors: { center_color: 0xf4a7c0, edge_color: 0x9e3d63, symbol_color: 0xffffff, text_color: 0xffffff },
        },
      },
    });
    expect(await importReceivedGifts(suite.db, bot.relayer())).toBe(1);
    expect(await importReceivedGifts(suite.db, bot.relayer())).toBe(0);
    const inventory = (await call<{ items: Gift[] }>(sender.token, 'gifts/inventory')).data.items;
    expect(inventory).toHaveLength(1);
    expect(inventory[0]).toMatchObject({
      number: 777,
      collection: { name: 'Jelly Bunny' },
      backdrop: { center: '#f4a7c0' },
      rarity: 15 * 8 * 20,
    });
    expect(inventory[0]!.lockedUntil).not.toBeNull();
  });
});

describe.each(postgresOnly('gift market concurrency'))('gift market concurrency on $name', (database) => {
  const suite = suiteServer(database, { prepare: (db) => seedMarketCatalogue(db, { perCollection: 5 }) });

  it('concurrent checkouts of one gift sell it once and charge only the winner', async () => {
    const buyers = await Promise.all(Array.from({ length: 8 }, async () => (await fundedPlayer(suite.app, suite.db, '1000')).token));
    const page = envelope(await post(suite.app, '/api/v3/market/list', { sort: 'price-asc', limit: 1 }, { token: buyers[0] }))
      .data as MarketPage;
    const gift = page.items[0]!;
    const answers = await Promise.all(
      buyers.map((token, i) =>
        post(
          suite.app,
          '/api/v3/market/checkout',
          { items: [{ giftId: gift.id, price: gift.price }], idempotencyKey: `race-key-${i}-${Date.now()}` },
          { token },
        ),
      ),
    );
    const results = answers.map((a) => (envelope(a).data as CheckoutResult).items[0]!.result);
    expect(results.filter((r) => r === 'bought')).toHaveLength(1);
    expect(results.filter((r) => r === 'gone')).toHaveLength(7);
    const charged = await suite.db.query<{ n: bigint }>(
      "SELECT count(*) AS n FROM accounts WHERE kind = 'ton' AND user_id IS NOT NULL AND balance < $1",
      [toNano('1000')],
    );
    expect(charged.rows[0]!.n).toBe(1n);
    expect((await audit(suite.db)).problems).toEqual([]);
  });
});
