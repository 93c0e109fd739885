import { payoutOf } from '@arcade/api-client/fair';
import type { Difficulty, GamesConfig, Round } from '@arcade/api-client/games';
import { toNano } from '@arcade/api-client/money';
import { multiplierUnits } from './games-format';
import { readTonInput } from '../../lib/number-input';

export const DIFFICULTIES: readonly Difficulty[] = ['easy', 'medium', 'hard', 'hardcore'];

/** The ladder of a difficulty as the engine takes it: one plain number per lane. */
export function ladderNumbers(config: GamesConfig, difficulty: Difficulty): number[] {
  return config.road[difficulty].ladder.map(Number);
}

export interface RoadQuote {
  /** Safe lanes crossed. */
  passed: number;
  lanes: number;
  /** The multiplier reached ("1.23"), null before the first lane. */
  current: string | null;
  /** The multiplier the next lane reaches, null past the last lane. */
  next: string | null;
  /** What cashing out now pays (nanotons, capped at the max payout), null before the first lane. */
  cashOut: bigint | null;
}

/** Where an open round stands on its ladder and what it pays now. */
export function roadQuote(config: GamesConfig, round: Round): RoadQuote | null {
  if (!round.road) return null;
  const { ladder } = config.road[round.road.difficulty];
  const passed = round.road.passed;
  const current = passed > 0 ? (ladder[passed - 1] ?? null) : null;
  let cashOut: bigint | null = null;
  if (current !== null) {
    const payout = payoutOf(toNano(round.stake), multiplierUnits(current));
    const max = toNano(config.maxPayout);
    cashOut = payout > max ? max : payout;
  }
  return { passed, lanes: round.road.lanes, current, next: ladder[passed] ?? null, cashOut };
}

/**
 * The lane (0-based) where a round at `stake` reaches the maximum payout: the server cashes
 * out there by itself, so the road ends for this stake. Null when the whole road stays under it.
 */
export function capLane(ladder: readonly string[], stakeNano: bigint | null, maxPayout: string): number | null {
  if (stakeNano === null || stakeNano <= 0n) return null;
  const max = toNano(maxPayout);
  const index = ladder.findIndex((multiplier) => payoutOf(stakeNano, multiplierUnits(multiplier)) >= max);
  return index < 0 ? null : index;
}

/** The typed stake in nanotons when it reads as an amount (whatever the balance), else null. */
export function typedNano(input: string): bigint | null {
  const parsed = readTonInput(input);
  return parsed.ok ? parsed.nano : null;
}

/** The server's 1-based trap lanes as the engine's 0-based slots. */
export function trapSlots(round: Round): number[] {
  return (round.road?.traps ?? []).map((lane) => lane - 1);
}

/** The lanes worth seeing: where the round stands, the next two, and the top of the road (no scrolling strip). */
export function ladderWindow(lanes: number, passed: number, size = 4): number[] {
  if (lanes <= size) return Array.from({ length: lanes }, (_, i) => i);
  const first = Math.min(Math.max(0, passed - 1), lanes - size);
  const picked = new Set([first, first + 1, first + 2, lanes - 1]);
  return [...picked].filter((lane) => lane < lanes).sort((a, b) => a - b);
}
