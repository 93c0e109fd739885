import type { CheckoutResult, Gift, GiftMarketInfo, MarketFacets, MarketFilter, MarketPage } from '@arcade/api-client/market';
import { keepPreviousData, type QueryClient, type QueryFunctionContext } from '@tanstack/query-core';
import { atom, type Getter } from 'jotai';
import { atomWithInfiniteQuery, atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { createActionKeys, runWithKey } from '../../lib/idempotency';
import { shareBalance } from '../../state/balances';
import { readSignedIn, required, signedInQuery } from '../../state/signed-in';
import { cartAtom, type CartItem } from './cart';
import { applyCheckout, checkoutFingerprint, checkoutLines, type CheckoutOutcome } from './checkout';
import { type MarketSort } from './market-search';

export const MARKET_PAGE_SIZE = 24;

export const marketKeys = {
  all: ['market'] as const,
  list: (userId: string | null, key: string | null) => ['market', 'list', userId, key] as const,
  facets: (userId: string | null, key: string | null) => ['market', 'facets', userId, key] as const,
  gift: (userId: string | null, giftId: string | null) => ['market', 'gift', userId, giftId] as const,
  giftInfo: (userId: string | null, giftId: string | null) => ['market', 'gift-info', userId, giftId] as const,
  inventory: (userId: string | null) => ['market', 'inventory', userId] as const,
};

/** The filter and sort the market screen shows (from its URL); null until the screen has set it. */
export interface MarketRequest {
  filter: MarketFilter;
  sort: MarketSort;
  /** requestKey(filter, sort): the query key part. */
  key: string;
}

export const marketRequestAtom = atom<MarketRequest | null>(null);

/** Gifts for sale, a page at a time; the last pages stay on screen while another filter loads. */
export const marketListQueryAtom = atomWithInfiniteQuery((get: Getter) => {
  const request = get(marketRequestAtom);
  return {
    ...signedInQuery(
      get,
      (userId) => marketKeys.list(userId, request?.key ?? null),
      request &&
        (({ api }, { pageParam, signal }: QueryFunctionContext<readonly unknown[], string | null>): Promise<MarketPage> =>
          api.market.list(
            { ...request.filter, sort: request.sort, limit: MARKET_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
            { signal },
          )),
    ),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MarketPage) => last.nextCursor,
    placeholderData: keepPreviousData,
  };
});

/** Counts, rarities and floors for the filter sheets (each facet counted under the other filters). */
export const marketFacetsQueryAtom = atomWithQuery((get: Getter) => {
  const request = get(marketRequestAtom);
  const filterKey = request ? JSON.stringify(request.filter) : null;
  return {
    ...signedInQuery(
      get,
      (userId) => marketKeys.facets(userId, filterKey),
      request && (({ api }, { signal }): Promise<MarketFacets> => api.market.facets(request.filter, { signal })),
    ),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  };
});

/** The gift whose detail is open, as the list showed it (drawn at once while the fresh copy loads). */
export const openGiftAtom = atom<Gift | null>(null);

export const giftQueryAtom = atomWithQuery((get: Getter) => {
  const gift = get(openGiftAtom);
  return signedInQuery(
    get,
    (userId) => marketKeys.gift(userId, gift?.id ?? null),
    gift && (({ api }, { signal }): Promise<Gift> => api.market.gift(gift.id, { signal })),
  );
});

/** The open gift's floors (of the other listings) and its model's sales. */
export const giftInfoQueryAtom = atomWithQuery((get: Getter) => {
  const gift = get(openGiftAtom);
  return signedInQuery(
    get,
    (userId) => marketKeys.giftInfo(userId, gift?.id ?? null),
    gift && (({ api }, { signal }): Promise<GiftMarketInfo> => api.market.giftInfo(gift.id, { signal })),
  );
});

/** One gift's floors and sales, by id (the sell sheet's gift is not the market's open one). */
export function giftInfoQueryFor(giftId: string) {
  return atomWithQuery((get: Getter) =>
    signedInQuery(
      get,
      (userId) => marketKeys.giftInfo(userId, giftId),
      ({ api }, { signal }): Promise<GiftMarketInfo> => api.market.giftInfo(giftId, { signal }),
    ),
  );
}

/** The player's own gifts (held here, listed or not). */
export const inventoryQueryAtom = atomWithQuery((get: Getter) =>
  signedInQuery(get, marketKeys.inventory, ({ api }, { signal }) => api.gifts.inventory({ signal })),
);

// ---- After a call that moves gifts or money ----

/** Listings, counts and the inventory are re-read (mounted queries now, the rest when shown). */
export async function refreshMarket(client: QueryClient, userId: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['market', 'list', userId] }),
    client.invalidateQueries({ queryKey: ['market', 'facets', userId] }),
    client.invalidateQueries({ queryKey: ['market', 'gift', userId] }),
    client.invalidateQueries({ queryKey: ['market', 'gift-info', userId] }),
    client.invalidateQueries({ queryKey: marketKeys.inventory(userId) }),
  ]);
}

