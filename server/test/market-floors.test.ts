import { describe, expect, it } from 'vitest';
import type { CheckoutResult, Gift, GiftMarketInfo, MarketFacets, MarketPage } from '@arcade/api-client/market';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { Db } from '../src/db/db';
import { audit } from '../src/domain/ledger';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { databases, envelope, fundedPlayer, post, suiteServer } from './helpers';

/** The floors of the other listings beside a gift, straight from the listings (the oracle). */
async function floorsOf(db: Db, giftId: string): Promise<GiftMarketInfo['floors']> {
  const { rows } = await db.query<{ collection: bigint | null; model: bigint | null; backdrop: bigint | null }>(
    `SELECT min(l.price) FILTER (WHERE true) AS collection,
            min(l.price) FILTER (WHERE l.model = g.model) AS model,
            min(l.price) FILTER (WHERE l.backdrop = g.backdrop) AS backdrop
       FROM gifts g LEFT JOIN listings l ON l.collection_id = g.collection_id AND l.gift_id <> g.id
      WHERE g.id = $1`,
    [BigInt(giftId)],
  );
  const f = rows[0]!;
  const ton = (value: bigint | null) => (value === null ? null : fromNano(value));
  return { collection: ton(f.collection), model: ton(f.model), backdrop: ton(f.backdrop) };
}

/**
 * The discount order recomputed from every listing: a gift's discount is (floor of the other
 * listings of its model in its collection - its price) / that floor; only positive ones count.
 */
async function discountOrder(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ gift_id: bigint; price: bigint; others: bigint | null }>(
    `SELECT l.gift_id, l.price,
            (SELECT min(o.price) FROM listings o WHERE o.collection_id = l.collection_id AND o.model = l.model AND o.gift_id <> l.gift_id) AS others
       FROM listings l`,
  );
  return rows
    .filter((row) => row.others !== null && row.price < row.others)
    .map((row) => ({ id: row.gift_id, discount: ((row.others! - row.price) * 1_000_000n) / row.others! }))
    .sort((a, b) => (a.discount === b.discount ? (a.id < b.id ? 1 : -1) : a.discount < b.discount ? 1 : -1))
    .map((row) => row.id.toString());
}

