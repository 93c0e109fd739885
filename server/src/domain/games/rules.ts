import {
  FLIP_MULTIPLIER,
  flipSide,
  formatHundredths,
  MULTIPLIER_SCALE,
  payoutOf,
  roadMultiplier,
  ROLL_MAX_CHANCE,
  ROLL_MIN_CHANCE,
  rollChance,
  rollHundredths,
  rollMultiplier,
  rollWins,
  type CoinSide,
  type RollDirection,
} from '@arcade/api-client/fair';
import type { Currency } from '@arcade/api-client/games';
import { fromNano, toNano } from '@arcade/api-client/money';
import { DomainError } from '../errors';
import { productConfig } from '../product-config';
import type { RoadParams, RoundRow } from './rounds';

/**
 * The rules of the games, the same for real bets (bets.ts) and demo play (demo.ts): the stake
 * limits, what the seeds' floats decide for a flip or a roll, and what a road round is worth.
 */

const { games } = productConfig;

export const betMessages = {
  min: `The smallest stake is ${fromNano(games.minBetNano)} TON`,
  max: `The largest stake is ${fromNano(games.maxBetNano)} TON`,
  bonusMax: `The largest stake from the bonus balance is ${fromNano(games.maxBonusBetNano)} TON`,
  payoutMax: `A bet can win at most ${fromNano(games.maxPayoutNano)} TON: lower the stake or raise the chance`,
  balance: 'Your balance is not enough for this stake',
  chance: `The win chance must be from ${formatHundredths(ROLL_MIN_CHANCE)}% to ${formatHundredths(ROLL_MAX_CHANCE)}%`,
  roadOpen: 'You already have a road round open: finish it first',
  roadNotOpen: 'This road round is over',
  roadLane: 'Cross the road one lane at a time',
  nothingToCash: 'Cross at least one lane before cashing out',
  busy: 'The game is busy: try again in a moment',
};

/** The stake rules every bet follows (demo bets too, as TON): the minimum, the maximum, bonus's own maximum. */
export function checkStake(stakeText: string, currency: Currency): bigint {
  const stake = toNano(stakeText);
  if (stake < games.minBetNano) throw new DomainError('invalid', betMessages.min, 'game.stake.min');
  if (stake > games.maxBetNano) throw new DomainError('invalid', betMessages.max, 'game.stake.max');
  if (currency === 'bonus' && stake > games.maxBonusBetNano) throw new DomainError('invalid', betMessages.bonusMax, 'game.stake.bonus-max');
  return stake;
}

/** What an instant round's floats decide: its params and outcome as stored, and the multiplier won (0 for a loss). */
export type Decide = (floats: number[]) => { params: object; outcome: object; multiplier: number };

/** A flip on `choice`: the coin the floats toss, FLIP_MULTIPLIER when it lands on the choice. */
export function decideFlip(choice: CoinSide): Decide {
  return (floats) => {
    const side = flipSide(floats);
    return { params: { choice }, outcome: { side }, multiplier: side === choice ? FLIP_MULTIPLIER : 0 };
  };
}

/** Parses "49.5" into hundredths (4950). */
function hundredths(text: string): number {
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * A roll on `target` ("49.5") and `direction`: the multiplier its chance pays and how the floats
 * decide it. A chance outside the limits is refused.
 */
export function rollBet(target: string, direction: RollDirection): { multiplier: number; decide: Decide } {
  const line = hundredths(target);
  const chance = rollChance(line, direction);
  if (chance < ROLL_MIN_CHANCE || chance > ROLL_MAX_CHANCE) throw new DomainError('invalid', betMessages.chance, 'game.roll.chance');
  const multiplier = rollMultiplier(chance);
  return {
    multiplier,
    decide: (floats) => {
      const roll = rollHundredths(floats);
      return { params: { target: line, direction }, outcome: { roll }, multiplier: rollWins(roll, line, direction) ? multiplier : 0 };
    },
  };
}

/**
 * Cash-out value of a road round after `passed` lanes. At the maximum payout the round ends, and
 * the multiplier is the one actually paid (the payout over the stake), not the ladder's.
 */
export function roadValue(
  row: Pick<RoundRow, 'params' | 'stake'>,
  passed: number,
): { multiplier: number; payout: bigint; capped: boolean } {
  const { difficulty } = row.params as RoadParams;
  const multiplier = roadMultiplier(difficulty, passed);
  const stake = BigInt(row.stake);
  const payout = payoutOf(stake, multiplier);
  if (payout < games.maxPayoutNano) return { multiplier, payout, capped: false };
  return { multiplier: Number((games.maxPayoutNano * BigInt(MULTIPLIER_SCALE)) / stake), payout: games.maxPayoutNano, capped: true };
}
