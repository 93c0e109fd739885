import { toNano } from '@arcade/api-client/money';
import { describe, expect, it } from 'vitest';
import {
  AUTO_LIST_LENGTH,
  changedStake,
  checkAutoForm,
  DEFAULT_AUTO_FORM,
  parseAutoForm,
  parsePercent,
  recordRound,
  startAutoBet,
  stopAutoBet,
  withinLimits,
  type AutoBetSettings,
  type AutoBetState,
  type AutoRound,
} from '../src/features/games/auto-bet';
import { parseSettings } from '../src/features/games/game-settings';
import type { StakeContext } from '../src/features/games/stake';

const limits = { minBet: '0.01', maxBet: '50', maxBonusBet: '1', maxPayout: '500' };
const context = (ton = '100', overrides: Partial<StakeContext> = {}): StakeContext => ({
  currency: 'ton',
  limits,
  balance: { ton, bonusTon: '3' },
  scaledMultiplier: 19_800,
  ...overrides,
});
const settings = (overrides: Partial<AutoBetSettings> = {}): AutoBetSettings => ({
  rounds: null,
  stopProfit: null,
  stopLoss: null,
  stopWinAbove: null,
  onWin: { mode: 'reset' },
  onLoss: { mode: 'reset' },
  ...overrides,
});

let serial = 0;
/** A flip round at 1.98×: a win pays 1.98 times the stake, a loss nothing. */
const round = (stake: bigint, won: boolean): AutoRound => ({ id: `r${++serial}`, won, stake, payout: won ? (stake * 198n) / 100n : 0n });

/** Plays `outcomes` (true = a win) at the state's stakes until it stops. */
function play(state: AutoBetState, rules: AutoBetSettings, outcomes: boolean[], balance = '100'): AutoBetState {
  let have = toNano(balance);
  for (const won of outcomes) {
    if (!state.running) break;
    const played = round(state.stake, won);
    have += played.payout - played.stake;
    state = recordRound(state, rules, played, context(fromNanoText(have)));
  }
  return state;
}
const fromNanoText = (nano: bigint): string => (Number(nano) / 1e9).toFixed(9);

