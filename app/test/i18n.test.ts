import { describe, expect, it } from 'vitest';
import { registerBonusTexts } from '../src/i18n/bonus-texts';
import { registerPlayerScreensTexts } from '../src/i18n/player-screens-texts';
import { addLanguageTexts, changeAppLanguage, createI18n as createAppI18n, textsArrived, toAppLanguage } from '../src/i18n/i18n';
import { createI18n, textLeaves } from './i18n-helper';
import { en } from '../src/i18n/resources/en';
import { ru } from '../src/i18n/resources/ru';
import { walletEn } from '../src/i18n/resources/wallet-en';
import { walletRu } from '../src/i18n/resources/wallet-ru';
import { registerWalletTexts } from '../src/features/wallet/wallet-texts';

// The wallet texts load with the wallet screens; they are checked together with the rest.
const allEn = { ...en, wallet: walletEn };
const allRu = { ...ru, wallet: walletRu };

describe('i18n resources', () => {
  it('have the same keys in ru and en', () => {
    expect([...textLeaves(allRu).keys()].sort()).toEqual([...textLeaves(allEn).keys()].sort());
  });

  it('have no empty texts and the same placeholders in both languages', () => {
    const english = textLeaves(allEn);
    for (const [key, text] of textLeaves(allRu)) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      const placeholders = (value: unknown) =>
        String(value)
          .match(/{{\w+}}/g)
          ?.sort() ?? [];
      expect(placeholders(text), key).toEqual(placeholders(english.get(key)));
    }
  });

  it('speaks Russian before the profile loads and follows a language switch', async () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('ru');
    expect(i18n.t('onboarding.complete')).toBe('Начать игру');
    await i18n.changeLanguage('en');
    expect(i18n.t('onboarding.complete')).toBe('Start playing');
    expect(i18n.t('notFound.title')).toBe('Not Found');
  });

  it('adds the wallet texts in both languages when the wallet screens load', async () => {
    const i18n = createI18n('ru');
    expect(i18n.exists('wallet.widget.connect')).toBe(false);
    registerWalletTexts(i18n);
    expect(i18n.t('wallet.widget.connect')).toBe('Подключить кошелёк');
    await i18n.changeLanguage('en');
    expect(i18n.t('wallet.widget.connect')).toBe('Connect wallet');
    expect(i18n.t('wallet.widget.copied')).toBe('Address copied!');
  });

  it('ships Russian with start-up and fetches English, with the bonus side, on switching', async () => {
    const app = createAppI18n();
    await registerBonusTexts(app);
    const text = (key: string) => (app.t as unknown as (k: string) => string)(key);
    expect(app.hasResourceBundle('en', 'translation')).toBe(false);
    // The referral screen's texts arrive with its code, in both languages.
    registerPlayerScreensTexts(app);
    expect(text('player.referral.copied')).toBe('Ссылка скопирована');
    await changeAppLanguage(app, 'en');
    expect(app.language).toBe('en');
    expect(app.t('onboarding.complete')).toBe('Start playing');
    expect(text('player.referral.copied')).toBe('Link Copied');
    await changeAppLanguage(app, 'ru');
    expect(app.t('onboarding.complete')).toBe('Начать игру');
  });

  it("a screen's texts that come while, or after, English is fetched are there once textsArrived says so", async () => {
    // A screen's English texts, fetched when its code arrives (as bonus-texts.ts registers them).
    const screenTexts = (screen: string) => () =>
      new Promise<Record<string, unknown>>((resolve) => setTimeout(() => resolve({ [screen]: { title: screen } }), 20));
    const title = (app: ReturnType<typeof createAppI18n>, screen: string) => (app.t as unknown as (k: string) => string)(`${screen}.title`);
    // While: the screen's code arrives between the switch's start and its end.
    const during = createAppI18n();
    const switching = changeAppLanguage(during, 'en');
    void addLanguageTexts(during, 'en', screenTexts('first'));
    await switching;
    expect(title(during, 'first')).toBe('first');
    // After: its English texts are fetched on their own, and textsArrived waits for them.
    const after = createAppI18n();
    await changeAppLanguage(after, 'en');
    void addLanguageTexts(after, 'en', screenTexts('second'));
    expect(after.exists('second.title')).toBe(false);
    await textsArrived(after);
    expect(title(after, 'second')).toBe('second');
  });

  it('maps language tags to the languages the app has', () => {
    expect(toAppLanguage('ru')).toBe('ru');
    expect(toAppLanguage('en-US')).toBe('en');
    expect(toAppLanguage('de')).toBe('en');
    for (const tag of ['uk', 'be', 'kk-KZ', 'RU']) expect(toAppLanguage(tag), tag).toBe('ru');
    expect(toAppLanguage('')).toBe('ru');
    expect(toAppLanguage(undefined)).toBe('ru');
  });
});
