import { describe, expect, it } from 'vitest';
import { registerBonusTexts } from '../src/features/bonus/bonus-texts';
import { registerPerksScreensTexts } from '../src/features/bonus/perks-screens-texts';
import { createI18n } from './i18n-helper';
import { bonusEn } from '../src/i18n/resources/bonus-en';
import { bonusRu } from '../src/i18n/resources/bonus-ru';
import { perksScreensEn } from '../src/i18n/resources/perks-screens-en';
import { perksScreensRu } from '../src/i18n/resources/perks-screens-ru';

function leaves(value: object, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child && typeof child === 'object') for (const [k, v] of leaves(child as object, path)) out.set(k, v);
    else out.set(path, child);
  }
  return out;
}

describe('bonus-side texts', () => {
  it('have the same keys, no empty texts and the same placeholders in ru and en', () => {
    const english = leaves({ ...bonusEn, ...perksScreensEn });
    const russian = leaves({ ...bonusRu, ...perksScreensRu });
    expect([...russian.keys()].sort()).toEqual([...english.keys()].sort());
    const placeholders = (value: unknown) => String(value).match(/{{\w+}}/g)?.sort() ?? [];
    for (const [key, text] of russian) {
      expect(typeof text === 'string' && text.trim().length > 0, key).toBe(true);
      expect(placeholders(text), key).toEqual(placeholders(english.get(key)));
    }
  });

  it("carry the spec's English wording", () => {
    expect(bonusEn.refusal.taskNotCompleted).toBe('Task not completed');
    expect(bonusEn.rewardCredited).toBe('Reward credited');
    expect(bonusEn.refusal.conditions).toBe('Conditions not met');
    expect(bonusEn.tasks.conditionsNotMet).toBe('Conditions not met');
    expect(bonusEn.daily.availableIn).toBe('Available in {{time}}');
    expect(perksScreensEn.referral.copied).toBe('Link Copied');
  });

  it('arrive in both languages when the bonus screens load', async () => {
    const i18n = createI18n('ru');
    expect(i18n.exists('perks.referral.copied')).toBe(false);
    await registerBonusTexts(i18n);
    // These keys are typed through usePerks/perksText, not i18next's own key list.
    const text = (key: string) => (i18n.t as unknown as (k: string) => string)(key);
    expect(text('perks.daily.claiming')).toBe('Забираем…');
    // The referral, achievements and profile screens' texts come with those screens.
    expect(i18n.exists('perks.referral.copied')).toBe(false);
    registerPerksScreensTexts(i18n);
    expect(text('perks.referral.copied')).toBe('Ссылка скопирована');
    await i18n.changeLanguage('en');
    expect(text('perks.referral.copied')).toBe('Link Copied');
    expect(text('perks.daily.claiming')).toBe(bonusEn.daily.claiming);
    // The entry chunk's texts are untouched.
    expect(i18n.t('bonus.banner.title')).toBe('Up to 70 TON');
  });
});
