import { describe, expect, it } from 'vitest';
import {
  chanceBounds,
  clampTarget,
  hundredthsText,
  mirrorTarget,
  parseHundredths,
  rollQuote,
  targetBounds,
} from '../src/features/games/roll-quote';

const bounds = chanceBounds({ minChance: '1', maxChance: '95' });

describe('roll chance and multiplier', () => {
  it('shows what a target pays, as the server computes it', () => {
    expect(rollQuote(5000, 'under')).toMatchObject({ chanceText: '50', multiplierText: '1.98', targetText: '50.00' });
    expect(rollQuote(4950, 'under')).toMatchObject({ chanceText: '49.5', multiplierText: '2' });
    expect(rollQuote(3050, 'over')).toMatchObject({ chance: 6950, chanceText: '69.5', multiplierText: '1.4244' });
    expect(rollQuote(9500, 'under')).toMatchObject({ chanceText: '95', multiplierText: '1.0421' });
    expect(rollQuote(100, 'under')).toMatchObject({ chanceText: '1', multiplierText: '99', scaledMultiplier: 990_000 });
    expect(rollQuote(9999, 'over')).toMatchObject({ chanceText: '0.01', multiplierText: '9900' });
  });

  it('keeps the win chance within the config range for either direction', () => {
    expect(bounds).toEqual({ min: 100, max: 9500 });
    expect(targetBounds('under', bounds)).toEqual({ min: 100, max: 9500 });
    expect(targetBounds('over', bounds)).toEqual({ min: 500, max: 9900 });
    expect(clampTarget(50, 'under', bounds)).toBe(100);
    expect(clampTarget(9800, 'under', bounds)).toBe(9500);
    expect(clampTarget(200, 'over', bounds)).toBe(500);
    expect(clampTarget(9950, 'over', bounds)).toBe(9900);
    expect(clampTarget(4937, 'over', bounds)).toBe(4937);
  });

  it('mirrors the target on a direction switch, so the chance stays', () => {
    const under = rollQuote(3000, 'under');
    const over = rollQuote(mirrorTarget(3000), 'over');
    expect(over.chance).toBe(under.chance);
    expect(over.scaledMultiplier).toBe(under.scaledMultiplier);
  });

  it('reads typed targets with at most two decimals', () => {
    expect(parseHundredths('49.5')).toBe(4950);
    expect(parseHundredths('49,57')).toBe(4957);
    expect(parseHundredths('7')).toBe(700);
    expect(parseHundredths('100')).toBe(10_000);
    expect(parseHundredths('100.01')).toBeNull();
    expect(parseHundredths('4.567')).toBeNull();
    expect(parseHundredths('x')).toBeNull();
    expect(hundredthsText(4950)).toBe('49.5');
    expect(hundredthsText(5000)).toBe('50');
    expect(hundredthsText(1)).toBe('0.01');
  });
});
