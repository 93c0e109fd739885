import { expect, test, type APIRequestContext, type Page, type TestInfo, anySize } from '../support/test';
import { apiSession, type ApiSession, type LightProfile, testDeposit } from '../support/api';
import { BASE_URL } from '../support/env';
import { freshUser, hostMessages, openApp, type TestUser } from '../support/host';
import { layoutProblems } from '../support/layout';
import { nano, ton } from '../support/money';

const CHANNEL = '@ton_arcade_news';

interface ReferralInfo {
  code: string;
  link: string;
  totalReferrals: number;
  activeReferrals: number;
  available: string;
  totalEarned: string;
  minClaim: string;
}

async function player(request: APIRequestContext, name: string, user: TestUser = freshUser(name)) {
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  await server.call('profile/language', { lang: 'en' });
  return { user, server };
}

type Server = ApiSession;

/** A test deposit on top of what the player has. */
async function deposit(server: Server, user: TestUser, amount: string) {
  const before = (await server.call<LightProfile>('profile/light')).balance.ton;
  await testDeposit(server, user, amount, ton(nano(before) + nano(amount)));
}

async function flips(server: Server, user: TestUser, count: number, stake: string) {
  for (let i = 0; i < count; i++) {
    await server.call('games/flip', {
      stake,
      currency: 'ton',
      side: i % 2 ? 'tails' : 'heads',
      idempotencyKey: `e2e-flip-${user.id}-${i}`,
    });
  }
}

/**
 * Answers the host requests the fake bridge leaves unanswered: the home screen check and
 * add, and the write access request. Works whichever init script runs first.
 */
async function answerHostRequests(page: Page, answers: { homeScreen: string; writeAccess: string }) {
  await page.addInitScript((a) => {
    type Proxy = { postEvent(type: string, json?: string): void };
    const w = window as unknown as {
      TelegramWebviewProxy?: Proxy;
      Telegram?: { WebView?: { receiveEvent?: (type: string, data?: unknown) => void } };
    };
    const emit = (type: string, data?: unknown) => setTimeout(() => w.Telegram?.WebView?.receiveEvent?.(type, data), 5);
    const wrap = (proxy: Proxy): Proxy => ({
      postEvent(type, json) {
        proxy.postEvent(type, json);
        if (type === 'web_app_check_home_screen') emit('home_screen_checked', { status: a.homeScreen });
        if (type === 'web_app_add_to_home_screen') emit('home_screen_added');
        if (type === 'web_app_request_write_access') emit('write_access_requested', { status: a.writeAccess });
      },
    });
    let current = w.TelegramWebviewProxy ? wrap(w.TelegramWebviewProxy) : undefined;
    Object.defineProperty(window, 'TelegramWebviewProxy', {
      configurable: true,
      get: () => current,
      set: (next: Proxy) => {
        current = wrap(next);
      },
    });
  }, answers);
}

/** Opens the app on a screen and waits for it (start-up is slow while other builds run). */
async function openScreen(page: Page, testInfo: TestInfo, user: TestUser, screen: 'bonus' | 'referral' | 'achievements' | 'profile') {
  const opened = await openApp(page, testInfo, { user, path: `/${screen}` });
  await expect(page.getByTestId(`screen-${screen}`)).toBeVisible({ timeout: 30_000 });
  return opened;
}

const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text, { exact: typeof text === 'string' });
const topBarBonus = (page: Page) => page.getByTestId('balance-bonus');

async function expectNoLayoutProblems(page: Page, host: Parameters<typeof layoutProblems>[1], what: string) {
  await page.evaluate(() => document.fonts.ready);
  expect(await layoutProblems(page, host), what).toEqual([]);
}

