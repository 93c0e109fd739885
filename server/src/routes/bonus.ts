import type { FastifyInstance } from 'fastify';
import { fromNano } from '@arcade/api-client/money';
import { achievementsOf } from '../domain/bonus/achievements';
import { claimDaily, dailyState } from '../domain/bonus/daily';
import { claimReferral, referralInfo } from '../domain/bonus/referral';
import { checkTask, claimTask, listTasks, type TaskContext } from '../domain/bonus/tasks';
import { DomainError } from '../domain/errors';
import { once } from '../domain/ledger';
import { getLightProfile } from '../domain/profile';
import { productConfig } from '../domain/product-config';
import { assertNotBanned } from '../domain/wallet/withdrawals';
import { playerCall } from './call';
import type { RouteDeps } from './deps';

export function registerBonusRoutes(app: FastifyInstance, { db, sessions, now, bot, config }: RouteDeps): void {
  const context = (): TaskContext => ({ bot, channel: config.taskChannel, now: now() });

  playerCall(app, sessions, 'bonusState', async ({ userId }) => {
    const [profile, user, daily, tasks] = await Promise.all([
      getLightProfile(db, userId),
      db.query<{ bonus_granted: bigint; wagering_left: bigint }>('SELECT bonus_granted, wagering_left FROM users WHERE id = $1', [userId]),
      dailyState(db, userId, now()),
      listTasks(db, userId, context()),
    ]);
    return {
      balance: profile.balance,
      granted: fromNano(user.rows[0]?.bonus_granted ?? 0n),
      cap: fromNano(productConfig.bonus.lifetimeCapNano),
      wageringLeft: fromNano(user.rows[0]?.wagering_left ?? 0n),
      daily,
      tasks,
    };
  });

  playerCall(app, sessions, 'bonusDailyClaim', async ({ userId, money }) => {
    await assertNotBanned(db, userId);
    return once(db, money, async (tx) => {
      const { daily, credited } = await claimDaily(tx, userId, now());
      const balance = await tx.query<{ kind: string; balance: bigint }>("SELECT kind, balance FROM accounts WHERE user_id = $1 AND kind IN ('ton', 'bonus')", [userId]);
      const of = (kind: string) => fromNano(balance.rows.find((r) => r.kind === kind)?.balance ?? 0n);
      return { daily, credited: fromNano(credited), balance: { ton: of('ton'), bonusTon: of('bonus') } };
    });
  });

  playerCall(app, sessions, 'tasksCheck', async ({ userId, body }) => {
    const task = await checkTask(db, userId, body.taskId, context()).catch(async (error: unknown) => {
      // "Not done yet" is an answer to a check, not a failure: the task comes back still to do,
      // with no HTTP error status (the browser logs every one of those as a console error).
      if (!(error instanceof DomainError) || error.code !== 'task.not-completed') throw error;
      const listed = (await listTasks(db, userId, context())).find((t) => t.id === body.taskId);
      if (!listed) throw error;
      return listed;
    });
    return { task, balance: (await getLightProfile(db, userId)).balance };
  });

  playerCall(app, sessions, 'tasksClaim', async ({ userId, body, money }) => {
    await assertNotBanned(db, userId);
    const task = await once(db, money, (tx) =>
      claimTask(tx, userId, body.taskId, context()),
    );
    return { task, balance: (await getLightProfile(db, userId)).balance };
  });

  playerCall(app, sessions, 'referralInfo', ({ userId }) => referralInfo(db, userId, config.miniAppUrl, now()));

  playerCall(app, sessions, 'referralClaim', async ({ userId, money }) => {
    await assertNotBanned(db, userId);
    const claimed = await once(db, money, async (tx) =>
      fromNano(await claimReferral(tx, userId)),
    );
    return { referral: await referralInfo(db, userId, config.miniAppUrl, now()), claimed, balance: (await getLightProfile(db, userId)).balance };
  });

  playerCall(app, sessions, 'achievements', ({ userId }) => achievementsOf(db, userId));

  playerCall(app, sessions, 'profileNotifications', async ({ userId, body }) => {
    // On: the host has just granted write access. Off: the player's choice, kept across logins.
    await db.query(
      body.enabled
        ? 'UPDATE users SET allows_write_to_pm = true, notifications_muted = false WHERE id = $1'
        : 'UPDATE users SET notifications_muted = true WHERE id = $1',
      [userId],
    );
    return { enabled: body.enabled };
  });
}
