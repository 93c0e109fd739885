import { expect, test, type Page, anySize } from '../support/test';
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

test('the profile’s Check fairness opens the fairness panel with the server seed hash', anySize, async ({ page, request }, testInfo) => {
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
