import { DIFFICULTY_TRAPS, type RoadDifficulty } from '@arcade/game-engine/games/road/plan';
import type { CoinSide, GameName, RollDirection } from '@arcade/game-engine/react';

/**
 * Deep links: `?game=roll&outcome=42.17`, `?game=flip&outcome=heads`,
 * `?game=road&difficulty=hard&steps=3&trap=4`, `&speed=2`, `&seed=7`.
 */
export interface DeepLink {
  game: GameName;
  speed: number;
  seed: number | undefined;
  flip: { outcome: CoinSide | null; pick: CoinSide };
  roll: { outcome: number | null; target: number; direction: RollDirection };
  road: { difficulty: RoadDifficulty; steps: number | null; traps: number[] };
}

const games: readonly GameName[] = ['flip', 'roll', 'road'];

function number(value: string | null, min: number, max: number): number | null {
  if (value === null || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed >= min && parsed <= max ? parsed : null;
}

export function readDeepLink(search: string): DeepLink {
  const params = new URLSearchParams(search);
  const game = games.find((name) => name === params.get('game')) ?? 'flip';
  const side = (value: string | null): CoinSide | null => (value === 'heads' || value === 'tails' ? value : null);
  const difficulty = (Object.keys(DIFFICULTY_TRAPS) as RoadDifficulty[]).find((name) => name === params.get('difficulty')) ?? 'medium';
  const lanes = 25 - DIFFICULTY_TRAPS[difficulty];
  const traps = (params.get('trap') ?? '')
    .split(',')
    .map((part) => number(part, 1, lanes))
    .filter((lane): lane is number => lane !== null && Number.isInteger(lane))
    .map((lane) => lane - 1);
  const outcome = params.get('outcome');
  const roll = number(outcome, 0, 100);
  return {
    game,
    speed: number(params.get('speed'), 0.05, 20) ?? 1,
    seed: number(params.get('seed'), 0, 2 ** 32) ?? undefined,
    flip: { outcome: game === 'flip' ? side(outcome) : null, pick: side(params.get('pick')) ?? 'heads' },
    roll: {
      outcome: game === 'roll' && roll !== null ? Math.round(roll * 100) / 100 : null,
      target: number(params.get('target'), 1, 99) ?? 50,
      direction: params.get('dir') === 'over' ? 'over' : 'under',
    },
    road: { difficulty, steps: number(params.get('steps'), 0, lanes), traps },
  };
}

/** Keeps the address bar on the game being looked at (so reloading stays there). */
export function writeGame(game: GameName, speed: number): void {
  const url = new URL(window.location.href);
  url.search = '';
  url.searchParams.set('game', game);
  if (speed !== 1) url.searchParams.set('speed', String(speed));
  window.history.replaceState(null, '', url);
}
