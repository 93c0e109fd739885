import { describe, expect, it } from 'vitest';
import type { PlayerT } from '../src/i18n/bonus-texts';
import { msUntil, waitParts, waitText } from '../src/features/bonus/countdown';
import type { AppLanguage } from '../src/i18n/i18n';
import { addBonusTexts, createI18n } from './i18n-helper';

function ptFor(lang: AppLanguage): PlayerT {
  const i18n = createI18n(lang);
  addBonusTexts(i18n);
  return (key, values) => (i18n.t as unknown as (k: string, v?: object) => string)(key, values);
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

describe("the daily reward's 'Available in {time}'", () => {
  const en = ptFor('en');
  const ru = ptFor('ru');

  it('says hours and minutes from an hour on', () => {
    expect(waitText(5 * HOUR + 3 * MINUTE + 20_000, en)).toBe('5 h 03 min');
    expect(waitText(23 * HOUR + 59 * MINUTE + 59_000, en)).toBe('23 h 59 min');
    expect(waitText(HOUR, en)).toBe('1 h 00 min');
  });

  it('says minutes and seconds below an hour, then seconds', () => {
    expect(waitText(42 * MINUTE + 5_000, en)).toBe('42 min 05 s');
    expect(waitText(MINUTE, en)).toBe('1 min 00 s');
    expect(waitText(12_000, en)).toBe('12 s');
  });

  it('rounds a part of a second up and never goes below zero', () => {
    expect(waitText(59_001, en)).toBe('1 min 00 s');
    expect(waitText(1, en)).toBe('1 s');
    expect(waitText(0, en)).toBe('0 s');
    expect(waitText(-5_000, en)).toBe('0 s');
    expect(waitParts(HOUR - 1)).toEqual({ hours: 1, minutes: 0, seconds: 0 });
  });

  it('fills the whole sentence in both languages', () => {
    const time = waitText(2 * HOUR + 7 * MINUTE, en);
    expect(en('player.daily.availableIn', { time })).toBe('Available in 2 h 07 min');
    expect(ru('player.daily.availableIn', { time: waitText(2 * HOUR + 7 * MINUTE, ru) })).toBe('Доступно через 2 ч 07 мин');
    expect(waitText(42 * MINUTE + 5_000, ru)).toBe('42 мин 05 с');
  });

  it('counts down to the next claim from the server time in Unix seconds', () => {
    const nextClaimAt = 1_700_000_000;
    expect(msUntil(nextClaimAt, nextClaimAt * 1000 - 90_000)).toBe(90_000);
    expect(msUntil(nextClaimAt, nextClaimAt * 1000 + 5)).toBe(0);
    const shown = [0, 1000, 2000].map((tick) => waitText(msUntil(nextClaimAt, nextClaimAt * 1000 - 61_000 + tick), en));
    expect(shown).toEqual(['1 min 01 s', '1 min 00 s', '59 s']);
  });
});
