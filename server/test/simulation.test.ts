import { describe, expect, it } from 'vitest';
import {
  fairFloats,
  FLIP_MULTIPLIER,
  flipSide,
  MULTIPLIER_SCALE,
  ROAD_TRAPS,
  roadMultiplier,
  roadTraps,
  rollHundredths,
  rollMultiplier,
  rollWins,
  type RoadDifficulty,
} from '@arcade/api-client/fair';
import { nodeHmac } from '../src/domain/games/seeds';

const ROUNDS = 1_000_000;
const TOLERANCE = 0.003;

/**
 * Return to player over a million rounds from the real derivation (server seed, client seed,
 * nonce -> HMAC -> floats -> outcome -> floored multiplier), for a fixed stake of 1.
 */
function rtp(rounds: number, floatsPerRound: number, multiplierOf: (floats: number[]) => number): number {
  const serverSeed = 'c0ffee'.repeat(10) + 'beef';
  let returned = 0;
  for (let nonce = 0; nonce < rounds; nonce++) {
    returned += multiplierOf(fairFloats({ serverSeed, clientSeed: 'simulation', nonce }, floatsPerRound, nodeHmac));
  }
  return returned / MULTIPLIER_SCALE / rounds;
}

describe('return to player over a million rounds', () => {
  it('flip pays back 99%', () => {
    const value = rtp(ROUNDS, 1, (f) => (flipSide(f) === 'heads' ? FLIP_MULTIPLIER : 0));
    console.log(`flip RTP ${(value * 100).toFixed(3)}% over ${ROUNDS} rounds`);
    expect(Math.abs(value - 0.99)).toBeLessThan(TOLERANCE);
  });

  it('roll pays back 99% at every chance tried', () => {
    // Roll under 50 and over 75: the two directions and two chances, a million rounds in all.
    for (const [target, direction] of [
      [5_000, 'under'],
      [7_500, 'over'],
    ] as const) {
      const chance = direction === 'under' ? target : 10_000 - target;
      const value = rtp(ROUNDS / 2, 1, (f) => (rollWins(rollHundredths(f), target, direction) ? rollMultiplier(chance) : 0));
      console.log(`roll ${direction} ${target / 100} RTP ${(value * 100).toFixed(3)}% over ${ROUNDS / 2} rounds`);
      expect(Math.abs(value - 0.99)).toBeLessThan(TOLERANCE);
    }
  });

  it.each([
    ['easy', 5],
    ['medium', 3],
    ['hard', 2],
    ['hardcore', 1],
  ] as Array<[RoadDifficulty, number]>)('road %s, cashing out after %i lanes, pays back 98%', (difficulty, lanes) => {
    const value = rtp(ROUNDS, ROAD_TRAPS[difficulty], (f) => {
      const traps = roadTraps(f, difficulty);
      for (let slot = 0; slot < lanes; slot++) if (traps.includes(slot)) return 0;
      return roadMultiplier(difficulty, lanes);
    });
    console.log(`road ${difficulty} x${lanes} lanes RTP ${(value * 100).toFixed(3)}% over ${ROUNDS} rounds`);
    expect(Math.abs(value - 0.98)).toBeLessThan(TOLERANCE);
  });
});
