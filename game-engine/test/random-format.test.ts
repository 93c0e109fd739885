import { describe, expect, it } from 'vitest';
import { formatHundredths, formatMultiplier, toHundredths } from '../src/core/format';
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

describe('multiplier labels', () => {
  it('floors to two decimals with separators, never rounding up', () => {
    expect(formatMultiplier(1.0208)).toBe('1.02×');
    expect(formatMultiplier(1.15)).toBe('1.15×');
    expect(formatMultiplier(24.5)).toBe('24.50×');
    expect(formatMultiplier(1.9999)).toBe('1.99×');
    expect(formatMultiplier(52_067.4)).toBe('52,067.40×');
    expect(formatMultiplier(3_203_384.8)).toBe('3,203,384.80×');
  });

  it('compact labels fit a lane', () => {
    expect(formatMultiplier(1.0208, 'compact')).toBe('1.02×');
    expect(formatMultiplier(24.5, 'compact')).toBe('24.50×');
    expect(formatMultiplier(112.7049, 'compact')).toBe('112.7×');
    expect(formatMultiplier(400.0, 'compact')).toBe('400×');
    expect(formatMultiplier(2_254, 'compact')).toBe('2,254×');
    expect(formatMultiplier(11_200.64, 'compact')).toBe('11.2K×');
    expect(formatMultiplier(52_067.4, 'compact')).toBe('52K×');
    expect(formatMultiplier(291_216.8, 'compact')).toBe('291.2K×');
    expect(formatMultiplier(3_203_384.8, 'compact')).toBe('3.2M×');
  });

  it('formats rolls as two decimals from whole hundredths', () => {
    expect(formatHundredths(4217)).toBe('42.17');
    expect(formatHundredths(0)).toBe('0.00');
    expect(formatHundredths(10_000)).toBe('100.00');
    expect(toHundredths(42.17)).toBe(4217);
    expect(toHundredths(0.29)).toBe(29);
  });
});
