import type { i18n as I18n } from 'i18next';
import { addTexts, i18n } from './i18n';
import { playerScreensEn } from './resources/player-screens-en';
import { playerScreensRu } from './resources/player-screens-ru';
import { PLAYER_NS } from './bonus-texts';

/**
 * Gives an i18next instance the referral, achievements and profile screens' texts (under
 * `player`, both languages): they come with those screens' code, not with the first screen's.
 */
export function registerPlayerScreensTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { [PLAYER_NS]: playerScreensEn }, ru: { [PLAYER_NS]: playerScreensRu } });
}

// Every module of those screens that shows their texts imports this one: the texts are there
// before anything renders.
registerPlayerScreensTexts();
