import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addLanguageTexts, i18n } from '../../i18n/i18n';
import type { BonusResources } from '../../i18n/resources/bonus-en';
import { bonusRu } from '../../i18n/resources/bonus-ru';
import type { PerksScreensResources } from '../../i18n/resources/perks-screens-en';

/** The namespace the bonus side's texts live under: `perks.daily.availableIn`. */
export const PERKS_NS = 'perks';

const loadEnglish = () => import('../../i18n/resources/bonus-en').then((module) => ({ [PERKS_NS]: module.bonusEn }));

/**
 * Gives an i18next instance the bonus side's texts: the Russian ones come with this code (the
 * bonus screen is the first screen), the English ones when English is switched to (or at once
 * if the instance already speaks it; the promise says when they are there).
 */
export function registerBonusTexts(instance: I18n = i18n): Promise<void> {
  instance.addResourceBundle('ru', 'translation', { [PERKS_NS]: bonusRu }, true, false);
  return addLanguageTexts(instance, 'en', loadEnglish);
}

// Every bonus-side module imports this one: the texts are there before anything renders.
void registerBonusTexts();

type Leaves<T, P extends string> = {
  [K in Extract<keyof T, string>]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[Extract<keyof T, string>];

/** Every text key of the bonus side (the referral, achievements and profile screens' too), checked by the compiler. */
export type PerksKey = Leaves<BonusResources & PerksScreensResources, 'perks.'>;
export type PerksValues = Record<string, string | number>;
export type PerksT = (key: PerksKey, values?: PerksValues) => string;

// i18next's own key types cover the entry chunk's texts; these arrive later (addTexts), so
// their keys are typed here instead.
type LooseT = (key: string, values?: PerksValues) => string;

/** Translates a bonus-side key outside React (toasts), in the current language. */
export const perksText: PerksT = (key, values) => (i18n.t as unknown as LooseT)(key, values);

/** `pt` for the bonus side's texts, plus react-i18next's `t` and `i18n` for the rest. */
export function usePerks() {
  const { t, i18n: instance } = useTranslation();
  const pt = useCallback<PerksT>((key, values) => (t as unknown as LooseT)(key, values), [t]);
  return { pt, t, i18n: instance, lang: instance.language };
}
