import { expect, test, type Page, anySize } from '../support/test';
import { apiPlayer, apiSession } from '../support/api';
import { freshUser, openApp } from '../support/host';

/**
 * One formatter for the whole app: the same amount reads the same in the header and in the cart,
 * cut (never rounded up) and written the way the interface language writes numbers.
 */
for (const [lang, shown] of [
  ['ru', /^1\s094,05$/],
  ['en', /^1,094\.05$/],
] as const) {
  test(`the header and the cart show one balance alike (${lang})`, anySize, async ({ page, request }, testInfo) => {
    const amount = '1094.0508';
    const { user } = await apiPlayer(request, { name: 'Number Reader', lang, ton: amount });

    await openApp(page, testInfo, { user, path: '/market' });
    const header = page.getByTestId('balance-ton');
    await expect(header).toHaveAttribute('data-value', amount, { timeout: 30_000 });
    const headerText = (await header.textContent())?.trim() ?? '';
    expect(headerText).toMatch(shown);

    await addAnyGiftToCart(page);
    const cartBalance = page.getByTestId('cart-sheet').locator('.cart__balance');
    await expect(cartBalance).toContainText(headerText);
    await expect(cartBalance).not.toContainText('0508');
  });
}

async function addAnyGiftToCart(page: Page): Promise<void> {
  const card = page.getByTestId('gift-card').first();
  await expect(card).toBeVisible({ timeout: 30_000 });
  await card.getByTestId('gift-card-cart').click();
  await page.getByTestId('cart-button').click();
  await expect(page.getByTestId('cart-sheet')).toBeVisible();
}

test('road writes one multiplier alike in its ladder and on its start button (ru)', anySize, async ({ page, request }, testInfo) => {
  const user = freshUser('Multiplier Reader');
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  await server.call('profile/language', { lang: 'ru' });

  await openApp(page, testInfo, { user, path: '/road' });
  const first = page.getByTestId('road-ladder').locator('.road-ladder__value').first();
  await expect(first).toHaveText(/^1,\d+×$/, { timeout: 30_000 });
  const shown = (await first.textContent()) ?? '';
  // The start button names the first lane's multiplier and the last one's: both in Russian digits.
  await expect(page.getByTestId('road-start')).toContainText(`${shown} → `);
  await expect(page.getByTestId('road-start')).not.toContainText(/\d\.\d/);
});
