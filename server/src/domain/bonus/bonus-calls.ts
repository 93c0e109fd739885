import type { ReplyOf } from '@arcade/api-client/calls';
import { fromNano } from '@arcade/api-client/money';
import type { Db } from '../../db/db';
import { DomainError } from '../errors';
import { balanceOf, withIdempotencyKey, type MoneyKey } from '../ledger';
import { getLightProfile } from '../profile';
import { productConfig } from '../product-config';
import { assertNotBanned } from '../users';
import { claimDaily, dailyState } from './daily';
import { claimReferral, referralInfo } from './referral';
import { checkTask, claimTask, listTasks, type TaskContext } from './tasks';

/**
 * What the bonus screens' calls answer. A claim refuses a blocked player, then checks its
 * idempotency key before its one money transaction; the balance it answers is read after it.
 */

export async function bonusState(db: Db, userId: bigint, context: TaskContext): Promise<ReplyOf<'bonusState'>> {
  const [profile, user, daily, tasks] = await Promise.all([
    getLightProfile(db, userId),
    db.query<{ bonus_granted: bigint; wagering_left: bigint }>('SELECT bonus_granted, wagering_left FROM users WHERE id = $1', [userId]),
    dailyState(db, userId, context.now),
    listTasks(db, userId, context),
  ]);
  return {
    balance: profile.balance,
    granted: fromNano(user.rows[0]?.bonus_granted ?? 0n),
    cap: fromNano(productConfig.bonus.lifetimeCapNano),
    wageringLeft: fromNano(user.rows[0]?.wagering_left ?? 0n),
    daily,
    tasks,
  };
}

export async function claimDailyReward(db: Db, userId: bigint, money: MoneyKey, now: Date): Promise<ReplyOf<'bonusDailyClaim'>> {
  await assertNotBanned(db, userId);
  return withIdempotencyKey(db, money, async (tx) => {
    const { daily, credited } = await claimDaily(tx, userId, now);
    return { daily, credited: fromNano(credited), balance: await balanceOf(tx, userId) };
  });
}

/**
 * Checks a task. "Not done yet" is an answer to a check, not a failure: the task comes back still
 * to do, with no HTTP error status (the browser logs every one of those as a console error).
 */
export async function checkTaskProgress(db: Db, userId: bigint, taskId: string, context: TaskContext): Promise<ReplyOf<'tasksCheck'>> {
  const task = await checkTask(db, userId, taskId, context).catch(async (error: unknown) => {
    if (!(error instanceof DomainError) || error.code !== 'task.not-completed') throw error;
    const listed = (await listTasks(db, userId, context)).find((t) => t.id === taskId);
    if (!listed) throw error;
    return listed;
  });
  return { task, balance: (await getLightProfile(db, userId)).balance };
}

export async function claimTaskReward(
  db: Db,
  userId: bigint,
  taskId: string,
  money: MoneyKey,
  context: TaskContext,
): Promise<ReplyOf<'tasksClaim'>> {
  await assertNotBanned(db, userId);
  const task = await withIdempotencyKey(db, money, (tx) => claimTask(tx, userId, taskId, context));
  return { task, balance: (await getLightProfile(db, userId)).balance };
}

export async function claimReferralEarnings(
  db: Db,
  userId: bigint,
  money: MoneyKey,
  miniAppUrl: string,
  now: Date,
): Promise<ReplyOf<'referralClaim'>> {
  await assertNotBanned(db, userId);
  const claimed = await withIdempotencyKey(db, money, async (tx) => fromNano(await claimReferral(tx, userId, now)));
  return { referral: await referralInfo(db, userId, miniAppUrl, now), claimed, balance: (await getLightProfile(db, userId)).balance };
}
