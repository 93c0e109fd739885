import type { CheckoutResult, Gift } from '@arcade/api-client/market';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { Db, Queryable } from '../../db/db';
import { BotApiError } from '../../adapters/telegram/bot-api';
import { RelayerStarsError, type GiftRelayer, type ReceivedGift } from '../../adapters/telegram/gift-relayer';
import { DomainError } from '../errors';
import { balanceOf, ledgerMessages, lockInOrder, partKey, post, reserveKey, settleKey, withIdempotencyKey, type MoneyKey } from '../ledger';
import { productConfig } from '../product-config';
import { assertNotBanned } from '../users';
import { GIFT_SELECT, giftById, toGift, type GiftRow } from './gifts';

const { market } = productConfig;

export const marketMessages = {
  priceMin: `The lowest price is ${fromNano(market.minPriceNano)} TON`,
  priceMax: `The highest price is ${fromNano(market.maxPriceNano)} TON`,
  unknown: 'No such gift',
  notYours: 'This gift is not yours',
  locked: (until: Date) =>
    `Telegram holds this gift until ${until.toISOString().slice(0, 16).replace('T', ' ')} UTC: it cannot be withdrawn before then`,
  balance: 'Your TON balance is not enough for the withdrawal fee',
  relayer: 'Telegram did not accept the transfer right now; nothing was charged, try again later',
  relayerStars: "The market cannot pay Telegram's transfer price for this gift right now; nothing was charged, try again later",
  duplicate: (giftId: string) => `Gift ${giftId} is in the cart twice: each gift can be bought once`,
};

type ItemResult = CheckoutResult['items'][number];

/** Buys one gift at the price the player saw, in its own transaction: bought, gone, repriced or unaffordable. */
async function buyOne(tx: Queryable, buyer: bigint, giftId: bigint, seenPrice: bigint, now: Date): Promise<ItemResult> {
  const id = giftId.toString();
  // The gift's row before its listing, as listing, unlisting and withdrawing a gift take them.
  await tx.query('SELECT 1 FROM gifts WHERE id = $1 FOR NO KEY UPDATE', [giftId]);
  const { rows } = await tx.query<{ price: bigint; seller_id: bigint | null }>(
    'SELECT price, seller_id FROM listings WHERE gift_id = $1 FOR NO KEY UPDATE',
    [giftId],
  );
  const listing = rows[0];
  if (!listing) return { giftId: id, result: 'gone' };
  if (listing.seller_id === buyer) return { giftId: id, result: 'own', price: fromNano(listing.price) };
  if (listing.price !== seenPrice) return { giftId: id, result: 'repriced', price: fromNano(listing.price) };
  const fee = listing.seller_id === null ? 0n : (listing.price * market.sellerFee) / 10_000n;
  // The rows the purchase moves, locked in the book's one order (the batch function of bets locks
  // the same rows so): the buyer's users row, the system rows, then the players' accounts.
  await lockInOrder(tx, {
    users: [buyer],
    accounts: [
      { account: { user: buyer, kind: 'ton' } },
      ...(listing.seller_id === null
        ? [{ account: { system: 'house' as const }, userId: buyer }]
        : [
            { account: { user: listing.seller_id, kind: 'ton' as const } },
            ...(fee > 0n ? [{ account: { system: 'market_fees' as const } }] : []),
          ]),
    ],
  });
  const funds = await tx.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [buyer]);
  if ((funds.rows[0]?.balance ?? 0n) < listing.price) return { giftId: id, result: 'unaffordable', price: fromNano(listing.price) };
  await tx.query('DELETE FROM listings WHERE gift_id = $1', [giftId]);
  await tx.query('UPDATE gifts SET owner_id = $2 WHERE id = $1', [giftId, buyer]);
  const sale = await tx.query<{ id: bigint }>(
    'INSERT INTO sales (gift_id, seller_id, buyer_id, price, fee, sold_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [giftId, listing.seller_id, buyer, listing.price, fee, now],
  );
  await post(tx, {
    kind: 'purchase',
    userId: buyer,
    reference: `sale:${sale.rows[0]!.id}`,
    postings: [
      { account: { user: buyer, kind: 'ton' }, amount: -listing.price },
      ...(listing.seller_id === null
        ? [{ account: { system: 'house' as const }, amount: listing.price }]
        : [
            { account: { user: listing.seller_id, kind: 'ton' as const }, amount: listing.price - fee },
            ...(fee > 0n ? [{ account: { system: 'market_fees' as const }, amount: fee }] : []),
          ]),
    ],
  });
  return { giftId: id, result: 'bought', price: fromNano(listing.price) };
}

