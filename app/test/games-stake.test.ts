import { describe, expect, it } from 'vitest';
import { checkStake, defaultStake, maxStake, parseStake, quickStakes, type StakeContext } from '../src/features/games/stake';

const limits = { minBet: '0.01', maxBet: '50', maxBonusBet: '1', maxPayout: '500' };
const context = (overrides: Partial<StakeContext> = {}): StakeContext => ({
  currency: 'ton',
  limits,
  balance: { ton: '12.5', bonusTon: '3' },
  ...overrides,
});

describe('stake entry', () => {
  it('reads decimals exactly, with a comma or spaces, into nanotons', () => {
    expect(parseStake('0.5')).toEqual({ ok: true, nano: 500_000_000n });
    expect(parseStake(' 1,25 ')).toEqual({ ok: true, nano: 1_250_000_000n });
    expect(parseStake('.1')).toEqual({ ok: true, nano: 100_000_000n });
    expect(parseStake('0.000000001')).toEqual({ ok: true, nano: 1n });
  });

  it('refuses what is not a stake', () => {
    expect(parseStake('')).toEqual({ ok: false, problem: 'empty' });
    expect(parseStake('abc')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStake('-1')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStake('1e3')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStake('.')).toEqual({ ok: false, problem: 'invalid' });
    expect(parseStake('0.0000000001')).toEqual({ ok: false, problem: 'decimals' });
    expect(parseStake('0')).toEqual({ ok: false, problem: 'zero' });
  });

  it('checks the config limits, the bonus cap and the balance of the chosen currency', () => {
    expect(checkStake('0.001', context())).toEqual({ ok: false, problem: 'min' });
    expect(checkStake('50.000000001', context({ balance: null }))).toEqual({ ok: false, problem: 'max' });
    expect(checkStake('50', context({ balance: null }))).toEqual({ ok: true, nano: 50_000_000_000n });
    expect(checkStake('1.5', context({ currency: 'bonus' }))).toEqual({ ok: false, problem: 'bonusMax' });
    expect(checkStake('13', context())).toEqual({ ok: false, problem: 'balance' });
    expect(checkStake('0.5', context({ currency: 'bonus', balance: { ton: '12.5', bonusTon: '0.2' } }))).toEqual({
      ok: false,
      problem: 'bonusBalance',
    });
    expect(checkStake('12.5', context())).toEqual({ ok: true, nano: 12_500_000_000n });
  });

  it('refuses a stake whose win would pass the max payout (roll at 1%: 99x)', () => {
    const roll = context({ balance: null, scaledMultiplier: 990_000 });
    expect(checkStake('5.05', roll)).toEqual({ ok: true, nano: 5_050_000_000n });
    expect(checkStake('5.06', roll)).toEqual({ ok: false, problem: 'payout' });
  });

  it('offers half, double, min and max within the limits', () => {
    expect(quickStakes('1', context())).toEqual({ half: '0.5', double: '2', min: '0.01', max: '12.5' });
    // Max is the balance when it covers a bet, the config cap otherwise.
    expect(quickStakes('1', context({ balance: { ton: '0', bonusTon: '0' } })).max).toBe('50');
    expect(quickStakes('0.01', context()).half).toBe('0.01');
    expect(quickStakes('10', context()).double).toBe('12.5');
    expect(quickStakes('oops', context()).double).toBe('0.02');
    expect(quickStakes('0.5', context({ currency: 'bonus' })).max).toBe('1');
    expect(maxStake(context({ balance: null, scaledMultiplier: 990_000 }))).toBe(5_050_505_050n);
  });

  it('starts at 0.1 TON when the limits allow it', () => {
    expect(defaultStake(limits)).toBe('0.1');
    expect(defaultStake({ ...limits, minBet: '0.5' })).toBe('0.5');
  });
});
