import { Gift, marketRules } from '@arcade/api-client/market';
import { fromNano, toNano } from '@arcade/api-client/money';
import { TonAmount } from '@arcade/api-client/schemas';
import { type } from 'arktype';
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage, unstable_withStorageValidator } from 'jotai/utils';
import { sessionAtom } from '../../state/session';

/** The contract's checkout limit: at most this many gifts in one cart. */
export const CART_LIMIT = marketRules.maxCartItems;

/** Bump the version when the stored shape changes: an old cart then reads as empty. */
export const CART_STORAGE_KEY = 'cart:v1';

/** What happened to a gift at the last checkout that left it in the cart. */
export const CartItemStatus = type("'gone' | 'repriced' | 'unaffordable'");
export type CartItemStatus = typeof CartItemStatus.infer;

export const CartItem = type({
  /** The gift as the player saw it when adding it (drawn in the cart without a request). */
  gift: Gift.and({ id: /^\d{1,19}$/ }),
  /** The buy price: what checkout offers to pay (the listing's price the player agreed to). */
  price: TonAmount,
  selected: 'boolean',
  /** Set by a checkout that did not buy it. */
  'status?': CartItemStatus,
  /** Before a reprice: the price the player had agreed to; cleared once the new one is confirmed. */
  'previousPrice?': TonAmount,
});
export type CartItem = typeof CartItem.infer;

export const StoredCart = type({
  /** The Telegram user the cart belongs to (one device may see several accounts). */
  owner: 'string | null',
  items: CartItem.array().atMostLength(CART_LIMIT),
}).narrow(
  (cart, ctx) => new Set(cart.items.map((item) => item.gift.id)).size === cart.items.length || ctx.mustBe('a cart without repeats'),
);
export type StoredCart = typeof StoredCart.infer;

export const EMPTY_CART: StoredCart = { owner: null, items: [] };

/** jotai's synchronous storage shape (not exported under its own name). */
type SyncStorage<Value> = NonNullable<Parameters<typeof atomWithStorage<Value>>[2]>;

/** The stored cart is taken only if it is exactly this shape; anything else (bad JSON, old shape, too many) is an empty cart. */
export function isStoredCart(value: unknown): value is StoredCart {
  return StoredCart.allows(value);
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage switched off in the web view: the cart lives in memory for this session.
    return null;
  }
}

/**
 * JSON in local storage, validated on load. jotai's validator only wraps getItem: a value written
 * by another tab (the storage event) is checked here too.
 */
export function createCartStorage(getStorage: () => Storage | null = localStorageOrNull): SyncStorage<StoredCart> {
  const validated = unstable_withStorageValidator(isStoredCart)(createJSONStorage<unknown>(() => getStorage() ?? memoryStorage()));
  const subscribe = validated.subscribe;
  if (!subscribe) return validated;
  return {
    ...validated,
    subscribe: (key, callback, initialValue) =>
      subscribe(key, (value) => callback(isStoredCart(value) ? value : initialValue), initialValue),
  };
}

let memory: Storage | null = null;
function memoryStorage(): Storage {
  if (memory) return memory;
  const values = new Map<string, string>();
  memory = {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
  return memory;
}

/** The cart as stored (with its owner). Read on creation, so the first render already has it. */
export const storedCartAtom = atomWithStorage<StoredCart>(CART_STORAGE_KEY, EMPTY_CART, createCartStorage(), { getOnInit: true });

/** The signed-in player's cart; another account's stored cart reads as empty. */
export const cartAtom = atom(
  (get): readonly CartItem[] => {
    const stored = get(storedCartAtom);
    return stored.owner === (get(sessionAtom)?.userId ?? null) ? stored.items : [];
  },
  (get, set, update: (items: readonly CartItem[]) => readonly CartItem[]) => {
    const stored = get(storedCartAtom);
    const owner = get(sessionAtom)?.userId ?? null;
    const items = update(stored.owner === owner ? stored.items : []);
    set(storedCartAtom, { owner, items: dedupe(items).slice(0, CART_LIMIT) });
  },
);

function dedupe(items: readonly CartItem[]): CartItem[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.gift.id) && seen.add(item.gift.id));
}

