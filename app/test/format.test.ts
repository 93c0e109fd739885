import { describe, expect, it } from 'vitest';
import { formatCount, formatDecimal, formatHundredths, formatMultiplier, formatPerMille, formatTimes, formatTon } from '../src/lib/format';

const NBSP = '\u00a0';

describe('formatTon', () => {
  it('writes digits, groups and the decimal mark the way Intl does for the language', () => {
    expect(formatTon('1234567.5', 'en')).toBe('1,234,567.5');
    expect(formatTon('1234567.5', 'ru')).toBe(`1${NBSP}234${NBSP}567,5`);
    for (const locale of ['ru', 'en', 'de']) {
      const intl = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
      for (const value of ['0', '7', '999', '1000', '12345', '999999999', '100000000000', '12.5', '1234.25']) {
        expect(formatTon(value, locale), `${locale} ${value}`).toBe(intl.format(Number(value)));
      }
    }
  });

  it('truncates money and never rounds it up', () => {
    expect(formatTon('94.0508', 'en')).toBe('94.05');
    expect(formatTon('94.0599', 'en')).toBe('94.05');
    expect(formatTon('0.99999', 'en')).toBe('0.9999');
    expect(formatTon('1.999999999', 'ru')).toBe('1,99');
    expect(formatTon('11.875', 'en')).toBe('11.87');
  });

  it('never shows a small amount as zero', () => {
    expect(formatTon('0.05', 'en')).toBe('0.05');
    expect(formatTon('0.000012345', 'en')).toBe('0.000012');
    expect(formatTon('0.000000001', 'ru')).toBe('0,000000001');
    expect(formatTon('0.000', 'en')).toBe('0');
  });

  it('takes nanotons and signs gains and losses', () => {
    expect(formatTon(1_500_000_000n, 'en')).toBe('1.5');
    expect(formatTon(98_000_000n, 'en', { signed: true })).toBe('+0.098');
    expect(formatTon(-500_000_000n, 'ru', { signed: true })).toBe('−0,5');
    expect(formatTon('-1234', 'en')).toBe('−1,234');
    expect(formatTon('0', 'en', { signed: true })).toBe('0');
    expect(formatTon('abc', 'en')).toBe('abc');
  });
});

describe('formatMultiplier', () => {
  it('shows small multipliers exactly, grouped for the language', () => {
    expect(formatMultiplier('1.0208', 'en')).toBe('1.0208');
    expect(formatMultiplier('1.98', 'ru')).toBe('1,98');
    expect(formatMultiplier('2254', 'en')).toBe('2,254');
    expect(formatMultiplier('2254.5', 'ru')).toBe(`${new Intl.NumberFormat('ru').format(2254)},5`);
  });

  it('shortens big multipliers alike everywhere, cut rather than rounded', () => {
    expect(formatMultiplier('52067.4', 'en')).toBe('52K');
    expect(formatMultiplier('3203384.8', 'en')).toBe('3.2M');
    expect(formatMultiplier('3203384.8', 'ru')).toBe(`3,2${NBSP}млн`);
    expect(formatMultiplier('3299999', 'en')).toBe('3.2M');
    expect(formatMultiplier('19999', 'en')).toBe('19.9K');
  });
});

describe('counts', () => {
  it('groups counts and shortens them on request', () => {
    expect(formatCount(1234, 'en')).toBe('1,234');
    expect(formatCount(12345, 'ru')).toBe(`12${NBSP}345`);
    expect(formatCount(12_345, 'en', { compact: true })).toBe('12.3K');
    expect(formatCount(Infinity, 'en')).toBe('∞');
    expect(formatPerMille(12, 'en')).toBe('12‰');
    expect(formatPerMille(0.56, 'ru')).toBe('0,5‰');
  });
});

describe('formatTimes, formatDecimal and formatHundredths', () => {
  it('writes a multiplier one way: its digits as formatMultiplier, the × after them', () => {
    expect(formatTimes('1.1136', 'ru')).toBe('1,1136×');
    expect(formatTimes('1.1136', 'en')).toBe('1.1136×');
    expect(formatTimes('1.2727', 'en')).toBe(`${formatMultiplier('1.2727', 'en')}×`);
    expect(formatTimes('52067.4', 'en')).toBe('52K×');
  });

  it('writes roll numbers in the language, exactly, padded when asked', () => {
    expect(formatDecimal('53.03', 'ru', { fixed: 2 })).toBe('53,03');
    expect(formatDecimal('53.03', 'en', { fixed: 2 })).toBe('53.03');
    expect(formatDecimal('50', 'ru', { fixed: 2 })).toBe('50,00');
    expect(formatDecimal('49.5', 'ru')).toBe('49,5');
    expect(formatDecimal('not a number', 'ru')).toBe('not a number');
    expect(formatHundredths(5303, 'ru', { fixed: 2 })).toBe('53,03');
    expect(formatHundredths(4950, 'ru')).toBe('49,5');
    expect(formatHundredths(9500, 'en')).toBe('95');
    expect(formatHundredths(10_000, 'en', { fixed: 2 })).toBe('100.00');
    expect(formatHundredths(1, 'en', { fixed: 2 })).toBe('0.01');
  });
});
