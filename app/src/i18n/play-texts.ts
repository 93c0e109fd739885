import type { i18n as I18n } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts, i18n } from './i18n';
import { playEn } from './resources/play-en';
import { playRu } from './resources/play-ru';

/** The namespace of the responsible play texts: `responsible.limits.title`. */
export const PLAY_NS = 'responsible';

/**
 * Gives an i18next instance the responsible play texts (both languages): the onboarding's 18+
 * question, the reality check over every screen and the game screens' refusals use them, so
 * they come with the code that shows them.
 */
export function registerPlayTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { [PLAY_NS]: playEn }, ru: { [PLAY_NS]: playRu } });
}

// Every module that shows these texts imports this one: they are there before anything renders.
registerPlayTexts();

type Paths<T> = { [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}` }[keyof T & string];

/** A text key of responsible play, checked by the compiler. */
export type PlayKey = `responsible.${Paths<typeof playEn>}`;
export type PlayValues = Record<string, string | number>;
export type PlayT = (key: PlayKey, values?: PlayValues) => string;

/** The text of each refusal code of responsible play (the server's words are English only). */
const refusalKeys: Readonly<Record<string, PlayKey | undefined>> = {
  'play.age-unconfirmed': 'responsible.refusal.ageUnconfirmed',
  'play.paused': 'responsible.refusal.paused',
  'play.excluded': 'responsible.refusal.excluded',
  'play.limit.loss': 'responsible.refusal.limitLoss',
  'play.limit.wager': 'responsible.refusal.limitWager',
  'play.limit.deposit': 'responsible.refusal.limitDeposit',
  'play.limit.max': 'responsible.refusal.limitMax',
  'play.pause.shorter': 'responsible.refusal.pauseShorter',
};

/** The text key of a responsible play refusal, or null for a code this app does not know. */
export function playRefusalKey(code: string | null): PlayKey | null {
  return code !== null && Object.hasOwn(refusalKeys, code) ? (refusalKeys[code] ?? null) : null;
}

// These keys arrive at run time (addTexts): i18next's own key type does not list them.
type LooseT = (key: string, values?: PlayValues) => string;

/** A responsible play text outside React (a toast), in the current language. */
export function playText(key: PlayKey, values?: PlayValues): string {
  return (i18n.t as unknown as LooseT)(key, values);
}

/** `rt` for the responsible play texts and the current language, re-rendering on a language switch. */
export function usePlayT(): { rt: PlayT; locale: string } {
  const { t, i18n: instance } = useTranslation();
  const rt = useCallback<PlayT>((key, values) => (t as unknown as LooseT)(key, values), [t]);
  return { rt, locale: instance.language };
}
