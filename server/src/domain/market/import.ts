import { type } from 'arktype';
import { toNano } from '@arcade/api-client/money';
import type { Db } from '../../db/db';
import { productConfig } from '../product-config';

const Attribute = type({ name: '0 < string <= 64', rarityPerMille: '0 <= number.integer <= 1000' });

/** The stock file an operator imports: collections and the gifts the relayer holds for the house. */
export const GiftStock = type({
  collections: type({ id: /^[a-z0-9-]{1,64}$/, name: '0 < string <= 64' }).array(),
  gifts: type({
    collection: /^[a-z0-9-]{1,64}$/,
    number: 'number.integer > 0',
    model: Attribute,
    backdrop: Attribute.and({ center: /^#[0-9a-fA-F]{6}$/, edge: /^#[0-9a-fA-F]{6}$/ }),
    symbol: Attribute,
    telegramGiftId: '0 < string <= 128',
    'price?': type(/^(0|[1-9]\d*)(\.\d{1,9})?$/),
    'lockedUntil?': 'string.date.iso',
  }).array(),
});
export type GiftStock = typeof GiftStock.infer;

/** Imports house stock in one transaction; a gift already known (same collection and number) is left as it is. */
export async function importGiftStock(db: Db, input: unknown): Promise<{ collections: number; gifts: number; listed: number }> {
  const stock = GiftStock(input);
  if (stock instanceof type.errors) throw new Error(`the stock file is not valid: ${stock.summary}`);
  const known = new Set(stock.collections.map((c) => c.id));
  for (const gift of stock.gifts)
    if (!known.has(gift.collection)) throw new Error(`gift #${gift.number} names an unknown collection "${gift.collection}"`);
  for (const gift of stock.gifts) {
    if (gift.price !== undefined && toNano(gift.price) < productConfig.market.minPriceNano)
      throw new Error(`gift ${gift.collection} #${gift.number} is priced under the minimum`);
  }
  return db.transaction(async (tx) => {
    let collections = 0;
    let gifts = 0;
    let listed = 0;
    for (const c of stock.collections) {
      collections += (await tx.query('INSERT INTO gift_collections (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [c.id, c.name]))
        .rowCount;
    }
    for (const g of stock.gifts) {
      const inserted = await tx.query<{ id: bigint }>(
        `INSERT INTO gifts (collection_id, number, model, model_rarity, backdrop, backdrop_rarity, backdrop_center, backdrop_edge, symbol, symbol_rarity, telegram_gift_id, locked_until)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          g.collection,
          g.number,
          g.model.name,
          g.model.rarityPerMille,
          g.backdrop.name,
          g.backdrop.rarityPerMille,
          g.backdrop.center.toLowerCase(),
          g.backdrop.edge.toLowerCase(),
          g.symbol.name,
          g.symbol.rarityPerMille,
          g.telegramGiftId,
          g.lockedUntil ? new Date(g.lockedUntil) : null,
        ],
      );
      const id = inserted.rows[0]?.id;
      if (id === undefined) continue;
      gifts += 1;
      if (g.price !== undefined) {
        await tx.query(
          `INSERT INTO listings (gift_id, seller_id, price, listed_at, collection_id, model, backdrop, symbol, number, rarity)
           SELECT g.id, NULL, $2, now(), g.collection_id, g.model, g.backdrop, g.symbol, g.number, g.rarity FROM gifts g WHERE g.id = $1`,
          [id, toNano(g.price)],
        );
        listed += 1;
      }
    }
    return { collections, gifts, listed };
  });
}
