import type { Balance, FullProfile, LightProfile } from '@arcade/api-client';
import { ApiError } from '@arcade/api-client/errors';
import type { Gift, MarketFacets, MarketFilter, MarketPage } from '@arcade/api-client/market';
import { keepPreviousData, skipToken, type QueryClient, type QueryFunctionContext } from '@tanstack/query-core';
import { atom, type Getter } from 'jotai';
import { atomWithInfiniteQuery, atomWithQuery } from 'jotai-tanstack-query';
import { cartAtom } from '../../state/cart';
import { profileKeys, readSignedIn, required, type SignedIn } from '../../state/profile';
import { apiAtom, sessionAtom } from '../../state/session';
import { applyCheckout, checkoutFingerprint, checkoutLines, type CheckoutOutcome } from './checkout';
import { type MarketSort } from './market-search';

export const MARKET_PAGE_SIZE = 24;

export const marketKeys = {
  all: ['market'] as const,
  list: (userId: string | null, key: string | null) => ['market', 'list', userId, key] as const,
  facets: (userId: string | null, key: string | null) => ['market', 'facets', userId, key] as const,
  gift: (userId: string | null, giftId: string | null) => ['market', 'gift', userId, giftId] as const,
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
  const session = get(sessionAtom);
  const api = get(apiAtom);
  const request = get(marketRequestAtom);
  return {
    queryKey: marketKeys.list(session?.userId ?? null, request?.key ?? null),
    queryFn:
      session && api && request
        ? ({ pageParam, signal }: QueryFunctionContext<readonly unknown[], string | null>): Promise<MarketPage> =>
            api.market.list({ ...request.filter, sort: request.sort, limit: MARKET_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, { signal })
        : skipToken,
    initialPageParam: null as string | null,
    getNextPageParam: (last: MarketPage) => last.nextCursor,
    placeholderData: keepPreviousData,
  };
});

/** Counts, rarities and floors for the filter sheets (each facet counted under the other filters). */
export const marketFacetsQueryAtom = atomWithQuery((get: Getter) => {
  const session = get(sessionAtom);
  const api = get(apiAtom);
  const request = get(marketRequestAtom);
  const filterKey = request ? JSON.stringify(request.filter) : null;
  return {
    queryKey: marketKeys.facets(session?.userId ?? null, filterKey),
    queryFn: session && api && request ? ({ signal }: QueryFunctionContext): Promise<MarketFacets> => api.market.facets(request.filter, { signal }) : skipToken,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  };
});

/** The gift whose detail is open, as the list showed it (drawn at once while the fresh copy loads). */
export const openGiftAtom = atom<Gift | null>(null);

export const giftQueryAtom = atomWithQuery((get: Getter) => {
  const session = get(sessionAtom);
  const api = get(apiAtom);
  const gift = get(openGiftAtom);
  return {
    queryKey: marketKeys.gift(session?.userId ?? null, gift?.id ?? null),
    queryFn: session && api && gift ? ({ signal }: QueryFunctionContext): Promise<Gift> => api.market.gift(gift.id, { signal }) : skipToken,
  };
});

/** The player's own gifts (held here, listed or not). */
export const inventoryQueryAtom = atomWithQuery((get: Getter) => {
  const session = get(sessionAtom);
  const api = get(apiAtom);
  return {
    queryKey: marketKeys.inventory(session?.userId ?? null),
    queryFn: session && api ? ({ signal }: QueryFunctionContext) => api.gifts.inventory({ signal }) : skipToken,
  };
});

// ---- After a call that moves gifts or money ----

/** A reply carried the balance: the top bar (light profile) and the profile screen show it at once. */
export function shareBalance(client: QueryClient, userId: string, balance: Balance): void {
  client.setQueryData<LightProfile>(profileKeys.light(userId), (old) => (old ? { ...old, balance } : old));
  client.setQueryData<FullProfile>(profileKeys.full(userId), (old) => (old ? { ...old, balance } : old));
}

/** Listings, counts and the inventory are re-read (mounted queries now, the rest when shown). */
export async function refreshMarket(client: QueryClient, userId: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: ['market', 'list', userId] }),
    client.invalidateQueries({ queryKey: ['market', 'facets', userId] }),
    client.invalidateQueries({ queryKey: ['market', 'gift', userId] }),
    client.invalidateQueries({ queryKey: marketKeys.inventory(userId) }),
  ]);
}

