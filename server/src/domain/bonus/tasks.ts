import type { Task } from '@arcade/api-client/bonus';
import { fromNano } from '@arcade/api-client/money';
import type { Queryable } from '../../db/db';
import type { BotApi } from '../../adapters/telegram/bot-api';
import { DomainError } from '../errors';
import { assertMayReceivePromotion } from '../play/play';
import { grantBonusOrRefuse } from './bonus';
import { taskCatalogue, type TaskDefinition } from './catalogue';
import { dailyState } from './daily';

export const taskMessages = {
  notCompleted: 'Task not completed',
  conditions: 'Conditions not met',
  claimed: 'This reward was already claimed',
  unknown: 'No such task',
};

export interface TaskContext {
  bot: BotApi;
  channel: string;
  now: Date;
}

function channelUrl(channel: string): string {
  return channel.startsWith('@') ? `https://t.me/${channel.slice(1)}` : 'https://t.me/';
}

async function progressOf(db: Queryable, userId: bigint, task: TaskDefinition): Promise<{ current: bigint; target: bigint } | null> {
  if (task.kind === 'BetSummary') {
    const { rows } = await db.query<{ wagered: bigint }>('SELECT wagered FROM player_stats WHERE user_id = $1', [userId]);
    return { current: rows[0]?.wagered ?? 0n, target: task.volume };
  }
  if (task.kind === 'GameActivity') {
    const { rows } = await db.query<{ n: bigint }>(
      `SELECT count(*) AS n FROM game_rounds WHERE user_id = $1 AND status <> 'open' AND ($2::text IS NULL OR game = $2)`,
      [userId, task.game ?? null],
    );
    return { current: rows[0]?.n ?? 0n, target: BigInt(task.rounds) };
  }
  return null;
}

async function describe(
  db: Queryable,
  userId: bigint,
  task: TaskDefinition,
  context: TaskContext,
  claimed: boolean,
  member?: boolean,
): Promise<Task> {
  if (task.kind === 'DailyReward') {
    const daily = await dailyState(db, userId, context.now);
    return {
      id: task.id,
      kind: task.kind,
      reward: daily.rewards[daily.currentDay - 1]!.reward,
      state: daily.claimedToday ? 'claimed' : 'ready',
    };
  }
  const base = { id: task.id, kind: task.kind, reward: fromNano(task.reward) };
  if (task.kind === 'Subscribe') {
    return { ...base, url: channelUrl(context.channel), state: claimed ? 'claimed' : member ? 'ready' : 'todo' };
  }
  const progress = (await progressOf(db, userId, task))!;
  const format = (value: bigint) => (task.kind === 'BetSummary' ? fromNano(value) : value.toString());
  return {
    ...base,
    ...(task.kind === 'GameActivity' && task.game ? { game: task.game } : {}),
    progress: { current: format(progress.current < progress.target ? progress.current : progress.target), target: format(progress.target) },
    state: claimed ? 'claimed' : progress.current >= progress.target ? 'ready' : 'todo',
  };
}

async function claimedIds(db: Queryable, userId: bigint): Promise<Set<string>> {
  const { rows } = await db.query<{ task_id: string }>('SELECT task_id FROM task_claims WHERE user_id = $1', [userId]);
  return new Set(rows.map((r) => r.task_id));
}

function find(taskId: string): TaskDefinition {
  const task = taskCatalogue.find((t) => t.id === taskId);
  if (!task) throw new DomainError('not-found', taskMessages.unknown, 'task.unknown');
  return task;
}

export async function listTasks(db: Queryable, userId: bigint, context: TaskContext): Promise<Task[]> {
  const claimed = await claimedIds(db, userId);
  return Promise.all(taskCatalogue.map((task) => describe(db, userId, task, context, claimed.has(task.id))));
}

/** "Check": asks the Bot API whether the player joined the channel; 'Task not completed' if not. */
export async function checkTask(db: Queryable, userId: bigint, taskId: string, context: TaskContext): Promise<Task> {
  const task = find(taskId);
  const claimed = (await claimedIds(db, userId)).has(task.id);
  if (task.kind !== 'Subscribe' || claimed) return describe(db, userId, task, context, claimed);
  const member = await context.bot.isChatMember(context.channel, userId);
  if (!member) throw new DomainError('conflict', taskMessages.notCompleted, 'task.not-completed');
  return describe(db, userId, task, context, false, true);
}

/**
 * Claims a task's reward once: the server checks the conditions again, whatever the app showed.
 * Refused during a pause (responsible play: the check takes the player's row lock first).
 */
export async function claimTask(tx: Queryable, userId: bigint, taskId: string, context: TaskContext): Promise<Task> {
  const task = find(taskId);
  if (task.kind === 'DailyReward') throw new DomainError('conflict', taskMessages.conditions, 'task.conditions');
  await assertMayReceivePromotion(tx, userId, context.now);
  if ((await claimedIds(tx, userId)).has(task.id)) throw new DomainError('conflict', taskMessages.claimed, 'task.claimed');
  if (task.kind === 'Subscribe') {
    if (!(await context.bot.isChatMember(context.channel, userId)))
      throw new DomainError('conflict', taskMessages.notCompleted, 'task.not-completed');
  } else {
    const progress = (await progressOf(tx, userId, task))!;
    if (progress.current < progress.target) throw new DomainError('conflict', taskMessages.conditions, 'task.conditions');
  }
  await tx.query('INSERT INTO task_claims (user_id, task_id, reward, claimed_at) VALUES ($1, $2, $3, $4)', [
    userId,
    task.id,
    task.reward,
    context.now,
  ]);
  await grantBonusOrRefuse(tx, userId, task.reward, 'reward', `task:${userId}:${task.id}`, context.now);
  return describe(tx, userId, task, context, true);
}