describe('auto-bet stop rules', () => {
  it('plays the rounds asked for, then stops, counting wins and the net by the book', () => {
    const rules = settings({ rounds: 3 });
    const end = play(startAutoBet(toNano('1'), context()), rules, [true, false, true, true]);
    expect(end).toMatchObject({ running: false, stopReason: 'rounds', rounds: 3, wins: 2 });
    // +0.98 − 1 + 0.98
    expect(end.net).toBe(toNano('0.96'));
    expect(end.recent.map((r) => r.won)).toEqual([true, false, true]);
  });

  it('with no number of rounds, runs until another rule or the player stops it', () => {
    let state = play(
      startAutoBet(toNano('0.1'), context()),
      settings(),
      Array<boolean>(50)
        .fill(false)
        .map((_, i) => i % 2 === 0),
    );
    expect(state).toMatchObject({ running: true, rounds: 50 });
    state = stopAutoBet(state, 'player');
    expect(state).toMatchObject({ running: false, stopReason: 'player' });
    // A stopped run keeps its first reason.
    expect(stopAutoBet(state, 'hidden').stopReason).toBe('player');
  });

  it('stops once the net reaches the profit target, not before', () => {
    const rules = settings({ stopProfit: toNano('1.9') });
    const afterOne = play(startAutoBet(toNano('1'), context()), rules, [true]);
    expect(afterOne.running).toBe(true);
    const end = play(afterOne, rules, [true, true]);
    expect(end).toMatchObject({ running: false, stopReason: 'profit', rounds: 2 });
    expect(end.net).toBe(toNano('1.96'));
  });

  it('stops before a stake whose loss would take the net past the loss limit', () => {
    const rules = settings({ stopLoss: toNano('2') });
    const end = play(startAutoBet(toNano('1'), context()), rules, [false, true, false, false, false]);
    // −1 (next 1: at most −2, goes on), −0.02, −1.02 (next 1 could reach −2.02): stops after the third round.
    expect(end).toMatchObject({ running: false, stopReason: 'loss', rounds: 3 });
    expect(end.net).toBe(-toNano('1.02'));
  });

  it('lets the loss reach the limit exactly, never pass it', () => {
    const rules = settings({ stopLoss: toNano('2') });
    const end = play(startAutoBet(toNano('1'), context()), rules, [false, false, false]);
    expect(end).toMatchObject({ running: false, stopReason: 'loss', rounds: 2 });
    expect(end.net).toBe(-toNano('2'));
  });

  it('with doubling after a loss, stops before the doubled stake that would pass the limit', () => {
    // The reported run: stop at a loss of 1.5, 0.85 doubled on a loss used to stop at −2.55.
    const rules = settings({ stopLoss: toNano('1.5'), onLoss: { mode: 'change', basisPoints: 10_000 } });
    const end = play(startAutoBet(toNano('0.85'), context()), rules, [false, false, false]);
    expect(end).toMatchObject({ running: false, stopReason: 'loss', rounds: 1, stake: toNano('1.7') });
    expect(end.net).toBe(-toNano('0.85'));
  });

  it('never loses more than the limit, whatever the rounds bring', () => {
    // A fixed pseudo-random sequence (the same every run): many runs of wins and losses.
    let seed = 12_345;
    const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let run = 0; run < 200; run++) {
      const stopLoss = toNano('1.5') + BigInt(run) * toNano('0.01');
      const rules = settings({ stopLoss, onLoss: { mode: 'change', basisPoints: 5_000 + run * 50 } });
      let state = startAutoBet(toNano('0.05'), context());
      let lowest = 0n;
      for (let i = 0; i < 100 && state.running; i++) {
        // The stake about to be placed never could take the loss past the limit.
        expect(-state.net + state.stake).toBeLessThanOrEqual(stopLoss);
        state = recordRound(state, rules, round(state.stake, next() < 0.4), context());
        if (state.net < lowest) lowest = state.net;
      }
      expect(-lowest).toBeLessThanOrEqual(stopLoss);
      if (!state.running) expect(state.stopReason).toBe('loss');
    }
  });

  it('does not start when the first stake alone is more than the loss limit, and the form says so', () => {
    expect(startAutoBet(toNano('2'), context(), toNano('1.5'))).toMatchObject({ running: false, stopReason: 'loss', rounds: 0 });
    expect(startAutoBet(toNano('1.5'), context(), toNano('1.5')).running).toBe(true);
    const form = { ...DEFAULT_AUTO_FORM, stopLoss: '1.5' };
    expect(checkAutoForm(form, toNano('2'))).toEqual({ ok: false, field: 'stopLoss', problem: 'lossBelowStake' });
    expect(checkAutoForm(form, toNano('1.5')).ok).toBe(true);
    // Without a stake limit the first stake is not checked; without a loss limit any stake starts.
    expect(checkAutoForm(form).ok).toBe(true);
    expect(checkAutoForm(DEFAULT_AUTO_FORM, toNano('40')).ok).toBe(true);
  });

  it('stops on one win whose profit is above the amount; a smaller win goes on', () => {
    const rules = settings({ stopWinAbove: toNano('1'), onWin: { mode: 'change', basisPoints: 10_000 } });
    // Stake 1 wins 0.98 (not above 1); doubled to 2, wins 1.96 (above 1).
    const end = play(startAutoBet(toNano('1'), context()), rules, [true, true, true]);
    expect(end).toMatchObject({ running: false, stopReason: 'bigWin', rounds: 2 });
  });

  it('stops when the balance no longer covers the next stake, and does not start without it', () => {
    const rules = settings();
    const end = play(startAutoBet(toNano('1'), context('2.5')), rules, [false, false, false], '2.5');
    expect(end).toMatchObject({ running: false, stopReason: 'balance', rounds: 2 });
    expect(startAutoBet(toNano('3'), context('2.5'))).toMatchObject({ running: false, stopReason: 'balance', rounds: 0 });
    expect(startAutoBet(toNano('0.001'), context())).toMatchObject({ running: false, stopReason: 'invalid' });
    // The bonus balance counts for a bonus bet.
    expect(startAutoBet(toNano('0.5'), context('0', { currency: 'bonus' })).running).toBe(true);
    expect(startAutoBet(toNano('0.5'), context('100', { currency: 'bonus', balance: { ton: '100', bonusTon: '0.4' } })).stopReason).toBe(
      'balance',
    );
  });

  it('a round that ends after Stop is still counted, and the run stays stopped', () => {
    const running = startAutoBet(toNano('1'), context());
    const stopped = stopAutoBet(running, 'hidden');
    const end = recordRound(stopped, settings(), round(toNano('1'), true), context());
    expect(end).toMatchObject({ running: false, stopReason: 'hidden', rounds: 1 });
    expect(end.net).toBe(toNano('0.98'));
  });

  it('lists the last rounds, newest first, and counts every one', () => {
    const end = play(startAutoBet(toNano('0.1'), context()), settings({ rounds: 20 }), Array<boolean>(20).fill(true));
    expect(end.rounds).toBe(20);
    expect(end.recent).toHaveLength(AUTO_LIST_LENGTH);
    expect(end.recent[0]?.id).toBe(`r${serial}`);
  });
});

