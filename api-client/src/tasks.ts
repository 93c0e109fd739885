import { type } from 'arktype';
import { IdempotencyKey } from './keys';
import { lazy } from './lazy';
import { Balance, TonAmount } from './schemas';

export const TaskKind = lazy(() => type("'Subscribe' | 'DailyReward' | 'BetSummary' | 'GameActivity'"));
export type TaskKind = typeof TaskKind.infer;

/**
 * A task as the player sees it. `state`: 'todo' (not done yet), 'ready' (done, reward waiting),
 * 'claimed'. Progress is shown for volume and activity tasks.
 */
export const Task = lazy(() =>
  type({
    id: 'string',
    kind: TaskKind,
    reward: TonAmount,
    state: "'todo' | 'ready' | 'claimed'",
    'progress?': { current: 'string', target: 'string' },
    /** Subscribe: the channel to open. */
    'url?': 'string',
    /** GameActivity: the game to play, if one. */
    'game?': "'flip' | 'roll' | 'road'",
  }),
);
export type Task = typeof Task.infer;

export const DailyState = lazy(() =>
  type({
    /** The day of the 7-day ladder a claim now would be (or today's, once claimed). */
    currentDay: '1 <= number.integer <= 7',
    claimedToday: 'boolean',
    /** Unix seconds when the next claim opens (the next UTC day). */
    nextClaimAt: 'number.integer > 0',
    rewards: type({ day: 'number.integer', reward: TonAmount, isClaimed: 'boolean' }).array(),
  }),
);
export type DailyState = typeof DailyState.infer;

export const BonusState = lazy(() =>
  type({
    balance: Balance,
    /** Bonus given so far, of the lifetime cap. */
    granted: TonAmount,
    cap: TonAmount,
    /** Still to wager before the bonus balance turns into TON. */
    wageringLeft: TonAmount,
    daily: DailyState,
    tasks: Task.array(),
  }),
);
export type BonusState = typeof BonusState.infer;

export const TaskRequest = lazy(() => type({ taskId: '0 < string <= 64' }));
export const TaskClaimRequest = lazy(() => type({ taskId: '0 < string <= 64', idempotencyKey: IdempotencyKey }));
export const TaskResult = lazy(() => type({ task: Task, balance: Balance }));
export const DailyClaimRequest = lazy(() => type({ idempotencyKey: IdempotencyKey }));
export const DailyClaimResult = lazy(() => type({ daily: DailyState, credited: TonAmount, balance: Balance }));

export const NotificationsRequest = lazy(() => type({ enabled: 'boolean' }));
export const NotificationsState = lazy(() => type({ enabled: 'boolean' }));
