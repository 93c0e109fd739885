import type { DailyState } from '@arcade/api-client/bonus';
import { fromNano } from '@arcade/api-client/money';
import type { Queryable } from '../../db/db';
import { DomainError } from '../errors';
import { assertMayReceivePromotion } from '../play/play';
import { productConfig } from '../product-config';
import { grantBonusOrRefuse } from './bonus';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/** Waiting time as the card says it: "5 h 3 min", "42 min", "under a minute". */
export function waitText(ms: number): string {
  const minutes = Math.ceil(ms / 60_000);
  if (minutes <= 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** The 7-day ladder by UTC day: a missed day starts it again at day 1. */
export async function dailyState(db: Queryable, userId: bigint, now: Date): Promise<DailyState> {
  const { rows } = await db.query<{ day: string; streak_day: number }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, streak_day FROM daily_claims WHERE user_id = $1 ORDER BY day DESC LIMIT 1`,
    [userId],
  );
  const last = rows[0];
  const today = utcDay(now);
  const yesterday = utcDay(new Date(now.getTime() - DAY_MS));
  const claimedToday = last?.day === today;
  const currentDay = claimedToday ? last.streak_day : last?.day === yesterday ? (last.streak_day % 7) + 1 : 1;
  const nextMidnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
  return {
    currentDay,
    claimedToday,
    nextClaimAt: Math.floor((claimedToday ? nextMidnight : now.getTime()) / 1000),
    rewards: productConfig.dailyReward.ladderNano.map((nano, index) => ({
      day: index + 1,
      reward: fromNano(nano),
      isClaimed: index + 1 < currentDay || (index + 1 === currentDay && claimedToday),
    })),
  };
}

/**
 * Claims today's reward into the bonus balance; refused until the next UTC day, saying how long,
 * and during a pause (responsible play: the check takes the player's row lock first).
 */
export async function claimDaily(tx: Queryable, userId: bigint, now: Date): Promise<{ daily: DailyState; credited: bigint }> {
  await assertMayReceivePromotion(tx, userId, now);
  const state = await dailyState(tx, userId, now);
  if (state.claimedToday) {
    const wait = waitText(state.nextClaimAt * 1000 - now.getTime());
    throw new DomainError('conflict', `Available in ${wait}`, 'daily.too-early');
  }
  const reward = productConfig.dailyReward.ladderNano[state.currentDay - 1]!;
  await tx.query('INSERT INTO daily_claims (user_id, day, streak_day, reward, claimed_at) VALUES ($1, $2, $3, $4, $5)', [
    userId,
    utcDay(now),
    state.currentDay,
    reward,
    now,
  ]);
  const credited = await grantBonusOrRefuse(tx, userId, reward, 'reward', `daily:${userId}:${utcDay(now)}`, now);
  return { daily: await dailyState(tx, userId, now), credited };
}
