/** True for a negative signed decimal ("-0.5"). */
export function isNegativeAmount(amount: string): boolean {
  return /^-/.test(amount.trim()) && /[1-9]/.test(amount);
}

/** First 4 and last 4 characters of an address (spec section 9: the wallet widget shortens to 4+4). */
export function shortAddress(address: string): string {
  return address.length <= 10 ? address : `${address.slice(0, 4)}…${address.slice(-4)}`;
}