describe.each(databases())('market floors, history and buy now on $name', (database) => {
  let keys = 0;
  const key = () => `floors-${process.pid}-${++keys}`;

  const call = async <T>(token: string, path: string, body: unknown = {}) => {
    const response = await post(suite.app, `/api/v3/${path}`, body, { token });
    return envelope(response) as { success: boolean; data: T; code?: string };
  };
  const player = (ton: string) => fundedPlayer(suite.app, suite.db, ton);
  const tonOf = async (userId: bigint) =>
    (await suite.db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [userId])).rows[0]!
      .balance;
  const info = async (token: string, giftId: string) => (await call<GiftMarketInfo>(token, 'market/gift-info', { giftId })).data;

  const suite = suiteServer(database, { prepare: (db) => seedMarketCatalogue(db, { perCollection: 30 }) });

  it("keeps a gift's floors and its model's sales exact after a purchase, a listing, a new price and an unlisting", async () => {
    const buyer = await player('100000');
    const page = (await call<MarketPage>(buyer.token, 'market/list', { collections: ['lol-pop'], sort: 'price-asc', limit: 60 })).data;
    // A model with at least four listings in the collection, cheapest first; the player looks at its dearest.
    const byModel = new Map<string, Gift[]>();
    for (const gift of page.items) byModel.set(gift.model.name, [...(byModel.get(gift.model.name) ?? []), gift]);
    const group = [...byModel.values()].find((gifts) => gifts.length >= 4)!;
    const watched = group.at(-1)!;
    const cheapestOfModel = group[0]!;
    const empty = await info(buyer.token, watched.id);
    expect(empty.history).toEqual({ count: 0, last: null, points: [] });
    expect(empty.floors).toEqual(await floorsOf(suite.db, watched.id));

    // Bought: the cheapest of the model leaves the floors and enters the model's history.
    const bought = await call<CheckoutResult>(buyer.token, 'market/checkout', {
      items: [{ giftId: cheapestOfModel.id, price: cheapestOfModel.price! }],
      idempotencyKey: key(),
    });
    expect(bought.data.items[0]!.result).toBe('bought');
    const afterBuy = await info(buyer.token, watched.id);
    expect(afterBuy.floors).toEqual(await floorsOf(suite.db, watched.id));
    expect(Number(afterBuy.floors.model)).toBeGreaterThanOrEqual(Number(cheapestOfModel.price));
    expect(afterBuy.history.count).toBe(1);
    expect(afterBuy.history.last?.price).toBe(cheapestOfModel.price);
    expect(afterBuy.history.points.map((p) => p.price)).toEqual([cheapestOfModel.price]);

    // Listed again far below: it is every floor of the watched gift's collection, model and backdrop if shared.
    await call(buyer.token, 'gifts/list', { giftId: cheapestOfModel.id, price: '0.1' });
    const listed = await info(buyer.token, watched.id);
    expect(listed.floors).toEqual(await floorsOf(suite.db, watched.id));
    expect(listed.floors.collection).toBe('0.1');
    expect(listed.floors.model).toBe('0.1');
    // The filter sheets show it too: the model's and the collection's floor, under no filter and under one.
    const sheet = (await call<MarketFacets>(buyer.token, 'market/facets', {})).data;
    expect(sheet.models.find((m) => m.name === watched.model.name)!.floor).toBe('0.1');
    expect(sheet.collections.find((c) => c.id === 'lol-pop')!.floor).toBe('0.1');
    const filtered = (await call<MarketFacets>(buyer.token, 'market/facets', { collections: ['lol-pop'] })).data;
    expect(filtered.models.find((m) => m.name === watched.model.name)!.floor).toBe('0.1');

    // A new price moves the floor up; unlisting takes it out.
    await call(buyer.token, 'gifts/list', { giftId: cheapestOfModel.id, price: '999' });
    const repriced = await info(buyer.token, watched.id);
    expect(repriced.floors).toEqual(await floorsOf(suite.db, watched.id));
    expect(repriced.floors.model).not.toBe('0.1');
    await call(buyer.token, 'gifts/unlist', { giftId: cheapestOfModel.id });
    expect((await info(buyer.token, watched.id)).floors).toEqual(await floorsOf(suite.db, watched.id));

    // A gift's own price is never its floor: the floors are of the other listings.
    const own = await info(buyer.token, cheapestOfModel.id);
    expect(own.floors).toEqual(await floorsOf(suite.db, cheapestOfModel.id));

    // Two more sales of the model: the history is oldest first, its last the latest.
    const more = group.slice(1, 3);
    for (const gift of more) {
      const result = await call<CheckoutResult>(buyer.token, 'market/checkout', {
        items: [{ giftId: gift.id, price: gift.price! }],
        idempotencyKey: key(),
      });
      expect(result.data.items[0]!.result).toBe('bought');
    }
    const history = (await info(buyer.token, watched.id)).history;
    expect(history.count).toBe(3);
    expect(history.points.map((p) => p.price)).toEqual([cheapestOfModel.price, ...more.map((g) => g.price)]);
    expect(history.last).toEqual(history.points.at(-1));
  });

  it('refuses an unknown gift with a clear refusal', async () => {
    const buyer = await player('1');
    const reply = await call(buyer.token, 'market/gift-info', { giftId: '987654321' });
    expect(reply.success).toBe(false);
    expect(reply.code).toBe('market.gift.unknown');
  });

  it('sorts by discount to the floor of the other listings of the model, largest first, page after page', async () => {
    const buyer = await player('1');
    const expected = await discountOrder(suite.db);
    expect(expected.length).toBeGreaterThan(10);
    const seen: string[] = [];
    let cursor: string | null = null;
    let total: number | null = null;
    do {
      const body: Record<string, unknown> = { sort: 'discount-desc', limit: 7, ...(cursor ? { cursor } : {}) };
      const page: MarketPage = (await call<MarketPage>(buyer.token, 'market/list', body)).data;
      if (!cursor) total = page.total;
      seen.push(...page.items.map((g) => g.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(expected);
    expect(total).toBe(expected.length);
    // Each gift of the order carries the floor it undercuts (the model's floor of the others, as its
    // gift-info says) and by how much, in millionths.
    const first = (await call<MarketPage>(buyer.token, 'market/list', { sort: 'discount-desc', limit: 5 })).data.items;
    for (const gift of first) {
      const floor = (await info(buyer.token, gift.id)).floors.model!;
      expect(gift.deal?.floor).toBe(floor);
      expect(gift.deal?.discount).toBe(Number(((toNano(floor) - toNano(gift.price!)) * 1_000_000n) / toNano(floor)));
    }
    // Other orders carry no deal.
    expect((await call<MarketPage>(buyer.token, 'market/list', { sort: 'price-asc', limit: 3 })).data.items.every((g) => !g.deal)).toBe(
      true,
    );
    // Under a filter: the same order, only the gifts the filter leaves.
    const filtered = (await call<MarketPage>(buyer.token, 'market/list', { sort: 'discount-desc', collections: ['plush-pepe'], limit: 60 }))
      .data;
    const { rows } = await suite.db.query<{ gift_id: bigint }>("SELECT gift_id FROM listings WHERE collection_id = 'plush-pepe'");
    const inCollection = new Set(rows.map((r) => r.gift_id.toString()));
    expect(filtered.items.map((g) => g.id)).toEqual(expected.filter((id) => inCollection.has(id)));
    // A cursor of another sort is refused, not a 500.
    const priced = (await call<MarketPage>(buyer.token, 'market/list', { sort: 'date-desc', limit: 1 })).data.nextCursor!;
    const refused = await call(buyer.token, 'market/list', { sort: 'discount-desc', cursor: priced });
    expect(refused.success).toBe(false);
  });

  it('buys a gift once when buy now is tapped 50 times at once, and the book stays sound', async () => {
    const buyer = await player('100000');
    const gift = (await call<MarketPage>(buyer.token, 'market/list', { sort: 'price-desc', limit: 1 })).data.items[0]!;
    const before = await tonOf(buyer.userId);
    const sameKey = key();
    // Half the taps are one retried call (one key), half are separate calls (a key each).
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call<CheckoutResult>(buyer.token, 'market/checkout', {
          items: [{ giftId: gift.id, price: gift.price! }],
          idempotencyKey: i % 2 === 0 ? sameKey : key(),
        }),
      ),
    );
    expect(replies.every((r) => r.success)).toBe(true);
    const results = replies.map((r) => r.data.items[0]!.result);
    // Every reply of the shared key is that call's one answer; the other calls find the gift theirs already.
    expect(results.filter((r) => r === 'bought').length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r === 'bought' || r === 'own' || r === 'gone')).toBe(true);
    const sales = await suite.db.query<{ n: bigint }>('SELECT count(*) AS n FROM sales WHERE gift_id = $1', [BigInt(gift.id)]);
    expect(sales.rows[0]!.n).toBe(1n);
    expect(await tonOf(buyer.userId)).toBe(before - toNano(gift.price!));
    const owner = await suite.db.query<{ owner_id: bigint }>('SELECT owner_id FROM gifts WHERE id = $1', [BigInt(gift.id)]);
    expect(owner.rows[0]!.owner_id).toBe(buyer.userId);
    const report = await audit(suite.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
