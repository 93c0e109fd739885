import type { DailyState, Task } from '@arcade/api-client/bonus';
import { ApiError } from '@arcade/api-client/errors';
import { describe, expect, it } from 'vitest';
import { ratio } from '../src/lib/amounts';
import { bonusRefusalKeys, readBonusProblem } from '../src/lib/bonus-refusals';
import { withDaily, withTask } from '../src/features/bonus/bonus-state';
import { taskView, type TaskViewContext } from '../src/features/bonus/task-view';
import { changeAppLanguage, i18n } from '../src/i18n/i18n';
import { createActionKeys } from '../src/lib/idempotency';

function daily(overrides: Partial<DailyState> = {}): DailyState {
  return {
    currentDay: 3,
    claimedToday: false,
    nextClaimAt: 1_700_000_000,
    rewards: ['0.1', '0.2', '0.3', '0.5', '0.7', '1', '2'].map((reward, index) => ({ day: index + 1, reward, isClaimed: index < 2 })),
    ...overrides,
  };
}

const context = (overrides: Partial<TaskViewContext> = {}): TaskViewContext => ({ verified: new Set(), daily: daily(), ...overrides });

const subscribe = (state: Task['state'] = 'todo'): Task => ({
  id: 'subscribe-news',
  kind: 'Subscribe',
  reward: '0.5',
  state,
  url: 'https://t.me/ton_arcade_news',
});
const wager = (current: string, state: Task['state'] = 'todo'): Task => ({
  id: 'wager-10',
  kind: 'BetSummary',
  reward: '0.3',
  state,
  progress: { current, target: '10' },
});
const playFlip = (current: string, state: Task['state'] = 'todo'): Task => ({
  id: 'play-flip-10',
  kind: 'GameActivity',
  reward: '0.1',
  state,
  game: 'flip',
  progress: { current, target: '10' },
});
const playAny: Task = { id: 'play-any-50', kind: 'GameActivity', reward: '0.5', state: 'todo', progress: { current: '0', target: '50' } };
const dailyTask: Task = { id: 'daily-reward', kind: 'DailyReward', reward: '0.3', state: 'ready' };

describe('task cards', () => {
  it('a Subscribe task opens the channel and checks, then claims once confirmed, then is done', () => {
    const todo = taskView(subscribe(), context());
    expect(todo.state).toBe('todo');
    expect(todo.actions).toEqual(['subscribe', 'check']);
    expect(todo.url).toBe('https://t.me/ton_arcade_news');
    expect(taskView(subscribe('ready'), context()).actions).toEqual(['claim']);
    expect(taskView(subscribe('claimed'), context()).actions).toEqual([]);
  });

  it('a Subscribe task confirmed by Check stays claimable when the list (which does not ask Telegram) says to-do', () => {
    const view = taskView(subscribe('todo'), context({ verified: new Set(['subscribe-news']) }));
    expect(view.state).toBe('ready');
    expect(view.actions).toEqual(['claim']);
    // A claimed task is claimed whatever this session saw.
    expect(taskView(subscribe('claimed'), context({ verified: new Set(['subscribe-news']) })).state).toBe('claimed');
  });

  it("a volume task below its target shows progress, a disabled 'Conditions not met' claim and a way to play", () => {
    const view = taskView(wager('3.5'), context());
    expect(view.actions).toEqual(['claim-locked', 'play']);
    expect(view.progress).toEqual({ current: '3.5', target: '10', ratio: 0.35 });
    expect(view.playPath).toBe('/flip');
    expect(view.title).toEqual({ key: 'BetSummary', target: '10' });
  });

  it('a task that reached its target can be claimed, and then offers nothing', () => {
    const ready = taskView(wager('10', 'ready'), context());
    expect(ready.actions).toEqual(['claim']);
    expect(ready.progress?.ratio).toBe(1);
    expect(ready.playPath).toBeNull();
    expect(taskView(wager('10', 'claimed'), context()).actions).toEqual([]);
  });

  it('an activity task leads to its own game, or to flip when any game counts', () => {
    const flip = taskView(playFlip('4'), context());
    expect(flip.title).toEqual({ key: 'GameActivityGame', target: '10', game: 'flip' });
    expect(flip.playPath).toBe('/flip');
    const road = taskView({ ...playFlip('0'), id: 'play-road-5', game: 'road' }, context());
    expect(road.playPath).toBe('/road');
    const any = taskView(playAny, context());
    expect(any.title).toEqual({ key: 'GameActivityAny', target: '50' });
    expect(any.playPath).toBe('/flip');
  });

  it('the daily reward task mirrors the card: claim while open, the countdown once taken', () => {
    expect(taskView(dailyTask, context()).actions).toEqual(['daily-claim']);
    const taken = taskView(dailyTask, context({ daily: daily({ claimedToday: true }) }));
    expect(taken.state).toBe('claimed');
    expect(taken.actions).toEqual(['daily-wait']);
  });

  it('progress ratios come from decimal strings without floating point surprises', () => {
    expect(ratio('0.1', '0.3')).toBeCloseTo(0.3333, 4);
    expect(ratio('12', '10')).toBe(1);
    expect(ratio('0', '10')).toBe(0);
    expect(ratio('oops', '10')).toBe(0);
  });
});

