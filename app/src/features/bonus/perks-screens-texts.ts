import type { i18n as I18n } from 'i18next';
import { addTexts, i18n } from '../../i18n/i18n';
import { perksScreensEn } from '../../i18n/resources/perks-screens-en';
import { perksScreensRu } from '../../i18n/resources/perks-screens-ru';
import { PERKS_NS } from './bonus-texts';

/**
 * Gives an i18next instance the referral, achievements and profile screens' texts (under
 * `perks`, both languages): they come with those screens' code, not with the first screen's.
 */
export function registerPerksScreensTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { [PERKS_NS]: perksScreensEn }, ru: { [PERKS_NS]: perksScreensRu } });
}

// Every module of those screens that shows their texts imports this one: the texts are there
// before anything renders.
registerPerksScreensTexts();
