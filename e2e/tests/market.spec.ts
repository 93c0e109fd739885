import { expect, test, type APIRequestContext, type Page, type TestInfo, anySize } from '../support/test';
import { apiPlayer, type LightProfile } from '../support/api';
import { expectPath, openApp, type TestUser } from '../support/host';
import { layoutProblems } from '../support/layout';
import { BASE_URL } from '../support/env';
import { formatTon } from '../../app/src/lib/format';
import { nano, ton } from '../support/money';

// The server (and its one seeded catalogue) is shared by every test of a run: each test on each
// phone shops under its own backdrop, so no two runs reach for the same gifts.
const PHONES = ['iphone-se', 'iphone-15', 'iphone-16-pro-max', 'pixel-7', 'galaxy-s24', 'android-320'];
const CHECKOUT_BACKDROPS = ['Midnight Blue', 'Emerald', 'Ruby', 'Onyx Black', 'Amber', 'Lavender'];
const RACE_BACKDROPS = ['Sky Blue', 'Mint', 'Gold', 'Coral Red'];

function phoneIndex(testInfo: TestInfo): number {
  return Math.max(0, PHONES.indexOf(testInfo.project.name));
}

interface Gift {
  id: string;
  price: string | null;
  number: number;
}

/** A player with TON on the balance (the development test deposit, credited by the watcher). */
const richPlayer = (request: APIRequestContext, name: string, amount = '200') => apiPlayer(request, { name, ton: amount });

const topBarTon = (page: Page) => page.getByTestId('balance-ton');

/** Opens the app at a screen; start-up gets more time than one step, the machine may be busy. */
async function openScreen(page: Page, testInfo: TestInfo, user: TestUser, path: string, screen: string) {
  const opened = await openApp(page, testInfo, { user, path });
  await expect(page.getByTestId(`screen-${screen}`)).toBeVisible({ timeout: 30_000 });
  return opened;
}

/**
 * Within one part of the page: anything sticking out of the viewport sideways, and any button or
 * link smaller than a 44 px tap target.
 */
