import { expect, test, type APIRequestContext, type Page, anySize } from '../support/test';
import { apiSession, VALID_ADDRESS, type LightProfile } from '../support/api';
import { freshUser, hostMessages, openApp } from '../support/host';
import { nano, ton } from '../support/money';

// VALID_ADDRESS with its checksum broken: the right shape, refused by the server.
const BAD_CHECKSUM_ADDRESS = 'UQAJdvce-cgGFbyOsPN9OMTUD4GHFYJYInb14SKPhAI-HQSA';

interface WalletInfo {
  balance: { ton: string; bonusTon: string };
  depositMemo: string;
  testDeposits: boolean;
}

async function walletPlayer(request: APIRequestContext) {
  const user = freshUser('Wallet Player');
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  await server.call('profile/language', { lang: 'en' });
  return { user, server };
}

/** The TON balance in the top bar, as the exact API string. */
const topBarTon = (page: Page) => page.getByTestId('balance-ton');

async function testDepositFromScreen(page: Page, amount: string) {
  await expect(page.getByTestId('screen-deposit')).toBeVisible();
  await page.getByTestId('deposit-amount').fill(amount);
  await page.getByTestId('test-deposit').click();
  await expect(page.getByTestId('deposit-pending')).toHaveAttribute('data-state', 'arrived');
}

test('a test deposit arrives and the TON balance in the top bar rises', anySize, async ({ page, request }, testInfo) => {
  const { user, server } = await walletPlayer(request);
  const before = (await server.call<LightProfile>('profile/light')).balance.ton;
  const info = await server.call<WalletInfo>('wallet/info');
  expect(info.testDeposits).toBe(true);

  await openApp(page, testInfo, { user, path: '/deposit' });
  await expect(topBarTon(page)).toHaveAttribute('data-value', before);
  // The manual path: the memo is shown with its warning.
  await expect(page.getByTestId('deposit-memo')).toHaveText(info.depositMemo);

  await testDepositFromScreen(page, '1.5');
  // While the transfer was on its way, closing the mini app asked first; once it arrived, no more.
  const closing = async () => (await hostMessages(page)).filter((m) => m.type === 'web_app_setup_closing_behavior').map((m) => m.params);
  await expect.poll(closing).toContainEqual({ need_confirmation: true });
  await expect.poll(async () => (await closing()).at(-1)).toEqual({ need_confirmation: false });
  const after = ton(nano(before) + nano('1.5'));
  await expect(topBarTon(page)).toHaveAttribute('data-value', after);
  await expect(page.getByTestId('deposit-new-balance')).toContainText('1.5');
  expect((await server.call<LightProfile>('profile/light')).balance.ton).toBe(after);
});

test(
  'a withdrawal to a bad address is refused next to the address field and moves no money',
  anySize,
  async ({ page, request, consoleErrors }, testInfo) => {
    // The refusal this test provokes comes back as a 400, which the browser logs.
    consoleErrors.allow(/status of 400 \(Bad Request\)/);
    const { user, server } = await walletPlayer(request);
    await server.call('wallet/test-deposit', { amount: '1', idempotencyKey: `e2e-seed-${user.id}` });
    await expect.poll(async () => (await server.call<WalletInfo>('wallet/info')).balance.ton).toBe('1');

    await openApp(page, testInfo, { user, path: '/withdraw' });
    await expect(page.getByTestId('screen-withdraw')).toBeVisible();
    await expect(topBarTon(page)).toHaveAttribute('data-value', '1');

    // Not even the shape of an address: caught before anything is sent.
    await page.getByTestId('withdraw-address').fill('not-a-ton-address');
    await page.getByTestId('withdraw-amount').fill('0.5');
    await page.getByTestId('withdraw-submit').click();
    await expect(page.getByTestId('withdraw-address-error')).toBeVisible();
    await expect(page.getByTestId('withdraw-confirm')).toHaveCount(0);

    // The right shape with a broken checksum: the server refuses, the text goes next to the field.
    await page.getByTestId('withdraw-address').fill(BAD_CHECKSUM_ADDRESS);
    await expect(page.getByTestId('withdraw-address-error')).toHaveCount(0);
    await page.getByTestId('withdraw-submit').click();
    await page.getByTestId('withdraw-confirm').click();
    await expect(page.getByTestId('withdraw-address-error')).toHaveText(
      'This is not a valid TON address. Check it for typos or copy it again.',
    );
    await expect(page.getByTestId('withdraw-amount-error')).toHaveCount(0);
    await expect(page.getByTestId('withdraw-status')).toHaveCount(0);

    await expect(topBarTon(page)).toHaveAttribute('data-value', '1');
    expect((await server.call<WalletInfo>('wallet/info')).balance.ton).toBe('1');
  },
);

