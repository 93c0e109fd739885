/**
 * The product's one number formatter: the app's (app/src/lib/format.ts re-exports it) and the
 * server's, for what it writes for a player to see. Every amount, multiplier, count and moment on
 * screen goes through here, so the same value reads the same wherever it shows (the header balance
 * and the cart, a road lane and the round's result, a shared win): Intl.NumberFormat in the
 * interface language for the digits, group separators and decimal mark, and the digits themselves
 * cut from the exact decimal text (never through floating point, never rounded up: a balance of
 * 94.0599 shows as 94.05).
 */

const cache = new Map<string, Intl.NumberFormat>();

/** One Intl formatter per locale and style: building one costs far more than using one. */
function intl(locale: string, style: 'plain' | 'compact'): Intl.NumberFormat {
  const key = `${locale}|${style}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(
      locale,
      style === 'compact' ? { notation: 'compact', maximumFractionDigits: 1 } : { maximumFractionDigits: 0 },
    );
    cache.set(key, formatter);
  }
  return formatter;
}

const decimalMarks = new Map<string, string>();

/** The locale's decimal mark, as Intl writes it ("." in English, "," in Russian). */
export function decimalMark(locale: string): string {
  let mark = decimalMarks.get(locale);
  if (mark === undefined) {
    mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.';
    decimalMarks.set(locale, mark);
  }
  return mark;
}

/** Decimal text ("-1234.5600") split into its parts, or null when it is not a plain decimal. */
function parseDecimal(text: string): { negative: boolean; whole: bigint; fraction: string } | null {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(text.trim());
  if (!match) return null;
  const [, sign = '', whole = '0', fraction = ''] = match;
  return { negative: sign === '-', whole: BigInt(whole), fraction: fraction.replace(/0+$/, '') };
}

/** Whole part grouped by Intl, then the kept decimals after the locale's mark. */
function joinDecimal(whole: bigint, fraction: string, locale: string): string {
  const grouped = intl(locale, 'plain').format(whole);
  return fraction ? `${grouped}${decimalMark(locale)}${fraction}` : grouped;
}

/** Nanotons as the API's decimal text ("1.5"), exactly. */
function nanoText(nano: bigint): string {
  const negative = nano < 0n;
  const digits = (negative ? -nano : nano).toString().padStart(10, '0');
  const whole = digits.slice(0, -9);
  const fraction = digits.slice(-9).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Decimals a TON amount keeps: 2 from 1 TON up; below 1 TON at least 4 and on until two
 * significant digits show (so a fee of 0.05 or a commission of 0.000012 never reads as 0).
 */
function tonDecimals(whole: bigint, fraction: string): string {
  if (whole > 0n) return fraction.slice(0, 2).replace(/0+$/, '');
  const firstSignificant = fraction.search(/[1-9]/);
  if (firstSignificant < 0) return '';
  return fraction.slice(0, Math.max(4, firstSignificant + 2)).replace(/0+$/, '');
}

/**
 * A TON amount (the API's decimal text or nanotons) for display: "1,234.56" / "1 234,56",
 * truncated, never rounded up. `signed` adds "+" before a gain (history rows, round results).
 */
export function formatTon(amount: string | bigint, locale: string, options: { signed?: boolean } = {}): string {
  const parsed = parseDecimal(typeof amount === 'bigint' ? nanoText(amount) : amount);
  if (!parsed) return String(amount);
  const fraction = tonDecimals(parsed.whole, parsed.fraction);
  const zero = parsed.whole === 0n && fraction === '';
  const sign = zero ? '' : parsed.negative ? '−' : options.signed ? '+' : '';
  return `${sign}${joinDecimal(parsed.whole, fraction, locale)}`;
}

/** Multipliers from this size on are written short ("52K", "3,2 млн"), everywhere alike. */
const COMPACT_FROM = 10_000n;

/**
 * A multiplier ("1.98", "3203384.8") for display, without the "×": exact and grouped below
 * 10 000, short from there on ("52K", "3.2M", "3,2 млн"), cut down to what shows, never rounded up.
 */
export function formatMultiplier(text: string, locale: string): string {
  const parsed = parseDecimal(text);
  if (!parsed) return text;
  if (parsed.whole < COMPACT_FROM) return joinDecimal(parsed.whole, parsed.fraction.slice(0, 4), locale);
  // Keep the thousands unit's whole digits and one decimal of it: 3 203 384 -> 3 200 000 ("3.2M").
  const digits = parsed.whole.toString().length;
  const unitDigits = Math.floor((digits - 1) / 3) * 3;
  const step = 10n ** BigInt(unitDigits - 1);
  return intl(locale, 'compact').format((parsed.whole / step) * step);
}

/** A multiplier with its sign, as every screen and canvas writes it: "1.1136×" / "1,1136×". */
export function formatTimes(text: string, locale: string): string {
  return `${formatMultiplier(text, locale)}\u00d7`;
}

/**
 * A plain decimal ("53.03", "49.5") in the interface language, grouped, its digits exactly
 * as given; `fixed` writes that many decimals, padded or cut ("50" -> "50,00").
 */
export function formatDecimal(text: string, locale: string, options: { fixed?: number } = {}): string {
  const parsed = parseDecimal(text);
  if (!parsed) return text;
  const fraction = options.fixed === undefined ? parsed.fraction : parsed.fraction.slice(0, options.fixed).padEnd(options.fixed, '0');
  const zero = parsed.whole === 0n && /^0*$/.test(fraction);
  return `${parsed.negative && !zero ? '−' : ''}${joinDecimal(parsed.whole, fraction, locale)}`;
}

/** Whole hundredths (a roll, its target, a chance) as a decimal: 5303 -> "53.03" / "53,03"; `fixed` as formatDecimal. */
export function formatHundredths(hundredths: number, locale: string, options: { fixed?: number } = {}): string {
  const value = Math.max(0, Math.round(hundredths));
  return formatDecimal(`${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`, locale, options);
}

/** A count (referrals, rounds, "1 in N"): grouped; `compact` shortens from 10 000 on ("12K"). */
export function formatCount(value: number, locale: string, options: { compact?: boolean } = {}): string {
  if (!Number.isFinite(value)) return '∞';
  const whole = BigInt(Math.trunc(value));
  if (options.compact && whole >= COMPACT_FROM) return formatMultiplier(whole.toString(), locale);
  const fraction = Math.abs(value - Math.trunc(value))
    .toFixed(9)
    .slice(2, 4)
    .replace(/0+$/, '');
  return `${value < 0 && whole === 0n ? '−' : ''}${joinDecimal(whole, fraction, locale)}`;
}

/** A per-mille share ("12‰", "0,5‰"): one decimal, cut. */
export function formatPerMille(value: number, locale: string): string {
  const tenths = Math.trunc(value * 10 + 1e-9);
  const whole = BigInt(Math.trunc(tenths / 10));
  const fraction = String(Math.abs(tenths % 10)).replace(/^0$/, '');
  return `${joinDecimal(whole, fraction, locale)}‰`;
}

const lengths = new Map<string, Intl.NumberFormat>();

/**
 * A length of time given in hours, in the interface language's words and plural: "24 hours",
 * "7 days" / "24 часа", "7 дней" (in days from two whole days on).
 */
export function formatHours(hours: number, locale: string): string {
  const days = hours / 24;
  const unit = Number.isInteger(days) && days > 1 ? 'day' : 'hour';
  const key = `${locale}|${unit}`;
  let formatter = lengths.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' });
    lengths.set(key, formatter);
  }
  return formatter.format(unit === 'day' ? days : hours);
}

const moments = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment for the player: the date and the time, in their language ("12 Jun, 14:05" / "12 июн.,
 * 14:05"), with the year when it is not this one; empty for what is not a date.
 */
export function formatMoment(at: Date | string, locale: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === new Date().getFullYear();
  const key = `${locale}|${sameYear ? '' : 'year'}`;
  let formatter = moments.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      day: 'numeric',
      month: 'short',
      ...(sameYear ? {} : { year: 'numeric' }),
      hour: '2-digit',
      minute: '2-digit',
    });
    moments.set(key, formatter);
  }
  return formatter.format(date);
}
