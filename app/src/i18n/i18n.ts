import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './resources/en';
import { ru } from './resources/ru';

export const LANGUAGES = ['ru', 'en'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];

/** Spec section 4: the interface speaks Russian until the profile says otherwise. */
export const DEFAULT_LANGUAGE: AppLanguage = 'ru';

export const resources = { ru: { translation: ru }, en: { translation: en } } as const;

/** Maps a profile or browser language tag ("en-US", "ru") to one the app has texts for. */
export function toAppLanguage(tag: string | null | undefined): AppLanguage {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0];
  if (base === 'ru') return 'ru';
  if (base === 'en') return 'en';
  return tag ? 'en' : DEFAULT_LANGUAGE;
}

/** Creates an initialised instance; resources are bundled, so it is ready synchronously. */
export function createI18n(lng: AppLanguage = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // A copy per instance: texts added later (addTexts) must not leak into other instances.
    resources: { ru: { translation: { ...ru } }, en: { translation: { ...en } } },
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/**
 * Adds texts that ship with a lazy screen's code rather than the entry chunk (deep merge,
 * existing keys kept). Call it when the screen's module loads, before it renders.
 */
export function addTexts(instance: I18n, texts: Record<AppLanguage, Record<string, unknown>>): void {
  for (const lng of LANGUAGES) instance.addResourceBundle(lng, 'translation', texts[lng], true, false);
}

/** The app's one instance; screens use it through react-i18next's useTranslation. */
export const i18n = createI18n();

if (typeof document !== 'undefined') {
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
}