test.describe('with less motion asked for (prefers-reduced-motion)', () => {
  test.use({ reducedMotion: 'reduce' });

  test('a toast stays on screen to be read', anySize, async ({ page, request }, testInfo) => {
    // The reduced-motion styles once cut the toast's auto-close timer (its progress bar's
    // animation) to 1 ms with everything else, closing each toast before it showed.
    const { user } = await player(request, 'Calm Player');
    await openScreen(page, testInfo, user, 'bonus');
    await page.getByTestId('daily-claim').click();
    const credited = toast(page, 'Reward credited');
    await expect(credited).toBeVisible();
    await expect(topBarBonus(page)).toHaveAttribute('data-value', '0.1');
    await expect(credited, 'the toast is still there once the reply has been shown').toBeVisible();
  });
});

test("today's daily reward is claimed once, then the button counts down to the next one", anySize, async ({ page, request }, testInfo) => {
  const { user, server } = await player(request, 'Daily Player');
  const { host } = await openScreen(page, testInfo, user, 'bonus');

  const claim = page.getByTestId('daily-claim');
  await expect(page.getByTestId('daily-day')).toHaveText('Day 1');
  await expect(claim).toBeEnabled();
  await expect(claim).toHaveText('Claim 0.1 TON');
  await expect(topBarBonus(page)).toHaveAttribute('data-value', '0');
  await expectNoLayoutProblems(page, host, 'bonus before the claim');

  await claim.click();
  await expect(toast(page, 'Reward credited')).toBeVisible();
  // The top bar takes the balance from the claim's reply.
  await expect(topBarBonus(page)).toHaveAttribute('data-value', '0.1');
  await expect(claim).toBeDisabled();
  await expect(claim).toHaveText(/^Available in (\d+ h \d{2} min|\d+ min \d{2} s|\d+ s)$/);
  await expect(page.getByTestId('daily-cell').first()).toHaveAttribute('data-state', 'claimed');
  await expect(page.getByTestId('bonus-granted')).toHaveAttribute('data-value', '0.1');
  // The daily reward shows once: its card, no task repeating it in the list.
  await expect(page.getByTestId('task-list')).toBeVisible();
  await expect(page.getByTestId('task-daily-reward')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Claim 0\.1 TON|Available in )/ })).toHaveCount(1);

  // A second tap does nothing: the button stays disabled, and the server refuses a second claim.
  await claim.click({ force: true });
  await expect(claim).toBeDisabled();
  await expect(server.call('bonus/daily/claim', { idempotencyKey: `e2e-daily-again-${user.id}` })).rejects.toThrow(/Available in/);
  expect((await server.call<LightProfile>('profile/light')).balance.bonusTon).toBe('0.1');

  // Opened again, the card still counts down.
  await openScreen(page, testInfo, user, 'bonus');
  await expect(page.getByTestId('daily-claim')).toBeDisabled();
  await expect(page.getByTestId('daily-claim')).toHaveText(/^Available in /);
  await expect(topBarBonus(page)).toHaveAttribute('data-value', '0.1');
});

test(
  'the subscribe task says Task not completed, and why, until the Bot API sees the player in the channel, then pays',
  anySize,
  async ({ page, request }, testInfo) => {
    const { user, server } = await player(request, 'Subscriber');
    await openScreen(page, testInfo, user, 'bonus');

    const task = page.getByTestId('task-subscribe-news');
    await expect(task).toHaveAttribute('data-state', 'todo');

    // Subscribe opens the channel inside the messenger.
    await task.getByTestId('task-subscribe').click();
    await expect
      .poll(async () => (await hostMessages(page)).filter((m) => m.type === 'web_app_open_tg_link').map((m) => m.params))
      .toContainEqual({ path_full: '/ton_arcade_news' });

    // Not a member yet: the check fails with the spec's toast.
    await task.getByTestId('task-check').click();
    await expect(toast(page, /^Task not completed: you have not joined the channel/)).toBeVisible();
    await expect(task).toHaveAttribute('data-state', 'todo');

    const member = await request.post(`${BASE_URL}/fake-bot-api/control/member`, {
      data: { chatId: CHANNEL, userId: user.id, status: 'member' },
    });
    expect(member.ok()).toBe(true);

    await task.getByTestId('task-check').click();
    await expect(task).toHaveAttribute('data-state', 'ready');
    await task.getByTestId('task-claim').click();
    await expect(toast(page, 'Reward credited')).toBeVisible();
    await expect(task).toHaveAttribute('data-state', 'claimed');
    await expect(task.getByTestId('task-claimed')).toBeVisible();
    await expect(topBarBonus(page)).toHaveAttribute('data-value', '0.5');
    expect((await server.call<LightProfile>('profile/light')).balance.bonusTon).toBe('0.5');
  },
);

