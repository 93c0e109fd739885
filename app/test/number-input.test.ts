import { fromNano } from '@arcade/api-client/money';
import { describe, expect, it } from 'vitest';
import { localiseTyping, numberInputText, readNumberInput, readTonInput } from '../src/lib/number-input';
import { parseLimit } from '../src/features/play/play-logic';
import { typedNano } from '../src/features/games/road-plan';
import { parseTonAmount } from '../src/features/wallet/amount';
import { parseStake } from '../src/features/games/stake';

const NBSP = '\u00a0';

describe('readNumberInput', () => {
  it('reads either decimal mark into the canonical decimal', () => {
    expect(readNumberInput('0.5')).toEqual({ ok: true, text: '0.5' });
    expect(readNumberInput('0,5')).toEqual({ ok: true, text: '0.5' });
    expect(readNumberInput('0,05')).toEqual({ ok: true, text: '0.05' });
    expect(readNumberInput('12.45')).toEqual({ ok: true, text: '12.45' });
    expect(readNumberInput(',5')).toEqual({ ok: true, text: '0.5' });
    expect(readNumberInput('5,')).toEqual({ ok: true, text: '5' });
    expect(readNumberInput('007,50')).toEqual({ ok: true, text: '7.50' });
  });

  it('drops group separators: spaces of any kind, and the other mark in groups of three', () => {
    expect(readNumberInput(`1${NBSP}234,56`)).toEqual({ ok: true, text: '1234.56' });
    expect(readNumberInput('1 234 567')).toEqual({ ok: true, text: '1234567' });
    expect(readNumberInput('1\u202f234,5')).toEqual({ ok: true, text: '1234.5' });
    expect(readNumberInput('1,234.56')).toEqual({ ok: true, text: '1234.56' });
    expect(readNumberInput('1.234,56')).toEqual({ ok: true, text: '1234.56' });
    expect(readNumberInput('1,234,567')).toEqual({ ok: true, text: '1234567' });
    expect(readNumberInput('1.234.567,5')).toEqual({ ok: true, text: '1234567.5' });
  });

  it('refuses what is not one number, naming the problem, never guessing', () => {
    expect(readNumberInput('')).toEqual({ ok: false, problem: 'empty' });
    expect(readNumberInput('   ')).toEqual({ ok: false, problem: 'empty' });
    for (const text of ['.', ',', 'abc', '1e3', '-1', '+1', '1,2,3', '1.2.3', '12,34.5', '1,234,56', '1.5,3', '1,5.3.4', '0x10', '½']) {
      expect(readNumberInput(text), text).toEqual({ ok: false, problem: 'invalid' });
    }
  });

  it('the stake and the wallet amounts read the same way, and still refuse more than 9 decimals', () => {
    expect(parseStake('0,05')).toEqual({ ok: true, nano: 50_000_000n });
    expect(parseStake('1 234,5')).toEqual({ ok: true, nano: 1_234_500_000_000n });
    expect(parseTonAmount('1,234.5')).toEqual({ ok: true, nano: 1_234_500_000_000n });
    expect(parseTonAmount('12,45')).toEqual({ ok: true, nano: 12_450_000_000n });
    expect(parseTonAmount('0,0000000001')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseStake('1,2,3')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStake('0,000')).toEqual({ ok: false, problem: 'zero' });
  });

  it('every typed amount (stake, deposit, withdrawal, limit, road quote) is one reading: this layer, then the one parser', () => {
    const cases: [string, bigint | string][] = [
      ['0,5', 500_000_000n],
      ['0.5', 500_000_000n],
      ['000012,5', 12_500_000_000n],
      ['1,123456789', 1_123_456_789n],
      ['1,1234567891', 'decimals'],
      [`999${NBSP}999${NBSP}999${NBSP}999${NBSP}999,5`, 999_999_999_999_999_500_000_000n],
      ['-1', 'invalid'],
      ['1e3', 'invalid'],
      ['', 'empty'],
      ['  ', 'empty'],
      ['0', 'zero'],
    ];
    for (const [typed, expected] of cases) {
      const read = typeof expected === 'bigint' ? { ok: true, nano: expected } : { ok: false, problem: expected };
      expect(readTonInput(typed), typed).toEqual(read);
      expect(parseStake(typed), typed).toEqual(read);
      expect(parseTonAmount(typed), typed).toEqual(read);
      expect(parseLimit(typed), typed).toEqual(typeof expected === 'bigint' ? { ok: true, amount: fromNano(expected) } : read);
      expect(typedNano(typed), typed).toBe(typeof expected === 'bigint' ? expected : null);
    }
  });
});

describe('the form a field shows', () => {
  it("writes a canonical amount in the language's decimal mark, every digit kept", () => {
    expect(numberInputText('0.05', 'ru')).toBe('0,05');
    expect(numberInputText('0.05', 'en')).toBe('0.05');
    expect(numberInputText('12.450000001', 'ru')).toBe('12,450000001');
    expect(numberInputText('1234', 'ru')).toBe('1234');
  });

  it('shows a typed mark as the language writes it, keeping the length (so the caret stays)', () => {
    expect(localiseTyping('0.5', 'ru')).toBe('0,5');
    expect(localiseTyping('0,5', 'en')).toBe('0.5');
    expect(localiseTyping('0,', 'ru')).toBe('0,');
    expect(localiseTyping('12.', 'ru')).toBe('12,');
    // Grouped, unreadable or unfinished text stays as typed, to be refused or finished.
    expect(localiseTyping('1,234.5', 'ru')).toBe('1,234.5');
    expect(localiseTyping('1.2.3', 'ru')).toBe('1.2.3');
    expect(localiseTyping('abc', 'ru')).toBe('abc');
    for (const text of ['0.5', '12,45', '1.']) expect(localiseTyping(text, 'ru').length).toBe(text.length);
  });
});
