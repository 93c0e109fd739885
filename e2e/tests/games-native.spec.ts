import { expect, test, type APIRequestContext, type Page, anySize } from '../support/test';
import { apiPlayer, apiSession } from '../support/api';
import { freshUser, hostMessages, openApp, theme, type HostMessage } from '../support/host';
import { switchKeptThroughReload } from '../support/switches';
import { roadState } from '../support/road';

/** A player with TON from the development test deposit, in the language given. */
const fundedPlayer = (request: APIRequestContext, lang: 'ru' | 'en' = 'en', amount = '5') =>
  apiPlayer(request, { name: 'Native Player', lang, ton: amount });

async function newPlayer(request: APIRequestContext, lang: 'ru' | 'en') {
  const user = freshUser('Native Player');
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  await server.call('profile/language', { lang });
  return { user, server };
}

const engineReady = (page: Page) => expect(page.getByTestId('game-stage')).toHaveAttribute('data-engine', 'ready', { timeout: 45_000 });

/** The messages sent to the host from `from` on (see support/host.ts: the fake bridge records them). */
async function sentSince(page: Page, from: number, type: string): Promise<HostMessage[]> {
  return (await hostMessages(page)).slice(from).filter((message) => message.type === type);
}

const haptic = (page: Page, from: number) => sentSince(page, from, 'web_app_trigger_haptic_feedback');

test(
  'the game canvases print the interface language: Russian in a Russian app, English in an English one',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const { user } = await newPlayer(request, 'ru');
    const stage = page.getByTestId('game-stage');
    /** The words the shown canvas prints (the stage names them once the engine has shown the game). */
    const words = async () => ((await stage.getAttribute('data-canvas-words')) ?? '').split('|');

    await openApp(page, testInfo, { user, path: '/flip' });
    await engineReady(page);
    await expect.poll(words).toEqual(expect.arrayContaining(['ОРЁЛ', 'РЕШКА', 'ВЫИГРЫШ', 'НЕ ПОВЕЗЛО']));
    await expect(stage).not.toHaveAttribute('data-canvas-words', /HEADS|TAILS|YOU WIN|NO LUCK/);

    await page.getByRole('link', { name: 'Road' }).click();
    await expect(page.getByTestId('screen-road')).toBeVisible();
    await engineReady(page);
    await expect.poll(words).toEqual(expect.arrayContaining(['ФИНИШ', 'ЗАБРАНО', 'АВАРИЯ', 'ПОЛОСА']));
    await expect(stage).not.toHaveAttribute('data-canvas-words', /CRASHED|CASHED OUT|LANE|FINISH/);

    await page.getByRole('link', { name: 'Roll' }).click();
    await expect(page.getByTestId('screen-roll')).toBeVisible();
    await engineReady(page);
    await expect.poll(words).toEqual(expect.arrayContaining(['МЕНЬШЕ', 'БОЛЬШЕ']));

    // Another player, in English, on a fresh page (the same path with another launch hash would not reload).
    const english = await newPlayer(request, 'en');
    await page.goto('about:blank');
    await openApp(page, testInfo, { user: english.user, path: '/roll' });
    await engineReady(page);
    await expect.poll(words).toEqual(expect.arrayContaining(['UNDER', 'OVER', 'YOU WIN', 'NO LUCK']));
  },
);

test('each game keeps its last settings for the player through a reload', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { user } = await fundedPlayer(request);
  await openApp(page, testInfo, { user, path: '/road' });
  await page.getByTestId('road-difficulty-hard').click();
  await page.getByTestId('stake-input').fill('0.25');

  await page.goto(page.url().replace('/road', '/roll'));
  await page.getByTestId('roll-over').click();
  await page.getByTestId('roll-target').fill('60.5');
  await page.getByTestId('roll-target').blur();
  await page.getByTestId('stake-input').fill('0.3');
  await expect(page.getByTestId('roll-target')).toHaveValue('60.50');

  await page.goto(page.url().replace('/roll', '/flip'));
  await page.getByTestId('flip-side-tails').click();
  await page.getByTestId('stake-input').fill('0.2');

  await page.reload();
  await expect(page.getByTestId('flip-side-tails')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('stake-input')).toHaveValue('0.2');

  await page.goto(page.url().replace('/flip', '/road'));
  await expect(page.getByTestId('road-difficulty-hard')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('stake-input')).toHaveValue('0.25');

  // A round opened with the kept settings, the page reloaded mid-round, then the round ended:
  // the next one is offered at the same difficulty and stake, not the defaults.
  await page.getByTestId('road-start').click();
  await expect(page.getByTestId('road-round')).toHaveAttribute('data-passed', '0');
  await page.reload();
  await expect(page.getByTestId('road-resumed')).toBeVisible();
  await engineReady(page);
  await page.getByTestId('road-go').click();
  await expect.poll(() => roadState(page), { timeout: 60_000 }).toMatch(/^(1|over)$/);
  if ((await page.getByTestId('road-cashout').count()) > 0) await page.getByTestId('road-cashout').click();
  await expect(page.getByTestId('road-start')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('road-difficulty-hard')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('stake-input')).toHaveValue('0.25');

  await page.goto(page.url().replace('/road', '/roll'));
  await expect(page.getByTestId('roll-over')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('roll-target')).toHaveValue('60.50');
  await expect(page.getByTestId('stake-input')).toHaveValue('0.3');

  // Another player on the same device starts from the defaults.
  const other = await newPlayer(request, 'en');
  await openApp(page, testInfo, { user: other.user, path: '/road' });
  await expect(page.getByTestId('road-difficulty-medium')).toHaveAttribute('aria-checked', 'true');
});

