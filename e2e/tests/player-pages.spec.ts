import { expect, test, type Page } from '../support/test';
import { apiSession } from '../support/api';
import { freshUser, hostFor, openApp } from '../support/host';
import { layoutProblems } from '../support/layout';

/** Console errors and uncaught exceptions the page reports while a test runs. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('the profile’s Check fairness opens the fairness panel with the server seed hash', async ({ page, request }, testInfo) => {
  const errors = collectErrors(page);
  const user = freshUser();
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  const { serverSeedHash } = await server.call<{ serverSeedHash: string }>('fairness/seeds');

  await openApp(page, testInfo, { user, path: '/profile' });
  await expect(page.getByTestId('screen-profile')).toBeVisible();
  await page.getByRole('link', { name: /^(Check fairness|Проверить честность)$/ }).click();

  await expect(page.getByTestId('screen-fairness')).toBeVisible();
  await expect(page.getByTestId('seeds-server-hash')).toBeVisible();
  await expect(page.getByTestId('seeds-server-hash')).toHaveText(serverSeedHash);
  const problems = await layoutProblems(page, hostFor(testInfo));
  expect(problems, `fairness at ${testInfo.project.name}`).toEqual([]);
  expect(errors).toEqual([]);
});

test('the header blurs what scrolls under it and stays opaque enough to read', async ({ page, request }, testInfo) => {
  const errors = collectErrors(page);
  const user = freshUser();
  await (await apiSession(request, user)).call('profile/onboarding');
  await openApp(page, testInfo, { user, path: '/market' });
  await expect(page.getByTestId('screen-market')).toBeVisible();
  await page.mouse.wheel(0, 600);

  const header = page.locator('header.top-bar');
  await expect(header).toBeVisible();
  const style = await header.evaluate((element) => {
    const computed = getComputedStyle(element);
    return { backdropFilter: computed.backdropFilter, background: computed.backgroundColor };
  });
  // Chromium (Android, Desktop) reads only the unprefixed property.
  expect(style.backdropFilter).toBe('blur(14px)');
  // Whatever the colour space the browser reports it in, the alpha is the last number.
  const alpha = Number(/([\d.]+)\)$/.exec(style.background)?.[1] ?? '1');
  const hasAlpha = /\/|rgba|color\(/.test(style.background);
  expect(hasAlpha ? alpha : 1, style.background).toBeGreaterThanOrEqual(0.85);
  expect(errors).toEqual([]);
});

const legalPages = [
  { path: '/terms', en: 'Terms of use', ru: 'Условия использования' },
  { path: '/privacy', en: 'Privacy policy', ru: 'Политика конфиденциальности' },
];

for (const legal of legalPages) {
  test(`${legal.path} opens directly, outside the messenger, in English and Russian`, async ({ page }, testInfo) => {
    const errors = collectErrors(page);
    // A wallet opens the link in a plain browser: no launch data, no bridge.
    await page.goto(`${legal.path}?lang=en`);
    await expect(page.getByRole('heading', { level: 1, name: legal.en })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('18')).not.toHaveCount(0);
    await expect(page.locator('body')).not.toContainText('Not Found');
    await expect(page.locator('body')).not.toContainText('Not found');
    const english = await page.locator('main').innerText();
    expect(english.length).toBeGreaterThan(800);

    await page.getByRole('link', { name: 'Русский' }).click();
    await expect(page.getByRole('heading', { level: 1, name: legal.ru })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await expect(page.locator('body')).not.toContainText('Not Found');
    const russian = await page.locator('main').innerText();
    expect(russian.length).toBeGreaterThan(800);

    // Readable at the narrowest phone: nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `horizontal overflow at ${testInfo.project.name}`).toBeLessThanOrEqual(0);
    expect(errors).toEqual([]);
  });
}
