const groupers = new Map<string, Intl.NumberFormat>();
const counters = new Map<string, Intl.NumberFormat>();

/** One formatter per locale: building an Intl formatter costs far more than using one. */
function formatterFor(cache: Map<string, Intl.NumberFormat>, locale: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  let formatter = cache.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    cache.set(locale, formatter);
  }
  return formatter;
}

/**
 * Digit group separators of the app's own languages, exactly as Intl writes them (CLDR: a comma
 * in English, a no-break space in Russian, from four digits on). Grouping those by hand spares the
 * first screen building an Intl formatter (loading its locale data), which costs a phone more
 * than the rest of the screen's text formatting; other locales still go through Intl.
 */
const GROUP_SEPARATORS: Readonly<Record<string, string>> = { en: ',', ru: '\u00a0' };

function groupDigits(value: bigint, locale: string): string {
  const separator = GROUP_SEPARATORS[locale.toLowerCase()];
  if (separator === undefined || value < 0n) return formatterFor(groupers, locale).format(value);
  return value.toString().replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

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
  return `${sign}${groupDigits(wholeValue, locale)}${shown ? `.${shown}` : ''}`;
}

/** A plain number (referral counts, rounds) grouped for the locale. */
export function formatCount(value: number, locale: string): string {
  return formatterFor(counters, locale, { maximumFractionDigits: 2 }).format(value);
}
