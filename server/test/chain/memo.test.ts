import { describe, expect, it } from 'vitest';
import { MEMO_ALPHABET, MEMO_LENGTH, isDepositMemo, newDepositMemo, parseMemo } from '../../src/domain/ton/memo';

describe('deposit memo', () => {
  it('is 8 characters without look-alikes and checks itself', () => {
    for (let i = 0; i < 200; i++) {
      const memo = newDepositMemo();
      expect(memo).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
      expect(memo).toHaveLength(MEMO_LENGTH);
      expect(parseMemo(memo)).toEqual({ ok: true, memo });
      expect(isDepositMemo(memo)).toBe(true);
    }
    expect(MEMO_ALPHABET).not.toMatch(/[01ILO]/);
  });

  it('reads a memo with surrounding spaces and in any case', () => {
    const memo = newDepositMemo();
    expect(parseMemo(`  ${memo.toLowerCase()}\n`)).toEqual({ ok: true, memo });
    expect(isDepositMemo(memo.toLowerCase())).toBe(false);
  });

  it('detects every single wrong character and every swap of two different characters', () => {
    const memo = newDepositMemo();
    for (let position = 0; position < MEMO_LENGTH; position++) {
      for (const char of MEMO_ALPHABET) {
        if (char === memo[position]) continue;
        const typo = memo.slice(0, position) + char + memo.slice(position + 1);
        expect(parseMemo(typo), typo).toEqual({ ok: false, reason: 'checksum' });
      }
    }
    for (let i = 0; i < MEMO_LENGTH; i++) {
      for (let j = i + 1; j < MEMO_LENGTH; j++) {
        if (memo[i] === memo[j]) continue;
        const chars = [...memo];
        [chars[i], chars[j]] = [chars[j]!, chars[i]!];
        expect(parseMemo(chars.join('')), chars.join('')).toEqual({ ok: false, reason: 'checksum' });
      }
    }
  });

  it('tells an empty comment from text that is not a memo', () => {
    for (const comment of [null, undefined, '', '   ']) expect(parseMemo(comment)).toEqual({ ok: false, reason: 'empty' });
    const memo = newDepositMemo();
    for (const comment of [
      memo.slice(1),
      `${memo}2`,
      'hello world',
      'O'.repeat(8),
      `${memo.slice(0, 4)} ${memo.slice(4)}`,
      'Deposit for game',
    ]) {
      expect(parseMemo(comment), comment).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('draws characters evenly from random bytes, skipping bytes that would bias them', () => {
    // 248..255 are skipped; 0 -> '2', 30 -> 'Z', 31 -> '2', 1 -> '3'; a second draw fills the rest.
    const bytes = [255, 0, 30, 31, 250, 1, 2, 3, 4];
    const memo = newDepositMemo((size) => Buffer.from(bytes.splice(0, size)));
    expect(memo.slice(0, 7)).toBe('2Z23456');
    expect(parseMemo(memo).ok).toBe(true);
  });
});
