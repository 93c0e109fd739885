import type { i18n as I18n } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { addTexts, i18n } from '../../../i18n/i18n';
import { demoEn, type DemoKey } from '../../../i18n/resources/demo-en';
import { demoRu } from '../../../i18n/resources/demo-ru';

/** Gives an i18next instance demo play's texts (they load with the game screens, under `demo`). */
export function registerDemoTexts(instance: I18n = i18n): void {
  addTexts(instance, { en: { demo: demoEn }, ru: { demo: demoRu } });
}

registerDemoTexts();

export type DemoT = (key: DemoKey, values?: Record<string, string | number>) => string;

/** A demo text in the interface language now (for toasts, outside a render). */
export const demoText: DemoT = (key, values) => (i18n.t as unknown as DemoT)(key, values);

export function useDemoT(): { dt: DemoT; locale: string } {
  const { t, i18n: instance } = useTranslation();
  const locale = instance.language;
  const dt = useMemo(() => {
    const loose = t as unknown as DemoT;
    return (key: DemoKey, values?: Record<string, string | number>) => loose(key, values);
  }, [t]);
  return { dt, locale };
}
