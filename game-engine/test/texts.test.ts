import { describe, expect, it } from 'vitest';
import { canvasTexts, textGlyphs, type GameTexts } from '../src/games/texts';
import { ARCADE_CHARS } from '../src/games/shared/fonts';
import { RUSSIAN_TEXTS } from '../playground/src/labels';

/** A host as the app is one: its words and its own forms of numbers (here Russian, grouped with a no-break space). */
const russian: GameTexts = {
  ...RUSSIAN_TEXTS,
  multiplier: (value) => `${new Intl.NumberFormat('ru', { maximumFractionDigits: 4 }).format(value)}×`,
  roll: (hundredths) => new Intl.NumberFormat('ru', { minimumFractionDigits: 2 }).format(hundredths / 100),
  count: (value) => new Intl.NumberFormat('ru').format(value),
};

describe('canvas texts', () => {
  it("prints the host's words upper case and keeps its number forms as they are", () => {
    const texts = canvasTexts({ ...russian, crashed: '  Авария ' });
    expect(texts.heads).toBe('ОРЁЛ');
    expect(texts.over).toBe('БОЛЬШЕ');
    expect(texts.crashed).toBe('АВАРИЯ');
    expect(texts.multiplier(1.1136)).toBe('1,1136×');
    expect(texts.roll(5303)).toBe('53,03');
  });

  it("brings every character of the host's words and numbers to the font, once each", () => {
    const glyphs = textGlyphs(canvasTexts(russian));
    const extra = [...glyphs].filter((char) => !ARCADE_CHARS.includes(char));
    expect(extra).toContain('Ё');
    expect(extra).toContain('Ш');
    // The Russian group separator of a big multiplier ("6 789,0123×").
    expect(extra).toContain('\u00a0');
    expect(new Set(glyphs).size).toBe(glyphs.length);
  });
});