/**
 * Checks out a cart as one operation. The whole cart is checked first (every item, no gift twice),
 * then the call's key is reserved with the cart's fingerprint: the same key with another cart is
 * refused before anything is bought. Then every gift still for sale at the price the player saw is
 * bought, each in its own transaction with its journal rows and its own key derived from the call's;
 * gone and repriced gifts are reported and cost nothing. The reply is stored with the key: a retry
 * gets it and buys nothing twice, and a checkout cut off half-way (the server stopped) is finished
 * by its retry, the items already bought answering as bought.
 */
export async function checkout(
  db: Db,
  buyer: bigint,
  items: Array<{ giftId: string; price: string }>,
  money: MoneyKey,
  now: Date,
): Promise<CheckoutResult> {
  const seenIds = new Set<string>();
  const cart = items.map((item) => {
    if (seenIds.has(item.giftId)) throw new DomainError('invalid', marketMessages.duplicate(item.giftId), 'market.cart.duplicate');
    seenIds.add(item.giftId);
    return { giftId: item.giftId, price: item.price, seen: toNano(item.price) };
  });
  await assertNotBanned(db, buyer);
  const stored = await reserveKey<CheckoutResult>(db, money);
  if (stored) return stored;

  const results: ItemResult[] = [];
  let spent = 0n;
  for (const item of cart) {
    const itemKey = partKey(money, item.giftId, { giftId: item.giftId, price: item.price });
    const result = await withIdempotencyKey(db, itemKey, async (tx) => {
      const answer = await buyOne(tx, buyer, BigInt(item.giftId), item.seen, now);
      // A refused item leaves no key behind, so the same cart can be tried again after a top-up.
      if (answer.result !== 'bought') throw new ItemNotBought(answer);
      return answer;
    }).catch((error: unknown) => {
      if (error instanceof ItemNotBought) return error.answer;
      throw error;
    });
    if (result.result === 'bought') spent += toNano(result.price ?? '0');
    results.push(result);
  }
  const reply: CheckoutResult = { items: results, spent: fromNano(spent), balance: await balanceOf(db, buyer) };
  await settleKey(db, money, reply);
  return reply;
}

class ItemNotBought extends Error {
  constructor(readonly answer: ItemResult) {
    super(answer.result);
  }
}

export async function inventory(db: Queryable, userId: bigint): Promise<{ items: Gift[] }> {
  const { rows } = await db.query<GiftRow>(`${GIFT_SELECT} WHERE g.owner_id = $1 AND g.status = 'held' ORDER BY g.id DESC`, [userId]);
  return { items: rows.map((row) => toGift(row, userId)) };
}

async function ownedGift(tx: Queryable, userId: bigint, giftId: bigint): Promise<GiftRow> {
  const gift = await giftById(tx, giftId, true);
  if (!gift) throw new DomainError('not-found', marketMessages.unknown, 'market.gift.unknown');
  if (gift.owner_id !== userId || gift.status !== 'held')
    throw new DomainError('forbidden', marketMessages.notYours, 'market.gift.not-yours');
  return gift;
}

/** Lists an owned gift for sale, or changes its price. */
export async function listGift(db: Db, userId: bigint, giftId: bigint, priceText: string, now: Date): Promise<Gift> {
  const price = toNano(priceText);
  if (price < market.minPriceNano) throw new DomainError('invalid', marketMessages.priceMin, 'market.price.min');
  if (price > market.maxPriceNano) throw new DomainError('invalid', marketMessages.priceMax, 'market.price.max');
  return db.transaction(async (tx) => {
    const gift = await ownedGift(tx, userId, giftId);
    await tx.query(
      `INSERT INTO listings (gift_id, seller_id, price, listed_at, collection_id, model, backdrop, symbol, number, rarity)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (gift_id) DO UPDATE SET price = EXCLUDED.price`,
      [giftId, userId, price, now, gift.collection_id, gift.model, gift.backdrop, gift.symbol, gift.number, gift.rarity],
    );
    return toGift((await giftById(tx, giftId))!, userId);
  });
}

export async function unlistGift(db: Db, userId: bigint, giftId: bigint): Promise<Gift> {
  return db.transaction(async (tx) => {
    await ownedGift(tx, userId, giftId);
    await tx.query('DELETE FROM listings WHERE gift_id = $1', [giftId]);
    return toGift((await giftById(tx, giftId))!, userId);
  });
}

/**
 * Sends an owned gift to the player's Telegram account through the relayer, for the flat fee (the
 * relayer pays Telegram's Star price of the gift). Refused while Telegram's trade lock holds; if
 * Telegram refuses or the relayer's Stars cannot pay, the fee comes back.
 */
