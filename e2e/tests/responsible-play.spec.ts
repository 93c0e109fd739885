import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo, anySize } from '../support/test';
import { apiPlayer, apiSession } from '../support/api';
import { hostFor, openApp, expectPath, type TestUser } from '../support/host';
import { layoutProblems } from '../support/layout';

const artifacts = join(import.meta.dirname, '..', 'artifacts', 'responsible-play');

interface PlayState {
  limits: Array<{ kind: string; amount: string | null; used: string; pending: { amount: string | null; effectiveAt: string } | null }>;
  pause: { kind: string; startedAt: string; until: string | null } | null;
  realityCheckMinutes: number | null;
  ageConfirmedAt: string | null;
}

/** A player past the onboarding, speaking `lang`, with TON from the development test deposit. */
const player = (request: APIRequestContext, lang: 'en' | 'ru', options: { ageConfirmed?: boolean; ton?: string } = {}) =>
  apiPlayer(request, { name: 'Careful', lang, ...options });

/** Screenshots for the phones the looks are judged on (the narrowest and the smallest iPhone). */
async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const project = testInfo.project.name;
  if (project !== 'iphone-se' && project !== 'android-320') return;
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${project}-${name}.png`) });
}

async function expectNoLayoutProblems(page: Page, testInfo: TestInfo) {
  expect(await layoutProblems(page, hostFor(testInfo))).toEqual([]);
}

async function flipOnce(page: Page, stake: string) {
  await expect(page.getByTestId('screen-flip')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('stake-input').fill(stake);
  await page.getByTestId('flip-play').click();
}

async function openPlayScreen(page: Page, testInfo: TestInfo, user: TestUser) {
  await openApp(page, testInfo, { user, path: '/profile/play', ageConfirmed: false });
  await expect(page.getByTestId('play-limits')).toBeVisible({ timeout: 60_000 });
}

test(
  'a loss limit holds a bet back, a raise waits 24 hours, and a break stops bets but not withdrawals',
  anySize,
  async ({ page, request, consoleErrors }, testInfo) => {
    test.setTimeout(180_000);
    // The refusal this test provokes: over the loss limit (409).
    consoleErrors.allow(/status of 409 \(Conflict\)$/);
    const { user, server } = await player(request, 'en', { ton: '3' });

    // The profile leads to the screen.
    await openApp(page, testInfo, { user, path: '/profile' });
    await page.getByTestId('profile-play-link').click();
    await expect(page.getByTestId('play-limits')).toBeVisible({ timeout: 60_000 });
    await expectPath(page, '/profile/play');

    // A first loss limit is in force at once.
    const loss = page.getByTestId('limit-loss-day');
    await loss.getByTestId('limit-loss-day-edit').click();
    await loss.getByTestId('limit-loss-day-input').fill('0,2');
    await loss.getByTestId('limit-loss-day-save').click();
    await expect(loss).toHaveAttribute('data-amount', '0.2');
    await expect(loss.getByTestId('limit-loss-day-used')).toHaveText('0 of 0.2 TON used');
    expect((await server.call<PlayState>('play/state')).limits.find((limit) => limit.kind === 'loss-day')?.amount).toBe('0.2');

    // A stake that could lose more than the limit leaves is refused, with the server's words and the way back.
    await page.goto('/flip');
    await flipOnce(page, '0.5');
    const notice = page.getByTestId('bet-error');
    await expect(notice).toHaveAttribute('data-code', 'play.limit.loss');
    await expect(notice).toContainText('This stake goes beyond your loss limit.');
    await shoot(page, testInfo, 'en-refused');
    await notice.getByTestId('play-refusal-link').click();
    await expect(page.getByTestId('play-limits')).toBeVisible();

    // Raising it waits 24 hours: the old limit stays, the new one shows with its time.
    await loss.getByTestId('limit-loss-day-edit').click();
    await loss.getByTestId('limit-loss-day-input').fill('5');
    await loss.getByTestId('limit-loss-day-save').click();
    const pending = loss.getByTestId('limit-loss-day-pending');
    await expect(pending).toContainText('Becomes 5 TON on');
    await expect(loss).toHaveAttribute('data-amount', '0.2');
    const waiting = (await server.call<PlayState>('play/state')).limits.find((limit) => limit.kind === 'loss-day')?.pending;
    expect(waiting?.amount).toBe('5');
    const hours = (Date.parse(waiting?.effectiveAt ?? '') - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.5);
    expect(hours).toBeLessThanOrEqual(24);
    await shoot(page, testInfo, 'en-limits');

    // A 24 hour break, after a clear question.
    await page.getByTestId('pause-24h').click();
    const ask = page.getByTestId('pause-confirm');
    await expect(ask).toBeVisible();
    await shoot(page, testInfo, 'en-pause-confirm');
    await ask.getByTestId('pause-confirm-button').click();
    await expect(page.getByTestId('play-pause-status')).toHaveAttribute('data-kind', 'cool-off');
    expect((await server.call<PlayState>('play/state')).pause?.kind).toBe('cool-off');

    // During it Play is closed on the game screen, the break's banner says until when...
    await page.goto('/flip');
    await expect(page.getByTestId('screen-flip')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('pause-banner')).toHaveAttribute('data-kind', 'cool-off');
    await expect(page.getByTestId('flip-play')).toBeDisabled();
    await expect(page.getByTestId('flip-play')).toHaveAttribute('data-closed', 'pause');

    // ...and withdrawals are still offered.
    await page.goto('/withdraw');
    await expect(page.getByTestId('withdraw-submit')).toBeEnabled({ timeout: 30_000 });
  },
);

test(
  'the reality check comes after the chosen interval with time played and the result, and Stop leaves the games',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const { user, server } = await player(request, 'en');
    await server.call('play/reality-check', { minutes: 15 });
    await page.clock.install();
    await openApp(page, testInfo, { user, path: '/flip' });
    await expect(page.getByTestId('screen-flip')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('reality-check')).toHaveCount(0);

    await page.clock.fastForward('16:00');
    const check = page.getByTestId('reality-check');
    await expect(check).toBeVisible();
    await expect(check.getByTestId('reality-played')).toHaveText('You have been playing for 15 minutes.');
    await expect(check.getByTestId('reality-net')).toHaveText('0 TON');
    await shoot(page, testInfo, 'en-reality-check');

    await check.getByTestId('reality-stop').click();
    await expectPath(page, '/bonus');
    await expect(page.getByTestId('reality-check')).toHaveCount(0);
  },
);

test('onboarding asks for 18+ before the app opens', anySize, async ({ page, request }, testInfo) => {
  const { user } = await openApp(page, testInfo, { ageConfirmed: false });
  const onboarding = page.getByTestId('onboarding');
  await expect(onboarding).toBeVisible({ timeout: 60_000 });
  const complete = onboarding.getByRole('button', { name: 'Начать игру' });
  await expect(complete).toBeDisabled();
  await shoot(page, testInfo, 'ru-onboarding-age');
  await onboarding.getByTestId('onboarding-age').check();
  await complete.click();
  await expect(page.getByTestId('screen-bonus')).toBeVisible();
  const server = await apiSession(request, user, { ageConfirmed: false });
  expect((await server.call<PlayState>('play/state')).ageConfirmedAt).not.toBeNull();
});

test('a player who never said 18+ is asked on the game screen before the first bet', anySize, async ({ page, request }, testInfo) => {
  const { user, server } = await player(request, 'en', { ageConfirmed: false });
  await openApp(page, testInfo, { user, path: '/flip', ageConfirmed: false });
  const gate = page.getByTestId('age-gate');
  await expect(gate).toBeVisible({ timeout: 60_000 });
  await expect(gate.getByTestId('age-confirm')).toBeDisabled();
  await shoot(page, testInfo, 'en-age-gate');
  await gate.getByTestId('age-check').check();
  await gate.getByTestId('age-confirm').click();
  await expect(gate).toHaveCount(0);
  expect((await server.call<PlayState>('play/state')).ageConfirmedAt).not.toBeNull();
});

for (const lang of ['ru', 'en'] as const) {
  test(`the responsible play screen and its questions fit the phone (${lang})`, async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const { user, server } = await player(request, lang, { ageConfirmed: false });
    await server.call('play/limit', { kind: 'deposit-day', amount: '10', idempotencyKey: `e2e-play-a-${user.id}` });
    await server.call('play/limit', { kind: 'deposit-day', amount: '100', idempotencyKey: `e2e-play-b-${user.id}` });
    await server.call('play/limit', { kind: 'wager-day', amount: '2.5', idempotencyKey: `e2e-play-c-${user.id}` });
    await server.call('play/reality-check', { minutes: 30 });
    await openPlayScreen(page, testInfo, user);
    await expect(page.getByTestId('limit-deposit-day-pending')).toBeVisible();
    await expect(page.getByTestId('play-age')).toBeVisible();
    await expectNoLayoutProblems(page, testInfo);
    await shoot(page, testInfo, `${lang}-play-top`);
    await page.getByTestId('play-pause').scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `${lang}-play-pause`);
    await page.getByTestId('play-session').scrollIntoViewIfNeeded();
    await shoot(page, testInfo, `${lang}-play-bottom`);

    // Editing a limit.
    await page.getByTestId('limit-loss-week-edit').click();
    await page.getByTestId('limit-loss-week-input').fill('abc');
    await page.getByTestId('limit-loss-week-save').click();
    await expect(page.getByTestId('limit-loss-week').getByRole('alert')).toBeVisible();
    await expectNoLayoutProblems(page, testInfo);
    await shoot(page, testInfo, `${lang}-limit-edit`);

    // Self-exclusion asks twice: the box, then the button.
    await page.getByTestId('exclude').click();
    const exclude = page.getByTestId('exclude-confirm');
    await expect(exclude).toBeVisible();
    await expect(exclude.getByTestId('exclude-confirm-button')).toBeDisabled();
    await exclude.getByTestId('exclude-check').check();
    await expect(exclude.getByTestId('exclude-confirm-button')).toBeEnabled();
    await shoot(page, testInfo, `${lang}-exclude-confirm`);
    await exclude.getByTestId('exclude-confirm-button').click();
    await expect(page.getByTestId('play-pause-status')).toHaveAttribute('data-kind', 'self-exclusion');
    await expect(page.getByTestId('exclude')).toHaveCount(0);
    expect((await server.call<PlayState>('play/state')).pause).toMatchObject({ kind: 'self-exclusion', until: null });
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoLayoutProblems(page, testInfo);
    await shoot(page, testInfo, `${lang}-excluded`);
  });
}

// ---- A break or a self-exclusion on the screens it closes ----

const CLOSED = {
  en: {
    coolOffTitle: (time: string) => `On a break until ${time}`,
    excludedTitle: 'Self-excluded for good',
    coolOffText: 'Until then bets, deposits, bonuses, the daily reward and tasks are closed. Withdrawals still work.',
    excludedText: 'Bets, deposits, bonuses, the daily reward and tasks are closed. Only support can lift this. Withdrawals still work.',
    play: { 'cool-off': 'Closed during your break', 'self-exclusion': 'Closed: you excluded yourself' },
    deposit: {
      'cool-off': 'Deposits are closed during your break. The deposit address is hidden until it ends.',
      'self-exclusion': 'Deposits are closed: you excluded yourself. The deposit address is hidden.',
    },
    rewards: {
      'cool-off': 'Bonuses, the daily reward and tasks are closed during your break.',
      'self-exclusion': 'Bonuses, the daily reward and tasks are closed: you excluded yourself.',
    },
    claim: { 'cool-off': 'Claiming is closed during your break.', 'self-exclusion': 'Claiming is closed: you excluded yourself.' },
  },
  ru: {
    coolOffTitle: (time: string) => `Перерыв до ${time}`,
    excludedTitle: 'Вы исключили себя из игры навсегда',
    coolOffText: 'До этого времени ставки, пополнения, бонусы, ежедневная награда и задания закрыты. Вывод работает.',
    excludedText: 'Ставки, пополнения, бонусы, ежедневная награда и задания закрыты. Снять это может только поддержка. Вывод работает.',
    play: { 'cool-off': 'Закрыто на время перерыва', 'self-exclusion': 'Закрыто: вы исключили себя' },
    deposit: {
      'cool-off': 'Пополнения закрыты на время перерыва. Адрес для пополнения скрыт до его конца.',
      'self-exclusion': 'Пополнения закрыты: вы исключили себя из игры. Адрес для пополнения скрыт.',
    },
    rewards: {
      'cool-off': 'Бонусы, ежедневная награда и задания закрыты на время перерыва.',
      'self-exclusion': 'Бонусы, ежедневная награда и задания закрыты: вы исключили себя из игры.',
    },
    claim: { 'cool-off': 'Получение закрыто на время перерыва.', 'self-exclusion': 'Получение закрыто: вы исключили себя из игры.' },
  },
} as const;

/** Where the banner's screenshots go: the smallest iPhone, an iPhone 15 and the narrowest Android. */
async function shootClosed(page: Page, testInfo: TestInfo, name: string) {
  const project = testInfo.project.name;
  if (project !== 'iphone-se' && project !== 'iphone-15' && project !== 'android-320') return;
  const folder = join(artifacts, 'paused');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${project}-${name}.png`) });
}

