import type { GameName } from '@arcade/api-client/games';
import { toNano } from '@arcade/api-client/money';

/** The task catalogue: data, not code. Rewards go to the bonus balance (within the lifetime cap, productConfig.bonus). */
export type TaskDefinition =
  | { id: string; kind: 'DailyReward' }
  | { id: string; kind: 'Subscribe'; reward: bigint; channel: 'task-channel' }
  | { id: string; kind: 'BetSummary'; reward: bigint; volume: bigint }
  | { id: string; kind: 'GameActivity'; reward: bigint; rounds: number; game?: GameName };

export const taskCatalogue: TaskDefinition[] = [
  { id: 'daily-reward', kind: 'DailyReward' },
  { id: 'subscribe-news', kind: 'Subscribe', reward: toNano('0.5'), channel: 'task-channel' },
  { id: 'play-flip-10', kind: 'GameActivity', reward: toNano('0.1'), rounds: 10, game: 'flip' },
  { id: 'play-roll-10', kind: 'GameActivity', reward: toNano('0.1'), rounds: 10, game: 'roll' },
  { id: 'play-road-5', kind: 'GameActivity', reward: toNano('0.2'), rounds: 5, game: 'road' },
  { id: 'play-any-50', kind: 'GameActivity', reward: toNano('0.5'), rounds: 50 },
  { id: 'wager-10', kind: 'BetSummary', reward: toNano('0.3'), volume: toNano('10') },
  { id: 'wager-100', kind: 'BetSummary', reward: toNano('2'), volume: toNano('100') },
];
