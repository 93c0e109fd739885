import { anySize, expect, test, type Locator, type Page } from '../support/test';
import { apiSession } from '../support/api';
import { APP_KEY } from '../support/env';
import { freshUser, hostFor, openApp, expectPath } from '../support/host';
import { layoutProblems } from '../support/layout';

interface LegalFigures {
  wallet: { minWithdrawal: string; withdrawalFee: string; dailyWithdrawalLimit: string; minDeposit: string };
  games: { maxPayout: string; houseEdge: { flip: number; roll: number; road: number } };
  bonus: { lifetimeCap: string; wageringFactor: number };
  referral: { shareOfEdge: number; minClaim: string };
  market: { sellerFee: number; giftSendFee: string };
}

type Lang = 'ru' | 'en';

/** What the server's product configuration says today (the terms must quote these, whatever they are). */
async function figuresOf(page: Page): Promise<LegalFigures> {
  const response = await page.request.post('/api/v3/legal/figures', {
    headers: { 'Content-Type': 'application/json', 'X-App-Key': APP_KEY },
    data: {},
  });
  const body = (await response.json()) as { success: boolean; data: LegalFigures };
  expect(body.success).toBe(true);
  return body.data;
}

/** A figure as a player of that language reads it: "0.05" / "0,05", "1,000" / "1 000". */
function num(value: string | number, lang: Lang): string {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 4 }).format(Number(value));
}

/** The sentences a player checks the terms by: fees, shares and limits, with the configured figures. */
function expectedSentences(f: LegalFigures, lang: Lang): string[] {
  const n = (value: string | number) => num(value, lang);
  const pct = (basisPoints: number) => `${n(basisPoints / 100)}%`;
  if (lang === 'en') {
    return [
      `A withdrawal is at least ${n(f.wallet.minWithdrawal)} TON and costs a fee of ${n(f.wallet.withdrawalFee)} TON`,
      `up to ${n(f.wallet.dailyWithdrawalLimit)} TON a day`,
      `One round pays at most ${n(f.games.maxPayout)} TON`,
      `${pct(f.games.houseEdge.flip)} in Flip`,
      `up to ${n(f.bonus.lifetimeCap)} TON in all`,
      `adds ${n(f.bonus.wageringFactor)} times its amount`,
      `you earn ${pct(f.referral.shareOfEdge)} of the house edge`,
      `Referral earnings are paid in TON, to your TON balance`,
      `A bought gift stays in My gifts in your profile`,
      `for a fee of ${n(f.market.giftSendFee)} TON`,
      `a seller fee of ${pct(f.market.sellerFee)} of the price`,
    ];
  }
  return [
    `Вывод — от ${n(f.wallet.minWithdrawal)} TON, комиссия за вывод — ${n(f.wallet.withdrawalFee)} TON`,
    `до ${n(f.wallet.dailyWithdrawalLimit)} TON`,
    `Один раунд выплачивает не больше ${n(f.games.maxPayout)} TON`,
    `${pct(f.games.houseEdge.flip)} в Flip`,
    `не больше ${n(f.bonus.lifetimeCap)} TON на игрока`,
    `в ${n(f.bonus.wageringFactor)} раз больше`,
    `вы получаете ${pct(f.referral.shareOfEdge)} преимущества заведения`,
    `Реферальный доход выплачивается в TON, на баланс TON`,
    `Купленный подарок остаётся в разделе «Мои подарки» в профиле`,
    `за ${n(f.market.giftSendFee)} TON`,
    `комиссия продавца ${pct(f.market.sellerFee)} цены`,
  ];
}

/** Spaces as the page writes them (Intl groups with no-break spaces). */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

async function expectTermsTrue(page: Page, terms: Locator, lang: Lang): Promise<void> {
  const figures = await figuresOf(page);
  await expect(terms.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? 'Terms of use' : 'Условия использования');
  // The sections come with the figures (a heading alone shows while they load).
  await expect(terms.getByRole('heading', { level: 2 }).first()).toBeVisible();
  const text = plain(await terms.innerText());
  for (const sentence of expectedSentences(figures, lang)) expect(text).toContain(plain(sentence));
  // The false old words are gone: referrals never paid bonus, bought gifts never went straight to Telegram.
  expect(text).not.toMatch(/referrals credit the bonus balance|рефералы пополняют бонусный баланс/i);
  expect(text).not.toMatch(/A bought gift is transferred|Купленный подарок передаётся/);
}

