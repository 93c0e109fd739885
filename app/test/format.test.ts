import { describe, expect, it } from 'vitest';
import { formatTon } from '../src/lib/format';

describe('formatTon', () => {
  it('groups digits exactly as Intl does for the app languages', () => {
    const wholes = ['0', '7', '12', '999', '1000', '1234', '12345', '123456', '1234567', '999999999', '100000000000'];
    for (const locale of ['ru', 'en', 'RU']) {
      const intl = new Intl.NumberFormat(locale);
      for (const whole of wholes) expect(formatTon(`${whole}.5`, locale), `${locale} ${whole}`).toBe(`${intl.format(BigInt(whole))}.5`);
    }
  });

  it('keeps its decimals rule and other locales', () => {
    expect(formatTon('0.123456', 'en')).toBe('0.1234');
    expect(formatTon('1234.50', 'ru')).toBe('1\u00a0234.5');
    expect(formatTon('-1234', 'en')).toBe('-1,234');
    expect(formatTon('1234567', 'de')).toBe(new Intl.NumberFormat('de').format(1234567n));
    expect(formatTon('abc', 'en')).toBe('abc');
  });
});
