import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts, i18n } from '../../i18n/i18n';
import { marketEn, type MarketResources } from '../../i18n/resources/market-en';
import { marketRu } from '../../i18n/resources/market-ru';

/** Gives an i18next instance the market's texts, under `gifts` (they are not in the entry chunk). */
export function registerMarketTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { gifts: marketEn }, ru: { gifts: marketRu } });
}

// Every market module that shows text imports this one: the texts are there before anything renders.
registerMarketTexts();

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every market text key; checked here because the app-wide i18next types know only the entry chunk's texts. */
export type MarketTextKey = `gifts.${Leaves<MarketResources>}`;
export type MarketTextValues = Record<string, string | number>;
export type MarketT = (key: MarketTextKey, values?: MarketTextValues) => string;

type LooseT = (key: string, values?: MarketTextValues) => string;

/** The market's translator: typed keys, the current language (re-renders on a switch). */
export function useMarketText(): { mt: MarketT; language: string } {
  const { t, i18n: instance } = useTranslation();
  const mt = useCallback<MarketT>((key, values) => (t as unknown as LooseT)(key, values), [t]);
  return { mt, language: instance.language };
}

/** The same outside React (toasts). */
export function marketText(key: MarketTextKey, values?: MarketTextValues): string {
  return (i18n.t as unknown as LooseT)(key, values);
}
