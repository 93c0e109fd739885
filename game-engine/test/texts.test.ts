import { describe, expect, it } from 'vitest';
import { canvasTexts, ENGLISH_TEXTS, RUSSIAN_TEXTS, textGlyphs } from '../src/games/texts';
import { ARCADE_CHARS } from '../src/games/shared/fonts';

describe('canvas texts', () => {
  it('prints English by default, upper case', () => {
    const texts = canvasTexts(undefined);
    expect(texts.heads).toBe('HEADS');
    expect(texts.win).toBe('YOU WIN');
    expect(texts.cashedOut).toBe('CASHED OUT');
    expect(texts.lane).toBe('LANE');
  });

  it('prints the host language and fills blanks in English', () => {
    const texts = canvasTexts({ ...RUSSIAN_TEXTS, crashed: '  ' });
    expect(texts.heads).toBe('ОРЁЛ');
    expect(texts.over).toBe('БОЛЬШЕ');
    expect(texts.lane).toBe('ПОЛОСА');
    expect(texts.crashed).toBe('CRASHED');
  });

  it('English needs no glyph beyond the font the scenes always had; Russian brings its letters', () => {
    const english = textGlyphs(canvasTexts(ENGLISH_TEXTS));
    for (const char of english) expect(ARCADE_CHARS).toContain(char);
    const russian = [...textGlyphs(canvasTexts(RUSSIAN_TEXTS))].filter((char) => !ARCADE_CHARS.includes(char));
    expect(russian).toContain('Ё');
    expect(russian).toContain('Ш');
    expect(new Set(russian).size).toBe(russian.length);
  });
});
