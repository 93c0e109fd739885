import { describe, expect, it } from 'vitest';
import { botOf, legalLang, renderLegalPage } from '../src/routes/legal';
import { legalDocs } from '../src/routes/legal-texts';

const ask = (lang: unknown, acceptLanguage?: string) => ({
  query: lang === undefined ? {} : { lang },
  headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
});

describe('the terms and privacy pages', () => {
  it('take ?lang=, else the browser’s first choice of Russian and English, else English', () => {
    expect(legalLang(ask('ru'))).toBe('ru');
    expect(legalLang(ask('en', 'ru-RU'))).toBe('en');
    expect(legalLang(ask('de', 'ru-RU,ru;q=0.9,en;q=0.8'))).toBe('ru');
    expect(legalLang(ask(undefined, 'de-DE,en;q=0.5,ru;q=0.4'))).toBe('en');
    expect(legalLang(ask(undefined, 'en;q=0.3,ru;q=0.8'))).toBe('ru');
    expect(legalLang(ask(undefined))).toBe('en');
  });

  it('link the bot from the mini app’s link', () => {
    expect(botOf('https://t.me/ton_arcade_bot/play')).toEqual({ name: '@ton_arcade_bot', url: 'https://t.me/ton_arcade_bot' });
    expect(botOf('https://example.com/app')).toBeNull();
  });

  it('have the same sections in both languages and render every one of them', () => {
    for (const page of ['terms', 'privacy'] as const) {
      expect(legalDocs[page].ru.sections.length).toBe(legalDocs[page].en.sections.length);
      for (const lang of ['ru', 'en'] as const) {
        const html = renderLegalPage(page, lang, 'https://t.me/ton_arcade_bot/play');
        expect(html).toContain(`<html lang="${lang}">`);
        expect(html).toContain(`<h1>${legalDocs[page][lang].title}</h1>`);
        expect(html).toContain('<a href="https://t.me/ton_arcade_bot">@ton_arcade_bot</a>');
        expect(html).not.toContain('{bot}');
        expect(html).not.toContain('<script');
      }
    }
  });
});
