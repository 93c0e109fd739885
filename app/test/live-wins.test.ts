import { describe, expect, it } from 'vitest';
import type { LiveEvent, LiveRound } from '@arcade/api-client/live';
import { LiveFeedCursor } from '@arcade/api-client/live-stream';
import { untilText } from '../src/features/games/leaderboard';
import { applyLiveEvent, initialLiveFeed, retryDelayMs, type LiveFeedState } from '../src/features/games/live-wins-state';
import { registerLiveTexts, type LiveKey, type LiveValues } from '../src/i18n/live-texts';
import { liveEn } from '../src/i18n/resources/live-en';
import { liveRu } from '../src/i18n/resources/live-ru';
import { createI18n, expectSameTexts } from './i18n-helper';

const round = (id: string, name: string | null = 'Ann'): LiveRound => ({
  id,
  game: 'flip',
  currency: 'ton',
  stake: '0.1',
  payout: '0.198',
  multiplier: '1.98',
  at: '2030-01-01T00:00:00.000Z',
  name,
  big: false,
});
const bigWin = { multiplier: '10', payout: '50' };

describe('the live feed state', () => {
  it('starts from the last rounds, puts each new round first once, and keeps a bounded list', () => {
    let state: LiveFeedState = applyLiveEvent(initialLiveFeed, { type: 'recent', data: { rounds: [round('2'), round('1')], bigWin } });
    expect(state).toEqual({ status: 'live', rounds: [round('2'), round('1')], bigWin });
    state = applyLiveEvent(state, { type: 'round', data: round('3') });
    state = applyLiveEvent(state, { type: 'round', data: round('3') });
    expect(state.rounds.map((r) => r.id)).toEqual(['3', '2', '1']);
    for (let id = 4; id < 40; id++) state = applyLiveEvent(state, { type: 'round', data: round(String(id)) }, 5);
    expect(state.rounds.map((r) => r.id)).toEqual(['39', '38', '37', '36', '35']);
  });

  it('renames the rounds of a player who hid (or showed) their name, and no other', () => {
    const state = applyLiveEvent(
      { status: 'live', rounds: [round('2', 'Ann'), round('1', 'Bob')], bigWin },
      { type: 'names', data: { rounds: ['2'], name: null } },
    );
    expect(state.rounds.map((r) => r.name)).toEqual([null, 'Bob']);
  });

  it('after a resume, an event that comes again (by its id) changes nothing; a snapshot replaces the list', () => {
    const cursor = new LiveFeedCursor();
    let state = initialLiveFeed;
    const apply = (event: LiveEvent, lastEventId: string) => {
      if (cursor.take({ event: event.type, lastEventId })) state = applyLiveEvent(state, event);
    };
    apply({ type: 'recent', data: { rounds: [round('1')], bigWin } }, '10');
    apply({ type: 'round', data: round('2') }, '11');
    // The stream drops; the next one, resumed from 11, starts with a names event already applied once.
    expect(cursor.lastEventId).toBe('11');
    apply({ type: 'names', data: { rounds: ['1'], name: null } }, '12');
    apply({ type: 'names', data: { rounds: ['1'], name: 'Ann' } }, '12');
    apply({ type: 'round', data: round('2') }, '11');
    apply({ type: 'round', data: round('3') }, '13');
    expect(state.rounds.map((r) => [r.id, r.name])).toEqual([
      ['3', 'Ann'],
      ['2', 'Ann'],
      ['1', null],
    ]);
    apply({ type: 'recent', data: { rounds: [round('3'), round('2')], bigWin } }, '13');
    expect(state.rounds.map((r) => r.id)).toEqual(['3', '2']);
  });

  it('waits longer after each failure in a row, up to a cap', () => {
    expect([0, 1, 2, 3, 10].map(retryDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 30_000]);
  });
});

describe('live wins texts', () => {
  it('have the same keys, no empty texts and the same placeholders in ru and en', () => {
    expectSameTexts(liveEn, liveRu);
  });

  it('say how long until the board resets', () => {
    const i18n = createI18n('en');
    registerLiveTexts(i18n);
    const t = i18n.t as unknown as (key: string, values?: LiveValues) => string;
    const lt = (key: LiveKey, values?: LiveValues) => t(key, values);
    const monday = '2030-01-07T00:00:00.000Z';
    expect(untilText(monday, Date.parse('2030-01-04T21:30:00Z'), lt)).toBe('2 d 2 h');
    expect(untilText(monday, Date.parse('2030-01-06T21:30:00Z'), lt)).toBe('2 h 30 min');
    expect(untilText(monday, Date.parse('2030-01-06T23:59:30Z'), lt)).toBe('1 min');
    expect(lt('live.feed.hidden')).toBe('Hidden');
  });
});
