import type { FastifyInstance } from 'fastify';
import { achievementsOf } from '../domain/bonus/achievements';
import { bonusState, checkTaskProgress, claimDailyReward, claimReferralEarnings, claimTaskReward } from '../domain/bonus/bonus-calls';
import { referralInfo } from '../domain/bonus/referral';
import type { TaskContext } from '../domain/bonus/tasks';
import { changeNotifications } from '../domain/profile';
import { shareWin } from '../domain/share/share-win';
import { playerCall } from './call';
import type { RouteDeps } from './deps';
import { perPlayerRateLimit } from './rate-limits';

export function registerBonusRoutes(app: FastifyInstance, { db, sessions, now, bot, config }: RouteDeps): void {
  const context = (): TaskContext => ({ bot, channel: config.taskChannel, now: now() });

  playerCall(app, sessions, 'bonusState', ({ userId }) => bonusState(db, userId, context()));
  playerCall(app, sessions, 'bonusDailyClaim', ({ userId, money }) => claimDailyReward(db, userId, money, now()));
  playerCall(app, sessions, 'tasksCheck', ({ userId, body }) => checkTaskProgress(db, userId, body.taskId, context()));
  playerCall(app, sessions, 'tasksClaim', ({ userId, body, money }) => claimTaskReward(db, userId, body.taskId, money, context()));
  playerCall(app, sessions, 'referralInfo', ({ userId }) => referralInfo(db, userId, config.miniAppUrl, now()));
  playerCall(app, sessions, 'referralClaim', ({ userId, money }) => claimReferralEarnings(db, userId, money, config.miniAppUrl, now()));
  playerCall(app, sessions, 'achievements', ({ userId }) => achievementsOf(db, userId));
  playerCall(
    app,
    sessions,
    'shareWin',
    ({ userId, body, request }) => shareWin({ db, bot, miniAppUrl: config.miniAppUrl, log: request.log }, userId, BigInt(body.roundId)),
    { config: { rateLimit: perPlayerRateLimit(sessions, config.shareRateLimit, 'shares') } },
  );
  playerCall(app, sessions, 'profileNotifications', ({ userId, body }) => changeNotifications(db, userId, body.enabled));
}