/** The page's own background, as the browser paints it: dark like the rest of the app. */
async function expectDark(locator: Locator): Promise<void> {
  const background = await locator.evaluate((element) => {
    for (let e: Element | null = element; e; e = e.parentElement) {
      const colour = getComputedStyle(e).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return getComputedStyle(document.body).backgroundColor;
  });
  const [r = 255, g = 255, b = 255] = (/rgba?\(([^)]+)\)/.exec(background)?.[1] ?? '').split(',').map((part) => Number(part.trim()));
  const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  expect(luminance, `background ${background}`).toBeLessThan(0.2);
}

for (const lang of ['ru', 'en'] as const) {
  test(`onboarding links the terms and the privacy policy, true to the configuration (${lang})`, anySize, async ({ page }, testInfo) => {
    const user = { ...freshUser(), language_code: lang };
    await openApp(page, testInfo, { user, path: '/bonus', ageConfirmed: false });
    const onboarding = page.getByTestId('onboarding');
    await expect(onboarding).toBeVisible();

    await onboarding.getByRole('link', { name: lang === 'en' ? 'Terms of use' : 'Условия использования' }).click();
    await expectPath(page, '/terms');
    const terms = page.getByTestId('screen-terms');
    await expectTermsTrue(page, terms, lang);
    await expectDark(terms);

    await terms.getByRole('link', { name: lang === 'en' ? 'Privacy policy' : 'Политика конфиденциальности' }).click();
    const privacy = page.getByTestId('screen-privacy');
    await expect(privacy.getByRole('heading', { level: 1 })).toHaveText(lang === 'en' ? 'Privacy policy' : 'Политика конфиденциальности');
    await expectDark(privacy);

    // Back leads to the onboarding, still waiting for the player.
    await page.goBack();
    await page.goBack();
    await expect(page.getByTestId('onboarding')).toBeVisible();
  });
}

test('the profile links the terms and the privacy policy in the player’s language', anySize, async ({ page, request }, testInfo) => {
  const user = { ...freshUser(), language_code: 'en' };
  await (await apiSession(request, user)).call('profile/onboarding');
  await openApp(page, testInfo, { user, path: '/profile' });
  await expect(page.getByTestId('screen-profile')).toBeVisible();

  await page.getByTestId('profile-terms').click();
  const terms = page.getByTestId('screen-terms');
  await expectTermsTrue(page, terms, 'en');
  await expectDark(terms);

  await page.goBack();
  await expect(page.getByTestId('screen-profile')).toBeVisible();
  await page.getByTestId('profile-privacy').click();
  const privacy = page.getByTestId('screen-privacy');
  await expect(privacy.getByRole('heading', { level: 1 })).toHaveText('Privacy policy');
  await expectDark(privacy);
});

test('the terms fit every phone, in Russian', async ({ page, request }, testInfo) => {
  const user = freshUser();
  await (await apiSession(request, user)).call('profile/onboarding');
  await openApp(page, testInfo, { user, path: '/terms' });
  const terms = page.getByTestId('screen-terms');
  await expectTermsTrue(page, terms, 'ru');
  const problems = await layoutProblems(page, hostFor(testInfo));
  expect(problems, `terms at ${testInfo.project.name}`).toEqual([]);
});

for (const path of ['/terms', '/privacy'] as const) {
  test(
    `${path} opens from a wallet’s link outside the messenger, in English and Russian`,
    anySize,
    async ({ page, consoleErrors }, testInfo) => {
      consoleErrors.allow(/^Failed to load resource: the server responded with a status of 404/);
      // A wallet opens the manifest's link in a plain browser: no launch data, no bridge, and in
      // production no development launch either.
      await page.route('**/api/dev/launch**', (route) => route.fulfill({ status: 404, body: '' }));
      await page.goto(`${path}?lang=en`);
      const screen = page.getByTestId(`screen-${path.slice(1)}`);
      const titles = path === '/terms' ? ['Terms of use', 'Условия использования'] : ['Privacy policy', 'Политика конфиденциальности'];
      await expect(screen.getByRole('heading', { level: 1 })).toHaveText(titles[0]!);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      if (path === '/terms') await expectTermsTrue(page, screen, 'en');
      await expectDark(screen);

      await screen.getByRole('link', { name: 'Русский' }).click();
      await expect(screen.getByRole('heading', { level: 1 })).toHaveText(titles[1]!);
      await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
      if (path === '/terms') await expectTermsTrue(page, screen, 'ru');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `horizontal overflow at ${testInfo.project.name}`).toBeLessThanOrEqual(0);
    },
  );
}
