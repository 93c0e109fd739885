import { fromNano } from '@arcade/api-client/money';

/**
 * A TON amount in full (every decimal kept, no rounding), the whole part grouped for the
 * locale: for fees, totals and the ledger, where 0.05 must not read as 0.
 */
export function formatTonExact(amount: string | bigint, locale: string, options: { signed?: boolean } = {}): string {
  const text = typeof amount === 'bigint' ? fromNano(amount) : amount.trim();
  const match = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return text;
  const [, rawSign = '', whole = '0', fraction = ''] = match;
  const zero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  const sign = rawSign === '-' && !zero ? '−' : options.signed && !zero ? '+' : '';
  return `${sign}${BigInt(whole).toLocaleString(locale)}${fraction ? `.${fraction}` : ''}`;
}

/** True for a negative signed decimal ("-0.5"). */
export function isNegativeAmount(amount: string): boolean {
  return /^-/.test(amount.trim()) && /[1-9]/.test(amount);
}

/** First 4 and last 4 characters of an address (spec section 9: the wallet widget shortens to 4+4). */
export function shortAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 4)}…${address.slice(-4)}`;
}
