import type { DailyState, Task, TaskKind } from '@arcade/api-client/bonus';
import type { GameName } from '@arcade/api-client/games';
import { ratio } from '../../lib/amounts';

/**
 * What a task card offers, in order:
 * - 'subscribe': open the channel in the messenger;
 * - 'check': ask the server whether the player joined ('Task not completed' if not);
 * - 'claim': take the reward;
 * - 'claim-locked': the claim button, disabled, saying 'Conditions not met';
 * - 'play': a link to the game that makes progress;
 * - 'daily-claim' / 'daily-wait': the daily reward's claim, or its disabled 'Available in {time}'.
 */
export type TaskAction = 'subscribe' | 'check' | 'claim' | 'claim-locked' | 'play' | 'daily-claim' | 'daily-wait';

export type TaskTitle =
  | { key: 'Subscribe' | 'DailyReward' | 'GameActivityAny'; target?: string }
  | { key: 'BetSummary'; target: string }
  | { key: 'GameActivityGame'; target: string; game: GameName };

export interface TaskView {
  id: string;
  kind: TaskKind;
  /** As the card shows it: a Subscribe task confirmed by "Check" is ready even if the list says to-do. */
  state: Task['state'];
  reward: string;
  title: TaskTitle;
  /** Volume and activity tasks: how far along, 0..1 for the bar. */
  progress: { current: string; target: string; ratio: number } | null;
  actions: TaskAction[];
  /** Where 'play' leads. */
  playPath: string | null;
  /** The channel 'subscribe' opens. */
  url: string | null;
}

export interface TaskViewContext {
  /** The Subscribe tasks "Check" confirmed this session. */
  verified: ReadonlySet<string>;
  daily: DailyState;
}

function titleOf(task: Task): TaskTitle {
  const target = task.progress?.target ?? '';
  switch (task.kind) {
    case 'BetSummary':
      return { key: 'BetSummary', target };
    case 'GameActivity':
      return task.game ? { key: 'GameActivityGame', target, game: task.game } : { key: 'GameActivityAny', target };
    default:
      return { key: task.kind };
  }
}

function stateOf(task: Task, context: TaskViewContext): Task['state'] {
  if (task.kind === 'DailyReward') return context.daily.claimedToday ? 'claimed' : 'ready';
  if (task.kind === 'Subscribe' && task.state === 'todo' && context.verified.has(task.id)) return 'ready';
  return task.state;
}

function actionsOf(task: Task, state: Task['state']): TaskAction[] {
  if (task.kind === 'DailyReward') return [state === 'claimed' ? 'daily-wait' : 'daily-claim'];
  if (state === 'claimed') return [];
  if (state === 'ready') return ['claim'];
  if (task.kind === 'Subscribe') return task.url ? ['subscribe', 'check'] : ['check'];
  return ['claim-locked', 'play'];
}

/** The card of one task: its state, title, progress and the actions it offers. */
export function taskView(task: Task, context: TaskViewContext): TaskView {
  const state = stateOf(task, context);
  const actions = actionsOf(task, state);
  const game = task.kind === 'GameActivity' ? task.game : undefined;
  return {
    id: task.id,
    kind: task.kind,
    state,
    reward: task.reward,
    title: titleOf(task),
    progress: task.progress ? { ...task.progress, ratio: ratio(task.progress.current, task.progress.target) } : null,
    actions,
    playPath: actions.includes('play') ? `/${game ?? 'flip'}` : null,
    url: task.url ?? null,
  };
}
