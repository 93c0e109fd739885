import { fairFloats, hashServerSeed, ROAD_FLOATS, roadTraps } from '@arcade/api-client/fair';
import type { Round } from '@arcade/api-client/games';
import { describe, expect, it } from 'vitest';
import { cursorAt } from '../src/features/fairness/fairness-state';
import { outcomeFromSeeds, roundSeeds, verifyRound } from '../src/features/fairness/verify';

// PRODUCT.md's known answer: server seed "def", client seed "abc", nonce 0 -> first float 0.83205..., roll 83.21.
const SEEDS = { serverSeed: 'def', clientSeed: 'abc', nonce: 0 };

function round(overrides: Partial<Round>): Round {
  return {
    id: '7',
    game: 'roll',
    currency: 'ton',
    stake: '1',
    payout: '0',
    multiplier: '0',
    status: 'lost',
    createdAt: '2026-01-01T00:00:00.000Z',
    fairness: { serverSeedHash: hashServerSeed(SEEDS.serverSeed), serverSeed: SEEDS.serverSeed, clientSeed: SEEDS.clientSeed, nonce: 0 },
    ...overrides,
  };
}

const roll = round({
  roll: { target: '50', direction: 'over', chance: '50', roll: '83.21' },
  status: 'won',
  payout: '1.98',
  multiplier: '1.98',
});

describe('verifying a round in the browser', () => {
  it('recomputes the known answer', () => {
    expect(fairFloats(SEEDS, 1)[0]).toBeCloseTo(0.8320531346835196, 15);
    expect(outcomeFromSeeds(roll, SEEDS)).toEqual({ game: 'roll', roll: '83.21' });
  });

  it('a roll recomputed from its revealed seed matches', () => {
    const seeds = roundSeeds(roll);
    expect(seeds).toEqual(SEEDS);
    expect(verifyRound(roll, SEEDS)).toMatchObject({ hashMatches: true, outcomeMatches: true, matches: true });
  });

  it('a wrong seed does not match: neither the hash nor the outcome', () => {
    const check = verifyRound(roll, { ...SEEDS, serverSeed: 'deg' });
    expect(check.hashMatches).toBe(false);
    expect(check.matches).toBe(false);
    expect(verifyRound(roll, { ...SEEDS, nonce: 1 })).toMatchObject({ hashMatches: true, outcomeMatches: false, matches: false });
  });

  it('a round whose reported result does not follow from its roll is a mismatch', () => {
    const lying = { ...roll, status: 'lost' as const };
    expect(verifyRound(lying, SEEDS).matches).toBe(false);
  });

  it('a flip: 0.83 is tails, so a call of heads lost', () => {
    const flip = round({ game: 'flip', flip: { choice: 'heads', side: 'tails' }, status: 'lost' });
    expect(verifyRound(flip, SEEDS)).toMatchObject({ computed: { game: 'flip', side: 'tails' }, matches: true });
    expect(verifyRound({ ...flip, flip: { choice: 'heads', side: 'heads' }, status: 'won' }, SEEDS).matches).toBe(false);
  });

  it('a road: the trap lanes and where the round stopped follow from the seeds', () => {
    const traps = roadTraps(fairFloats(SEEDS, ROAD_FLOATS), 'medium')
      .map((slot) => slot + 1)
      .sort((a, b) => a - b);
    const first = traps[0]!;
    const lost = round({
      game: 'road',
      road: { difficulty: 'medium', lanes: 22, passed: first - 1, hitLane: first, traps },
    });
    expect(verifyRound(lost, SEEDS)).toMatchObject({ computed: { game: 'road', traps }, matches: true });
    const tampered = { ...lost, road: { ...lost.road!, traps: traps.map((lane) => (lane % 25) + 1) } };
    expect(verifyRound(tampered, SEEDS).matches).toBe(false);
    // Cashed out past a trap lane: impossible with these seeds.
    const cashed = round({ game: 'road', status: 'cashed', road: { difficulty: 'medium', lanes: 22, passed: first, traps } });
    expect(verifyRound(cashed, SEEDS).outcomeMatches).toBe(false);
  });

  it('a round whose server seed is still in use cannot be checked yet; an open road has no outcome to compare', () => {
    const hidden = round({ fairness: { ...roll.fairness, serverSeed: null } });
    expect(roundSeeds(hidden)).toBeNull();
    const open = round({ game: 'road', status: 'open', road: { difficulty: 'easy', lanes: 24, passed: 0, traps: null } });
    expect(verifyRound(open, SEEDS)).toMatchObject({ outcomeMatches: null, matches: false });
  });

  it('finds a round by id with a cursor just above it', () => {
    expect(cursorAt('41')).toBe('42');
    expect(cursorAt('9007199254740993')).toBe('9007199254740994');
  });
});
