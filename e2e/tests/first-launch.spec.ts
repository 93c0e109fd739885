import { expect, test, anySize } from '../support/test';
import { apiSession, type LightProfile } from '../support/api';
import { expectPath, hostMessages, openApp } from '../support/host';

/** Records, in order, which of the start-up views the player saw. */
async function watchViews(page: import('@playwright/test').Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __views: string[] }).__views = seen;
    const ids = ['splash', 'onboarding', 'main-layout', 'login-error'];
    new MutationObserver(() => {
      for (const id of ids) {
        if (seen[seen.length - 1] !== id && !seen.includes(id) && document.querySelector(`[data-testid="${id}"]`)) seen.push(id);
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

test(
  'first launch goes splash, onboarding, Start playing, then /bonus with the balances from the server',
  anySize,
  async ({ page, request }, testInfo) => {
    await watchViews(page);
    const { user } = await openApp(page, testInfo);

    const onboarding = page.getByTestId('onboarding');
    await expect(onboarding).toBeVisible();
    await expect(page.getByTestId('main-layout')).toHaveCount(0);
    await onboarding.getByTestId('onboarding-age').check();
    await onboarding.getByRole('button', { name: 'Начать игру' }).click();

    await expect(page.getByTestId('screen-bonus')).toBeVisible();
    await expectPath(page, '/bonus');
    const views = await page.evaluate(() => (window as unknown as { __views: string[] }).__views);
    expect(views).toEqual(['splash', 'onboarding', 'main-layout']);

    const server = await apiSession(request, user);
    const profile = await server.call<LightProfile>('profile/light');
    expect(profile.onboardingCompleted).toBe(true);
    await expect(page.getByTestId('balance-ton')).toContainText(profile.balance.ton);
    await expect(page.getByTestId('balance-bonus')).toContainText(profile.balance.bonusTon);
  },
);

test('start-up asks the host for fullscreen and expand and turns off swipe-to-close', anySize, async ({ page }, testInfo) => {
  await openApp(page, testInfo);
  await expect(page.getByTestId('onboarding')).toBeVisible();

  await expect
    .poll(async () => (await hostMessages(page)).map((m) => m.type))
    .toEqual(
      expect.arrayContaining([
        'web_app_request_fullscreen',
        'web_app_expand',
        'web_app_setup_swipe_behavior',
        'web_app_request_viewport',
        'web_app_request_safe_area',
        'web_app_request_content_safe_area',
        'web_app_ready',
      ]),
    );
  const swipe = (await hostMessages(page)).filter((m) => m.type === 'web_app_setup_swipe_behavior');
  expect(swipe.at(-1)?.params).toEqual({ allow_vertical_swipe: false });
});

test('a returning player skips onboarding and lands on /bonus', anySize, async ({ page, request }, testInfo) => {
  const { user } = await openApp(page, testInfo);
  await expect(page.getByTestId('onboarding')).toBeVisible();
  await (await apiSession(request, user)).call('profile/onboarding');

  await openApp(page, testInfo, { user });
  await expect(page.getByTestId('screen-bonus')).toBeVisible();
  await expect(page.getByTestId('onboarding')).toHaveCount(0);
});
