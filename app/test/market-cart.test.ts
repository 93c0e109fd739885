import { NANO } from '@arcade/api-client/money';
import { createStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { describe, expect, it } from 'vitest';
import {
  addToCart,
  addToCartAtom,
  cartAtom,
  cartSummaryAtom,
  CART_LIMIT,
  CART_STORAGE_KEY,
  confirmPricesAtom,
  createCartStorage,
  EMPTY_CART,
  isStoredCart,
  selectAllAtom,
  storedCartAtom,
  summarize,
  toggleSelectedAtom,
  type StoredCart,
} from '../src/features/market/cart';
import { sessionAtom } from '../src/state/session';
import { cartItem, gift } from './market-fixtures';

/** A string storage holding one raw value under the cart's key. */
function storageWith(raw: string | null): Storage {
  const values = new Map<string, string>();
  if (raw !== null) values.set(CART_STORAGE_KEY, raw);
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: () => null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, value),
  };
}

/** What a freshly started app reads from storage holding `raw`. */
function loadCart(raw: string | null): StoredCart {
  const storage = createCartStorage(() => storageWith(raw));
  const loaded = atomWithStorage<StoredCart>(CART_STORAGE_KEY, EMPTY_CART, storage, { getOnInit: true });
  return createStore().get(loaded);
}

const valid: StoredCart = { owner: '7', items: [cartItem(1, '1.5'), cartItem(2, '0.25', { selected: false })] };

describe('cart storage', () => {
  it('reads back a cart it wrote', () => {
    expect(loadCart(JSON.stringify(valid))).toEqual(valid);
  });

  it('reads broken JSON as an empty cart', () => {
    expect(loadCart('{"owner":"7","items":[')).toEqual(EMPTY_CART);
    expect(loadCart('not json at all')).toEqual(EMPTY_CART);
  });

  it('reads a wrong or old shape as an empty cart', () => {
    // v0 kept a bare list of ids.
    expect(loadCart(JSON.stringify(['1', '2']))).toEqual(EMPTY_CART);
    expect(loadCart(JSON.stringify({ owner: '7', items: [{ giftId: '1', price: '1' }] }))).toEqual(EMPTY_CART);
    expect(loadCart(JSON.stringify({ owner: '7', items: [{ ...cartItem(1), price: '-1' }] }))).toEqual(EMPTY_CART);
    expect(loadCart(JSON.stringify({ owner: '7', items: [{ ...cartItem(1), price: 1.5 }] }))).toEqual(EMPTY_CART);
    expect(loadCart(JSON.stringify({ owner: '7', items: [cartItem('abc')] }))).toEqual(EMPTY_CART);
    expect(loadCart(JSON.stringify({ owner: '7', items: [{ ...cartItem(1), status: 'stolen' }] }))).toEqual(EMPTY_CART);
    expect(loadCart('null')).toEqual(EMPTY_CART);
    expect(loadCart(null)).toEqual(EMPTY_CART);
  });

  it('refuses more than 20 gifts or the same gift twice', () => {
    const many = Array.from({ length: CART_LIMIT + 1 }, (_, index) => cartItem(index + 1));
    expect(loadCart(JSON.stringify({ owner: '7', items: many }))).toEqual(EMPTY_CART);
    expect(loadCart(JSON.stringify({ owner: '7', items: many.slice(0, CART_LIMIT) })).items).toHaveLength(CART_LIMIT);
    expect(isStoredCart({ owner: '7', items: [cartItem(1), cartItem(1)] })).toBe(false);
  });

  it('checks a cart written by another tab too', () => {
    const listeners: Array<(value: string | null) => void> = [];
    // jotai's JSON storage uses a string storage's own subscribe when it has one.
    const strings = Object.assign(storageWith(null), {
      subscribe: (_key: string, callback: (value: string | null) => void) => {
        listeners.push(callback);
        return () => undefined;
      },
    });
    const storage = createCartStorage(() => strings);
    const seen: StoredCart[] = [];
    storage.subscribe?.(CART_STORAGE_KEY, (value) => seen.push(value), EMPTY_CART);
    for (const raw of ['{"owner":"7","items":"x"}', JSON.stringify(valid), 'broken', null]) {
      for (const listener of listeners) listener(raw);
    }
    expect(seen).toEqual([EMPTY_CART, valid, EMPTY_CART, EMPTY_CART]);
  });
});

