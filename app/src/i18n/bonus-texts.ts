import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addLanguageTexts, i18n } from './i18n';
import type { BonusResources } from './resources/bonus-en';
import { bonusRu } from './resources/bonus-ru';
import type { PlayerScreensResources } from './resources/player-screens-en';

/** The key the texts of the player's own screens (bonus, referral, achievements, profile) live under: `player.daily.availableIn`. */
export const PLAYER_NS = 'player';

const loadEnglish = () => import('./resources/bonus-en').then((module) => ({ [PLAYER_NS]: module.bonusEn }));

/**
 * Gives an i18next instance the bonus side's texts: the Russian ones come with this code (the
 * bonus screen is the first screen), the English ones when English is switched to (or at once
 * if the instance already speaks it; the promise says when they are there).
 */
export function registerBonusTexts(instance: I18n = i18n): Promise<void> {
  instance.addResourceBundle('ru', 'translation', { [PLAYER_NS]: bonusRu }, true, false);
  return addLanguageTexts(instance, 'en', loadEnglish);
}

// Every bonus-side module imports this one: the texts are there before anything renders.
void registerBonusTexts();

type Leaves<T, P extends string> = {
  [K in Extract<keyof T, string>]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[Extract<keyof T, string>];

/** Every text key of the bonus side (the referral, achievements and profile screens' too), checked by the compiler. */
export type PlayerKey = Leaves<BonusResources & PlayerScreensResources, 'player.'>;
export type PlayerTextValues = Record<string, string | number>;
export type PlayerT = (key: PlayerKey, values?: PlayerTextValues) => string;

// i18next's own key types cover the entry chunk's texts; these arrive later (addTexts), so
// their keys are typed here instead.
type LooseT = (key: string, values?: PlayerTextValues) => string;

/** Translates a bonus-side key outside React (toasts), in the current language. */
export const playerText: PlayerT = (key, values) => (i18n.t as unknown as LooseT)(key, values);

/** `pt` for the bonus side's texts, plus react-i18next's `t` and `i18n` for the rest. */
export function usePlayerTexts() {
  const { t, i18n: instance } = useTranslation();
  const pt = useCallback<PlayerT>((key, values) => (t as unknown as LooseT)(key, values), [t]);
  return { pt, t, i18n: instance, lang: instance.language };
}
