import { expect, test } from '../support/test';
import { apiSession } from '../support/api';
import { freshUser, hostFor, openApp } from '../support/host';
import { layoutProblems } from '../support/layout';
import { nano, ton } from '../support/money';

test('a cart bar with the count and total stays above the tabs while the market scrolls, and opens the cart', async ({
  page,
  request,
}, testInfo) => {
  const user = freshUser('Cart Bar');
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  await server.call('profile/language', { lang: 'en' });
  await openApp(page, testInfo, { user, path: '/market' });
  await expect(page.getByTestId('screen-market')).toBeVisible({ timeout: 30_000 });
  const cards = page.getByTestId('gift-card');
  await expect(cards.nth(3)).toBeVisible();
  // An empty cart has no bar.
  await expect(page.getByTestId('cart-bar')).toHaveCount(0);

  let total = 0n;
  for (let index = 0; index < 2; index += 1) {
    await cards.nth(index).getByTestId('gift-card-cart').click();
    await expect(cards.nth(index).getByTestId('gift-card-cart')).toHaveAttribute('aria-pressed', 'true');
    total += nano((await cards.nth(index).getAttribute('data-price')) ?? '0');
  }
  const bar = page.getByTestId('cart-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('cart-bar-count')).toHaveText('2');
  await expect(page.getByTestId('cart-bar-total')).toHaveAttribute('data-value', ton(total));

  // Scrolled down the grid, the bar is still on screen, above the tabs and the home indicator.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await page.waitForTimeout(100);
  const viewport = page.viewportSize()!;
  const barBox = (await bar.boundingBox())!;
  const navBox = (await page.getByTestId('nav-market').boundingBox())!;
  expect(barBox.y).toBeGreaterThan(0);
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(navBox.y + 1);
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(viewport.height - hostFor(testInfo).safeArea.bottom);
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  expect(await layoutProblems(page, hostFor(testInfo)), 'market with the cart bar').toEqual([]);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
  await page.getByTestId('cart-bar-open').click();
  const cart = page.getByTestId('cart-sheet');
  await expect(cart).toBeVisible();
  await expect(cart.getByTestId('cart-line')).toHaveCount(2);
  await expect(cart.getByTestId('cart-total')).toHaveAttribute('data-value', ton(total));
});
