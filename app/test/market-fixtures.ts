import type { Gift } from '@arcade/api-client/market';
import type { CartItem } from '../src/features/market/cart';

/** A gift for sale as the market lists it. */
export function gift(id: string | number, overrides: Partial<Gift> = {}): Gift {
  return {
    id: String(id),
    collection: { id: 'plush-pepe', name: 'Plush Pepe' },
    number: Number(id) + 100,
    model: { name: 'Ruby', rarityPerMille: 120 },
    backdrop: { name: 'Midnight Blue', rarityPerMille: 300, center: '#2b4c7e', edge: '#152238' },
    symbol: { name: 'Star', rarityPerMille: 80 },
    rarity: 120 * 300 * 80,
    price: '1.5',
    listedAt: '2026-07-01T10:00:00.000Z',
    mine: false,
    lockedUntil: null,
    ...overrides,
  };
}

export function cartItem(id: string | number, price = '1.5', overrides: Partial<CartItem> = {}): CartItem {
  return { gift: gift(id, { price }), price, selected: true, ...overrides };
}
