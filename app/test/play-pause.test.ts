import type { PlayState } from '@arcade/api-client';
import { ApiError } from '@arcade/api-client/errors';
import { describe, expect, it } from 'vitest';
import { changeAppLanguage, i18n } from '../src/i18n/i18n';
import '../src/i18n/play-texts';
import { formatMoment } from '../src/lib/format';
import { readBonusProblem } from '../src/lib/bonus-refusals';
import { activePause } from '../src/state/play-pause';

const state = (pause: PlayState['pause']): PlayState => ({
  limits: [],
  pause,
  realityCheckMinutes: null,
  ageConfirmedAt: '2025-01-01T00:00:00.000Z',
  lockedBalance: '0',
  session: { startedAt: '2025-01-01T00:00:00.000Z', wagered: '0', net: '0' },
});
const refused = (code: string) => new ApiError('failure', 'Paused (server words)', 403, 'bonusDailyClaim', undefined, code);

describe('the responsible-play pause on the screens it closes', () => {
  const now = Date.parse('2025-06-12T10:00:00.000Z');

  it('is in force until a cool-off ends, and for good after self-exclusion', () => {
    const coolOff = { kind: 'cool-off' as const, startedAt: '2025-06-12T09:00:00.000Z', until: '2025-06-13T09:00:00.000Z' };
    expect(activePause(state(coolOff), now)).toEqual(coolOff);
    // The moment it ends, it no longer closes anything (before the server is asked again).
    expect(activePause(state(coolOff), Date.parse(coolOff.until))).toBeNull();
    expect(activePause(state(coolOff), Date.parse(coolOff.until) + 1)).toBeNull();
    const excluded = { kind: 'self-exclusion' as const, startedAt: '2025-06-12T09:00:00.000Z', until: null };
    expect(activePause(state(excluded), now + 10 * 365 * 86_400_000)).toEqual(excluded);
    expect(activePause(state(null), now)).toBeNull();
    expect(activePause(undefined, now)).toBeNull();
  });

  it('says a refused reward, task or referral claim in the player’s language', async () => {
    await changeAppLanguage(i18n, 'en');
    expect(readBonusProblem(refused('play.paused'))).toEqual({
      code: 'play.paused',
      kind: 'refusal',
      text: 'You are on a break: bonuses, the daily reward and tasks are closed until it ends.',
    });
    expect(readBonusProblem(refused('play.excluded')).text).toBe(
      'You excluded yourself from play: bonuses, the daily reward and tasks are closed.',
    );
    await changeAppLanguage(i18n, 'ru');
    expect(readBonusProblem(refused('play.paused')).text).toBe('У вас перерыв: бонусы, ежедневная награда и задания закрыты до его конца.');
    expect(readBonusProblem(refused('play.excluded')).text).toBe(
      'Вы исключили себя из игры: бонусы, ежедневная награда и задания закрыты.',
    );
    await changeAppLanguage(i18n, 'en');
  });

  it('writes the end time through the one formatter, in the player’s language', () => {
    // A moment of this year: another year's is written with its year.
    const at = new Date(new Date().getFullYear(), 5, 13, 9, 5);
    expect(formatMoment(at, 'en')).toBe(
      new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(at),
    );
    expect(formatMoment(at, 'ru')).toMatch(/^13 июн\.?,? 09:05$/);
    expect(formatMoment('not a date', 'en')).toBe('');
  });
});
