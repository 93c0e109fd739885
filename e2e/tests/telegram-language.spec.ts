import { expect, test, anySize } from '../support/test';
import { apiSession, type LightProfile } from '../support/api';
import { freshUser, openApp } from '../support/host';

/** The interface language of a new player comes from Telegram's language_code until they choose one. */
for (const [languageCode, lang, button] of [
  ['en', 'en', 'Start playing'],
  ['en-GB', 'en', 'Start playing'],
  ['uk', 'ru', 'Начать игру'],
] as const) {
  test(`a new player whose Telegram speaks ${languageCode} starts in ${lang}`, anySize, async ({ page }, testInfo) => {
    const user = { ...freshUser(), language_code: languageCode };
    await openApp(page, testInfo, { user });
    const onboarding = page.getByTestId('onboarding');
    await expect(onboarding).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(onboarding.getByRole('button', { name: button })).toBeVisible();
  });
}

test('a chosen language wins over what Telegram says', anySize, async ({ page, request }, testInfo) => {
  const user = { ...freshUser(), language_code: 'ru' };
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  await server.call('profile/language', { lang: 'en' });

  await openApp(page, testInfo, { user, path: '/profile' });
  await expect(page.getByTestId('screen-profile')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await server.call<LightProfile>('profile/light')).lang).toBe('en');
});
