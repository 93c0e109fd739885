import { ladder, DIFFICULTY_TRAPS, type RoadDifficulty } from '@arcade/game-engine/games/road/plan';
import type { FlipOutcome, RollDirection, RollOutcome } from '@arcade/game-engine/react';

/** Random outcomes for trying the games (the real ones come from the server). */
const random = (): number => {
  const buffer = new Uint32Array(1);
  crypto.getRandomValues(buffer);
  return (buffer[0] ?? 0) / 4_294_967_296;
};

export function randomFlip(pick: 'heads' | 'tails' = 'heads'): FlipOutcome {
  const side = random() < 0.5 ? 'heads' : 'tails';
  return { side, win: side === pick };
}

export function rollOutcome(roll: number, target: number, direction: RollDirection): RollOutcome {
  return { roll, target, direction, win: direction === 'under' ? roll < target : roll > target };
}

export function randomRoll(target: number, direction: RollDirection): RollOutcome {
  return rollOutcome(Math.floor(random() * 10_001) / 100, target, direction);
}

/** Trap slots like the server draws them: the first m of a shuffle of the 25 slots. */
export function randomTraps(difficulty: RoadDifficulty): number[] {
  const slots = Array.from({ length: 25 }, (_, i) => i);
  const traps: number[] = [];
  for (let i = 0; i < DIFFICULTY_TRAPS[difficulty]; i++) traps.push(slots.splice(Math.floor(random() * slots.length), 1)[0] ?? 0);
  return traps;
}

export function roadSetup(difficulty: RoadDifficulty): { lanes: number; multipliers: number[] } {
  const multipliers = ladder(DIFFICULTY_TRAPS[difficulty]);
  return { lanes: multipliers.length, multipliers };
}
