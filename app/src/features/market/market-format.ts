import { fromNano, toNano } from '@arcade/api-client/money';
import { TonAmount } from '@arcade/api-client/schemas';
import { readTonInput } from '../../lib/number-input';

/** What the player typed as a TON price ("1,5" → "1.5", "0" allowed), or null if it is not one. */
export function parseTonInput(text: string): string | null {
  const read = readTonInput(text, { zero: true });
  if (!read.ok) return null;
  const price = fromNano(read.nano);
  return TonAmount.allows(price) ? price : null;
}

/** Seller's share after the market fee, in basis points (5% = 500), rounded down to a nanoton. */
export function afterFee(price: string, feeBasisPoints: bigint): string {
  const nano = toNano(price);
  return fromNano(nano - (nano * feeBasisPoints) / 10_000n);
}
