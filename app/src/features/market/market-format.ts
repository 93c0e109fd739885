import { fromNano, toNano } from '@arcade/api-client/money';
import { TonAmount } from '@arcade/api-client/schemas';

/** What the player typed as a TON amount ("1,5" → "1.5"), or null if it is not one. */
export function parseTonInput(text: string): string | null {
  const normalized = text.trim().replace(',', '.').replace(/^\./, '0.');
  if (!TonAmount.allows(normalized)) return null;
  // "1.50" → "1.5", "01" is refused by the pattern already.
  return fromNano(toNano(normalized));
}

/** Seller's share after the market fee, in basis points (5% = 500), rounded down to a nanoton. */
export function afterFee(price: string, feeBasisPoints: bigint): string {
  const nano = toNano(price);
  return fromNano(nano - (nano * feeBasisPoints) / 10_000n);
}