/** Ids of the gifts in the cart: a card re-renders only when its own membership changes. */
export const cartIdsAtom = atom((get): ReadonlySet<string> => new Set(get(cartAtom).map((item) => item.gift.id)));

export type AddResult = 'added' | 'already' | 'full' | 'not-for-sale';

/** Puts a gift in the cart at its current price (selected). */
export function addToCart(items: readonly CartItem[], gift: Gift): { items: readonly CartItem[]; result: AddResult } {
  if (gift.price === null || gift.mine || !isCartableId(gift.id)) return { items, result: 'not-for-sale' };
  if (items.some((item) => item.gift.id === gift.id)) return { items, result: 'already' };
  if (items.length >= CART_LIMIT) return { items, result: 'full' };
  return { items: [...items, { gift, price: gift.price, selected: true }], result: 'added' };
}

function isCartableId(id: string): boolean {
  return /^\d{1,19}$/.test(id);
}

export const addToCartAtom = atom(null, (get, set, gift: Gift): AddResult => {
  const { items, result } = addToCart(get(cartAtom), gift);
  if (result === 'added') set(cartAtom, () => items);
  return result;
});

export const removeFromCartAtom = atom(null, (_get, set, giftIds: string | readonly string[]) => {
  const ids = new Set(typeof giftIds === 'string' ? [giftIds] : giftIds);
  set(cartAtom, (items) => items.filter((item) => !ids.has(item.gift.id)));
});

/** Whether a cart line can be bought at all (a sold one stays only to say so). */
export function isPurchasable(item: CartItem): boolean {
  return item.status !== 'gone';
}

export const toggleSelectedAtom = atom(null, (_get, set, giftId: string) => {
  set(cartAtom, (items) =>
    items.map((item) => (item.gift.id === giftId && isPurchasable(item) ? { ...item, selected: !item.selected } : item)),
  );
});

/** Select all (or none) of the gifts that can still be bought. */
export const selectAllAtom = atom(null, (_get, set, selected: boolean) => {
  set(cartAtom, (items) => items.map((item) => (isPurchasable(item) ? { ...item, selected } : { ...item, selected: false })));
});

/** The player accepts the new prices of repriced gifts (the next checkout offers those). */
export const confirmPricesAtom = atom(null, (_get, set, giftIds?: readonly string[]) => {
  const only = giftIds ? new Set(giftIds) : null;
  set(cartAtom, (items) =>
    items.map((item) => {
      if (item.status !== 'repriced' || (only && !only.has(item.gift.id))) return item;
      const { previousPrice: _previous, status: _status, ...rest } = item;
      return rest;
    }),
  );
});

export interface CartSummary {
  count: number;
  purchasable: number;
  selected: number;
  /** Sum of the selected gifts' buy prices, in nanotons. */
  totalNano: bigint;
  total: string;
  allSelected: boolean;
  /** Selected gifts whose new price the player has not confirmed yet. */
  unconfirmed: number;
}

export function summarize(items: readonly CartItem[]): CartSummary {
  let totalNano = 0n;
  let selected = 0;
  let purchasable = 0;
  let unconfirmed = 0;
  for (const item of items) {
    if (!isPurchasable(item)) continue;
    purchasable += 1;
    if (!item.selected) continue;
    selected += 1;
    totalNano += toNano(item.price);
    if (item.status === 'repriced') unconfirmed += 1;
  }
  return {
    count: items.length,
    purchasable,
    selected,
    totalNano,
    total: fromNano(totalNano),
    allSelected: purchasable > 0 && selected === purchasable,
    unconfirmed,
  };
}

export const cartSummaryAtom = atom((get) => summarize(get(cartAtom)));
