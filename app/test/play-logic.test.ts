import type { PlayLimit } from '@arcade/api-client';
import { describe, expect, it } from 'vitest';
import { formatPlayed, nextRealityCheckAt, parseLimit, pendingLine, usedShare } from '../src/features/play/play-logic';
import { playEn } from '../src/i18n/resources/play-en';
import { playRu } from '../src/i18n/resources/play-ru';
import { expectSameTexts } from './i18n-helper';

const limit = (overrides: Partial<PlayLimit> = {}): PlayLimit => ({
  kind: 'loss-day',
  amount: null,
  used: '0',
  pending: null,
  ...overrides,
});
const MIN = 60_000;

describe('a typed limit', () => {
  it('reads a decimal comma, spaces and leading zeros into the text the server takes', () => {
    expect(parseLimit('2,5')).toEqual({ ok: true, amount: '2.5' });
    expect(parseLimit(' 1 000 ')).toEqual({ ok: true, amount: '1000' });
    expect(parseLimit('007.50')).toEqual({ ok: true, amount: '7.5' });
  });

  it('says why what was typed is not a limit', () => {
    expect(parseLimit('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseLimit('abc')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseLimit('-1')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseLimit('1e3')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseLimit('0.0000000001')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseLimit('0.00')).toEqual({ ok: false, problem: 'zero' });
  });
});

describe('a limit row', () => {
  it('shows a raise waiting its 24 hours with the amount and the moment it takes effect', () => {
    const line = pendingLine(limit({ amount: '1', pending: { amount: '5', effectiveAt: '2026-11-27T09:00:00.000Z' } }));
    expect(line).toEqual({ kind: 'raise', amount: '5', at: new Date('2026-11-27T09:00:00.000Z') });
  });

  it('shows a removal waiting as a removal, and nothing when nothing waits', () => {
    expect(pendingLine(limit({ amount: '1', pending: { amount: null, effectiveAt: '2026-11-27T09:00:00.000Z' } }))?.kind).toBe('remove');
    expect(pendingLine(limit({ amount: '1' }))).toBeNull();
  });

  it('fills the bar by the share used, full at or beyond the limit, empty with no limit', () => {
    expect(usedShare(limit({ amount: '4', used: '1' }))).toBe(0.25);
    expect(usedShare(limit({ amount: '4', used: '6' }))).toBe(1);
    expect(usedShare(limit({ amount: null, used: '6' }))).toBe(0);
  });
});

describe('the reality check timer', () => {
  const start = Date.parse('2026-11-26T08:00:00.000Z');

  it('comes due at each whole interval of the session, counted from the server’s start', () => {
    expect(nextRealityCheckAt(start, 15, start)).toBe(start + 15 * MIN);
    expect(nextRealityCheckAt(start, 15, start + 14 * MIN)).toBe(start + 15 * MIN);
    // Opened 47 minutes into the session: the next check is at an hour, not at once.
    expect(nextRealityCheckAt(start, 15, start + 47 * MIN)).toBe(start + 60 * MIN);
  });

  it('after a check shown at its due time, waits a whole interval for the next', () => {
    expect(nextRealityCheckAt(start, 30, start + 30 * MIN)).toBe(start + 60 * MIN);
  });

  it('never comes due without an interval or a start', () => {
    expect(nextRealityCheckAt(start, 0, start)).toBe(Number.POSITIVE_INFINITY);
    expect(nextRealityCheckAt(Number.NaN, 15, start)).toBe(Number.POSITIVE_INFINITY);
  });

  it('says the time played in words of the player’s language', () => {
    expect(formatPlayed(15 * MIN, 'en')).toBe('15 minutes');
    expect(formatPlayed(75 * MIN, 'en')).toBe('1 hour 15 minutes');
    expect(formatPlayed(120 * MIN, 'ru')).toBe('2 часа');
    expect(formatPlayed(15 * MIN, 'ru')).toBe('15 минут');
  });
});

describe('responsible play texts', () => {
  it('have the same keys, no empty texts and the same placeholders in ru and en', () => {
    expectSameTexts(playEn, playRu);
  });
});
