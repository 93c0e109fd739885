import { expect, test, anySize } from '../support/test';
import { apiSession } from '../support/api';
import { freshUser, openApp, signLaunch } from '../support/host';

test('a forged launch is refused with the error screen and a retry', anySize, async ({ page, consoleErrors }, testInfo) => {
  // The refused login is what this test is about: the app logs it, and the browser the 401.
  consoleErrors.allow(/^\[start\] login failed/);
  consoleErrors.allow(/status of 401 \(Unauthorized\)/);
  const forged = signLaunch(freshUser('Mallory'), { token: '7000000001:not-the-bots-token-at-all' });
  await openApp(page, testInfo, { initData: forged });

  const screen = page.getByTestId('login-error');
  await expect(screen).toBeVisible();
  await expect(screen.getByRole('button')).toBeVisible();
  await expect(page.getByTestId('main-layout')).toHaveCount(0);
  await expect(page.getByTestId('onboarding')).toHaveCount(0);
});

test('launch data from six hours ago is refused', anySize, async ({ page, consoleErrors }, testInfo) => {
  consoleErrors.allow(/^\[start\] login failed/);
  consoleErrors.allow(/status of 401 \(Unauthorized\)/);
  const stale = signLaunch(freshUser('Late'), { authDate: new Date(Date.now() - 6 * 3600_000 - 60_000) });
  await openApp(page, testInfo, { initData: stale });
  await expect(page.getByTestId('login-error')).toBeVisible();
});

test('an unknown route shows Not Found', anySize, async ({ page, request }, testInfo) => {
  const user = freshUser();
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  await server.call('profile/language', { lang: 'en' });

  await openApp(page, testInfo, { user, path: '/no-such-screen' });
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByText('Not Found')).toBeVisible();
});