test('the stage and Play are on screen at the top; each control under the stage scrolls clear of Play', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { user } = await newPlayer(request, 'ru');
  const quick = ['stake-half', 'stake-double', 'stake-min', 'stake-max'];
  const needs: Record<string, string[]> = {
    flip: ['flip-side-heads', 'flip-side-tails', 'stake-input', ...quick],
    roll: ['roll-under', 'roll-over', 'roll-target', 'stake-input', ...quick],
    road: ['road-difficulty-easy', 'road-difficulty-hardcore', 'stake-input', ...quick],
  };
  for (const [game, ids] of Object.entries(needs)) {
    const play = game === 'road' ? 'road-start' : `${game}-play`;
    await openApp(page, testInfo, { user, path: `/${game}` });
    await expect(page.getByTestId(play)).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    const dock = await page.getByTestId('bet-dock').boundingBox();
    expect(dock, `the bet dock on ${game}`).not.toBeNull();
    const dockTop = dock?.y ?? 0;
    // At the top of the page: the whole stage above the dock, and Play in it on screen.
    const stage = await page.getByTestId('game-stage').boundingBox();
    expect(stage, `the stage on ${game}`).not.toBeNull();
    expect(stage?.y ?? -1, `the stage on ${game} is below the top`).toBeGreaterThanOrEqual(0);
    expect((stage?.y ?? 0) + (stage?.height ?? Infinity), `the stage on ${game} clears the bet dock`).toBeLessThanOrEqual(dockTop + 0.5);
    const playBox = await page.getByTestId(play).boundingBox();
    expect((playBox?.y ?? 0) + (playBox?.height ?? Infinity), `${play} is above the bottom`).toBeLessThanOrEqual(viewport.height);
    // Each control, brought into view as a focus or a swipe does, sits above the dock: never under Play.
    for (const id of ids) {
      await page.getByTestId(id).evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
      const box = await page.getByTestId(id).boundingBox();
      const dockNow = await page.getByTestId('bet-dock').boundingBox();
      expect(box, `${id} on ${game}`).not.toBeNull();
      if (!box || !dockNow) continue;
      expect(box.y, `${id} on ${game} is below the top`).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, `${id} on ${game} clears the bet dock`).toBeLessThanOrEqual(dockNow.y + 0.5);
    }
  }
});

test('road at 320 px: lane chips hold their names on one line, with no stray marks', async ({ page, request }, testInfo) => {
  const { user } = await newPlayer(request, 'ru');
  await openApp(page, testInfo, { user, path: '/road' });
  await page.getByTestId('road-difficulty-hard').click();
  const chips = page.getByTestId('road-ladder').locator('.road-ladder__lane');
  await expect(chips.last()).toHaveText(/Полоса \d+/);
  for (const chip of await chips.all()) {
    const lines = await chip.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
    });
    expect(lines, `${await chip.innerText()} on one line`).toBe(1);
    expect(await chip.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), `${await chip.innerText()} fits its chip`).toBe(true);
  }
  const marks = await page
    .getByTestId('road-ladder')
    .locator('li')
    .evaluateAll((items) => items.map((li) => getComputedStyle(li, '::before').content).filter((c) => c !== 'none' && c !== 'normal'));
  expect(marks).toEqual([]);
});

