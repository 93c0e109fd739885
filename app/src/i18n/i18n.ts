import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { ru } from './resources/ru';

export const LANGUAGES = ['ru', 'en'] as const;
export type AppLanguage = (typeof LANGUAGES)[number];

/** Spec section 4: the interface speaks Russian until the profile says otherwise. */
export const DEFAULT_LANGUAGE: AppLanguage = 'ru';

/** Texts of a language, or a part of them (a screen's), as i18next's `translation` bundle holds them. */
export type Texts = Record<string, unknown>;
type TextLoader = () => Promise<Texts>;

/**
 * Only the default language's texts ship with start-up; the other language's arrive when it is
 * switched to (the profile's language at log-in, or the player's choice). Screens whose texts
 * come with start-up register their other-language part here too (addLanguageTexts).
 */
const loaders: Record<AppLanguage, TextLoader[]> = {
  ru: [],
  en: [() => import('./resources/en').then((module) => module.en)],
};

/** The languages each instance has, or is fetching, every registered text of (the rest load on switching). */
const loadedLanguages = new WeakMap<I18n, Set<AppLanguage>>();

/** Each instance's text fetches still under way (textsArrived waits for them). */
const pendingLoads = new WeakMap<I18n, Set<Promise<void>>>();

function track(instance: I18n, loading: Promise<void>): Promise<void> {
  const pending = pendingLoads.get(instance) ?? new Set<Promise<void>>();
  pendingLoads.set(instance, pending);
  pending.add(loading);
  const done = () => pending.delete(loading);
  loading.then(done, done);
  return loading;
}

/** Languages whose speakers get the Russian texts (as the server decides from Telegram's language_code). */
const RUSSIAN_READERS = new Set(['ru', 'uk', 'be', 'kk']);

/**
 * Maps a profile, launch data or browser language tag ("en-US", "uk") to one the app has texts
 * for: Russian for ru, uk, be and kk, English for any other, the default for none.
 */
export function toAppLanguage(tag: string | null | undefined): AppLanguage {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (!base) return DEFAULT_LANGUAGE;
  return RUSSIAN_READERS.has(base) ? 'ru' : 'en';
}

/**
 * Creates an initialised instance with the texts given (by default the default language's, which
 * ship with start-up), ready synchronously; `lng` must be one of them. Other languages load on
 * switching (changeAppLanguage). Tests pass both languages' texts.
 */
export function createI18n(lng: AppLanguage = DEFAULT_LANGUAGE, texts: Partial<Record<AppLanguage, Texts>> = { ru }): I18n {
  const instance = i18next.createInstance();
  const resources: Record<string, { translation: Texts }> = {};
  // A copy per instance: texts added later (addTexts) must not leak into other instances.
  for (const language of LANGUAGES) {
    const given = texts[language];
    if (given) resources[language] = { translation: { ...given } };
  }
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Languages given in full count as loaded: nothing registered later is fetched for them.
  loadedLanguages.set(instance, new Set(LANGUAGES.filter((language) => texts[language] !== undefined)));
  return instance;
}

function addBundle(instance: I18n, lng: AppLanguage, texts: Texts): void {
  instance.addResourceBundle(lng, 'translation', texts, true, false);
}

/** Makes sure an instance has every text of a language (fetching what has not come yet). */
export async function loadLanguage(instance: I18n, lng: AppLanguage): Promise<void> {
  const loaded = loadedLanguages.get(instance) ?? new Set<AppLanguage>();
  loadedLanguages.set(instance, loaded);
  if (loaded.has(lng)) return textsArrived(instance);
  // Counted as there from now on: texts registered while these arrive are fetched on their own.
  loaded.add(lng);
  const loading = Promise.all(loaders[lng].map((load) => load())).then((parts) => {
    for (const texts of parts) addBundle(instance, lng, texts);
  });
  await track(instance, loading).catch((error: unknown) => {
    loaded.delete(lng);
    throw error;
  });
  await textsArrived(instance);
}

/** Resolves once every text fetch an instance has under way (a language's, a screen's) has come. */
export async function textsArrived(instance: I18n): Promise<void> {
  for (let pending = pendingLoads.get(instance); pending?.size; pending = pendingLoads.get(instance))
    await Promise.allSettled([...pending]);
}

/** Switches the interface language, once its texts are there. */
export async function changeAppLanguage(instance: I18n, lng: AppLanguage): Promise<void> {
  await loadLanguage(instance, lng);
  await instance.changeLanguage(lng);
}

/**
 * Registers the other-language part of texts that ship with start-up in one language: fetched
 * when that language is switched to, or at once for instances that already speak it.
 */
export function addLanguageTexts(instance: I18n, lng: AppLanguage, load: TextLoader): Promise<void> {
  if (!loaders[lng].includes(load)) loaders[lng].push(load);
  if (!loadedLanguages.get(instance)?.has(lng)) return Promise.resolve();
  return track(
    instance,
    load().then((texts) => addBundle(instance, lng, texts)),
  );
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
