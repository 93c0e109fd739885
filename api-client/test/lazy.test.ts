import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { BonusState } from '../src/bonus';
import { calls } from '../src/calls';
import { isBuilt, lazy } from '../src/lazy';
import { FullProfile, LightProfile, TonAmount } from '../src/schemas';

describe('lazy schemas', () => {
  it('importing the call table builds no schema', () => {
    // Nothing else in this file has touched these yet (vitest runs each file in its own context).
    const untouched = Object.values(calls).flatMap((spec) => [spec.request, spec.reply]);
    expect(untouched.filter((schema) => isBuilt(schema))).toEqual([]);
  });

  it('a call builds its own schemas and what they are made of, not the others', () => {
    const reply = calls.profileLight.reply({
      balance: { ton: '1', bonusTon: '0' },
      name: 'A',
      avatarUrl: '',
      onboardingCompleted: true,
      onboardingWalletCompleted: false,
      lang: 'en',
    });
    expect(reply instanceof type.errors).toBe(false);
    expect(isBuilt(LightProfile)).toBe(true);
    expect(isBuilt(TonAmount)).toBe(true);
    expect(isBuilt(BonusState)).toBe(false);
    expect(isBuilt(calls.marketList.request)).toBe(false);
  });

  it('validates, reports and composes like the Type it stands for', () => {
    const bad = FullProfile({ balance: { ton: 'x', bonusTon: '0' } });
    expect(bad).toBeInstanceOf(type.errors);
    expect((bad as InstanceType<typeof type.errors>).summary).toContain('balance.ton');
    const Eager = type({ amount: TonAmount.describe('money') });
    expect(Eager({ amount: '12.5' })).toEqual({ amount: '12.5' });
    expect(Eager({ amount: '-1' })).toBeInstanceOf(type.errors);
    expect(TonAmount.array().allows(['1', '2.5'])).toBe(true);
    expect(typeof calls.walletWithdraw.request.expression).toBe('string');
  });

  it('builds once', () => {
    let builds = 0;
    const Counted = lazy(() => {
      builds += 1;
      return type({ n: 'number' });
    });
    expect(builds).toBe(0);
    expect(Counted({ n: 1 })).toEqual({ n: 1 });
    expect(Counted.allows({ n: 'x' })).toBe(false);
    expect(builds).toBe(1);
    expect(isBuilt(Counted)).toBe(true);
  });
});

describe('prepareCalls', () => {
  it('builds the named calls now', async () => {
    const { prepareCalls } = await import('../src/client');
    expect(isBuilt(calls.bonusState.reply)).toBe(false);
    prepareCalls(['bonusState']);
    expect(isBuilt(calls.bonusState.reply)).toBe(true);
    expect(isBuilt(calls.bonusState.request)).toBe(true);
    expect(isBuilt(calls.gamesFlip.reply)).toBe(false);
  });
});
