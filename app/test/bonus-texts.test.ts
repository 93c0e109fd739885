import { describe, expect, it } from 'vitest';
import { registerBonusTexts } from '../src/i18n/bonus-texts';
import { registerPlayerScreensTexts } from '../src/i18n/player-screens-texts';
import { createI18n, expectSameTexts } from './i18n-helper';
import { bonusEn } from '../src/i18n/resources/bonus-en';
import { bonusRu } from '../src/i18n/resources/bonus-ru';
import { playerScreensEn } from '../src/i18n/resources/player-screens-en';
import { playerScreensRu } from '../src/i18n/resources/player-screens-ru';

describe('bonus-side texts', () => {
  it('have the same keys, no empty texts and the same placeholders in ru and en', () => {
    expectSameTexts({ ...bonusEn, ...playerScreensEn }, { ...bonusRu, ...playerScreensRu });
  });

  it("carry the spec's English wording", () => {
    expect(bonusEn.refusal.taskNotCompleted).toMatch(/^Task not completed: you have not joined the channel/);
    expect(bonusEn.rewardCredited).toBe('Reward credited');
    expect(bonusEn.refusal.conditions).toMatch(/^Conditions not met: /);
    expect(bonusEn.tasks.conditionsNotMet).toBe('Conditions not met');
    expect(bonusEn.daily.availableIn).toBe('Available in {{time}}');
    expect(playerScreensEn.referral.copied).toBe('Link Copied');
  });

  it('arrive in both languages when the bonus screens load', async () => {
    const i18n = createI18n('ru');
    expect(i18n.exists('player.referral.copied')).toBe(false);
    await registerBonusTexts(i18n);
    // These keys are typed through usePlayerTexts/playerText, not i18next's own key list.
    const text = (key: string) => (i18n.t as unknown as (k: string) => string)(key);
    expect(text('player.daily.claiming')).toBe('Забираем…');
    // The referral, achievements and profile screens' texts come with those screens.
    expect(i18n.exists('player.referral.copied')).toBe(false);
    registerPlayerScreensTexts(i18n);
    expect(text('player.referral.copied')).toBe('Ссылка скопирована');
    await i18n.changeLanguage('en');
    expect(text('player.referral.copied')).toBe('Link Copied');
    expect(text('player.daily.claiming')).toBe(bonusEn.daily.claiming);
    // The entry chunk's texts are untouched.
    expect(i18n.t('bonus.banner.title', { cap: '70' })).toBe('Up to 70 TON');
  });
});
