import type { i18n as I18n } from 'i18next';
import { PERKS_NS } from '../src/features/bonus/bonus-texts';
import { registerPerksScreensTexts } from '../src/features/bonus/perks-screens-texts';
import { createI18n as createAppI18n, type AppLanguage } from '../src/i18n/i18n';
import { bonusEn } from '../src/i18n/resources/bonus-en';
import { bonusRu } from '../src/i18n/resources/bonus-ru';
import { en } from '../src/i18n/resources/en';
import { ru } from '../src/i18n/resources/ru';

/** An i18next instance speaking both languages from the start (the app's loads English on switching). */
export function createI18n(lng: AppLanguage = 'ru'): I18n {
  return createAppI18n(lng, { ru, en });
}

/**
 * The bonus side's texts in both languages, at once (the app's registerBonusTexts fetches English),
 * with the referral, achievements and profile screens' (which come with those screens).
 */
export function addBonusTexts(instance: I18n): I18n {
  instance.addResourceBundle('ru', 'translation', { [PERKS_NS]: bonusRu }, true, false);
  instance.addResourceBundle('en', 'translation', { [PERKS_NS]: bonusEn }, true, false);
  registerPerksScreensTexts(instance);
  return instance;
}