test(
  'a withdrawal runs to done on the emulated chain and the history shows it with the deposit',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const { user, server } = await walletPlayer(request);
    const before = (await server.call<LightProfile>('profile/light')).balance.ton;

    await openApp(page, testInfo, { user, path: '/deposit' });
    await testDepositFromScreen(page, '2');
    const deposited = ton(nano(before) + nano('2'));
    await expect(topBarTon(page)).toHaveAttribute('data-value', deposited);

    await page.getByTestId('nav-wallet').click();
    await expect(page.getByTestId('screen-wallet')).toBeVisible();
    await page.getByTestId('link-withdraw').click();
    await expect(page.getByTestId('screen-withdraw')).toBeVisible();

    await page.getByTestId('withdraw-address').fill(VALID_ADDRESS);
    await page.getByTestId('withdraw-amount').fill('0.5');
    await expect(page.getByTestId('withdraw-fee')).toHaveText('0.05 TON');
    await expect(page.getByTestId('withdraw-arrives')).toHaveText('0.5 TON');
    await expect(page.getByTestId('withdraw-total')).toHaveText('0.55 TON');
    await page.getByTestId('withdraw-submit').click();

    // The confirm step repeats what will happen before anything is sent.
    await expect(page.getByTestId('withdraw-confirm-address')).toHaveText(VALID_ADDRESS);
    await expect(page.getByTestId('withdraw-confirm-total')).toHaveText('0.55 TON');
    await page.getByTestId('withdraw-confirm').click();

    const status = page.getByTestId('withdraw-status');
    await expect(status).toBeVisible();
    await expect(status).toHaveAttribute('data-status', 'done', { timeout: 45_000 });
    const withdrawn = ton(nano(deposited) - nano('0.55'));
    await expect(topBarTon(page)).toHaveAttribute('data-value', withdrawn);
    expect((await server.call<WalletInfo>('wallet/info')).balance.ton).toBe(withdrawn);

    await page.getByTestId('nav-wallet').click();
    await expect(page.getByTestId('screen-wallet')).toBeVisible();
    const withdrawal = page.locator('[data-testid="history-item"][data-kind="withdrawal"]');
    const deposit = page.locator('[data-testid="history-item"][data-kind="deposit"]');
    await expect(withdrawal).toHaveCount(1);
    await expect(withdrawal).toHaveAttribute('data-amount', '-0.55');
    await expect(deposit).toHaveCount(1);
    await expect(deposit).toHaveAttribute('data-amount', '2');
    await expect(page.getByTestId('history-empty')).toHaveCount(0);
  },
);

/** Funds a fresh player with a test deposit through the API and waits until it is credited. */
async function fundedPlayer(request: APIRequestContext, amount: string) {
  const player = await walletPlayer(request);
  await player.server.call('wallet/test-deposit', { amount, idempotencyKey: `e2e-seed-${player.user.id}` });
  await expect.poll(async () => (await player.server.call<WalletInfo>('wallet/info')).balance.ton).toBe(amount);
  return player;
}

test('a withdrawal in progress is shown again after a reload', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { user } = await fundedPlayer(request, '1');

  await openApp(page, testInfo, { user, path: '/withdraw' });
  await page.getByTestId('withdraw-address').fill(VALID_ADDRESS);
  await page.getByTestId('withdraw-amount').fill('0.5');
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-confirm').click();

  const status = page.getByTestId('withdraw-status');
  await expect(status).toHaveAttribute('data-withdrawal-id', /^\d+$/);
  const id = await status.getAttribute('data-withdrawal-id');

  // The emulated chain pays within seconds: the card may come back in progress or already done,
  // but it is this withdrawal's card, not an empty form.
  await page.reload();
  await expect(page.getByTestId('screen-withdraw')).toBeVisible();
  const again = page.locator(`[data-testid="withdraw-status"][data-withdrawal-id="${id}"]`);
  await expect(again).toBeVisible();
  await expect(again).toHaveAttribute('data-status', /^(review|queued|sent|done)$/);
  await expect(page.getByTestId('withdraw-address')).toHaveCount(0);
  await expect(again).toHaveAttribute('data-status', 'done', { timeout: 45_000 });
  await expect(topBarTon(page)).toHaveAttribute('data-value', '0.45');
});

test('a withdrawal waiting for review is listed on /wallet and resumed on /withdraw', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { user, server } = await fundedPlayer(request, '101');
  // 100 TON and more wait for an operator: it stays in flight for the whole test.
  const withdrawal = await server.call<{ id: string; status: string }>('wallet/withdraw', {
    address: VALID_ADDRESS,
    amount: '100',
    idempotencyKey: `e2e-review-${user.id}`,
  });
  expect(withdrawal.status).toBe('review');

  await openApp(page, testInfo, { user, path: '/wallet' });
  const listed = page.getByTestId('wallet-withdrawals').getByTestId('withdraw-status');
  await expect(listed).toHaveCount(1);
  await expect(listed).toHaveAttribute('data-withdrawal-id', withdrawal.id);
  await expect(listed).toHaveAttribute('data-status', 'review');

  // Nothing remembered in this tab: /withdraw finds it in the server's list.
  await page.getByTestId('link-withdraw').click();
  const resumed = page.getByTestId('withdraw-status');
  await expect(resumed).toHaveAttribute('data-withdrawal-id', withdrawal.id);
  await expect(resumed).toHaveAttribute('data-status', 'review');
  // A review can take a while: the form is one tap away.
  await page.getByTestId('withdraw-status-new').click();
  await expect(page.getByTestId('withdraw-address')).toBeVisible();
});
