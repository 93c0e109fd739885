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

  it('count crossed lanes with each language’s plural forms', async () => {
    const i18n = createI18n('ru');
    registerGamesTexts(i18n);
    const gt = gamesT(i18n.t);
    expect(gt('play.road.crossed', { count: 1 })).toBe('Выигрыш забран после 1 полосы.');
    expect(gt('play.road.crossed', { count: 3 })).toBe('Выигрыш забран после 3 полос.');
    expect(gt('play.road.crossed', { count: 5 })).toBe('Выигрыш забран после 5 полос.');
    expect(gt('play.road.crossed', { count: 21 })).toBe('Выигрыш забран после 21 полосы.');
    await i18n.changeLanguage('en');
    expect(gt('play.road.crossed', { count: 1 })).toBe('Cashed out after 1 lane.');
    expect(gt('play.road.crossed', { count: 4 })).toBe('Cashed out after 4 lanes.');
  });

  it('call a loss one thing on the stage and on the card', () => {
    expect(gamesRu.canvas.lose).toBe(gamesRu.result.lost);
    expect(gamesEn.canvas.lose).toBe(gamesEn.result.lost);
  });
});