async function partProblems(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((root) => {
    const problems: string[] = [];
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth > width + 1) problems.push(`page is ${document.documentElement.scrollWidth}px wide`);
    for (const el of [root, ...Array.from(root.querySelectorAll('*'))]) {
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const name = `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').split(' ')[0]} "${(el.textContent ?? '').trim().slice(0, 24)}"`;
      if (rect.right > width + 1 || rect.left < -1)
        problems.push(`${name} sticks out (${Math.round(rect.left)}..${Math.round(rect.right)})`);
      if ((el.tagName === 'BUTTON' || el.tagName === 'A') && (rect.height < 43.5 || rect.width < 43.5)) {
        problems.push(`${name} is ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
    }
    return problems;
  });
}

async function filterByBackdrop(page: Page, backdrop: string) {
  await page.getByTestId('filter-chip-backdrop').click();
  const sheet = page.getByTestId('filter-sheet');
  await expect(sheet).toBeVisible();
  const option = sheet.locator(`[data-testid="facet-option"][data-value="${backdrop}"]`);
  // Each value shows how many are for sale and how rare it is.
  await expect(option).toContainText('for sale');
  await expect(option).toContainText('‰');
  expect(await partProblems(page, 'filter-sheet'), 'filter sheet at this phone').toEqual([]);
  await option.click();
  await expect(option).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('filter-apply')).toHaveText(/^Show \d+$/);
  await page.getByTestId('filter-apply').click();
  await expect(sheet).toHaveCount(0);
  await expect.poll(() => new URL(page.url()).searchParams.get('backdrop')).toBe(backdrop);
}

async function sortBy(page: Page, sort: string) {
  await page.getByTestId('sort-chip').click();
  await page.getByTestId(`sort-option-${sort}`).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe(sort);
  await expect(page.getByTestId('sort-chip')).toHaveAttribute('data-sort', sort);
}

/** The gift cards on screen once the list has settled on the given backdrop. */
async function cardsOf(page: Page, backdrop: string) {
  const grid = page.getByTestId('market-grid');
  await expect(grid).toBeVisible();
  await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  const cards = grid.getByTestId('gift-card');
  await expect(cards.first()).toHaveAttribute('data-backdrop', backdrop);
  return cards;
}

async function cardData(page: Page) {
  return page.getByTestId('gift-card').evaluateAll((cards) =>
    cards.map((card) => ({
      id: card.getAttribute('data-gift-id') ?? '',
      price: card.getAttribute('data-price') ?? '',
      backdrop: card.getAttribute('data-backdrop') ?? '',
    })),
  );
}

test(
  'filter by a backdrop, sort by price, buy three from the cart and find them in the profile',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const backdrop = CHECKOUT_BACKDROPS[phoneIndex(testInfo) % CHECKOUT_BACKDROPS.length]!;
    const { user, server } = await richPlayer(request, 'Gift Buyer');

    const { host } = await openScreen(page, testInfo, user, '/market', 'market');
    await expect(topBarTon(page)).toHaveAttribute('data-value', '200');
    await expect(page.getByTestId('market-grid')).toBeVisible();

    await filterByBackdrop(page, backdrop);
    await sortBy(page, 'price-asc');
    const cards = await cardsOf(page, backdrop);
    await expect.poll(async () => (await cardData(page)).every((card) => card.backdrop === backdrop)).toBe(true);
    const shown = await cardData(page);
    const prices = shown.map((card) => nano(card.price));
    expect(prices, 'cheapest first').toEqual([...prices].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await layoutProblems(page, host), 'market at this phone').toEqual([]);
    expect(await partProblems(page, 'screen-market'), 'market tap targets').toEqual([]);

    // A gift's detail: every attribute with its rarity, the price and the cart button.
    await cards.nth(3).locator('.gift-card__open').click();
    const detail = page.getByTestId('gift-detail');
    await expect(detail.getByTestId('gift-detail-price')).toHaveAttribute('data-value', shown[3]!.price);
    await expect(detail.locator('.gift-attr__rarity')).toHaveCount(3);
    await expect(detail).toContainText(backdrop);
    await expect(detail.getByTestId('gift-detail-cart')).toHaveAttribute('data-in-cart', 'false');
    expect(await partProblems(page, 'gift-detail'), 'gift detail at this phone').toEqual([]);
    await detail.getByTestId('sheet-close').click();
    await expect(detail).toHaveCount(0);

    // Three gifts into the cart from their cards.
    const picked = shown.slice(0, 3);
    for (let index = 0; index < 3; index += 1) {
      await cards.nth(index).getByTestId('gift-card-cart').click();
      await expect(cards.nth(index).getByTestId('gift-card-cart')).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(page.getByTestId('cart-count')).toHaveText('3');

    // The filters and sort survive a reload (they live in the URL), and so does the cart (local storage).
    await page.reload();
    await expect(page.getByTestId('screen-market')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('sort-chip')).toHaveAttribute('data-sort', 'price-asc');
    await expect(page.getByTestId('cart-count')).toHaveText('3');

    await page.getByTestId('cart-button').click();
    const cart = page.getByTestId('cart-sheet');
    await expect(cart).toBeVisible();
    await expect(cart.getByTestId('cart-line')).toHaveCount(3);
    // Some selected, then all.
    await cart.getByTestId('cart-line').nth(1).getByTestId('cart-line-select').click();
    await expect(cart.getByTestId('cart-selected')).toHaveAttribute('data-value', '2');
    await expect(cart.getByTestId('cart-select-all')).toHaveAttribute('aria-checked', 'mixed');
    await cart.getByTestId('cart-select-all').click();
    await expect(cart.getByTestId('cart-select-all')).toHaveAttribute('aria-checked', 'true');
    await expect(cart.getByTestId('cart-selected')).toHaveAttribute('data-value', '3');

    const sum = picked.reduce((total, card) => total + nano(card.price), 0n);
    await expect(cart.getByTestId('cart-total')).toHaveAttribute('data-value', ton(sum));
    await expect(cart.getByTestId('cart-checkout')).toContainText(`Buy 3 for ${formatTon(sum, 'en')} TON`);
    expect(await partProblems(page, 'cart-sheet'), 'cart at this phone').toEqual([]);
    await cart.getByTestId('cart-checkout').click();

    await expect(cart.getByTestId('cart-bought-item')).toHaveCount(3);
    await expect(cart.getByTestId('cart-empty')).toBeVisible();
    await expect(page.locator('.Toastify').getByText(`Bought: 3 for ${ton(sum)} TON`)).toBeVisible();
    const after = ton(nano('200') - sum);
    await expect(topBarTon(page)).toHaveAttribute('data-value', after);
    expect((await server.call<LightProfile>('profile/light')).balance.ton).toBe(after);

    // ... they are the player's now, in the profile,
    await cart.getByTestId('cart-to-profile').click();
    await expectPath(page, '/profile');
    const owned = page.getByTestId('owned-gifts');
    await expect(owned).toBeVisible();
    for (const card of picked) await expect(owned.locator(`[data-testid="owned-gift"][data-gift-id="${card.id}"]`)).toBeVisible();
    expect(await partProblems(page, 'owned-gifts'), 'owned gifts at this phone').toEqual([]);

    // ... and no longer in the market.
    await page.goBack();
    await expectPath(page, '/market');
    await cardsOf(page, backdrop);
    for (const card of picked) await expect(page.locator(`[data-testid="gift-card"][data-gift-id="${card.id}"]`)).toHaveCount(0);
    const inventory = await server.call<{ items: Gift[] }>('gifts/inventory');
    expect(inventory.items.map((gift) => gift.id).sort()).toEqual(picked.map((card) => card.id).sort());
  },
);

test('a gift bought meanwhile by someone else comes back sold and is not charged', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const backdrop = RACE_BACKDROPS[phoneIndex(testInfo) % RACE_BACKDROPS.length]!;
  const [{ user, server }, rival] = await Promise.all([richPlayer(request, 'Slow Buyer'), richPlayer(request, 'Fast Buyer', '100')]);

  await openScreen(page, testInfo, user, `/market?backdrop=${encodeURIComponent(backdrop)}&sort=price-asc`, 'market');
  const cards = await cardsOf(page, backdrop);
  const shown = await cardData(page);
  expect(shown.length).toBeGreaterThanOrEqual(2);
  // A random pair among the cheap ones: runs on other phones under the same backdrop reach for other gifts.
  const offset = Math.floor(Math.random() * Math.max(1, Math.min(shown.length, 8) - 1));
  const [taken, kept] = [shown[offset]!, shown[offset + 1]!];
  await cards.nth(offset).getByTestId('gift-card-cart').click();
  await cards
    .nth(offset + 1)
    .getByTestId('gift-card-cart')
    .click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // Someone else buys the first one while it sits in our cart.
  const race = await rival.server.call<{ items: Array<{ giftId: string; result: string }> }>('market/checkout', {
    items: [{ giftId: taken.id, price: taken.price }],
    idempotencyKey: `e2e-rival-${rival.user.id}`,
  });
  expect(race.items[0]?.giftId).toBe(taken.id);

  await page.getByTestId('cart-button').click();
  const cart = page.getByTestId('cart-sheet');
  await expect(cart.getByTestId('cart-total')).toHaveAttribute('data-value', ton(nano(taken.price) + nano(kept.price)));
  await cart.getByTestId('cart-checkout').click();

  const takenLine = cart.locator(`[data-testid="cart-line"][data-gift-id="${taken.id}"]`);
  await expect(takenLine).toHaveAttribute('data-status', 'gone');
  await expect(takenLine.getByTestId('cart-line-status')).toContainText('Sold');
  await expect(takenLine.getByTestId('cart-line-select')).toHaveAttribute('aria-checked', 'false');
  await expect(cart.locator(`[data-testid="cart-bought-item"][data-gift-id="${kept.id}"]`)).toBeVisible();
  await expect(page.locator('.Toastify').getByText('Already sold: 1. You were not charged for them.')).toBeVisible();

  // Only the gift that was bought is charged.
  const after = ton(nano('200') - nano(kept.price));
  await expect(topBarTon(page)).toHaveAttribute('data-value', after);
  expect((await server.call<LightProfile>('profile/light')).balance.ton).toBe(after);
  await expect(cart.getByTestId('cart-total')).toHaveAttribute('data-value', '0');

  // The sold line can be cleared away; the cart is then empty.
  await takenLine.getByTestId('cart-line-remove').click();
  await expect(cart.getByTestId('cart-empty')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveCount(0);
});

test('a repriced gift asks to confirm the new price, an unaffordable one offers a top-up', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const [{ user, server }, seller] = await Promise.all([
    richPlayer(request, 'Careful Buyer', '60'),
    richPlayer(request, 'Gift Seller', '200'),
  ]);

  // The seller buys two Plush Pepes from the house (under big backdrops, far from the cheap gifts
  // other tests take) and lists them at prices of their own.
  const stock = await seller.server.call<{ items: Gift[] }>('market/list', {
    collections: ['plush-pepe'],
    backdrops: ['Midnight Blue', 'Emerald'],
    sort: 'price-asc',
    limit: 60,
  });
  const candidates = stock.items.filter((gift) => gift.price !== null).sort(() => Math.random() - 0.5);
  const owned: Gift[] = [];
  for (const gift of candidates) {
    if (owned.length === 2) break;
    const result = await seller.server.call<{ items: Array<{ result: string }> }>('market/checkout', {
      items: [{ giftId: gift.id, price: gift.price }],
      idempotencyKey: `e2e-seller-${seller.user.id}-${gift.id}`,
    });
    if (result.items[0]?.result === 'bought') owned.push(gift);
  }
  expect(owned).toHaveLength(2);
  const [repriced, dear] = [owned[0]!, owned[1]!];
  await seller.server.call('gifts/list', { giftId: repriced.id, price: '47.77' });
  await seller.server.call('gifts/list', { giftId: dear.id, price: '77.77' });

  // The buyer finds both through the price filter and puts them in the cart.
  await openScreen(page, testInfo, user, '/market?collection=plush-pepe&minPrice=47.77&maxPrice=77.77&sort=price-asc', 'market');
  await expect(page.getByTestId('filter-chip-price')).toContainText('47.77–77.77 TON');
  for (const gift of [repriced, dear]) {
    const card = page.locator(`[data-testid="gift-card"][data-gift-id="${gift.id}"]`);
    await card.getByTestId('gift-card-cart').click();
    await expect(card.getByTestId('gift-card-cart')).toHaveAttribute('aria-pressed', 'true');
  }

  // Meanwhile the seller asks more for the first one.
  await seller.server.call('gifts/list', { giftId: repriced.id, price: '48.5' });

  await page.getByTestId('cart-button').click();
  const cart = page.getByTestId('cart-sheet');
  await expect(cart.getByTestId('cart-total')).toHaveAttribute('data-value', '125.54');
  await cart.getByTestId('cart-checkout').click();

  const repricedLine = cart.locator(`[data-testid="cart-line"][data-gift-id="${repriced.id}"]`);
  const dearLine = cart.locator(`[data-testid="cart-line"][data-gift-id="${dear.id}"]`);
  await expect(repricedLine).toHaveAttribute('data-status', 'repriced');
  await expect(repricedLine).toHaveAttribute('data-price', '48.5');
  await expect(repricedLine.getByTestId('cart-line-status')).toContainText('New price');
  await expect(dearLine).toHaveAttribute('data-status', 'unaffordable');
  await expect(dearLine.getByTestId('cart-line-top-up')).toBeVisible();
  // Nothing was bought: the balance is untouched.
  await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', '60');

  // The new price is confirmed first; only then does the button buy.
  await expect(cart.getByTestId('cart-confirm-hint')).toBeVisible();
  await expect(cart.getByTestId('cart-checkout')).toHaveText('Accept new prices');
  await cart.getByTestId('cart-checkout').click();
  await expect(cart.getByTestId('cart-confirm-hint')).toHaveCount(0);
  await dearLine.getByTestId('cart-line-select').click();
  await expect(cart.getByTestId('cart-checkout')).toHaveText('Buy 1 for 48.5 TON');
  await cart.getByTestId('cart-checkout').click();
  await expect(cart.locator(`[data-testid="cart-bought-item"][data-gift-id="${repriced.id}"]`)).toBeVisible();
  await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', '11.5');
  expect((await server.call<LightProfile>('profile/light')).balance.ton).toBe('11.5');

  // The gift still out of reach waits in the cart; the top-up link leads to the deposit screen.
  await expect(cart.getByTestId('cart-line')).toHaveCount(1);
  await expect(cart.getByTestId('cart-top-up')).toHaveCount(0);
  await dearLine.getByTestId('cart-line-top-up').click();
  await expectPath(page, '/deposit');
});

test(
  'an owned gift is listed, repriced, taken off sale, and sent to Telegram for the fee',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const { user, server } = await richPlayer(request, 'Gift Owner', '100');
    // A Durov's Cap from the house stock, under a big backdrop (far from the cheap gifts other tests take).
    const stock = await server.call<{ items: Gift[] }>('market/list', {
      collections: ['durovs-cap'],
      backdrops: ['Midnight Blue', 'Emerald'],
      sort: 'price-asc',
      limit: 60,
    });
    let owned: Gift | null = null;
    for (const gift of stock.items.sort(() => Math.random() - 0.5)) {
      const result = await server.call<{ items: Array<{ result: string }> }>('market/checkout', {
        items: [{ giftId: gift.id, price: gift.price }],
        idempotencyKey: `e2e-owner-${user.id}-${gift.id}`,
      });
      if (result.items[0]?.result === 'bought') {
        owned = gift;
        break;
      }
    }
    expect(owned).not.toBeNull();
    const gift = owned!;
    const balance = (await server.call<LightProfile>('profile/light')).balance.ton;

    await openScreen(page, testInfo, user, '/profile', 'profile');
    const row = page.locator(`[data-testid="owned-gift"][data-gift-id="${gift.id}"]`);
    await expect(row.getByTestId('owned-gift-state')).toHaveAttribute('data-state', 'held');

    // List it: below the minimum is refused before anything is sent; the seller's share is shown.
    await row.getByTestId('owned-gift-sell').click();
    const sell = page.getByTestId('sell-sheet');
    await sell.getByTestId('sell-price').fill('0.05');
    await sell.getByTestId('sell-submit').click();
    await expect(sell.getByTestId('sell-price-error')).toHaveText('The lowest price is 0.1 TON.');
    await sell.getByTestId('sell-price').fill('12,5');
    // The sheet shows the floor of the gift's model (as the market reports it), the fee and what the seller gets.
    const info = await server.call<{ floors: { model: string | null } }>('market/gift-info', { giftId: gift.id });
    await expect(sell.getByTestId('sell-floor')).toHaveAttribute('data-value', info.floors.model ?? '');
    await expect(sell.getByTestId('sell-floor')).not.toHaveText('…');
    await expect(sell.getByTestId('sell-fee')).toHaveText('0.625 TON');
    await expect(sell.getByTestId('sell-receive')).toHaveText('11.87 TON');
    expect(await partProblems(page, 'sell-sheet'), 'sell sheet at this phone').toEqual([]);
    await sell.getByTestId('sell-submit').click();
    await expect(sell).toHaveCount(0);
    await expect(row).toHaveAttribute('data-price', '12.5');
    await expect(row.getByTestId('owned-gift-state')).toContainText('On sale · 12.5 TON');
    expect((await server.call<Gift>('market/gift', { giftId: gift.id })).price).toBe('12.5');

    // Change the price, then take it off sale.
    await row.getByTestId('owned-gift-sell').click();
    await expect(sell.getByTestId('sell-price')).toHaveValue('12.5');
    await sell.getByTestId('sell-price').fill('13');
    await sell.getByTestId('sell-submit').click();
    await expect(row).toHaveAttribute('data-price', '13');
    await row.getByTestId('owned-gift-unlist').click();
    await expect(row.getByTestId('owned-gift-state')).toHaveAttribute('data-state', 'held');
    expect((await server.call<Gift>('market/gift', { giftId: gift.id })).price).toBeNull();

    // To Telegram: the fee is shown and confirmed first; the gift leaves the market for the fee.
    await row.getByTestId('owned-gift-withdraw').click();
    const withdraw = page.getByTestId('withdraw-gift-sheet');
    await expect(withdraw.getByTestId('withdraw-gift-fee')).toHaveText('0.1 TON from your TON balance');
    expect(await partProblems(page, 'withdraw-gift-sheet'), 'withdraw sheet at this phone').toEqual([]);
    await withdraw.getByTestId('withdraw-gift-confirm').click();
    await expect(page.getByText('Sent to your Telegram account')).toBeVisible();
    await expect(withdraw).toHaveCount(0);
    await expect(row).toHaveCount(0);
    expect(nano((await server.call<LightProfile>('profile/light')).balance.ton)).toBe(nano(balance) - nano('0.1'));
    const inventory = await server.call<{ items: Gift[] }>('gifts/inventory');
    expect(inventory.items.map((g) => g.id)).not.toContain(gift.id);
  },
);

test(
  'a gift sent to the market arrives in the profile, and is not sent back while Telegram locks it',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const { user, server } = await richPlayer(request, 'Gift Sender', '5');
    const number = 900_000 + Math.floor(Math.random() * 99_999);
    const lockedUntil = Math.floor(Date.now() / 1000) + 3 * 86_400;
    // The player sends a collectible to the market's account in Telegram, with a 3-day trade lock.
    const sent = await request.post(`${BASE_URL}/fake-bot-api/control/receive-gift`, {
      data: {
        owned_gift_id: `e2e-deposit-${user.id}-${number}`,
        sender_user: { id: user.id, is_bot: false, first_name: user.first_name },
        next_transfer_date: lockedUntil,
        gift: {
          base_name: 'Jelly Bunny',
          name: `JellyBunny-${number}`,
          number,
          model: { name: 'Strawberry', rarity_per_mille: 15, sticker: {} },
          symbol: { name: 'Carrot', rarity_per_mille: 8, sticker: {} },
          backdrop: {
            name: 'Pink',
            rarity_per_mille: 20,
            colors: { center_color: 0xf4a7c0, edge_color: 0x9e3d63, symbol_color: 0xffffff, text_color: 0xffffff },
          },
        },
      },
    });
    expect(sent.ok()).toBe(true);
    // The background watcher credits it within a pass or two.
    let arrived: Gift | undefined;
    await expect
      .poll(async () => {
        arrived = (await server.call<{ items: Gift[] }>('gifts/inventory')).items.find((g) => g.number === number);
        return arrived !== undefined;
      })
      .toBe(true);
    const balance = (await server.call<LightProfile>('profile/light')).balance.ton;

    await openScreen(page, testInfo, user, '/profile', 'profile');
    const row = page.locator(`[data-testid="owned-gift"][data-gift-id="${arrived!.id}"]`);
    await expect(row).toContainText('Jelly Bunny');
    await expect(row).toContainText('Locked until');
    await row.getByTestId('owned-gift-withdraw').click();
    const withdraw = page.getByTestId('withdraw-gift-sheet');
    await expect(withdraw.getByTestId('withdraw-gift-locked')).toContainText('Telegram holds this gift until');
    await expect(withdraw.getByTestId('withdraw-gift-confirm')).toBeDisabled();
    // The server refuses it too, whatever a client sends, and charges nothing.
    const refused = await server.raw('gifts/withdraw', { giftId: arrived!.id, idempotencyKey: `e2e-locked-${user.id}` });
    expect(refused).toMatchObject({ status: 409, success: false, code: 'market.gift.locked' });
    expect((await server.call<LightProfile>('profile/light')).balance.ton).toBe(balance);
  },
);