test('haptics: a tap for a bet, a notification for its outcome, none once turned off', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { user } = await fundedPlayer(request);
  await openApp(page, testInfo, { user, path: '/flip' });
  await engineReady(page);
  await page.getByTestId('stake-input').fill('0.1');

  const before = (await hostMessages(page)).length;
  await page.getByTestId('flip-side-tails').click();
  await page.getByTestId('flip-play').click();
  const result = page.getByTestId('bet-result');
  await expect(result).toBeVisible({ timeout: 45_000 });
  const status = await result.getAttribute('data-status');
  await expect.poll(async () => (await haptic(page, before)).length).toBeGreaterThanOrEqual(3);
  const felt = (await haptic(page, before)).map((m) => m.params);
  expect(felt).toEqual([
    { type: 'selection_change' },
    { type: 'impact', impact_style: 'light' },
    { type: 'notification', notification_type: status === 'won' ? 'success' : 'error' },
  ]);

  // Turned off in the profile: no haptics at all, and it stays off after a reload.
  await openApp(page, testInfo, { user, path: '/profile' });
  await switchKeptThroughReload(page, 'haptics-switch', false);

  await openApp(page, testInfo, { user, path: '/flip' });
  await engineReady(page);
  const off = (await hostMessages(page)).length;
  await page.getByTestId('stake-input').fill('0.1');
  await page.getByTestId('flip-side-heads').click();
  await page.getByTestId('flip-play').click();
  await expect(page.getByTestId('bet-result')).toBeVisible({ timeout: 45_000 });
  await page.waitForTimeout(300);
  expect(await haptic(page, off)).toEqual([]);
});

test('a tick for each step of the roll slider and for each lane crossed', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { user } = await fundedPlayer(request);
  await openApp(page, testInfo, { user, path: '/roll' });
  await engineReady(page);
  const slider = page.getByTestId('roll-slider');
  await slider.focus();
  const before = (await hostMessages(page)).length;
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect
    .poll(async () => (await haptic(page, before)).map((m) => m.params))
    .toEqual([{ type: 'selection_change' }, { type: 'selection_change' }]);

  await openApp(page, testInfo, { user, path: '/road' });
  await engineReady(page);
  await page.getByTestId('road-difficulty-easy').click();
  await page.getByTestId('stake-input').fill('0.1');
  await page.getByTestId('road-start').click();
  await expect(page.getByTestId('road-round')).toBeVisible();
  const from = (await hostMessages(page)).length;
  await page.getByTestId('road-go').click();
  const state = () => roadState(page);
  await expect.poll(state, { timeout: 60_000 }).toMatch(/^(1|over)$/);
  // A safe lane is a tick after the step's tap; a trap is the loss's error notification.
  const crossed = (await state()) === '1';
  await expect
    .poll(async () => (await haptic(page, from)).map((m) => m.params).at(-1))
    .toEqual(crossed ? { type: 'selection_change' } : { type: 'notification', notification_type: 'error' });
});

test('a bet the server refuses is felt as an error after the tap', anySize, async ({ page, request, consoleErrors }, testInfo) => {
  test.setTimeout(120_000);
  const { user, server } = await fundedPlayer(request);
  await openApp(page, testInfo, { user, path: '/road' });
  await expect(page.getByTestId('road-start')).toBeVisible();
  await page.getByTestId('stake-input').fill('0.1');
  // Another device opens a round meanwhile: this screen's start is refused (409).
  await server.call('games/road/start', { stake: '0.1', currency: 'ton', difficulty: 'easy', idempotencyKey: `other-device-${user.id}` });
  consoleErrors.allow(/status of 409/);
  const from = (await hostMessages(page)).length;
  await page.getByTestId('road-start').click();
  await expect(page.getByTestId('bet-error')).toBeVisible();
  await expect
    .poll(async () => (await haptic(page, from)).map((m) => m.params))
    .toEqual([
      { type: 'impact', impact_style: 'light' },
      { type: 'notification', notification_type: 'error' },
    ]);
});

