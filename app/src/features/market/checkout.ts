import type { CheckoutResult, Gift } from '@arcade/api-client/market';
import { toNano } from '@arcade/api-client/money';
import { isPurchasable, type CartItem } from './cart';

export interface CheckoutLine {
  giftId: string;
  price: string;
}

/** What a checkout sends: the selected gifts that can be bought, each at the buy price the player agreed to. */
export function checkoutLines(items: readonly CartItem[]): CheckoutLine[] {
  return items.filter((item) => item.selected && isPurchasable(item)).map((item) => ({ giftId: item.gift.id, price: item.price }));
}

/** One fingerprint per set of lines: the same cart retried after a lost reply reuses its key. */
export function checkoutFingerprint(lines: readonly CheckoutLine[]): string {
  return lines
    .map((line) => `${line.giftId}@${line.price}`)
    .sort()
    .join(',');
}

export interface Repriced {
  giftId: string;
  from: string;
  to: string;
}

export interface CheckoutOutcome {
  /** The cart after the reply. */
  items: CartItem[];
  /** Bought gifts as they now are (the player's, no longer for sale), with what they cost. */
  bought: Array<{ gift: Gift; price: string }>;
  gone: string[];
  repriced: Repriced[];
  unaffordable: string[];
  own: string[];
  /** What the server charged in total. */
  spent: string;
}

/**
 * Applies a checkout reply to the cart: bought and own gifts leave it; a gone gift stays marked
 * sold and unselected; a repriced one takes the new price and waits for the player to confirm;
 * an unaffordable one stays selected for after a top-up. Gifts not in the reply are untouched.
 */
export function applyCheckout(cart: readonly CartItem[], reply: CheckoutResult): CheckoutOutcome {
  const results = new Map(reply.items.map((item) => [item.giftId, item]));
  const outcome: CheckoutOutcome = { items: [], bought: [], gone: [], repriced: [], unaffordable: [], own: [], spent: reply.spent };
  for (const item of cart) {
    const result = results.get(item.gift.id);
    if (!result) {
      outcome.items.push(item);
      continue;
    }
    const { status: _status, previousPrice: _previous, ...plain } = item;
    switch (result.result) {
      case 'bought': {
        const price = result.price ?? item.price;
        outcome.bought.push({ gift: { ...item.gift, mine: true, price: null, listedAt: null }, price });
        break;
      }
      case 'own':
        outcome.own.push(item.gift.id);
        break;
      case 'gone':
        outcome.gone.push(item.gift.id);
        outcome.items.push({ ...plain, selected: false, status: 'gone' });
        break;
      case 'repriced': {
        const to = result.price ?? item.price;
        // The price the player last agreed to, even across two reprices in a row.
        const from = item.previousPrice ?? item.price;
        outcome.repriced.push({ giftId: item.gift.id, from, to });
        outcome.items.push({ ...plain, price: to, previousPrice: from, status: 'repriced', gift: { ...item.gift, price: to } });
        break;
      }
      case 'unaffordable':
        outcome.unaffordable.push(item.gift.id);
        outcome.items.push({ ...plain, status: 'unaffordable' });
        break;
    }
  }
  return outcome;
}

/** The sum of bought prices, in nanotons (should equal the server's `spent`). */
export function boughtTotalNano(outcome: Pick<CheckoutOutcome, 'bought'>): bigint {
  return outcome.bought.reduce((sum, line) => sum + toNano(line.price), 0n);
}
