import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { marketRules, type Gift, type MarketPage } from '@arcade/api-client/market';
import { fromNano, toNano } from '@arcade/api-client/money';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { callApi, databases, fund, logIn, newUserId, suiteServer } from './helpers';

const SORTS = [
  'price-asc',
  'price-desc',
  'date-asc',
  'date-desc',
  'number-asc',
  'number-desc',
  'rarity-asc',
  'rarity-desc',
  'discount-desc',
] as const;
/** The price an attacker listed at before there was a maximum: the largest TonAmount. */
const ATTACK_PRICE = '999999999.999999999';
const MIN = toNano(marketRules.minPrice);
const MAX = toNano(marketRules.maxPrice);

/**
 * Every price a player may choose is between the market's minimum and maximum, and no listing at
 * any such price (nor one stored at the largest amount the API carries) can make a sort fail.
 */
describe.each(databases())('the market at extreme prices, on $name', (database) => {
  let keys = 0;

  const call = <T>(token: string, path: string, body: unknown) => callApi<T>(suite.app, `/api/v3/${path}`, body, token);
  const listingOf = async (giftId: string) =>
    (await suite.db.query<{ price: bigint }>('SELECT price FROM listings WHERE gift_id = $1', [BigInt(giftId)])).rows[0]?.price ?? null;

  /** A player who bought the cheapest gift for sale: it is theirs to list. */
  async function owner(): Promise<{ token: string; gift: Gift }> {
    const id = newUserId();
    const token = await logIn(suite.app, { id });
    await fund(suite.db, BigInt(id), '100');
    const gift = (await call<MarketPage>(token, 'market/list', { sort: 'price-asc', limit: 1 })).data.items[0]!;
    const bought = await call<{ items: Array<{ result: string }> }>(token, 'market/checkout', {
      items: [{ giftId: gift.id, price: gift.price }],
      idempotencyKey: `extreme-${++keys}-${Date.now()}`,
    });
    expect(bought.data.items[0]!.result).toBe('bought');
    return { token, gift };
  }

  const suite = suiteServer(database, { prepare: (db) => seedMarketCatalogue(db, { perCollection: 24 }) });

  it('lists at the highest price; a price above it (the old attack price too) is refused clearly and changes nothing', async () => {
    const { token, gift } = await owner();
    const listed = await call<Gift>(token, 'gifts/list', { giftId: gift.id, price: marketRules.maxPrice });
    expect(listed.success, listed.message).toBe(true);
    expect(listed.data.price).toBe(marketRules.maxPrice);
    for (const price of [ATTACK_PRICE, fromNano(MAX + 1n)]) {
      const refused = await call(token, 'gifts/list', { giftId: gift.id, price });
      expect(refused.status).toBe(400);
      expect(refused).toMatchObject({
        success: false,
        code: 'market.price.max',
        message: `The highest price is ${marketRules.maxPrice} TON`,
      });
      expect(await listingOf(gift.id)).toBe(MAX);
    }
    // Every sort still answers, the listing at the maximum among the rest.
    for (const sort of SORTS) expect((await call<MarketPage>(token, 'market/list', { sort, limit: 60 })).status, sort).toBe(200);
    expect((await call<MarketPage>(token, 'market/list', { sort: 'price-desc', limit: 1 })).data.items[0]!.id).toBe(gift.id);
  });

  it('the discount order works when the floor of the others is the highest price, or an amount stored before there was a maximum', async () => {
    const { token } = await owner();
    // Two models whose every listing but the cheapest costs the most: the largest possible gaps.
    const models = await suite.db.query<{ collection_id: string; model: string; cheapest: bigint }>(
      `SELECT collection_id, model, min(gift_id) AS cheapest FROM listings GROUP BY collection_id, model HAVING count(*) >= 2
        ORDER BY collection_id, model LIMIT 2`,
    );
    expect(models.rows).toHaveLength(2);
    const [atMax, atAttack] = models.rows;
    for (const [group, others] of [
      [atMax!, MAX],
      [atAttack!, toNano(ATTACK_PRICE)],
    ] as const) {
      await suite.db.query(
        'UPDATE listings SET price = CASE WHEN gift_id = $3 THEN $4::bigint ELSE $5::bigint END WHERE collection_id = $1 AND model = $2',
        [group.collection_id, group.model, group.cheapest, MIN, others],
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof call<MarketPage>>> = await call<MarketPage>(token, 'market/list', {
        sort: 'discount-desc',
        limit: 5,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.status, page.message).toBe(200);
      seen.push(...page.data.items.map((item) => item.id));
      cursor = page.data.nextCursor;
    } while (cursor);
    // The two largest discounts, 0.1 TON under either (both 999,999 millionths: the higher gift id first).
    const top = [atAttack!.cheapest, atMax!.cheapest].sort((a, b) => (a < b ? 1 : -1)).map(String);
    expect(seen.slice(0, 2)).toEqual(top);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('no price a player may send to gifts/list, and no market/list request after it, answers a 5xx', async () => {
    const { token, gift } = await owner();
    const tonAmount = (min: bigint, max: bigint) => fc.bigInt({ min, max }).map(fromNano);
    const price = fc.oneof(
      tonAmount(MIN, MAX),
      fc.constantFrom(marketRules.minPrice, marketRules.maxPrice, ATTACK_PRICE, fromNano(MAX + 1n), '0'),
      tonAmount(0n, toNano(ATTACK_PRICE)),
    );
    const request = fc.record(
      {
        sort: fc.constantFrom(...SORTS),
        limit: fc.integer({ min: 1, max: 60 }),
        minPrice: tonAmount(0n, toNano(ATTACK_PRICE)),
        maxPrice: tonAmount(0n, toNano(ATTACK_PRICE)),
      },
      { requiredKeys: ['sort'] },
    );
    await fc.assert(
      fc.asyncProperty(price, request, async (priceText, body) => {
        const listed = await call<Gift>(token, 'gifts/list', { giftId: gift.id, price: priceText });
        const inRange = toNano(priceText) >= MIN && toNano(priceText) <= MAX;
        expect(listed.status, priceText).toBe(inRange ? 200 : 400);
        const page = await call<MarketPage>(token, 'market/list', body);
        expect(page.status, JSON.stringify(body)).toBe(200);
      }),
      { numRuns: 40 },
    );
    expect(await listingOf(gift.id)).not.toBeNull();
  });
});
