import type { i18n as I18n, TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts, i18n } from '../../i18n/i18n';
import { gamesEn, type GamesKey } from '../../i18n/resources/games-en';
import { gamesRu } from '../../i18n/resources/games-ru';

/** Gives an i18next instance the game screens' texts (they are not in the entry chunk). */
export function registerGamesTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { play: gamesEn }, ru: { play: gamesRu } });
}

// Every games module imports this one: the texts are there before anything renders.
registerGamesTexts();

export type TextValues = Record<string, string | number>;

/** `t` for this feature's keys (they are added at run time, so i18next's own key type does not list them). */
export type GamesT = (key: GamesKey, values?: TextValues) => string;

export function gamesT(t: TFunction): GamesT {
  const loose = t as unknown as (key: string, values?: TextValues) => string;
  return (key, values) => loose(key, values);
}

/** The feature's texts and the current language, re-rendering on a language switch. */
export function useGamesT(): { gt: GamesT; locale: string } {
  const { t, i18n: instance } = useTranslation();
  const locale = instance.language;
  const gt = useMemo(() => gamesT(t), [t]);
  return { gt, locale };
}
