/**
 * How fast the games animate, as the player chooses it: 'normal', 'fast' (the same animation
 * at a higher clock speed) or 'instant' (every animation is drawn at its end state as it
 * starts, and its promise resolves at once).
 */
export type Pace = 'normal' | 'fast' | 'instant';

export const PACES: readonly Pace[] = ['normal', 'fast', 'instant'];

/** The clock speed of the paces that animate. */
export const PACE_SPEEDS = { normal: 1, fast: 2.5 } as const satisfies Record<Exclude<Pace, 'instant'>, number>;

export function isPace(value: unknown): value is Pace {
  return value === 'normal' || value === 'fast' || value === 'instant';
}