describe('auto-bet stake changes', () => {
  it('goes back to the first stake on reset', () => {
    const rules = settings({ onLoss: { mode: 'change', basisPoints: 10_000 }, onWin: { mode: 'reset' } });
    let state = play(startAutoBet(toNano('0.5'), context()), rules, [false, false]);
    expect(state.stake).toBe(toNano('2'));
    state = play(state, rules, [true]);
    expect(state.stake).toBe(toNano('0.5'));
  });

  it('changes the last stake by the percentage, up or down, after a win or a loss', () => {
    const up = play(startAutoBet(toNano('1'), context()), settings({ onWin: { mode: 'change', basisPoints: 5_000 } }), [true]);
    expect(up.stake).toBe(toNano('1.5'));
    const down = play(startAutoBet(toNano('1'), context()), settings({ onLoss: { mode: 'change', basisPoints: -2_550 } }), [false]);
    expect(down.stake).toBe(toNano('0.745'));
  });

  it('rounds a changed stake to whole nanotons and within the game limits', () => {
    expect(changedStake(1n, 5_000)).toBe(1n);
    expect(changedStake(3n, 5_000)).toBe(4n);
    expect(changedStake(toNano('0.333333333'), 1_000)).toBe(toNano('0.366666666'));
    // Never below the minimum bet.
    const low = play(startAutoBet(toNano('0.01'), context()), settings({ onLoss: { mode: 'change', basisPoints: -9_900 } }), [false]);
    expect(low.stake).toBe(toNano('0.01'));
    // Never above the max bet (50) nor what the max payout allows (500 / 1.98).
    expect(withinLimits(toNano('80'), context('1000'))).toBe(toNano('50'));
    expect(withinLimits(toNano('80'), context('1000', { limits: { ...limits, maxPayout: '60' } }))).toBe(30_303_030_303n);
    // The bonus cap for bonus bets.
    expect(withinLimits(toNano('5'), context('100', { currency: 'bonus' }))).toBe(toNano('1'));
  });

  it('never raises the stake past the balance: it bets what is left, then stops when that is below the minimum', () => {
    const rules = settings({ onLoss: { mode: 'change', basisPoints: 10_000 } });
    // Balance 7: lose 1 (6 left, next 2), lose 2 (4 left, next 4), lose 4 (0 left): stops.
    let state = play(startAutoBet(toNano('1'), context('7')), rules, [false, false], '7');
    expect(state.stake).toBe(toNano('4'));
    state = play(startAutoBet(toNano('1.5'), context('5')), rules, [false], '5');
    // 3.5 left, doubled would be 3: fits. Another loss: 0.5 left, doubled 6 → capped to 0.5.
    expect(state.stake).toBe(toNano('3'));
    state = recordRound(state, rules, round(toNano('3'), false), context('0.5'));
    expect(state).toMatchObject({ running: true });
    expect(state.stake).toBe(toNano('0.5'));
    state = recordRound(state, rules, round(toNano('0.5'), false), context('0'));
    expect(state).toMatchObject({ running: false, stopReason: 'balance' });
  });
});

