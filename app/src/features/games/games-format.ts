import { MULTIPLIER_SCALE } from '@arcade/api-client/fair';
import type { Round } from '@arcade/api-client/games';
import { fromNano, toNano } from '@arcade/api-client/money';
import { formatTon } from '../../lib/format';

/** "1.98" -> 19800 (ten-thousandths, as the fair functions count). */
export function multiplierUnits(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * MULTIPLIER_SCALE + Number(fraction.slice(0, 4).padEnd(4, '0'));
}

/** An amount for display, never rounded up ("1,234.56", "0.0198"). */
export function tonText(amount: string | bigint, locale: string): string {
  return formatTon(typeof amount === 'bigint' ? fromNano(amount) : amount, locale);
}

/** What a round gave back less what it took, in nanotons. */
export function roundNet(round: Pick<Round, 'stake' | 'payout'>): bigint {
  return toNano(round.payout) - toNano(round.stake);
}

/** "+1.98", "−0.5", "0": a signed amount for display. */
export function signedTonText(nano: bigint, locale: string): string {
  if (nano === 0n) return '0';
  const text = formatTon(fromNano(nano < 0n ? -nano : nano), locale);
  return nano < 0n ? `−${text}` : `+${text}`;
}

/** "1.98" multiplier strings stay as the server wrote them; big ones get grouping ("52,067.4"). */
export function multiplierDisplay(text: string, locale: string): string {
  const [whole = '0', fraction] = text.split('.');
  return `${BigInt(whole).toLocaleString(locale)}${fraction ? `.${fraction}` : ''}`;
}

/** A multiplier short enough for a small cell: "1.0208", "2,254", "52K", "3.2M" (never rounded up). */
export function compactMultiplier(text: string, locale: string): string {
  const value = Number(text);
  if (!Number.isFinite(value) || value < 10_000) return multiplierDisplay(text, locale);
  const floored = value >= 1_000_000 ? Math.floor(value / 100_000) * 100_000 : Math.floor(value / 100) * 100;
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(floored);
}
