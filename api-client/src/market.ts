import { type } from 'arktype';
import { lazy } from './lazy';
import { Balance, Id, TonAmount } from './schemas';
import { IdempotencyKey, PositiveTonAmount } from './wallet';

export const GiftAttribute = lazy(() =>
  type({
    name: 'string',
    /** How many of every 1,000 gifts have it. */
    rarityPerMille: 'number.integer >= 0',
  }),
);

export const Gift = lazy(() =>
  type({
    id: 'string',
    collection: { id: 'string', name: 'string' },
    number: 'number.integer > 0',
    model: GiftAttribute,
    backdrop: GiftAttribute.and({ center: /^#[0-9a-f]{6}$/, edge: /^#[0-9a-f]{6}$/ }),
    symbol: GiftAttribute,
    /** Combined rarity: the product of the three per-mille values (lower is rarer). */
    rarity: 'number.integer >= 0',
    /** Set while the gift is for sale. */
    price: 'string | null',
    listedAt: 'string | null',
    /** Whether it belongs to the asking player. */
    mine: 'boolean',
    /** Telegram's trade lock: no transfer before this time. */
    lockedUntil: 'string | null',
    /**
     * On the discount order's pages only (discount-desc): the floor of the other listings of its
     * model in its collection, and how far the price is below it, in millionths.
     */
    'deal?': { floor: TonAmount, discount: '0 <= number.integer <= 1000000' },
  }),
);
export type Gift = typeof Gift.infer;

export const MarketSort = lazy(() =>
  type(
    "'price-asc' | 'price-desc' | 'date-asc' | 'date-desc' | 'number-asc' | 'number-desc' | 'rarity-asc' | 'rarity-desc' | 'discount-desc'",
  ),
);
export type MarketSort = typeof MarketSort.infer;

const Names = lazy(() => type('string[] <= 50'));

export const MarketFilter = lazy(() =>
  type({
    'collections?': Names,
    'models?': Names,
    'backdrops?': Names,
    'symbols?': Names,
    'minPrice?': TonAmount,
    'maxPrice?': TonAmount,
  }),
);
export type MarketFilter = typeof MarketFilter.infer;

/**
 * discount-desc: the gifts priced below every other listing of their model in their collection,
 * the largest discount first. A gift's discount is how far its price is below that floor of the
 * others: (floor of the others - price) / floor of the others. A gift at or above that floor (every
 * gift but the cheapest of its model) has no discount and is not in this order.
 */
export const DISCOUNT_SORT_RULE = 'model-in-collection-excluding-itself' as const;

/** A page cursor as the market writes it (base64url); what it holds only the server can check. */
const MarketCursor = lazy(() => type(/^[\w-]{1,400}$/).describe('a page cursor the market gave out'));

export const MarketListRequest = lazy(() =>
  MarketFilter.and({
    'sort?': MarketSort,
    'cursor?': MarketCursor,
    'limit?': '1 <= number.integer <= 60',
  }),
);

export const MarketPage = lazy(() =>
  type({
    items: Gift.array(),
    nextCursor: 'string | null',
    /** Gifts matching the filter: counted on the first page only (null on the pages a cursor asks for). */
    total: 'number.integer >= 0 | null',
  }),
);
export type MarketPage = typeof MarketPage.infer;

const Facet = lazy(() =>
  type({
    name: 'string',
    count: 'number.integer >= 0',
    rarityPerMille: 'number.integer >= 0',
    /** The lowest price among the listings with this value (under the other filters); null when none. */
    floor: 'string | null',
  }),
);

export const MarketFacets = lazy(() =>
  type({
    collections: type({ id: 'string', name: 'string', count: 'number.integer >= 0', floor: 'string | null' }).array(),
    models: Facet.array(),
    backdrops: Facet.and({ center: 'string', edge: 'string' }).array(),
    symbols: Facet.array(),
  }),
);
export type MarketFacets = typeof MarketFacets.infer;

export const GiftRequest = lazy(() => type({ giftId: Id }));

const SalePoint = lazy(() => type({ price: TonAmount, at: 'string' }));

/**
 * Where a gift's price stands and what its model sold for. The floors are the lowest prices of the
 * other listings (the gift itself left out) of its collection, of its model in its collection and
 * of its backdrop in its collection; null when no other gift is for sale there. The history is the
 * market's own sales of the model in the collection: the count, the last sale and the latest
 * sales (oldest first, at most `historyPoints`).
 */
export const GiftMarketInfo = lazy(() =>
  type({
    floors: { collection: 'string | null', model: 'string | null', backdrop: 'string | null' },
    history: { count: 'number.integer >= 0', last: SalePoint.or('null'), points: SalePoint.array() },
  }),
);
export type GiftMarketInfo = typeof GiftMarketInfo.infer;

/**
 * The market's fixed numbers, shared by the server that enforces them and the app that shows them
 * before a call, so the two can never disagree.
 */
export const marketRules = {
  /** Lowest listing price, TON. */
  minPrice: '0.1',
  /** Highest listing price, TON: every price the market stores and sorts stays well inside its arithmetic. */
  maxPrice: '1000000',
  /** Seller fee on a completed sale, in basis points (5%). */
  sellerFeeBasisPoints: 500,
  /** Flat fee for sending a gift to the player's Telegram account, TON. */
  giftWithdrawalFee: '0.1',
  /** Most gifts in one cart and one checkout. */
  maxCartItems: 20,
  /** Most sales a gift's price history returns. */
  historyPoints: 60,
} as const;

export const CheckoutRequest = lazy(() =>
  type({
    items: type({ giftId: Id, price: TonAmount }).array().atLeastLength(1).atMostLength(marketRules.maxCartItems),
    idempotencyKey: IdempotencyKey,
  }),
);

export const CheckoutItem = lazy(() =>
  type({
    giftId: 'string',
    /** bought; gone (sold or unlisted meanwhile); repriced (now at `price`); unaffordable; own (the player's own gift). */
    result: "'bought' | 'gone' | 'repriced' | 'unaffordable' | 'own'",
    'price?': TonAmount,
  }),
);
export const CheckoutResult = lazy(() => type({ items: CheckoutItem.array(), spent: TonAmount, balance: Balance }));
export type CheckoutResult = typeof CheckoutResult.infer;

export const InventoryPage = lazy(() => type({ items: Gift.array() }));

export const ListGiftRequest = lazy(() => type({ giftId: Id, price: PositiveTonAmount }));
export const WithdrawGiftRequest = lazy(() => type({ giftId: Id, idempotencyKey: IdempotencyKey }));
export const GiftWithdrawal = lazy(() => type({ gift: Gift, fee: TonAmount, balance: Balance }));

export const marketRefusals = [
  'market.price.min',
  'market.price.max',
  'market.gift.unknown',
  'market.gift.not-yours',
  'market.gift.locked',
  'market.gift.balance',
  'market.relayer.unavailable',
  'market.relayer.stars',
  'account.banned',
] as const;
export type MarketRefusal = (typeof marketRefusals)[number];
