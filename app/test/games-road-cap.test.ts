import { describe, expect, it } from 'vitest';
import { toNano } from '@arcade/api-client/money';
import { parseSettings, settingsKey } from '../src/features/games/game-settings';
import { capLane, typedNano } from '../src/features/games/road-plan';

const ladder = ['1.5', '3', '12', '60', '480', '5000'];

describe('road: where the maximum payout ends the round', () => {
  it('marks the first lane whose payout reaches the cap for the stake', () => {
    // 10 TON: 480x pays 4800 TON, past the 500 TON cap; 60x pays 600, also past; 12x pays 120.
    expect(capLane(ladder, toNano('10'), '500')).toBe(3);
    // 1 TON: 480x pays 480 TON, under the cap; 5000x reaches it on the last lane.
    expect(capLane(ladder, toNano('1'), '500')).toBe(5);
    expect(capLane(ladder, toNano('0.1'), '500')).toBe(5);
    expect(capLane(ladder, toNano('0.09'), '500')).toBeNull();
  });

  it('reads nothing from a stake that is not an amount', () => {
    expect(capLane(ladder, typedNano(''), '500')).toBeNull();
    expect(capLane(ladder, typedNano('abc'), '500')).toBeNull();
    expect(typedNano('2,5')).toBe(toNano('2.5'));
  });
});

describe('kept game settings', () => {
  it('are kept per player and game', () => {
    expect(settingsKey('road', '42')).not.toBe(settingsKey('road', '43'));
    expect(settingsKey('road', '42')).not.toBe(settingsKey('roll', '42'));
  });

  it('keep only well-formed fields', () => {
    expect(parseSettings('{"stake":"0.25","currency":"ton","difficulty":"hard"}')).toEqual({
      stake: '0.25',
      currency: 'ton',
      difficulty: 'hard',
    });
    expect(parseSettings('{"stake":"-1","currency":"usd","difficulty":"insane","target":5550,"direction":"over","side":"edge"}')).toEqual({
      target: 5550,
      direction: 'over',
    });
    expect(parseSettings('not json')).toBeNull();
    expect(parseSettings(null)).toBeNull();
  });
});
