/**
 * Formats a TON amount string from the API ("1234.56789") for display without floating point:
 * grouped whole part, a dot as the decimal mark (as wallets show TON), at most 2 decimals
 * (4 below 1 TON), truncated, never rounded up.
 */
export function formatTon(amount: string, locale: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return amount;
  const [, sign = '', whole = '0', fraction = ''] = match;
  const wholeValue = BigInt(whole);
  const digits = wholeValue === 0n ? 4 : 2;
  const shown = fraction.slice(0, digits).replace(/0+$/, '');
  return `${sign}${wholeValue.toLocaleString(locale)}${shown ? `.${shown}` : ''}`;
}

/** A plain number (referral counts, rounds) grouped for the locale. */
export function formatCount(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}
