import { MULTIPLIER_SCALE, payoutOf } from '@arcade/api-client/fair';
import type { Currency } from '@arcade/api-client/games';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { Balance } from '@arcade/api-client/schemas';
import { readTonInput } from '../../lib/number-input';

/** Why a typed stake cannot be bet. */
export type StakeProblem = 'empty' | 'invalid' | 'decimals' | 'zero' | 'min' | 'max' | 'bonusMax' | 'payout' | 'balance' | 'bonusBalance';

export type CheckedStake = { ok: true; nano: bigint } | { ok: false; problem: StakeProblem };

/** The limits of the games config (decimal TON strings). */
export interface StakeLimits {
  minBet: string;
  maxBet: string;
  maxBonusBet: string;
  maxPayout: string;
}

export interface StakeContext {
  currency: Currency;
  limits: StakeLimits;
  /** The player's balances, when known. */
  balance: Balance | null;
  /** The multiplier a win pays, in ten-thousandths (roll: the max payout depends on it). */
  scaledMultiplier?: number;
}

/** Reads a typed stake into nanotons: either decimal mark, group separators allowed, no sign, no exponent. */
export function parseStake(input: string): CheckedStake {
  return readTonInput(input);
}

/** The largest stake the config allows from this balance (bonus bets have their own cap). */
export function currencyMax(context: Pick<StakeContext, 'currency' | 'limits'>): bigint {
  const max = toNano(context.limits.maxBet);
  if (context.currency !== 'bonus') return max;
  const bonusMax = toNano(context.limits.maxBonusBet);
  return bonusMax < max ? bonusMax : max;
}

/** The largest stake whose win stays within the max payout (payouts are floored to a nanoton). */
export function payoutCap(maxPayout: string, scaledMultiplier: number | undefined): bigint | null {
  if (!scaledMultiplier || scaledMultiplier <= 0) return null;
  return (toNano(maxPayout) * BigInt(MULTIPLIER_SCALE)) / BigInt(scaledMultiplier);
}

export function balanceOf(balance: Balance | null, currency: Currency): bigint | null {
  if (!balance) return null;
  return toNano(currency === 'bonus' ? balance.bonusTon : balance.ton);
}

/** The obvious refusals, found before asking the server; the server still decides. */
export function checkStake(input: string, context: StakeContext): CheckedStake {
  const parsed = parseStake(input);
  if (!parsed.ok) return parsed;
  const stake = parsed.nano;
  if (stake < toNano(context.limits.minBet)) return { ok: false, problem: 'min' };
  if (stake > toNano(context.limits.maxBet)) return { ok: false, problem: 'max' };
  if (context.currency === 'bonus' && stake > toNano(context.limits.maxBonusBet)) return { ok: false, problem: 'bonusMax' };
  if (context.scaledMultiplier && payoutOf(stake, context.scaledMultiplier) > toNano(context.limits.maxPayout)) {
    return { ok: false, problem: 'payout' };
  }
  const available = balanceOf(context.balance, context.currency);
  if (available !== null && stake > available) {
    return { ok: false, problem: context.currency === 'bonus' ? 'bonusBalance' : 'balance' };
  }
  return parsed;
}

/** The 'Max' stake: the config's cap, the payout cap and, when it covers a minimum bet, the balance. */
export function maxStake(context: StakeContext): bigint {
  let max = currencyMax(context);
  const cap = payoutCap(context.limits.maxPayout, context.scaledMultiplier);
  if (cap !== null && cap < max) max = cap;
  const available = balanceOf(context.balance, context.currency);
  if (available !== null && available >= toNano(context.limits.minBet) && available < max) max = available;
  return max;
}

export interface QuickStakes {
  half: string;
  double: string;
  min: string;
  max: string;
}

/** ½, ×2, Min and Max from the stake typed now (or the minimum when it is not a number), kept within the limits. */
export function quickStakes(input: string, context: StakeContext): QuickStakes {
  const min = toNano(context.limits.minBet);
  const max = maxStake(context);
  const parsed = parseStake(input);
  const current = parsed.ok ? parsed.nano : min;
  const within = (value: bigint) => (value < min ? min : value > max ? (max < min ? min : max) : value);
  return {
    half: fromNano(within(current / 2n)),
    double: fromNano(within(current * 2n)),
    min: fromNano(min),
    max: fromNano(max < min ? min : max),
  };
}

/** The stake a screen starts with: 0.1 TON when the limits allow it, else the minimum. */
export function defaultStake(limits: StakeLimits): string {
  const preferred = toNano('0.1');
  if (preferred >= toNano(limits.minBet) && preferred <= toNano(limits.maxBet)) return '0.1';
  return limits.minBet;
}
