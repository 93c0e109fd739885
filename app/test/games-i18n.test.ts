import { describe, expect, it } from 'vitest';
import { registerFairnessTexts } from '../src/features/fairness/fairness-texts';
import { gamesT, registerGamesTexts } from '../src/features/games/games-texts';
import { createI18n, expectSameTexts } from './i18n-helper';
import { gamesEn } from '../src/i18n/resources/games-en';
import { gamesRu } from '../src/i18n/resources/games-ru';

describe('game texts', () => {
  it('have the same keys, no empty texts and the same placeholders in ru and en', () => {
    expectSameTexts(gamesEn, gamesRu);
  });

  it('arrive with the game and fairness screens, in both languages', async () => {
    const i18n = createI18n('ru');
    expect(i18n.exists('play.play')).toBe(false);
    registerGamesTexts(i18n);
    registerFairnessTexts(i18n);
    expect(gamesT(i18n.t)('play.play')).toBe('Играть');
    expect(gamesT(i18n.t)('play.fairness.verify.allMatch')).toBe('Раунд совпадает со своими сидами');
    await i18n.changeLanguage('en');
    expect(gamesT(i18n.t)('play.roll.chance')).toBe('Win chance');
    // The switcher's texts come with the game screens too.
    expect(gamesT(i18n.t)('play.switcher')).toBe('Choose a game');
    expect(gamesT(i18n.t)('play.screens.flip.title')).toBe('Flip');
  });
});