test('closing asks first while a road round is open, and stops asking when it ends', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { user } = await fundedPlayer(request);
  await openApp(page, testInfo, { user, path: '/road' });
  await engineReady(page);
  const closing = async () => (await sentSince(page, 0, 'web_app_setup_closing_behavior')).map((m) => m.params);
  expect(await closing()).not.toContainEqual({ need_confirmation: true });

  await page.getByTestId('road-difficulty-easy').click();
  await page.getByTestId('stake-input').fill('0.1');
  await page.getByTestId('road-start').click();
  await expect(page.getByTestId('road-round')).toBeVisible();
  await expect.poll(async () => (await closing()).at(-1)).toEqual({ need_confirmation: true });

  // Elsewhere in the app the round is still open: closing still asks.
  await page.getByTestId('nav-bonus').click();
  await expect(page.getByTestId('nav-bonus')).toHaveAttribute('aria-current', 'page');
  await page.waitForTimeout(500);
  expect((await closing()).at(-1)).toEqual({ need_confirmation: true });
  await page.goBack();
  await expect(page.getByTestId('road-round')).toBeVisible();

  // A reload into the open round asks again.
  await page.reload();
  await expect(page.getByTestId('road-resumed')).toBeVisible();
  await expect.poll(async () => (await closing()).at(-1)).toEqual({ need_confirmation: true });
  await engineReady(page);

  await page.getByTestId('road-go').click();
  await expect.poll(() => roadState(page), { timeout: 60_000 }).toMatch(/^(1|over)$/);
  if ((await page.getByTestId('road-cashout').count()) > 0) await page.getByTestId('road-cashout').click();
  await expect(page.getByTestId('road-start')).toBeVisible({ timeout: 60_000 });
  await expect.poll(async () => (await closing()).at(-1)).toEqual({ need_confirmation: false });
});

test('road shows where the maximum payout ends the round for the chosen stake', anySize, async ({ page, request }, testInfo) => {
  const { user, server } = await newPlayer(request, 'en');
  const config = await server.call<{ maxPayout: string; road: Record<string, { ladder: string[] }> }>('games/config');
  expect(config.maxPayout).toBe('500');
  await openApp(page, testInfo, { user, path: '/road' });
  await page.getByTestId('road-difficulty-hardcore').click();
  await page.getByTestId('stake-input').fill('0.1');
  await expect(page.getByTestId('road-ladder')).toBeVisible();

  const ladder = config.road.hardcore?.ladder ?? [];
  // The first lane whose multiplier brings the stake to 500 TON or more ends the road there.
  const capAt = (stake: number) => ladder.findIndex((m) => Number(m) * stake >= 500);
  const stake = 10;
  const capIndex = capAt(stake);
  expect(capIndex).toBeGreaterThan(0);
  expect(capAt(0.1)).toBeGreaterThan(capIndex);
  const small = capAt(0.1) < 0 ? ladder.length : capAt(0.1) + 1;
  await expect(page.getByTestId('road-ladder')).toHaveAttribute('data-lanes', String(small));

  await page.getByTestId('stake-input').fill(String(stake));
  await expect(page.getByTestId('road-ladder')).toHaveAttribute('data-lanes', String(capIndex + 1));
  const cap = page.getByTestId('road-ladder-cap');
  await expect(cap).toContainText(`Lane ${capIndex + 1}`);
  await expect(cap).toContainText('500 TON');
  await expect(page.getByTestId('road-cap-note')).toContainText(`lane ${capIndex + 1}`);
  // No later lane is offered.
  await expect(page.getByTestId('road-ladder').getByText(`Lane ${capIndex + 2}`, { exact: true })).toHaveCount(0);
  // The start button's range ends at the payout that ends the round, not at a multiplier past it.
  await expect(page.getByTestId('road-start')).toContainText('× → 500 TON');
  await expect(page.getByTestId('road-start')).not.toContainText(`→ ${ladder[capIndex]}`);
});

test('the host header and bottom bar take the theme colours and follow a theme change', anySize, async ({ page, request }, testInfo) => {
  const { user } = await newPlayer(request, 'en');
  await openApp(page, testInfo, { user, path: '/flip' });
  await expect(page.getByTestId('screen-flip')).toBeVisible();
  const colours = async (type: string) => (await sentSince(page, 0, type)).map((m) => (m.params as { color?: string }).color);
  await expect.poll(() => colours('web_app_set_header_color')).toContain(theme.header_bg_color);
  await expect.poll(() => colours('web_app_set_bottom_bar_color')).toContain(theme.bottom_bar_bg_color);

  const light = {
    ...theme,
    bg_color: '#ffffff',
    header_bg_color: '#f0f0f0',
    bottom_bar_bg_color: '#e8e8e8',
    secondary_bg_color: '#efeff4',
    text_color: '#000000',
  };
  await page.evaluate((params) => {
    const w = window as unknown as { Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } } };
    const receive = w.Telegram?.WebView?.receiveEvent;
    if (receive) receive('theme_changed', { theme_params: params });
    else window.postMessage(JSON.stringify({ eventType: 'theme_changed', eventData: { theme_params: params } }), '*');
  }, light);
  await expect.poll(async () => (await colours('web_app_set_header_color')).at(-1)).toBe('#f0f0f0');
  await expect.poll(async () => (await colours('web_app_set_bottom_bar_color')).at(-1)).toBe('#e8e8e8');
});