describe('cart contents', () => {
  it('belongs to the signed-in player: another account sees an empty cart', () => {
    const store = createStore();
    store.set(storedCartAtom, valid);
    store.set(sessionAtom, { userId: '7', expiresAt: 0 });
    expect(store.get(cartAtom)).toHaveLength(2);
    store.set(sessionAtom, { userId: '8', expiresAt: 0 });
    expect(store.get(cartAtom)).toEqual([]);
    store.set(addToCartAtom, gift(5));
    expect(store.get(storedCartAtom).owner).toBe('8');
  });

  it('adds a gift at its price, once, up to 20, and never a gift not for sale or one of your own', () => {
    let items = addToCart([], gift(1, { price: '2.5' })).items;
    expect(items).toEqual([{ gift: gift(1, { price: '2.5' }), price: '2.5', selected: true }]);
    expect(addToCart(items, gift(1)).result).toBe('already');
    expect(addToCart(items, gift(2, { price: null })).result).toBe('not-for-sale');
    expect(addToCart(items, gift(3, { mine: true })).result).toBe('not-for-sale');
    for (let id = 2; id <= CART_LIMIT; id += 1) items = addToCart(items, gift(id)).items;
    expect(items).toHaveLength(CART_LIMIT);
    expect(addToCart(items, gift(99)).result).toBe('full');
  });

  it('selects all, or some, and skips sold gifts', () => {
    const store = createStore();
    store.set(storedCartAtom, { owner: null, items: [cartItem(1), cartItem(2), cartItem(3, '1', { status: 'gone', selected: false })] });
    store.set(toggleSelectedAtom, '2');
    expect(store.get(cartSummaryAtom)).toMatchObject({ selected: 1, purchasable: 2, allSelected: false });
    store.set(toggleSelectedAtom, '3');
    expect(store.get(cartAtom)[2]?.selected).toBe(false);
    store.set(selectAllAtom, true);
    expect(store.get(cartSummaryAtom)).toMatchObject({ selected: 2, allSelected: true });
    store.set(selectAllAtom, false);
    expect(store.get(cartSummaryAtom)).toMatchObject({ selected: 0, allSelected: false, total: '0' });
  });

  it('confirming new prices clears the reprice marks and keeps the new price', () => {
    const store = createStore();
    store.set(storedCartAtom, { owner: null, items: [cartItem(1, '2', { status: 'repriced', previousPrice: '1.5' }), cartItem(2)] });
    expect(store.get(cartSummaryAtom).unconfirmed).toBe(1);
    store.set(confirmPricesAtom);
    expect(store.get(cartAtom)[0]).toEqual(cartItem(1, '2'));
    expect(store.get(cartSummaryAtom).unconfirmed).toBe(0);
  });
});

describe('cart totals', () => {
  it('adds the selected buy prices exactly, in nanotons', () => {
    const items = [cartItem(1, '0.1'), cartItem(2, '0.2'), cartItem(3, '1000000.000000001'), cartItem(4, '5', { selected: false })];
    const summary = summarize(items);
    expect(summary.totalNano).toBe(1_000_000n * NANO + 300_000_001n);
    expect(summary.total).toBe('1000000.300000001');
    expect(summary.selected).toBe(3);
    expect(summary.count).toBe(4);
  });

  it('does not charge for sold gifts even if they were selected', () => {
    expect(summarize([cartItem(1, '3', { status: 'gone' }), cartItem(2, '0.7')]).total).toBe('0.7');
  });

  it('is zero for an empty cart', () => {
    expect(summarize([])).toMatchObject({ totalNano: 0n, total: '0', allSelected: false });
  });
});
