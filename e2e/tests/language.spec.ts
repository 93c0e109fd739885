import { expect, test, anySize } from '../support/test';
import { apiSession, type LightProfile } from '../support/api';
import { freshUser, openApp } from '../support/host';

test('switching the language changes the texts and is kept by the server', anySize, async ({ page, request }, testInfo) => {
  const user = freshUser();
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');

  await openApp(page, testInfo, { user, path: '/profile' });
  await expect(page.getByTestId('screen-profile')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  const russian = await page.getByTestId('screen-profile').innerText();

  await page.getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('screen-profile')).not.toHaveText(russian);
  await expect.poll(async () => (await server.call<LightProfile>('profile/light')).lang).toBe('en');

  await openApp(page, testInfo, { user, path: '/bonus' });
  await expect(page.getByTestId('screen-bonus')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page
    .getByRole('link', { name: /profile|Профиль/i })
    .first()
    .click();
  await page.getByRole('button', { name: 'Русский' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});