/** The end of a break as the app writes it: day, month, hour and minute in the player's language, the phone's time zone. */
const endText = (page: Page, until: string, lang: 'en' | 'ru') =>
  page.evaluate(
    ([at, locale]) =>
      new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(at)),
    [until, lang] as const,
  );

/** Checks the banner: the kind, its title with the end time (or for good) and what it means. */
async function expectBanner(page: Page, lang: 'en' | 'ru', pause: NonNullable<PlayState['pause']>) {
  const banner = page.getByTestId('pause-banner');
  await expect(banner).toBeVisible({ timeout: 60_000 });
  await expect(banner).toHaveAttribute('data-kind', pause.kind);
  const texts = CLOSED[lang];
  if (pause.until === null) {
    await expect(banner.getByTestId('pause-banner-title')).toHaveText(texts.excludedTitle);
    await expect(banner).toContainText(texts.excludedText);
  } else {
    await expect(banner.getByTestId('pause-banner-title')).toHaveText(texts.coolOffTitle(await endText(page, pause.until, lang)));
    await expect(banner).toContainText(texts.coolOffText);
  }
  await expect(banner.getByTestId('play-refusal-link')).toBeVisible();
}

async function expectInside(page: Page, id: string) {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const box = await page.getByTestId(id).boundingBox();
  expect(box, id).not.toBeNull();
  if (!box) return;
  expect(box.x, `${id} left`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${id} right`).toBeLessThanOrEqual(viewport.width + 0.5);
}

for (const lang of ['en', 'ru'] as const) {
  for (const length of ['24h', 'permanent'] as const) {
    const kind = length === 'permanent' ? 'self-exclusion' : 'cool-off';
    // Russian's longer words on every phone; English, whose layout the Russian run bounds, once.
    test(
      `a ${kind} shows on the game, deposit and bonus screens and closes what it stops (${lang})`,
      lang === 'en' ? anySize : {},
      async ({ page, request }, testInfo) => {
        test.setTimeout(240_000);
        const { user, server } = await player(request, lang, { ton: '2' });
        const paused = await server.call<PlayState>('play/pause', { length, idempotencyKey: `e2e-pause-${user.id}` });
        const pause = paused.pause;
        expect(pause).toMatchObject({ kind, until: length === 'permanent' ? null : expect.any(String) });
        if (!pause) return;
        const texts = CLOSED[lang];

        // Every game: the banner with the end time, Play disabled with the reason, no auto-bet.
        await openApp(page, testInfo, { user, path: '/flip' });
        await expect(page.getByTestId('screen-flip')).toBeVisible({ timeout: 90_000 });
        await expectBanner(page, lang, pause);
        const flipPlay = page.getByTestId('flip-play');
        await expect(flipPlay).toBeDisabled({ timeout: 60_000 });
        await expect(page.getByTestId('flip-play-closed')).toHaveText(texts.play[kind]);
        await expect(page.getByTestId('auto-open')).toBeDisabled();
        // A stake above the balance says so, but offers no deposit while deposits are closed.
        await page.getByTestId('stake-input').fill('5');
        await expect(page.getByTestId('stake-error')).toBeVisible();
        await expect(page.getByTestId('deposit-link')).toHaveCount(0);
        await page.getByTestId('stake-input').fill('0.1');
        await expectInside(page, 'pause-banner');
        await expectNoLayoutProblems(page, testInfo);
        await shootClosed(page, testInfo, `${lang}-${kind}-flip`);
        await page.getByTestId('pause-banner').scrollIntoViewIfNeeded();
        await shootClosed(page, testInfo, `${lang}-${kind}-flip-banner`);

        await page.getByTestId('game-tab-roll').click();
        await expect(page.getByTestId('screen-roll')).toBeVisible({ timeout: 90_000 });
        await expectBanner(page, lang, pause);
        await expect(page.getByTestId('roll-play')).toBeDisabled({ timeout: 60_000 });
        await expect(page.getByTestId('roll-play-closed')).toHaveText(texts.play[kind]);
        await expect(page.getByTestId('auto-open')).toBeDisabled();

        await page.getByTestId('game-tab-road').click();
        await expect(page.getByTestId('screen-road')).toBeVisible({ timeout: 90_000 });
        await expectBanner(page, lang, pause);
        await expect(page.getByTestId('road-start')).toBeDisabled({ timeout: 60_000 });
        await expect(page.getByTestId('road-start-closed')).toHaveText(texts.play[kind]);

        // Deposit: the banner, the buttons disabled with the reason, no address and no QR.
        await page.goto('/deposit');
        await expectBanner(page, lang, pause);
        await expect(page.getByTestId('deposit-closed')).toHaveText(texts.deposit[kind]);
        await expect(page.getByTestId('deposit-submit')).toBeDisabled();
        await expect(page.getByTestId('test-deposit')).toBeDisabled();
        await expect(page.getByTestId('deposit-qr')).toHaveCount(0);
        await expect(page.getByTestId('deposit-address')).toHaveCount(0);
        await expect(page.getByTestId('deposit-memo')).toHaveCount(0);
        await expectNoLayoutProblems(page, testInfo);
        await shootClosed(page, testInfo, `${lang}-${kind}-deposit`);

        // Bonus: no "Up to 70 TON", no daily reward, no tasks; why instead.
        await page.goto('/bonus');
        await expectBanner(page, lang, pause);
        await expect(page.getByTestId('rewards-closed')).toHaveText(texts.rewards[kind]);
        await expect(page.getByTestId('bonus-banner')).toHaveCount(0);
        await expect(page.getByTestId('daily-reward')).toHaveCount(0);
        await expect(page.getByTestId('daily-claim')).toHaveCount(0);
        await expect(page.getByTestId('task-claim')).toHaveCount(0);
        await expectNoLayoutProblems(page, testInfo);
        await shootClosed(page, testInfo, `${lang}-${kind}-bonus`);

        // Friends: the earnings stay, claiming is closed with the reason.
        await page.goto('/referral');
        await expectBanner(page, lang, pause);
        await expect(page.getByTestId('referral-claim')).toBeDisabled();
        await expect(page.getByTestId('referral-closed')).toHaveText(texts.claim[kind]);
      },
    );
  }
}

test('a break that ends while the app is open opens Play and the deposit again', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { user, server } = await player(request, 'en', { ton: '1' });
  const { pause } = await server.call<PlayState>('play/pause', { length: '24h', idempotencyKey: `e2e-pause-end-${user.id}` });
  expect(pause?.until).toEqual(expect.any(String));
  await page.clock.install();
  await openApp(page, testInfo, { user, path: '/deposit' });
  await expect(page.getByTestId('pause-banner')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('deposit-submit')).toBeDisabled();
  await expect(page.getByTestId('deposit-qr')).toHaveCount(0);

  // The phone's clock passes the end of the break, the app still open: no tap, no reload.
  await page.clock.fastForward('24:01:00');
  await expect(page.getByTestId('pause-banner')).toHaveCount(0);
  await expect(page.getByTestId('deposit-submit')).toBeEnabled();
  await expect(page.getByTestId('deposit-qr')).toBeVisible();
  await expect(page.getByTestId('deposit-address')).toBeVisible();
});