test('the wager-10 task unlocks after 10 TON of bets and pays into the bonus balance', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { user, server } = await player(request, 'Wager Player');
  await deposit(server, user, '12');

  await openScreen(page, testInfo, user, 'bonus');
  const task = page.getByTestId('task-wager-10');
  await expect(task).toHaveAttribute('data-state', 'todo');
  await expect(task.getByTestId('task-progress')).toHaveAttribute('data-current', '0');
  await expect(task.getByTestId('task-claim')).toBeDisabled();
  await expect(task.getByTestId('task-claim')).toHaveText('Conditions not met');
  await expect(task.getByTestId('task-play')).toHaveAttribute('href', '/flip');

  await flips(server, user, 10, '1');

  // Back on the screen, the list is read again.
  await page.getByTestId('nav-friends').click();
  await expect(page.getByTestId('screen-referral')).toBeVisible();
  await page.getByTestId('nav-bonus').click();
  await expect(task).toHaveAttribute('data-state', 'ready');
  await expect(task.getByTestId('task-progress')).toHaveAttribute('data-current', '10');
  // Achievement tiers reached by the bets credit bonus too: compare with what the bar shows now.
  const before = (await server.call<LightProfile>('profile/light')).balance.bonusTon;
  await expect(topBarBonus(page)).toHaveAttribute('data-value', before);

  await task.getByTestId('task-claim').click();
  await expect(toast(page, 'Reward credited')).toBeVisible();
  await expect(task).toHaveAttribute('data-state', 'claimed');
  const after = ton(nano(before) + nano('0.3'));
  await expect(topBarBonus(page)).toHaveAttribute('data-value', after);
  expect((await server.call<LightProfile>('profile/light')).balance.bonusTon).toBe(after);

  // The same bets show on the achievements: 10 rounds and 10 TON wagered, first tiers earned.
  await page.getByTestId('link-achievements').click();
  await expect(page.getByTestId('screen-achievements')).toBeVisible();
  await expect(page.getByTestId('ladder-rounds-value')).toHaveAttribute('data-value', '10');
  await expect(page.getByTestId('ladder-wagered-value')).toHaveAttribute('data-value', '10');
  const rounds = page.getByTestId('ladder-rounds').getByTestId('achievement-badge');
  await expect(rounds.nth(0)).toHaveAttribute('data-earned', 'true');
  await expect(rounds.nth(1)).toHaveAttribute('data-earned', 'false');
  await expect(page.getByTestId('ladder-wagered').getByTestId('achievement-badge').nth(0)).toHaveAttribute('data-earned', 'true');
});

