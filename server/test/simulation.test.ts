import { describe, expect, it } from 'vitest';
import {
  fairFloats,
  FLIP_MULTIPLIER,
  flipSide,
  HOUSE_EDGE,
  MULTIPLIER_SCALE,
  ROAD_FLOATS,
  ROAD_SLOTS,
  ROAD_TRAPS,
  roadLanes,
  roadMultiplier,
  roadTraps,
  ROLL_MAX_CHANCE,
  ROLL_MIN_CHANCE,
  rollChance,
  rollHundredths,
  rollMultiplier,
  rollWins,
  type RoadDifficulty,
  type RollDirection,
} from '@arcade/api-client/fair';
import { nodeHmac } from '../src/domain/games/seeds';

/**
 * Return to player, exactly. Every float a round draws is k / 2^32 for a whole k (fairFloats reads
 * four bytes of the HMAC), so each game's odds are counts over those 2^32 floats: found by bisection
 * on the real outcome functions, not by playing rounds, they give each game's return to the last
 * digit, at every chance and every lane. A simulation of rounds (the old form of this test, six
 * million HMACs) only came within ±0.2 points of it.
 */
const SPACE = 2 ** 32;
const floatAt = (k: number) => k / SPACE;

/** The smallest k in [0, 2^32] from which `reached` holds (it must hold from some k on). */
function firstFloat(reached: (float: number) => boolean): number {
  let lo = 0;
  let hi = SPACE;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (reached(floatAt(mid))) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * For a non-decreasing map of a float to 0..n-1: the first float index of each value (n + 1 bounds,
 * the last 2^32), each bound checked to be where the map really steps.
 */
function valueStarts(map: (float: number) => number, n: number): number[] {
  const starts = [0];
  for (let value = 1; value < n; value++) starts.push(firstFloat((float) => map(float) >= value));
  starts.push(SPACE);
  for (let value = 0; value < n; value++) {
    const [start, end] = [starts[value]!, starts[value + 1]!];
    expect(end, `value ${value} is reached`).toBeGreaterThan(start);
    expect(map(floatAt(start)), `the map at the start of ${value}`).toBe(value);
    expect(map(floatAt(end - 1)), `the map at the end of ${value}`).toBe(value);
  }
  return starts;
}

/** The configured return of a game, as a fraction. */
const configured = (game: keyof typeof HOUSE_EDGE) => 1 - HOUSE_EDGE[game] / MULTIPLIER_SCALE;

describe('return to player, counted over every float a round can draw', () => {
  it('flip pays back exactly 99%', () => {
    const heads = firstFloat((float) => flipSide([float]) === 'tails');
    // In whole numbers: heads x 1.9800 against 0.99 x 2^32.
    expect(heads * FLIP_MULTIPLIER).toBe(configured('flip') * SPACE * MULTIPLIER_SCALE);
  });

  it('roll pays back 99% less at most 0.02 points at every chance, under and over, never more', () => {
    const starts = valueStarts((float) => rollHundredths([float]), 10_001);
    const returns: number[] = [];
    for (let chance = ROLL_MIN_CHANCE; chance <= ROLL_MAX_CHANCE; chance++) {
      for (const direction of ['under', 'over'] as RollDirection[]) {
        const target = direction === 'under' ? chance : 10_000 - chance;
        expect(rollChance(target, direction)).toBe(chance);
        // The winning rolls are one run of values: below the target, or above it.
        const [from, to] = direction === 'under' ? [0, target] : [target + 1, 10_001];
        expect(rollWins(from, target, direction) && rollWins(to - 1, target, direction)).toBe(true);
        expect((from > 0 && rollWins(from - 1, target, direction)) || (to <= 10_000 && rollWins(to, target, direction))).toBe(false);
        const winning = starts[to]! - starts[from]!;
        returns.push((winning * rollMultiplier(chance)) / SPACE / MULTIPLIER_SCALE);
      }
    }
    const [lowest, highest] = [Math.min(...returns), Math.max(...returns)];
    console.log(`roll RTP from ${(lowest * 100).toFixed(4)}% to ${(highest * 100).toFixed(4)}% over ${returns.length} bets`);
    expect(highest).toBeLessThanOrEqual(configured('roll'));
    expect(lowest).toBeGreaterThanOrEqual(configured('roll') - 0.0002);
  });

  it('road pays back 98% less at most 0.01 points on every lane of every difficulty, never more', () => {
    // A trap pick takes the float's place among the slots still free, in order (the first picks
    // taking place 0 leave the later ones free to measure). Safe lanes are the lowest slots, so
    // the lanes not yet trapped are always the first places: a pick misses the first `lanes`
    // lanes when its float is at or past where the map reaches place `lanes`.
    for (const difficulty of Object.keys(ROAD_TRAPS) as RoadDifficulty[]) {
      const traps = ROAD_TRAPS[difficulty];
      const placeStarts = Array.from({ length: traps }, (_, pick) => {
        const free = ROAD_SLOTS - pick;
        return valueStarts((float) => {
          const floats = Array.from({ length: ROAD_FLOATS }, (_, i) => (i === pick ? float : 0));
          return roadTraps(floats, difficulty)[pick]! - pick;
        }, free);
      });
      for (let lanes = 1; lanes <= roadLanes(difficulty); lanes++) {
        const safe = placeStarts.reduce((chance, starts) => chance * ((SPACE - starts[lanes]!) / SPACE), 1);
        const value = safe * (roadMultiplier(difficulty, lanes) / MULTIPLIER_SCALE);
        expect(value, `road ${difficulty}, cashing out after ${lanes} lanes`).toBeLessThanOrEqual(configured('road') + 1e-12);
        expect(value, `road ${difficulty}, cashing out after ${lanes} lanes`).toBeGreaterThanOrEqual(configured('road') - 0.0001);
      }
    }
  });
});

describe('the floats of the real derivation (seeds -> HMAC -> floats)', () => {
  it('are evenly spread at every place a road round reads, and flip comes up heads half the time', () => {
    // 50,000 rounds of 24 floats (three HMACs each), from fixed seeds: the same figures every run.
    const rounds = 50_000;
    const sums = new Array<number>(ROAD_FLOATS).fill(0);
    let heads = 0;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const floats = fairFloats({ serverSeed: 'c0ffee'.repeat(10) + 'beef', clientSeed: 'simulation', nonce }, ROAD_FLOATS, nodeHmac);
      floats.forEach((float, place) => (sums[place]! += float));
      if (flipSide(floats) === 'heads') heads++;
    }
    // The mean of 50,000 uniform floats is 0.5 within 0.0013 (one standard deviation): 0.01 is 7.7 of them.
    for (const [place, sum] of sums.entries()) expect(Math.abs(sum / rounds - 0.5), `the mean of float ${place}`).toBeLessThan(0.01);
    expect(Math.abs(heads / rounds - 0.5)).toBeLessThan(0.01);
  });
});