/** Puts a changed gift into the inventory the profile shows (or takes it out). */
function updateInventory(client: QueryClient, userId: string, change: (items: Gift[]) => Gift[]): void {
  client.setQueryData<{ items: Gift[] }>(marketKeys.inventory(userId), (old) => (old ? { items: change(old.items) } : old));
}

const signedInAtom = atom((get): SignedIn | null => readSignedIn(get));

// ---- Idempotency of money calls ----

/** A fresh key for one money action (the contract allows letters, digits, "-", "_" and ":"). */
export function newIdempotencyKey(): string {
  return `market:${crypto.randomUUID()}`;
}

/** True when a call may or may not have reached the server: a network failure or a 5xx. */
export function outcomeUnknown(error: unknown): boolean {
  if (ApiError.is(error)) return error.kind === 'request';
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * The key of the money action in flight: the same action retried after a lost reply keeps its
 * key (the server moves money once); any other action, or one the server answered, gets a new one.
 */
export function createActionKeys(makeKey: () => string = newIdempotencyKey) {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    async run<T>(fingerprint: string, call: (key: string) => Promise<T>): Promise<T> {
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: makeKey() };
      try {
        const result = await call(current.key);
        current = null;
        return result;
      } catch (error) {
        if (!outcomeUnknown(error)) current = null;
        throw error;
      }
    },
  };
}

const checkoutKeys = createActionKeys();

/**
 * Checks out the selected gifts at their buy prices; the cart, balances, listings and inventory
 * follow the reply. Throws when the call failed (nothing in the cart changes then).
 */
export const checkoutAtom = atom(null, async (get, set): Promise<CheckoutOutcome | null> => {
  const { api, client, userId } = required(get(signedInAtom));
  const before = get(cartAtom);
  const lines = checkoutLines(before);
  if (lines.length === 0) return null;
  const reply = await checkoutKeys.run(checkoutFingerprint(lines), (idempotencyKey) => api.market.checkout({ items: lines, idempotencyKey }));
  // Told from the cart that was sent; applied to the cart as it is now (a line may have been removed meanwhile).
  const outcome = applyCheckout(before, reply);
  set(cartAtom, (items) => applyCheckout(items, reply).items);
  shareBalance(client, userId, reply.balance);
  const bought = outcome.bought.map((line) => line.gift);
  if (bought.length > 0) updateInventory(client, userId, (items) => [...bought, ...items.filter((gift) => !bought.some((b) => b.id === gift.id))]);
  void refreshMarket(client, userId);
  return outcome;
});

// ---- The player's gifts ----

export interface ListCall {
  giftId: string;
  price: string;
}

/** Lists an owned gift for sale, or changes its price. */
export const listGiftAtom = atom(null, async (get, _set, call: ListCall): Promise<Gift> => {
  const { api, client, userId } = required(get(signedInAtom));
  const gift = await api.gifts.list(call);
  updateInventory(client, userId, (items) => items.map((item) => (item.id === gift.id ? gift : item)));
  void refreshMarket(client, userId);
  return gift;
});

export const unlistGiftAtom = atom(null, async (get, _set, giftId: string): Promise<Gift> => {
  const { api, client, userId } = required(get(signedInAtom));
  const gift = await api.gifts.unlist(giftId);
  updateInventory(client, userId, (items) => items.map((item) => (item.id === gift.id ? gift : item)));
  void refreshMarket(client, userId);
  return gift;
});

const withdrawKeys = createActionKeys();

/** Sends an owned gift to the player's Telegram account for the flat fee. */
export const withdrawGiftAtom = atom(null, async (get, _set, giftId: string) => {
  const { api, client, userId } = required(get(signedInAtom));
  const result = await withdrawKeys.run(giftId, (idempotencyKey) => api.gifts.withdraw({ giftId, idempotencyKey }));
  shareBalance(client, userId, result.balance);
  updateInventory(client, userId, (items) => items.filter((item) => item.id !== giftId));
  void refreshMarket(client, userId);
  return result;
});
