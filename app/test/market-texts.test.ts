import { describe, expect, it } from 'vitest';
import { registerMarketTexts } from '../src/features/market/market-texts';
import { marketRefusalKeys } from '../src/features/market/market-errors';
import { createI18n, expectSameTexts, textLeaves } from './i18n-helper';
import { marketEn } from '../src/i18n/resources/market-en';
import { marketRu } from '../src/i18n/resources/market-ru';
import { marketRefusals } from '@arcade/api-client/market';

describe('market texts', () => {
  it('have the same keys, no empty texts and the same placeholders in ru and en', () => {
    expectSameTexts(marketEn, marketRu);
  });

  it('arrive under `gifts` in both languages, in that instance only', async () => {
    const i18n = createI18n('ru');
    expect(i18n.exists('gifts.cart.title')).toBe(false);
    registerMarketTexts(i18n);
    // The app-wide key types do not list lazily added texts.
    const t = (key: string, values?: object) => (i18n.t as unknown as (k: string, v?: object) => string)(key, values);
    expect(t('gifts.cart.title')).toBe('Корзина');
    await i18n.changeLanguage('en');
    expect(t('gifts.cart.buy', { count: 3, amount: '1.5' })).toBe('Buy 3 for 1.5 TON');
    expect(createI18n('en').exists('gifts.cart.title')).toBe(false);
  });

  it('explain every refusal code of the market contract', () => {
    expect(Object.keys(marketRefusalKeys).sort()).toEqual([...marketRefusals].sort());
    const en = textLeaves({ gifts: marketEn });
    for (const key of Object.values(marketRefusalKeys)) expect(en.has(key), key).toBe(true);
  });
});
