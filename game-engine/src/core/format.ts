/**
 * Number formats shown on the canvas. Multipliers arrive floored to 4 decimals (the product
 * rule); what is shown is floored again, never rounded up, so a label never promises more.
 */

/** Whole ten-thousandths of a multiplier, immune to binary float noise (1.15 -> 11500). */
function tenThousandths(multiplier: number): number {
  return Math.round(multiplier * 10_000);
}

function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

function trimZeros(fraction: string): string {
  return fraction.replace(/0+$/, '');
}

export const TIMES = '\u00d7';

/**
 * `full`: floored to 2 decimals with thousands separators ("52,067.40×").
 * `compact`: short enough for a lane label: "1.02×", "112.7×", "2,254×", "291.2K×", "3.2M×".
 */
export function formatMultiplier(multiplier: number, style: 'full' | 'compact' = 'full'): string {
  if (!Number.isFinite(multiplier) || multiplier < 0) return `-${TIMES}`;
  const units = tenThousandths(multiplier);
  const hundredths = Math.floor(units / 100);
  const whole = Math.floor(hundredths / 100);
  if (style === 'full' || whole < 100) {
    return `${groupThousands(whole)}.${String(hundredths % 100).padStart(2, '0')}${TIMES}`;
  }
  if (whole < 1_000) {
    const tenths = Math.floor(units / 1_000) % 10;
    return `${whole}${tenths ? `.${tenths}` : ''}${TIMES}`;
  }
  if (whole < 10_000) return `${groupThousands(whole)}${TIMES}`;
  if (whole < 1_000_000) {
    const tenthsOfK = Math.floor(whole / 100);
    const fraction = trimZeros(String(tenthsOfK % 10));
    return `${Math.floor(tenthsOfK / 10)}${fraction ? `.${fraction}` : ''}K${TIMES}`;
  }
  const hundredthsOfM = Math.floor(whole / 10_000);
  const fraction = trimZeros(String(hundredthsOfM % 100).padStart(2, '0'));
  return `${groupThousands(Math.floor(hundredthsOfM / 100))}${fraction ? `.${fraction}` : ''}M${TIMES}`;
}

/** A roll as whole hundredths (0..10000), formatted "42.17". */
export function formatHundredths(hundredths: number): string {
  const value = Math.max(0, Math.round(hundredths));
  return `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')}`;
}

/** A roll given as a number 0.00..100.00 -> whole hundredths, float noise removed. */
export function toHundredths(value: number): number {
  return Math.round(value * 100);
}