export async function withdrawGift(db: Db, relayer: GiftRelayer, userId: bigint, giftId: bigint, money: MoneyKey, now: Date) {
  await assertNotBanned(db, userId);
  return withIdempotencyKey(db, money, async (tx) => {
    const gift = await ownedGift(tx, userId, giftId);
    if (gift.locked_until && gift.locked_until > now)
      throw new DomainError('conflict', marketMessages.locked(gift.locked_until), 'market.gift.locked');
    if (!gift.telegram_gift_id) throw new DomainError('conflict', marketMessages.relayer, 'market.relayer.unavailable');
    const transfer = await tx.query<{ id: bigint }>(
      "INSERT INTO gift_transfers (gift_id, user_id, direction, fee, status) VALUES ($1, $2, 'out', $3, 'done') RETURNING id",
      [giftId, userId, market.giftWithdrawalFeeNano],
    );
    try {
      await post(tx, {
        kind: 'gift_withdrawal',
        userId,
        reference: `gift-out:${transfer.rows[0]!.id}`,
        postings: [
          { account: { user: userId, kind: 'ton' }, amount: -market.giftWithdrawalFeeNano },
          { account: { system: 'gift_fees' }, amount: market.giftWithdrawalFeeNano },
        ],
      });
    } catch (error) {
      if (error instanceof DomainError && error.message === ledgerMessages.insufficient)
        throw new DomainError('conflict', marketMessages.balance, 'market.gift.balance');
      throw error;
    }
    await tx.query('DELETE FROM listings WHERE gift_id = $1', [giftId]);
    try {
      // Inside the transaction: if Telegram refuses, the fee and the gift's state roll back.
      await relayer.transferGift(gift.telegram_gift_id, userId, tx);
    } catch (error) {
      // The relayer account's Stars cannot pay Telegram's price for this gift: nothing was sent.
      if (error instanceof RelayerStarsError) throw new DomainError('conflict', marketMessages.relayerStars, 'market.relayer.stars');
      if (error instanceof BotApiError) throw new DomainError('conflict', marketMessages.relayer, 'market.relayer.unavailable');
      throw error;
    }
    await tx.query("UPDATE gifts SET status = 'withdrawn', owner_id = $2 WHERE id = $1", [giftId, userId]);
    const withdrawn = (await giftById(tx, giftId))!;
    return { gift: toGift(withdrawn, userId), fee: fromNano(market.giftWithdrawalFeeNano), balance: await balanceOf(tx, userId) };
  });
}

/** Credits gifts players sent to the relayer account to their inventories (once per gift; a gift withdrawn earlier comes back). */
export async function importReceivedGifts(db: Db, relayer: GiftRelayer): Promise<number> {
  let offset: string | null = null;
  let credited = 0;
  do {
    const page: { gifts: ReceivedGift[]; nextOffset: string | null } = await relayer.receivedGifts(offset, db);
    for (const gift of page.gifts) {
      const added = await db.transaction(async (tx) => {
        const known = await tx.query('SELECT id FROM users WHERE id = $1', [gift.fromUserId]);
        if (known.rowCount === 0) return false;
        const collectionId = gift.collection.toLowerCase().replace(/[^a-z0-9]+/g, '-');
        await tx.query('INSERT INTO gift_collections (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [
          collectionId,
          gift.collection,
        ]);
        const inserted = await tx.query<{ id: bigint }>(
          `INSERT INTO gifts (collection_id, number, model, model_rarity, backdrop, backdrop_rarity, backdrop_center, backdrop_edge, symbol, symbol_rarity, owner_id, telegram_gift_id, locked_until)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
           ON CONFLICT (collection_id, number) DO UPDATE SET owner_id = EXCLUDED.owner_id, telegram_gift_id = EXCLUDED.telegram_gift_id,
             locked_until = EXCLUDED.locked_until, status = 'held'
           WHERE gifts.status = 'withdrawn'
           RETURNING id`,
          [
            collectionId,
            gift.number,
            gift.model.name,
            gift.model.rarityPerMille,
            gift.backdrop.name,
            gift.backdrop.rarityPerMille,
            gift.backdrop.center,
            gift.backdrop.edge,
            gift.symbol.name,
            gift.symbol.rarityPerMille,
            gift.fromUserId,
            gift.ownedGiftId,
            gift.transferableAt,
          ],
        );
        const id = inserted.rows[0]?.id;
        if (id === undefined) return false;
        await tx.query("INSERT INTO gift_transfers (gift_id, user_id, direction, status) VALUES ($1, $2, 'in', 'done')", [
          id,
          gift.fromUserId,
        ]);
        return true;
      });
      if (added) credited += 1;
    }
    offset = page.nextOffset;
  } while (offset);
  return credited;
}