describe('auto-bet settings as typed', () => {
  it('reads the default form, rounds empty meaning until stopped', () => {
    expect(checkAutoForm(DEFAULT_AUTO_FORM)).toEqual({ ok: true, settings: settings({ rounds: 10 }) });
    const endless = checkAutoForm({ ...DEFAULT_AUTO_FORM, rounds: ' ' });
    expect(endless.ok && endless.settings.rounds).toBeNull();
  });

  it('reads amounts in TON and percentages with a comma, a sign or a % sign', () => {
    const checked = checkAutoForm({
      ...DEFAULT_AUTO_FORM,
      stopProfit: '1,5',
      stopLoss: '2',
      stopWinAbove: '0.25',
      onWin: 'change',
      onWinPercent: '-25,5 %',
      onLoss: 'change',
      onLossPercent: '+100',
    });
    expect(checked).toEqual({
      ok: true,
      settings: settings({
        rounds: 10,
        stopProfit: toNano('1.5'),
        stopLoss: toNano('2'),
        stopWinAbove: toNano('0.25'),
        onWin: { mode: 'change', basisPoints: -2_550 },
        onLoss: { mode: 'change', basisPoints: 10_000 },
      }),
    });
  });

  it('names the field that is wrong', () => {
    expect(checkAutoForm({ ...DEFAULT_AUTO_FORM, rounds: '0' })).toMatchObject({ ok: false, field: 'rounds' });
    expect(checkAutoForm({ ...DEFAULT_AUTO_FORM, rounds: '1001' })).toMatchObject({ ok: false, field: 'rounds' });
    expect(checkAutoForm({ ...DEFAULT_AUTO_FORM, rounds: '2.5' })).toMatchObject({ ok: false, field: 'rounds' });
    expect(checkAutoForm({ ...DEFAULT_AUTO_FORM, stopLoss: 'ten' })).toMatchObject({ ok: false, field: 'stopLoss' });
    expect(checkAutoForm({ ...DEFAULT_AUTO_FORM, stopProfit: '0' })).toMatchObject({ ok: false, field: 'stopProfit' });
    expect(checkAutoForm({ ...DEFAULT_AUTO_FORM, onLoss: 'change', onLossPercent: '0' })).toMatchObject({
      ok: false,
      field: 'onLossPercent',
    });
    // A percentage is checked only when the stake is to change.
    expect(checkAutoForm({ ...DEFAULT_AUTO_FORM, onWin: 'reset', onWinPercent: 'x' }).ok).toBe(true);
    expect(checkAutoForm({ ...DEFAULT_AUTO_FORM, onWin: 'change', onWinPercent: 'x' })).toMatchObject({ ok: false, field: 'onWinPercent' });
  });

  it('keeps percentages within −99 % and +1000 %', () => {
    expect(parsePercent('1000')).toBe(100_000);
    expect(parsePercent('1000.01')).toBeNull();
    expect(parsePercent('-99')).toBe(-9_900);
    expect(parsePercent('-100')).toBeNull();
    expect(parsePercent('12.345')).toBeNull();
  });

  it('is remembered with the game settings, keeping only well-formed fields and a known speed', () => {
    const saved = parseSettings(
      JSON.stringify({ pace: 'instant', auto: { rounds: '25', onWin: 'change', onWinPercent: '50', onLoss: 'double', stopLoss: 7 } }),
    );
    expect(saved).toEqual({ pace: 'instant', auto: { rounds: '25', onWin: 'change', onWinPercent: '50' } });
    expect(parseSettings(JSON.stringify({ pace: 'turbo' }))).toEqual({});
    expect(parseAutoForm('nonsense')).toEqual({});
  });
});
