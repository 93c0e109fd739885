import { describe, expect, it } from 'vitest';
import { legalValues, botOf } from '../src/features/legal/legal-state';
import { legalEn } from '../src/i18n/resources/legal-en';
import { legalRu } from '../src/i18n/resources/legal-ru';
import { textLeaves, expectSameTexts } from './i18n-helper';

const figures = {
  wallet: {
    minDeposit: '0.1',
    maxDeposit: '100000',
    minWithdrawal: '0.1',
    withdrawalFee: '0.05',
    dailyWithdrawalLimit: '1000',
    reviewThreshold: '100',
  },
  games: { minBet: '0.01', maxBet: '50', maxBonusBet: '1', maxPayout: '500', houseEdge: { flip: 100, roll: 100, road: 250 } },
  bonus: { lifetimeCap: '70', wageringFactor: 25 },
  referral: { shareOfEdge: 2000, minClaim: '0.1' },
  market: { sellerFee: 500, giftSendFee: '0.1', minPrice: '0.1', maxPrice: '1000000' },
};

describe('the terms and privacy texts', () => {
  it('have the same sections and placeholders in ru and en', () => {
    expectSameTexts(legalEn, legalRu);
  });

  it('get a value for every placeholder, each in the player’s number form', () => {
    const values = legalValues(figures, 'ru', '@arcade_bot');
    for (const [key, text] of textLeaves(legalEn)) {
      for (const name of String(text).match(/{{(\w+)}}/g) ?? []) expect(values[name.slice(2, -2)], `${key} ${name}`).toBeDefined();
    }
    expect(values.withdrawalFee).toBe('0,05');
    expect(values.dailyLimit).toBe('1\u00a0000');
    expect(values.edgeRoad).toBe('2,5');
    expect(values.referralShare).toBe('20');
    expect(legalValues(figures, 'en', '@arcade_bot').edgeRoad).toBe('2.5');
  });

  it('name the bot from the mini app’s link', () => {
    expect(botOf('https://t.me/ton_arcade_bot/play')).toBe('@ton_arcade_bot');
    expect(botOf('')).toBeNull();
  });
});
