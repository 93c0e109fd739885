import { describe, expect, it } from 'vitest';
import { fromNano, parseTon, toNano, TON_AMOUNT_LIMIT_NANO } from '../src/money';
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

  it('has one parser for every typed or sent amount, exact at any size', () => {
    expect(parseTon('007.50')).toEqual({ ok: true, nano: 7_500_000_000n });
    expect(parseTon('0.000000001')).toEqual({ ok: true, nano: 1n });
    expect(parseTon('1.123456789')).toEqual({ ok: true, nano: 1_123_456_789n });
    expect(parseTon('1.1234567891')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseTon('0.0000000000')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseTon('123456789012345678901234567890.5')).toEqual({
      ok: true,
      nano: 123456789012345678901234567890n * 1_000_000_000n + 500_000_000n,
    });
    expect(parseTon('999999999.999999999', { canonical: true })).toEqual({ ok: true, nano: TON_AMOUNT_LIMIT_NANO - 1n });
    expect(parseTon('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseTon('0')).toEqual({ ok: false, problem: 'zero' });
    expect(parseTon('0.000', { zero: true })).toEqual({ ok: true, nano: 0n });
    expect(parseTon('07', { canonical: true })).toEqual({ ok: false, problem: 'invalid' });
    // The API's form only: the app reads a comma, groups and spaces before (number-input.ts).
    for (const bad of ['-1', '+1', '1e9', '1,5', '1 000', '.5', '5.', ' 1', '1..2', 'abc', '0x10', '１']) {
      expect(parseTon(bad), bad).toEqual({ ok: false, problem: 'invalid' });
    }
  });
});
