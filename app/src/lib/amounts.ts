const DECIMAL = /^(\d+)(?:\.(\d{1,18}))?$/;
const SCALE = 18;

/** A non-negative decimal string ("12.5", "3", "1.98") as a scaled integer; null if it is not one. */
export function decimalUnits(value: string): bigint | null {
  const match = DECIMAL.exec(value.trim());
  if (!match) return null;
  return BigInt(match[1] ?? '0') * 10n ** BigInt(SCALE) + BigInt((match[2] ?? '').padEnd(SCALE, '0'));
}

/** current / target between 0 and 1, from decimal strings, with no floating point on the way. */
export function ratio(current: string, target: string): number {
  const c = decimalUnits(current);
  const t = decimalUnits(target);
  if (c === null || t === null || t === 0n) return c !== null && c > 0n ? 1 : 0;
  if (c >= t) return 1;
  return Number((c * 10_000n) / t) / 10_000;
}

/** a >= b for decimal strings (false when either is not a number). */
export function atLeast(a: string, b: string): boolean {
  const x = decimalUnits(a);
  const y = decimalUnits(b);
  return x !== null && y !== null && x >= y;
}

/** True for "0", "0.000" and anything that is not a positive decimal. */
export function isZero(value: string): boolean {
  const units = decimalUnits(value);
  return units === null || units === 0n;
}