describe('claim replies', () => {
  it('replace the claimed task and the daily ladder in the held state', () => {
    const state = {
      balance: { ton: '0', bonusTon: '0' },
      granted: '0',
      cap: '70',
      wageringLeft: '0',
      daily: daily(),
      tasks: [dailyTask, subscribe(), wager('1')],
    };
    const afterTask = withTask(state, subscribe('claimed'));
    expect(afterTask.tasks.map((t) => t.state)).toEqual(['ready', 'claimed', 'todo']);
    const afterDaily = withDaily(state, daily({ claimedToday: true }));
    expect(afterDaily.daily.claimedToday).toBe(true);
    expect(afterDaily.tasks[0]?.state).toBe('claimed');
  });
});

describe('refusals of bonus calls', () => {
  const refused = (code: string, message = 'Refused') => new ApiError('failure', message, 409, '/api/v3/tasks/claim', undefined, code);

  it('say the spec texts in English', async () => {
    await changeAppLanguage(i18n, 'en');
    expect(readBonusProblem(refused('task.not-completed')).text).toMatch(/^Task not completed: you have not joined the channel/);
    expect(readBonusProblem(refused('task.conditions')).text).toMatch(/^Conditions not met: /);
    expect(readBonusProblem(refused('bonus.cap'), { cap: '70' }).text).toBe('You have received all the bonus there is: 70 TON');
    expect(readBonusProblem(refused('referral.min'), { min: '0.1' }).text).toBe('Earnings can be claimed from 0.1 TON');
  });

  it('cover every refusal code of the contract, and fall back to the server words for a new one', async () => {
    await changeAppLanguage(i18n, 'ru');
    for (const code of Object.keys(bonusRefusalKeys)) {
      const problem = readBonusProblem(refused(code));
      expect(problem.kind).toBe('refusal');
      expect(problem.text).not.toMatch(/^player\./);
    }
    expect(readBonusProblem(refused('task.new-rule', 'Server words')).text).toBe('Server words');
    expect(readBonusProblem(new ApiError('request', 'Network request failed', null, '/x')).kind).toBe('network');
    await changeAppLanguage(i18n, 'en');
  });
});

describe('claim idempotency keys', () => {
  it('a claim retried after a network failure reuses its key; an answered claim does not', async () => {
    let n = 0;
    const keys = createActionKeys(() => `key-${++n}`);
    const seen: string[] = [];
    const fail = (error: Error) => (key: string) => {
      seen.push(key);
      return Promise.reject(error);
    };
    const succeed = (key: string) => {
      seen.push(key);
      return Promise.resolve('ok');
    };
    await expect(keys.run('daily', fail(new ApiError('request', 'down', null, '/x')))).rejects.toThrow('down');
    await expect(keys.run('daily', succeed)).resolves.toBe('ok');
    await expect(keys.run('daily', fail(new ApiError('failure', 'too early', 409, '/x', undefined, 'daily.too-early')))).rejects.toThrow();
    await expect(keys.run('daily', succeed)).resolves.toBe('ok');
    // Other claims never share a key.
    await keys.run('task:wager-10', succeed);
    expect(seen).toEqual(['key-1', 'key-1', 'key-2', 'key-3', 'key-4']);
  });
});
