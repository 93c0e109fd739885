import { ApiError } from '@arcade/api-client/errors';
import type { MarketRefusal } from '@arcade/api-client/market';
import type { MarketTextKey } from './market-texts';
import { GIFT_WITHDRAWAL_FEE, MAX_LIST_PRICE, MIN_LIST_PRICE } from './market-config';
import { formatTon } from '../../lib/format';
import { outcomeUnknown } from '../../lib/idempotency';
import { i18n } from '../../i18n/i18n';
import { marketText } from './market-texts';

/** Every refusal code of the market contract and the text that explains it in the player's language. */
export const marketRefusalKeys = {
  'market.price.min': 'gifts.refusal.priceMin',
  'market.price.max': 'gifts.refusal.priceMax',
  'market.gift.unknown': 'gifts.refusal.unknown',
  'market.gift.not-yours': 'gifts.refusal.notYours',
  'market.gift.locked': 'gifts.refusal.locked',
  'market.gift.balance': 'gifts.refusal.balance',
  'market.relayer.unavailable': 'gifts.refusal.relayer',
  'market.relayer.stars': 'gifts.refusal.relayerStars',
  'account.banned': 'gifts.refusal.banned',
} as const satisfies Record<MarketRefusal, MarketTextKey>;

export interface MarketRefusalText {
  code: string;
  /** In the player's language; the server's English words for a code this app does not know. */
  text: string;
}

/** A business refusal of a market call, translated; null for any other error. */
export function readMarketRefusal(error: unknown): MarketRefusalText | null {
  if (!ApiError.is(error, 'failure')) return null;
  const code = error.code ?? '';
  const keys: Readonly<Record<string, MarketTextKey | undefined>> = marketRefusalKeys;
  const key = Object.hasOwn(keys, code) ? keys[code] : undefined;
  const text = key
    ? marketText(key, {
        min: formatTon(MIN_LIST_PRICE, i18n.language),
        max: formatTon(MAX_LIST_PRICE, i18n.language),
        fee: formatTon(GIFT_WITHDRAWAL_FEE, i18n.language),
      })
    : error.message || marketText('gifts.toast.failed');
  return { code, text };
}

export type CallProblem =
  | { kind: 'refusal'; code: string; text: string }
  /** The call may have gone through: retrying with the same key is safe. */
  | { kind: 'unknown'; text: string }
  | { kind: 'failed'; text: string };

/** What to tell the player about a failed market call. */
export function describeCallError(error: unknown): CallProblem {
  const refusal = readMarketRefusal(error);
  if (refusal) return { kind: 'refusal', ...refusal };
  if (outcomeUnknown(error))
    return {
      kind: 'unknown',
      text: marketText(ApiError.is(error) && error.status === null ? 'gifts.toast.network' : 'gifts.toast.unknown'),
    };
  console.error('[market] call failed', error);
  return { kind: 'failed', text: marketText('gifts.toast.failed') };
}