test(
  "a friend who opens the referral link and bets TON raises the referrer's totals and earnings",
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const referrer = await player(request, 'Referrer');
    const info = await referrer.server.call<ReferralInfo>('referral/info');
    expect(info.link).toContain(`startapp=r_${info.code}`);

    // The referrer's screen before any friend.
    const referrerPage = await page.context().newPage();
    const { host } = await openScreen(referrerPage, testInfo, referrer.user, 'referral');
    await expect(referrerPage.getByTestId('referral-code')).toHaveText(info.code);
    await expect(referrerPage.getByTestId('referral-total')).toHaveAttribute('data-value', '0');
    await expect(referrerPage.getByTestId('referral-available')).toHaveAttribute('data-value', '0');
    await expect(referrerPage.getByTestId('referral-claim')).toBeDisabled();
    await expect(referrerPage.getByTestId('referral-min')).toHaveText(`You can claim from ${info.minClaim} TON.`);
    await expectNoLayoutProblems(referrerPage, host, 'referral');

    // Share goes through the messenger's share sheet with the startapp link.
    await referrerPage.getByTestId('referral-share').click();
    const shareLink = `/share/url?url=${encodeURIComponent(info.link)}`;
    await expect
      .poll(async () =>
        (await hostMessages(referrerPage))
          .filter((m) => m.type === 'web_app_open_tg_link')
          .some((m) => String((m.params as { path_full?: string }).path_full ?? '').includes(shareLink)),
      )
      .toBe(true);
    // Copy says 'Link Copied' for 1.5 s.
    const copy = referrerPage.getByTestId('referral-copy');
    await copy.click();
    await expect(copy).toHaveText('Link Copied');
    await expect(copy).toHaveText('Copy link');

    // The friend opens the app from the link: the start param is signed into the launch data.
    const friend = freshUser('Referee');
    await openApp(page, testInfo, { user: friend, startParam: `r_${info.code}` });
    await expect(page.getByTestId('onboarding')).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => (await referrer.server.call<ReferralInfo>('referral/info')).totalReferrals).toBe(1);

    const { server: friendServer } = await player(request, 'Referee', friend);
    await deposit(friendServer, friend, '6');
    await flips(friendServer, friend, 5, '1');

    // Back on the Friends tab, the referrer sees the friend and the earnings.
    await referrerPage.getByTestId('nav-bonus').click();
    await expect(referrerPage.getByTestId('screen-bonus')).toBeVisible();
    await referrerPage.getByTestId('nav-friends').click();
    const after = await referrer.server.call<ReferralInfo>('referral/info');
    expect(nano(after.available)).toBeGreaterThan(0n);
    await expect(referrerPage.getByTestId('referral-total')).toHaveAttribute('data-value', '1');
    await expect(referrerPage.getByTestId('referral-active')).toHaveAttribute('data-value', '1');
    await expect(referrerPage.getByTestId('referral-available')).toHaveAttribute('data-value', after.available);
    await expect(referrerPage.getByTestId('referral-earned')).toHaveAttribute('data-value', after.totalEarned);
    await referrerPage.close();
  },
);

test(
  'the profile offers the home screen shortcut and switches bot notifications through the host',
  anySize,
  async ({ page, request }, testInfo) => {
    const { user, server } = await player(request, 'Profile Player');
    await answerHostRequests(page, { homeScreen: 'missed', writeAccess: 'allowed' });
    const { host } = await openScreen(page, testInfo, user, 'profile');

    await expect(page.getByTestId('profile-linked-wallet')).toContainText('Not linked');
    await expect(page.getByTestId('profile-seed-hash')).toHaveAttribute('data-value', /^[0-9a-f]{64}$/);

    // The host says the app is missing from the home screen: offered, then added.
    const offer = page.getByTestId('home-screen-offer');
    await expect(offer).toHaveAttribute('data-status', 'missed');
    await expectNoLayoutProblems(page, host, 'profile');
    await page.getByTestId('home-screen-add').click();
    await expect.poll(async () => (await hostMessages(page)).map((m) => m.type)).toContain('web_app_add_to_home_screen');
    await expect(offer).toHaveCount(0);

    // Notifications come from the profile's flag (the launch allowed writing to the player).
    const toggle = page.getByTestId('notifications-switch');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await expect
      .poll(async () => (await server.call<{ telegram: { isAllowsWriteToPm: boolean } }>('profile/full')).telegram.isAllowsWriteToPm)
      .toBe(false);

    // Turning on asks the host for write access first; 'allowed' is saved.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect((await hostMessages(page)).map((m) => m.type)).toContain('web_app_request_write_access');
    await expect
      .poll(async () => (await server.call<{ telegram: { isAllowsWriteToPm: boolean } }>('profile/full')).telegram.isAllowsWriteToPm)
      .toBe(true);
  },
);
