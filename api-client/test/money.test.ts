import { describe, expect, it } from 'vitest';
import { fromNano, toNano } from '../src/money';
import { TonAmount } from '../src/schemas';

describe('TON amounts', () => {
  it('parses decimal strings into whole nanotons', () => {
    expect(toNano('12.5')).toBe(12_500_000_000n);
    expect(toNano('0.000000001')).toBe(1n);
    expect(toNano('70')).toBe(70_000_000_000n);
  });

  it('refuses more than 9 decimals, signs, exponents and blanks', () => {
    for (const bad of ['0.0000000001', '-1', '1e9', '', '01', '1.', '.5', ' 1']) {
      expect(() => toNano(bad), bad).toThrow(RangeError);
      expect(TonAmount.allows(bad), bad).toBe(false);
    }
  });

  it('formats nanotons back to the shortest decimal string', () => {
    expect(fromNano(12_500_000_000n)).toBe('12.5');
    expect(fromNano(0n)).toBe('0');
    expect(fromNano(1n)).toBe('0.000000001');
    expect(fromNano(-10_000_000n)).toBe('-0.01');
  });

  it('round-trips every amount it formats', () => {
    for (const nano of [0n, 1n, 999_999_999n, 1_000_000_000n, 123_456_789_012_345n]) {
      expect(toNano(fromNano(nano))).toBe(nano);
    }
  });
});
