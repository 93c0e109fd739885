import { expect } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { PLAYER_NS } from '../src/i18n/bonus-texts';
import { registerPlayerScreensTexts } from '../src/i18n/player-screens-texts';
import { createI18n as createAppI18n, type AppLanguage } from '../src/i18n/i18n';
import { bonusEn } from '../src/i18n/resources/bonus-en';
import { bonusRu } from '../src/i18n/resources/bonus-ru';
import { en } from '../src/i18n/resources/en';
import { ru } from '../src/i18n/resources/ru';

/** An i18next instance speaking both languages from the start (the app's loads English on switching). */
export function createI18n(lng: AppLanguage = 'ru'): I18n {
  return createAppI18n(lng, { ru, en });
}

/**
 * The bonus side's texts in both languages, at once (the app's registerBonusTexts fetches English),
 * with the referral, achievements and profile screens' (which come with those screens).
 */
export function addBonusTexts(instance: I18n): I18n {
  instance.addResourceBundle('ru', 'translation', { [PLAYER_NS]: bonusRu }, true, false);
  instance.addResourceBundle('en', 'translation', { [PLAYER_NS]: bonusEn }, true, false);
  registerPlayerScreensTexts(instance);
  return instance;
}

/** Every text of a resources object by its dotted key: `{ a: { b: 'x' } }` gives `a.b` → 'x'. */
export function textLeaves(value: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') for (const [k, v] of textLeaves(child as object, path)) out.set(k, v);
    else out.set(path, child);
  }
  return out;
}

/** i18next's plural suffixes: a plural text has the forms its language needs (Russian: one, few, many, other). */
const PLURAL = /_(zero|one|two|few|many|other)$/;

/**
 * The two languages' texts have the same keys, no empty text and the same placeholders. A plural
 * counts as one key, whichever forms each language gives it (its `_other` form always).
 */
export function expectSameTexts(english: object, russian: object): void {
  const en = textLeaves(english);
  const ru = textLeaves(russian);
  const bases = (texts: Map<string, unknown>) => [...new Set([...texts.keys()].map((key) => key.replace(PLURAL, '')))].sort();
  expect(bases(ru)).toEqual(bases(en));
  for (const key of en.keys()) if (key.endsWith('_one')) expect(ru.has(key.replace(PLURAL, '_other')), key).toBe(true);
  const placeholders = (value: unknown) =>
    String(value)
      .match(/{{\w+}}/g)
      ?.sort() ?? [];
  for (const [key, text] of ru) {
    expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
    const english = en.get(key) ?? en.get(key.replace(PLURAL, '_other'));
    expect(placeholders(text), key).toEqual(placeholders(english));
  }
}
