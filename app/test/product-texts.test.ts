import { playRules } from '@arcade/api-client/play';
import { describe, expect, it } from 'vitest';
import { autoProblemValues } from '../src/features/games/auto-bet';
import { gamesT, registerGamesTexts } from '../src/features/games/games-texts';
import { registerPlayTexts } from '../src/i18n/play-texts';
import { formatHours, formatTon } from '../src/lib/format';
import { addBonusTexts, createI18n } from './i18n-helper';

/**
 * The texts that quote a product number take it from the configuration (the server's reply or the
 * shared rules) and write it in the interface language: a changed cap, delay or limit shows as
 * changed, in the player's number form, without touching a text.
 */
describe('texts that quote a product number', () => {
  const instance = () => {
    const i18n = addBonusTexts(createI18n('ru'));
    registerPlayTexts(i18n);
    registerGamesTexts(i18n);
    return i18n;
  };
  const loose = (i18n: ReturnType<typeof instance>) => i18n.t as unknown as (key: string, values?: object) => string;

  it('write the bonus cap the server reports, in Russian and in English', async () => {
    const i18n = instance();
    const t = loose(i18n);
    expect(t('bonus.banner.title', { cap: formatTon('70', 'ru') })).toBe('До 70 TON');
    expect(t('bonus.banner.text', { cap: formatTon('1500.5', 'ru') })).toBe(
      'Выполняйте задания и получите до 1\u00a0500,5 TON на бонусный счёт',
    );
    await i18n.changeLanguage('en');
    expect(t('bonus.banner.title', { cap: formatTon('1500.5', 'en') })).toBe('Up to 1,500.5 TON');
    expect(t('bonus.banner.text', { cap: formatTon('70', 'en') })).toBe('Complete tasks and get up to 70 TON on your bonus account');
  });

  it('name the referral activity window and the limit delay in each language’s words', async () => {
    const i18n = instance();
    const t = loose(i18n);
    expect(t('player.referral.activeHint', { days: formatHours(30 * 24, 'ru') })).toBe('делали ставки за 30 дней');
    expect(t('player.referral.activeHint', { days: formatHours(21 * 24, 'ru') })).toBe('делали ставки за 21 день');
    expect(t('responsible.limits.description', { delay: formatHours(playRules.limitRaiseDelayHours, 'ru') })).toBe(
      'Снижение лимита действует сразу. Повышение или снятие — через 24 часа.',
    );
    await i18n.changeLanguage('en');
    expect(t('player.referral.activeHint', { days: formatHours(30 * 24, 'en') })).toBe('bet in the last 30 days');
    expect(t('responsible.limits.description', { delay: formatHours(48, 'en') })).toBe(
      'Lowering a limit works at once. Raising or removing one takes effect after 2 days.',
    );
  });

  it('name each break from its configured length', () => {
    expect(Object.values(playRules.pauseHours).map((hours) => formatHours(hours, 'ru'))).toEqual(['24 часа', '7 дней', '30 дней']);
    expect(Object.values(playRules.pauseHours).map((hours) => formatHours(hours, 'en'))).toEqual(['24 hours', '7 days', '30 days']);
    expect(formatHours(1, 'en')).toBe('1 hour');
    expect(formatHours(36, 'ru')).toBe('36 часов');
  });

  it('state the auto-bet bounds from the rules that check them', async () => {
    const i18n = instance();
    const gt = gamesT(i18n.t);
    expect(gt('play.auto.problem.rounds', autoProblemValues('rounds', null, 'ru'))).toBe(
      'Целое число раундов от 1 до 1\u00a0000 или пусто.',
    );
    expect(gt('play.auto.problem.percent', autoProblemValues('percent', null, 'ru'))).toBe('Процент от −99 до 1\u00a0000, не 0.');
    await i18n.changeLanguage('en');
    expect(gt('play.auto.problem.rounds', autoProblemValues('rounds', null, 'en'))).toBe(
      'A whole number of rounds from 1 to 1,000, or empty.',
    );
    expect(gt('play.auto.problem.percent', autoProblemValues('percent', null, 'en'))).toBe('A percentage from −99 to 1,000, not 0.');
    expect(gt('play.auto.problem.lossBelowStake', autoProblemValues('lossBelowStake', '2.5', 'en'))).toMatch(
      /^The first stake \(2\.5 TON\)/,
    );
  });
});
