import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts, i18n } from '../../i18n/i18n';
import { bonusEn, type BonusResources } from '../../i18n/resources/bonus-en';
import { bonusRu } from '../../i18n/resources/bonus-ru';

/** The namespace the bonus side's texts live under: `perks.daily.availableIn`. */
export const PERKS_NS = 'perks';

/** Gives an i18next instance the bonus side's texts (they are not in the entry chunk). */
export function registerBonusTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { [PERKS_NS]: bonusEn }, ru: { [PERKS_NS]: bonusRu } });
}

// Every bonus-side module imports this one: the texts are there before anything renders.
registerBonusTexts();

type Leaves<T, P extends string> = {
  [K in Extract<keyof T, string>]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[Extract<keyof T, string>];

/** Every text key of the bonus side, checked by the compiler. */
export type PerksKey = Leaves<BonusResources, 'perks.'>;
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
