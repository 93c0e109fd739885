import type { Pace } from '@arcade/game-engine/react';

export type { Pace };

/** The animation speeds a player picks from (the engine's paces). */
export const PACES = ['normal', 'fast', 'instant'] as const satisfies readonly Pace[];

export function isPace(value: unknown): value is Pace {
  return typeof value === 'string' && (PACES as readonly string[]).includes(value);
}

/** The pace after `pace` (the stage's button goes round them). */
export function nextPace(pace: Pace): Pace {
  return PACES[(PACES.indexOf(pace) + 1) % PACES.length] ?? 'normal';
}
