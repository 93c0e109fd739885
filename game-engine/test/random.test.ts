import { describe, expect, it } from 'vitest';
import { toHundredths } from '../src/games/roll/plan';
import { hashSeed, mulberry32, Random } from '../src/core/random';

describe('seeded randomness', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = [a(), a(), a()];
    expect([b(), b(), b()]).toEqual(first);
    expect(c()).not.toBe(first[0]);
    for (const value of first) expect(value >= 0 && value < 1).toBe(true);
  });

  it('derives stable sub-seeds and keeps integers in range', () => {
    expect(hashSeed('road', 3)).toBe(hashSeed('road', 3));
    expect(hashSeed('road', 3)).not.toBe(hashSeed('road', 4));
    const random = new Random(9);
    for (let i = 0; i < 1_000; i++) {
      const n = random.int(3, 5);
      expect(n >= 3 && n <= 5 && Number.isInteger(n)).toBe(true);
    }
  });
});

describe('roll hundredths', () => {
  it('reads a roll into whole hundredths without float noise', () => {
    expect(toHundredths(42.17)).toBe(4217);
    expect(toHundredths(0.29)).toBe(29);
    expect(toHundredths(100)).toBe(10_000);
  });
});
