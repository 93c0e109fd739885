import { anySize, expect, test, type APIRequestContext, type Page, type TestInfo } from '../support/test';
import { apiSession } from '../support/api';
import { expectPath, freshUser, openApp, type TestUser } from '../support/host';

interface ListedGift {
  id: string;
  deal?: { floor: string; discount: number };
}

/** A player who has been through onboarding, speaking English. */
async function player(request: APIRequestContext) {
  const user: TestUser = { ...freshUser('Sort Player'), language_code: 'en' };
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  await server.call('profile/language', { lang: 'en' });
  return { user, server };
}

async function openMarket(page: Page, testInfo: TestInfo, user: TestUser) {
  await openApp(page, testInfo, { user, path: '/market' });
  await expect(page.getByTestId('screen-market')).toBeVisible({ timeout: 30_000 });
}

test(
  'the discount sort shows each card’s discount and floor, and stays after leaving through the bottom bar',
  anySize,
  async ({ page, request }, testInfo) => {
    const { user, server } = await player(request);
    await openMarket(page, testInfo, user);
    // Another order shows no discount on the cards.
    await expect(page.getByTestId('gift-card').first()).toBeVisible();
    await expect(page.getByTestId('gift-card-deal')).toHaveCount(0);

    await page.getByTestId('sort-chip').click();
    await page.getByTestId('sort-option-discount-desc').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('discount-desc');

    // The first cards carry the floor and the discount the market reports for them.
    const listed = await server.call<{ items: ListedGift[] }>('market/list', { sort: 'discount-desc', limit: 2 });
    expect(listed.items.length).toBeGreaterThan(0);
    for (const gift of listed.items) {
      const card = page.locator(`[data-testid="gift-card"][data-gift-id="${gift.id}"]`);
      const deal = card.getByTestId('gift-card-deal');
      await expect(deal).toBeVisible();
      await expect(deal).toHaveAttribute('data-floor', gift.deal!.floor);
      const percent = Math.trunc(gift.deal!.discount / 1000) / 10;
      await expect(deal).toContainText(`−${new Intl.NumberFormat('en', { maximumFractionDigits: 2 }).format(percent)}%`);
      await expect(deal).toContainText(
        `floor ${new Intl.NumberFormat('en', { maximumFractionDigits: 4 }).format(Number(gift.deal!.floor))}`,
      );
    }

    // Away through the bottom bar and back: the sort is still the player's.
    await page.getByTestId('nav-wallet').click();
    await expectPath(page, '/wallet');
    await page.getByTestId('nav-market').click();
    await expectPath(page, '/market');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('discount-desc');
    await expect(page.getByTestId('sort-chip')).toHaveAttribute('data-sort', 'discount-desc');
    await expect(page.getByTestId('gift-card-deal').first()).toBeVisible();
  },
);

test('every sort option shows without scrolling, and no facet line ends in a dot', async ({ page, request }, testInfo) => {
  const { user } = await player(request);
  await openMarket(page, testInfo, user);

  await page.getByTestId('sort-chip').click();
  const last = page.getByTestId('sort-option-discount-desc');
  await expect(last).toBeVisible();
  // The sheet has settled when its panel stops moving; then the last option sits wholly on screen.
  await expect
    .poll(async () => {
      const box = await last.boundingBox();
      const viewport = page.viewportSize();
      return box && viewport ? box.y + box.height <= viewport.height : false;
    })
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sort-sheet')).toHaveCount(0);

  await page.getByTestId('filter-chip-backdrop').click();
  await expect(page.getByTestId('facet-option').first()).toBeVisible();
  // A detail part that starts a line has its dot outside the detail's box (clipped away).
  const dangling = await page.getByTestId('filter-sheet').evaluate((sheet) => {
    const found: string[] = [];
    for (const detail of Array.from(sheet.querySelectorAll('.facet-option__detail'))) {
      const box = detail.getBoundingClientRect();
      for (const part of Array.from(detail.querySelectorAll('.facet-option__part'))) {
        const rect = part.getBoundingClientRect();
        const dotLeft = rect.left + parseFloat(getComputedStyle(part, '::before').left);
        const startsLine = rect.left < box.left + 1;
        if (startsLine && dotLeft >= box.left) found.push((part.textContent ?? '').trim());
      }
    }
    return found;
  });
  expect(dangling, `dots shown at a line's start at ${testInfo.project.name}`).toEqual([]);
  // Each backdrop names its rarity and its count, side by side or wrapped.
  await expect(page.getByTestId('filter-sheet').locator('.facet-option__part').nth(1)).toBeVisible();
  await expect(page.getByTestId('facet-option').first()).toContainText('‰');
  await expect(page.getByTestId('facet-option').first()).toContainText('for sale');
});
