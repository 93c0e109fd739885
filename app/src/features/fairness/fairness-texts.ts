import type { i18n as I18n, TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts, i18n } from '../../i18n/i18n';
import { gamesEn, type GamesKey } from '../../i18n/resources/games-en';
import { gamesRu } from '../../i18n/resources/games-ru';

/** The fairness screen's texts ship with the game texts (`play`); adding them twice is harmless. */
export function registerFairnessTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { play: gamesEn }, ru: { play: gamesRu } });
}

registerFairnessTexts();

export type FairT = (key: GamesKey, values?: Record<string, string | number>) => string;

export function fairT(t: TFunction): FairT {
  const loose = t as unknown as (key: string, values?: Record<string, string | number>) => string;
  return (key, values) => loose(key, values);
}

export function useFairT(): { ft: FairT; locale: string } {
  const { t, i18n: instance } = useTranslation();
  const locale = instance.language;
  const ft = useMemo(() => fairT(t), [t]);
  return { ft, locale };
}
