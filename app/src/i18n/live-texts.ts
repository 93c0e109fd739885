import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts, i18n } from './i18n';
import { liveEn } from './resources/live-en';
import { liveRu } from './resources/live-ru';

/** The namespace of the live wins texts: `live.feed.hidden`. */
export const LIVE_NS = 'live';

/**
 * Gives an i18next instance the live wins texts (both languages): the game screens' feed and
 * leaderboard and the profile's name switch use them, and they come with those screens' code.
 */
export function registerLiveTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { [LIVE_NS]: liveEn }, ru: { [LIVE_NS]: liveRu } });
}

// Every module that shows these texts imports this one: they are there before anything renders.
registerLiveTexts();

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];

/** A text key of the live wins, checked by the compiler. */
export type LiveKey = `live.${Paths<typeof liveEn>}`;
export type LiveValues = Record<string, string | number>;
export type LiveT = (key: LiveKey, values?: LiveValues) => string;

// These keys arrive at run time (addTexts): i18next's own key type does not list them.
type LooseT = (key: string, values?: LiveValues) => string;

/** `lt` for the live wins texts and the current language, re-rendering on a language switch. */
export function useLiveT(): { lt: LiveT; locale: string } {
  const { t, i18n: instance } = useTranslation();
  const lt = useCallback<LiveT>((key, values) => (t as unknown as LooseT)(key, values), [t]);
  return { lt, locale: instance.language };
}