/** Puts a changed gift into the inventory the profile shows (or takes it out). */
function updateInventory(client: QueryClient, userId: string, change: (items: Gift[]) => Gift[]): void {
  client.setQueryData<{ items: Gift[] }>(marketKeys.inventory(userId), (old) => (old ? { items: change(old.items) } : old));
}

const checkoutKeys = createActionKeys();

/** Buys a cart's selected gifts at their buy prices; the balances, listings and inventory follow the reply. */
const checkoutCallAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['market', 'checkout'],
    mutationFn: async (cart: readonly CartItem[]): Promise<CheckoutResult> => {
      const { api, client, userId } = required(signedIn);
      const lines = checkoutLines(cart);
      const reply = await runWithKey(checkoutKeys, checkoutFingerprint(lines), (idempotencyKey) =>
        api.market.checkout({ items: lines, idempotencyKey }),
      );
      shareBalance(client, userId, reply.balance);
      const bought = applyCheckout(cart, reply).bought.map((line) => line.gift);
      if (bought.length > 0)
        updateInventory(client, userId, (items) => [...bought, ...items.filter((gift) => !bought.some((b) => b.id === gift.id))]);
      void refreshMarket(client, userId);
      return reply;
    },
  };
});

/**
 * Checks out the selected gifts; the cart follows the reply. A write atom around the checkout
 * call, as the cart is this app's own state. Throws when the call failed (nothing in the cart
 * changes then).
 */
export const checkoutAtom = atom(null, async (get, set): Promise<CheckoutOutcome | null> => {
  const before = get(cartAtom);
  if (checkoutLines(before).length === 0) return null;
  const reply = await get(checkoutCallAtom).mutateAsync(before);
  // Told from the cart that was sent; applied to the cart as it is now (a line may have been removed meanwhile).
  set(cartAtom, (items) => applyCheckout(items, reply).items);
  return applyCheckout(before, reply);
});

const buyNowKeys = createActionKeys();

/** The checkout call with one line and a key of its own (the same gift at the same price retried reuses it). */
const buyNowCallAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['market', 'buy-now'],
    mutationFn: async (gift: Gift): Promise<CheckoutResult> => {
      const { api, client, userId } = required(signedIn);
      const lines = [{ giftId: gift.id, price: gift.price ?? '0' }];
      const reply = await runWithKey(buyNowKeys, checkoutFingerprint(lines), (idempotencyKey) =>
        api.market.checkout({ items: lines, idempotencyKey }),
      );
      shareBalance(client, userId, reply.balance);
      const bought = applyCheckout([{ gift, price: lines[0]!.price, selected: true }], reply).bought.map((line) => line.gift);
      if (bought.length > 0) updateInventory(client, userId, (items) => [...bought, ...items.filter((item) => item.id !== gift.id)]);
      void refreshMarket(client, userId);
      return reply;
    },
  };
});

/**
 * Buys one gift at the price the player confirmed on its detail: the cart's checkout underneath,
 * its reply read the same way (bought, gone, own, repriced, unaffordable); a cart line of the
 * gift follows it. Throws when the call failed (nothing changes then).
 */
export const buyNowAtom = atom(null, async (get, set, gift: Gift): Promise<CheckoutOutcome> => {
  const reply = await get(buyNowCallAtom).mutateAsync(gift);
  set(cartAtom, (items) => applyCheckout(items, reply).items);
  return applyCheckout([{ gift, price: gift.price ?? '0', selected: true }], reply);
});

// ---- The player's gifts ----

export interface ListCall {
  giftId: string;
  price: string;
}

/** Lists an owned gift for sale, or changes its price. */
export const listGiftAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['market', 'list-gift'],
    mutationFn: async (call: ListCall): Promise<Gift> => {
      const { api, client, userId } = required(signedIn);
      const gift = await api.gifts.list(call);
      updateInventory(client, userId, (items) => items.map((item) => (item.id === gift.id ? gift : item)));
      void refreshMarket(client, userId);
      return gift;
    },
  };
});

export const unlistGiftAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['market', 'unlist-gift'],
    mutationFn: async (giftId: string): Promise<Gift> => {
      const { api, client, userId } = required(signedIn);
      const gift = await api.gifts.unlist(giftId);
      updateInventory(client, userId, (items) => items.map((item) => (item.id === gift.id ? gift : item)));
      void refreshMarket(client, userId);
      return gift;
    },
  };
});

const withdrawKeys = createActionKeys();

/** Sends an owned gift to the player's Telegram account for the flat fee. */
export const withdrawGiftAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['market', 'withdraw-gift'],
    mutationFn: async (giftId: string) => {
      const { api, client, userId } = required(signedIn);
      const result = await runWithKey(withdrawKeys, giftId, (idempotencyKey) => api.gifts.withdraw({ giftId, idempotencyKey }));
      shareBalance(client, userId, result.balance);
      updateInventory(client, userId, (items) => items.filter((item) => item.id !== giftId));
      void refreshMarket(client, userId);
      return result;
    },
  };
});
