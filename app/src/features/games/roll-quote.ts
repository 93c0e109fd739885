import { formatHundredths, multiplierText, rollChance, rollMultiplier, type RollDirection } from '@arcade/api-client/fair';

/** Roll numbers are whole hundredths: 0.00 .. 100.00 is 0 .. 10000. */
export const HUNDREDTHS = 100;
export const ROLL_TOP = 10_000;

/** "49.5" -> 4950; null for anything but 0..100 with at most 2 decimals (a decimal comma is read as a dot). */
export function parseHundredths(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const value = Number(match[1]) * HUNDREDTHS + Number((match[2] ?? '').padEnd(2, '0'));
  return value <= ROLL_TOP ? value : null;
}

/** "49.50" -> "49.5", "50.00" -> "50": how a target is typed and sent. */
export function hundredthsText(value: number): string {
  return formatHundredths(value).replace(/\.?0+$/, '');
}

export interface ChanceBounds {
  /** Hundredths of a percent. */
  min: number;
  max: number;
}

/** The config's chance range ("1", "95") in hundredths. */
export function chanceBounds(config: { minChance: string; maxChance: string }): ChanceBounds {
  return { min: parseHundredths(config.minChance) ?? 100, max: parseHundredths(config.maxChance) ?? 9_500 };
}

/** The targets a direction allows: its win chance must stay within the bounds. */
export function targetBounds(direction: RollDirection, bounds: ChanceBounds): { min: number; max: number } {
  return direction === 'under' ? { min: bounds.min, max: bounds.max } : { min: ROLL_TOP - bounds.max, max: ROLL_TOP - bounds.min };
}

export function clampTarget(target: number, direction: RollDirection, bounds: ChanceBounds): number {
  const { min, max } = targetBounds(direction, bounds);
  return Math.min(max, Math.max(min, Math.round(target)));
}

/** Switching under <-> over mirrors the target, so the win chance stays the same. */
export function mirrorTarget(target: number): number {
  return ROLL_TOP - target;
}

export interface RollQuote {
  target: number;
  direction: RollDirection;
  /** Win chance, hundredths of a percent. */
  chance: number;
  /** Multiplier in ten-thousandths, as the server pays it. */
  scaledMultiplier: number;
  targetText: string;
  chanceText: string;
  multiplierText: string;
}

/** What a target and direction pay: the same functions the server uses. */
export function rollQuote(target: number, direction: RollDirection): RollQuote {
  const chance = rollChance(target, direction);
  const scaledMultiplier = chance > 0 ? rollMultiplier(chance) : 0;
  return {
    target,
    direction,
    chance,
    scaledMultiplier,
    targetText: formatHundredths(target),
    chanceText: hundredthsText(chance),
    multiplierText: multiplierText(scaledMultiplier),
  };
}

/** 50.00 under: a 50% chance paying 1.98x. */
export const DEFAULT_TARGET = 5_000;
