import type { GamesConfig, Round } from '@arcade/api-client/games';
import { multiplierText, roadLadder, roadLanes, ROAD_TRAPS, type RoadDifficulty } from '@arcade/api-client/fair';
import { describe, expect, it } from 'vitest';
import { multiplierUnits } from '../src/features/games/games-format';
import { ladderWindow, roadQuote, trapSlots } from '../src/features/games/road-plan';

const road = (difficulty: RoadDifficulty) => ({
  lanes: roadLanes(difficulty),
  traps: ROAD_TRAPS[difficulty],
  ladder: roadLadder(difficulty).map(multiplierText),
});
const config: GamesConfig = {
  minBet: '0.01',
  maxBet: '50',
  maxBonusBet: '1',
  maxPayout: '500',
  flip: { multiplier: '1.98' },
  roll: { minChance: '1', maxChance: '95' },
  road: { easy: road('easy'), medium: road('medium'), hard: road('hard'), hardcore: road('hardcore') },
};

function openRound(difficulty: RoadDifficulty, passed: number, stake = '1'): Round {
  return {
    id: '5',
    game: 'road',
    currency: 'ton',
    stake,
    payout: '0',
    multiplier: '0',
    status: 'open',
    createdAt: '2026-01-01T00:00:00.000Z',
    fairness: { serverSeedHash: 'a'.repeat(64), serverSeed: null, clientSeed: 'abc', nonce: 0 },
    road: { difficulty, lanes: roadLanes(difficulty), passed, traps: null },
  };
}

describe('road round display', () => {
  it('shows the multiplier reached, the next one and what a cash-out pays', () => {
    expect(roadQuote(config, openRound('medium', 0))).toEqual({ passed: 0, lanes: 22, current: null, next: '1.1136', cashOut: null });
    expect(roadQuote(config, openRound('medium', 2))).toMatchObject({ current: '1.2727', next: '1.4636', cashOut: 1_272_700_000n });
  });

  it('caps the cash-out at the max payout', () => {
    expect(roadQuote(config, openRound('hardcore', 10, '50'))?.cashOut).toBe(500_000_000_000n);
  });

  it('keeps four lanes in sight: where the round stands, the next ones and the top', () => {
    expect(ladderWindow(24, 0)).toEqual([0, 1, 2, 23]);
    expect(ladderWindow(24, 5)).toEqual([4, 5, 6, 23]);
    expect(ladderWindow(24, 22)).toEqual([20, 21, 22, 23]);
    expect(ladderWindow(3, 1)).toEqual([0, 1, 2]);
  });

  it('hands the engine 0-based trap slots and short multipliers', () => {
    expect(
      trapSlots({ ...openRound('easy', 3), status: 'lost', road: { difficulty: 'easy', lanes: 24, passed: 3, hitLane: 4, traps: [4] } }),
    ).toEqual([3]);
    expect(multiplierUnits('1.98')).toBe(19_800);
    expect(multiplierUnits('2254')).toBe(22_540_000);
  });
});
