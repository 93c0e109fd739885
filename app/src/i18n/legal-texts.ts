import type { i18n as I18n } from 'i18next';
import { addTexts, i18n } from './i18n';
import { legalEn } from './resources/legal-en';
import { legalRu } from './resources/legal-ru';

/** The key the terms of use and the privacy policy live under: `legal.terms.title`. */
export const LEGAL_NS = 'legal';

/**
 * Gives an i18next instance the terms and privacy texts (both languages): they come with the
 * legal screen's own code, which only the player who opens them downloads.
 */
export function registerLegalTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { [LEGAL_NS]: legalEn }, ru: { [LEGAL_NS]: legalRu } });
}

registerLegalTexts();

export type LegalDocTexts = (typeof legalEn)['terms'];
export type LegalChromeTexts = (typeof legalEn)['chrome'];
