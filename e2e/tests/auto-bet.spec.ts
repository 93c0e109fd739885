import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo, anySize } from '../support/test';
import { apiPlayer, testDeposit, type ApiSession, type LightProfile, VALID_ADDRESS } from '../support/api';
import { openApp } from '../support/host';
import { nano, ton } from '../support/money';

interface Round {
  id: string;
  game: 'flip' | 'roll' | 'road';
  stake: string;
  payout: string;
  status: 'open' | 'won' | 'lost' | 'cashed';
}

interface Movement {
  id: string;
  kind: string;
  currency: 'ton' | 'bonus' | 'referral';
  amount: string;
  balanceAfter: string;
  game?: Round['game'];
  locked?: true;
}

type Server = ApiSession;

const fundedPlayer = (request: APIRequestContext, lang: 'ru' | 'en' = 'en', amount = '5') =>
  apiPlayer(request, { name: 'Auto Player', lang, ton: amount });

const rounds = async (server: Server, game: Round['game']) =>
  (await server.call<{ items: Round[] }>('games/rounds', { game, limit: 100 })).items;

const status = (page: Page) => page.getByTestId('auto-status');

/**
 * Waits until the game screen is set up: its table drawn (or given up) and Play there. A cold
 * start on a busy two-core machine (software rendering) can take far longer than the default wait.
 */
async function gameReady(page: Page, game: 'flip' | 'roll' | 'road') {
  await expect(page.getByTestId(`screen-${game}`)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('game-stage')).not.toHaveAttribute('data-engine', 'loading', { timeout: 90_000 });
  if (game !== 'road') await expect(page.getByTestId(`${game}-play`)).toBeVisible({ timeout: 90_000 });
}

/** Opens the sheet, fills it and starts; `fields` by test id (auto-rounds, auto-stopProfit, …). */
async function startAuto(page: Page, fields: Record<string, string>, pace: 'normal' | 'fast' | 'instant' = 'instant') {
  await page.getByTestId('auto-open').click();
  const sheet = page.getByTestId('auto-sheet');
  await expect(sheet).toBeVisible();
  for (const id of ['auto-rounds', 'auto-stopProfit', 'auto-stopLoss', 'auto-stopWinAbove'])
    await sheet.getByTestId(id).fill(fields[id] ?? '');
  await sheet.getByTestId(`pace-${pace}`).click();
  await sheet.getByTestId('auto-start').click();
  await expect(sheet).toBeHidden();
  await expect(status(page)).toBeVisible();
}

async function stopped(page: Page, timeout = 90_000): Promise<{ rounds: number; net: bigint; reason: string | null }> {
  await expect(status(page)).toHaveAttribute('data-running', 'false', { timeout });
  return {
    rounds: Number(await status(page).getAttribute('data-rounds')),
    net: BigInt((await status(page).getAttribute('data-net')) ?? 'x'),
    reason: await status(page).getAttribute('data-stop-reason'),
  };
}

/** Where the panel's screenshots go (e2e/artifacts/auto-bet), for the phones of 320-375 px; null on the others. */
function shotsFolder(testInfo: TestInfo): string | null {
  if (testInfo.project.name !== 'iphone-se' && testInfo.project.name !== 'android-320') return null;
  const folder = join(import.meta.dirname, '..', 'artifacts', 'auto-bet');
  mkdirSync(folder, { recursive: true });
  return folder;
}

test(
  'auto-bet plays N rounds at instant speed, lists each, and moves the balance by the book',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(180_000);
    const { user, server } = await fundedPlayer(request);
    await openApp(page, testInfo, { user, path: '/flip' });
    await gameReady(page, 'flip');
    await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', '5');
    const before = new Set((await server.call<{ items: Movement[] }>('wallet/history', { limit: 100 })).items.map((item) => item.id));
    await page.getByTestId('stake-input').fill('0.1');

    await startAuto(page, { 'auto-rounds': '6' });
    await expect(page.getByTestId('auto-stop')).toBeVisible();
    // The controls of a manual bet stay locked while it runs.
    await expect(page.getByTestId('stake-input')).toBeDisabled();
    const end = await stopped(page);
    expect(end).toMatchObject({ rounds: 6, reason: 'rounds' });
    await expect(page.getByTestId('auto-reason')).toHaveText('All rounds played.');
    await expect(page.getByTestId('auto-rounds')).toHaveText('Round 6 of 6');

    // Six rounds on the server, each an ordinary bet of 0.1, and the net the panel shows is theirs.
    const played = await rounds(server, 'flip');
    expect(played).toHaveLength(6);
    for (const round of played) expect(round.stake).toBe('0.1');
    const net = played.reduce((sum, round) => sum + nano(round.payout) - nano(round.stake), 0n);
    expect(end.net).toBe(net);
    // The panel lists the newest rounds first, the server's ids.
    const listed = await page.getByTestId('auto-result').evaluateAll((items) => items.map((item) => item.getAttribute('data-round-id')));
    expect(listed).toEqual(played.map((round) => round.id).slice(0, listed.length));
    expect(listed.length).toBeGreaterThanOrEqual(6);

    // The balance moved by the rounds' payouts less their stakes (plus any bonus released to TON meanwhile).
    const fresh = (await server.call<{ items: Movement[] }>('wallet/history', { limit: 100 })).items.filter(
      (item) => item.currency === 'ton' && !before.has(item.id),
    );
    expect(fresh.filter((item) => item.kind === 'bet')).toHaveLength(6);
    const moved = fresh.reduce((sum, item) => sum + nano(item.amount), 0n);
    const released = fresh
      .filter((item) => item.kind !== 'bet' && item.kind !== 'payout')
      .reduce((sum, item) => sum + nano(item.amount), 0n);
    expect(moved).toBe(net + released);
    await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', ton(nano('5') + moved));
    expect((await server.call<LightProfile>('profile/light')).balance.ton).toBe(ton(nano('5') + moved));

    // Dismissed, Play is back.
    await page.getByTestId('auto-dismiss').click();
    await expect(status(page)).toBeHidden();
    await expect(page.getByTestId('flip-play')).toBeEnabled();
  },
);

/** The game's TON bets in the server's wallet history, oldest first. */
async function betsOf(server: Server, game: Round['game']): Promise<Movement[]> {
  const items = (await server.call<{ items: Movement[] }>('wallet/history', { limit: 100 })).items;
  return items.filter((item) => item.kind === 'bet' && item.currency === 'ton' && item.game === game && !item.locked).reverse();
}

/** The rules a run was started with (the stake after a win always goes back to the first). */
interface Rules {
  first: bigint;
  onLoss: 'reset' | 'double';
  rounds: number;
  stopProfit: bigint | null;
  stopLoss: bigint | null;
}

const MIN_BET = nano('0.01');

/**
 * Replays a stopped run by the book: the server's rounds (oldest first) and the TON balance
 * before each of them and after the last (`balances`, one more than rounds). Each stake is the
 * one the rules give (doubled after a loss, at most the balance; the first after a win); no stake
 * placed could take the loss past the stop-loss; no rule applied before the last round, and the
 * first that applied after it is the reason the panel gives. Returns the net.
 */
function expectByTheBook(played: Round[], balances: bigint[], rules: Rules, reason: string | null): bigint {
  expect(balances).toHaveLength(played.length + 1);
  let net = 0n;
  let stake = rules.first;
  played.forEach((round, i) => {
    const label = `round ${i + 1} of ${played.length}`;
    expect(nano(round.stake), `${label}: its stake`).toBe(stake);
    if (rules.stopLoss !== null) expect(-net + stake, `${label}: could not pass the stop-loss`).toBeLessThanOrEqual(rules.stopLoss);
    net += nano(round.payout) - nano(round.stake);
    const balance = balances[i + 1] ?? 0n;
    let next = rules.first;
    if (round.status === 'lost' && rules.onLoss === 'double') {
      next = nano(round.stake) * 2n;
      if (next > balance) next = balance;
      if (next < MIN_BET) next = MIN_BET;
    }
    const rule =
      rules.stopProfit !== null && net >= rules.stopProfit
        ? 'profit'
        : i + 1 >= rules.rounds
          ? 'rounds'
          : rules.stopLoss !== null && -net + next > rules.stopLoss
            ? 'loss'
            : next > balance
              ? 'balance'
              : null;
    if (i < played.length - 1) expect(rule, `${label}: no rule stops the run yet`).toBeNull();
    else expect(rule, `${label}: the rule that stopped the run`).toBe(reason);
    stake = next;
  });
  return net;
}

/** The run's rounds (oldest first) and the balance before each and after the last, as the server tells them. */
async function serverRun(server: Server, game: Round['game'], count: number) {
  await expect.poll(async () => (await rounds(server, game)).length).toBe(count);
  const played = (await rounds(server, game)).reverse();
  const bets = await betsOf(server, game);
  expect(bets.map((bet) => ton(-nano(bet.amount)))).toEqual(played.map((round) => round.stake));
  // Before a bet the balance was what it left plus its stake: any TON that came meanwhile counts.
  const balances = bets.map((bet) => nano(bet.balanceAfter) - nano(bet.amount));
  balances.push(nano((await server.call<LightProfile>('profile/light')).balance.ton));
  return { played, balances };
}

/** Doubles the stake after a loss in the open screen's auto-bet settings. */
async function doubleOnLoss(page: Page) {
  await page.getByTestId('auto-open').click();
  await page.getByTestId('auto-onLoss-change').click();
  await page.getByTestId('auto-onLossPercent').fill('100');
  await page.getByTestId('auto-close').click();
}

const REASON_TEXT: Record<string, string> = {
  profit: 'The profit target was reached.',
  loss: 'Stopped before a stake that could take the loss past your limit.',
  rounds: 'All rounds played.',
  balance: 'The balance does not cover the next stake.',
};

test(
  'auto-bet stops at the profit target and before a stake that could pass the loss limit, by the book',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const { user, server } = await fundedPlayer(request, 'en', '20');
    await openApp(page, testInfo, { user, path: '/flip' });
    await gameReady(page, 'flip');
    await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', '20');
    await page.getByTestId('stake-input').fill('0.1');

    // Doubling after a loss, back to 0.1 after a win: usually the first win puts the net above
    // 0.05; a long run of losses may end it for the balance or the rounds instead, by the book too.
    await doubleOnLoss(page);
    await startAuto(page, { 'auto-rounds': '30', 'auto-stopProfit': '0.05' });
    const profit = await stopped(page);
    expect(['profit', 'balance', 'rounds']).toContain(profit.reason);
    const flips = await serverRun(server, 'flip', profit.rounds);
    const profitRules: Rules = { first: nano('0.1'), onLoss: 'double', rounds: 30, stopProfit: nano('0.05'), stopLoss: null };
    expect(expectByTheBook(flips.played, flips.balances, profitRules, profit.reason)).toBe(profit.net);
    await expect(page.getByTestId('auto-reason')).toHaveText(REASON_TEXT[profit.reason ?? ''] ?? 'x');
    await page.getByTestId('auto-dismiss').click();

    // A run of seven losses stakes what is left and may end with nothing (the balance reason):
    // the rolls below start from a known balance whatever the flips left, 5 TON more.
    const left = (await server.call<LightProfile>('profile/light')).balance.ton;
    const topped = ton(nano(left) + nano('5'));
    await testDeposit(server, user, '5', topped);
    await page.reload();
    await gameReady(page, 'flip');
    await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', topped);

    // Roll under 1 (a 1% chance), 0.1 doubled after a loss, a loss limit of 0.5: after two losses
    // (−0.3) the next stake of 0.4 could end at −0.7, so it is not placed. A rare win changes the
    // course: whatever came, the run must follow the rules.
    await page.getByTestId('game-tab-roll').click();
    await expect(page.getByTestId('screen-roll')).toBeVisible();
    await page.getByTestId('roll-target').fill('1');
    await page.getByTestId('roll-target').blur();
    await expect(page.getByTestId('roll-chance')).toHaveText('1%');
    await doubleOnLoss(page);

    // A loss limit below the first stake: the sheet says so, and nothing starts.
    await page.getByTestId('auto-open').click();
    const sheet = page.getByTestId('auto-sheet');
    await sheet.getByTestId('auto-stopLoss').fill('0.05');
    await sheet.getByTestId('auto-start').click();
    await expect(sheet.getByTestId('auto-problem')).toHaveText(
      'The first stake (0.1 TON) alone is more than this loss limit: lower the stake or raise the limit.',
    );
    await expect(sheet.getByTestId('auto-stopLoss')).toHaveAttribute('aria-invalid', 'true');
    await expect(sheet).toBeVisible();
    await sheet.getByTestId('auto-close').click();
    expect(await rounds(server, 'roll')).toHaveLength(0);

    await startAuto(page, { 'auto-rounds': '10', 'auto-stopLoss': '0.5' });
    const loss = await stopped(page);
    expect(['loss', 'rounds']).toContain(loss.reason);
    const rolls = await serverRun(server, 'roll', loss.rounds);
    const lossRules: Rules = { first: nano('0.1'), onLoss: 'double', rounds: 10, stopProfit: null, stopLoss: nano('0.5') };
    expect(expectByTheBook(rolls.played, rolls.balances, lossRules, loss.reason)).toBe(loss.net);
    expect(-loss.net).toBeLessThanOrEqual(nano('0.5'));
    await expect(page.getByTestId('auto-reason')).toHaveText(REASON_TEXT[loss.reason ?? ''] ?? 'x');
  },
);

test(
  'auto-bet stops when the page goes to the background and when the host deactivates the app',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(360_000);
    const { user, server } = await fundedPlayer(request);
    await openApp(page, testInfo, { user, path: '/flip' });
    await gameReady(page, 'flip');
    await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', '5');
    await page.getByTestId('stake-input').fill('0.01');

    // Until stopped, at normal speed: the page goes to the background after the first round.
    await startAuto(page, { 'auto-rounds': '' }, 'normal');
    await expect(page.getByTestId('auto-result').first()).toBeVisible({ timeout: 60_000 });
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    let end = await stopped(page, 90_000);
    expect(end.reason).toBe('hidden');
    await expect(page.getByTestId('auto-reason')).toHaveText('Stopped: the app went to the background.');
    // The round in flight when it stopped is still counted; no round after it.
    await expect(page.getByTestId('flip-play')).toBeEnabled({ timeout: 90_000 });
    await expect.poll(async () => Number(await status(page).getAttribute('data-rounds'))).toBe((await rounds(server, 'flip')).length);
    const afterHidden = (await rounds(server, 'flip')).length;
    await page.waitForTimeout(1_500);
    expect(await rounds(server, 'flip')).toHaveLength(afterHidden);

    // Back in front; the Telegram host deactivates the mini app (another chat in front).
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.getByTestId('auto-dismiss').click();
    await startAuto(page, { 'auto-rounds': '' }, 'normal');
    await expect(page.getByTestId('auto-result').first()).toBeVisible({ timeout: 60_000 });
    await page.evaluate(() => {
      const w = window as unknown as { Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } } };
      const receive = w.Telegram?.WebView?.receiveEvent;
      if (receive) receive('visibility_changed', { is_visible: false });
      else window.postMessage(JSON.stringify({ eventType: 'visibility_changed', eventData: { is_visible: false } }), '*');
    });
    end = await stopped(page, 90_000);
    expect(end.reason).toBe('hidden');
    await expect(page.getByTestId('flip-play')).toBeEnabled({ timeout: 90_000 });
    // The round in flight is counted once it ends: the panel and the server agree, and nothing follows.
    await expect
      .poll(async () => Number(await status(page).getAttribute('data-rounds')) + afterHidden)
      .toBe((await rounds(server, 'flip')).length);
    const afterHost = (await rounds(server, 'flip')).length;
    await page.waitForTimeout(1_500);
    expect(await rounds(server, 'flip')).toHaveLength(afterHost);
  },
);

test('auto-bet stops when a bet is refused', anySize, async ({ page, request, consoleErrors }, testInfo) => {
  test.setTimeout(180_000);
  consoleErrors.allow(/status of 409 \(Conflict\)/);
  const { user, server } = await fundedPlayer(request);
  await openApp(page, testInfo, { user, path: '/flip' });
  await gameReady(page, 'flip');
  await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', '5');
  await page.getByTestId('stake-input').fill('1');

  // Elsewhere (another device), the player withdraws most of the balance: the screen still shows 5.
  await server.call('wallet/withdraw', { address: VALID_ADDRESS, amount: '4.5', idempotencyKey: `e2e-drain-${user.id}` });
  expect(nano((await server.call<LightProfile>('profile/light')).balance.ton)).toBeLessThan(nano('1'));
  const before = (await rounds(server, 'flip')).length;

  await startAuto(page, { 'auto-rounds': '5' });
  const end = await stopped(page, 60_000);
  expect(end).toMatchObject({ rounds: 0, reason: 'refused' });
  await expect(page.getByTestId('bet-error')).toHaveAttribute('data-code', 'game.balance');
  await expect(page.getByTestId('auto-reason')).toHaveText('A bet was refused.');
  expect(await rounds(server, 'flip')).toHaveLength(before);
  await expect(page.getByTestId('flip-play')).toBeEnabled();
});

test(
  'the animation speed is kept for the player through a reload; road has it, without auto-bet',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(360_000);
    const { user } = await fundedPlayer(request);
    await openApp(page, testInfo, { user, path: '/flip' });
    await gameReady(page, 'flip');
    const stage = page.getByTestId('game-stage');
    await expect(stage).toHaveAttribute('data-pace', 'normal');
    await page.getByTestId('stage-pace').click();
    await expect(stage).toHaveAttribute('data-pace', 'fast');
    await page.getByTestId('stage-pace').click();
    await expect(stage).toHaveAttribute('data-pace', 'instant');
    await expect(page.getByTestId('stage-pace')).toHaveAccessibleName('Animation speed: Instant. Tap to change');

    await page.reload();
    await gameReady(page, 'flip');
    await expect(stage).toHaveAttribute('data-pace', 'instant');
    // The sheet shows the same speed.
    await page.getByTestId('auto-open').click();
    await expect(page.getByTestId('pace-instant')).toHaveAttribute('aria-checked', 'true');
    await page.getByTestId('auto-close').click();

    // At instant speed a manual round shows its result without an animation to skip.
    await page.getByTestId('stake-input').fill('0.1');
    await page.getByTestId('flip-play').click();
    await expect(page.getByTestId('bet-result')).toBeVisible({ timeout: 60_000 });

    await page.getByTestId('game-tab-road').click();
    await gameReady(page, 'road');
    await expect(stage).toHaveAttribute('data-pace', 'normal');
    await page.getByTestId('stage-pace').click();
    await expect(stage).toHaveAttribute('data-pace', 'fast');
    await expect(page.getByTestId('auto-open')).toHaveCount(0);
    await page.reload();
    await gameReady(page, 'road');
    await expect(stage).toHaveAttribute('data-pace', 'fast');
  },
);

for (const lang of ['ru', 'en'] as const) {
  test(`the auto-bet panel fits the phone (${lang})`, async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const { user } = await fundedPlayer(request, lang);
    await openApp(page, testInfo, { user, path: '/flip' });
    await gameReady(page, 'flip');
    const viewport = page.viewportSize() ?? { width: 0, height: 0 };
    const inside = async (id: string) => {
      const box = await page.getByTestId(id).boundingBox();
      expect(box, id).not.toBeNull();
      if (!box) return;
      expect(box.x, `${id} left`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${id} right`).toBeLessThanOrEqual(viewport.width + 0.5);
      expect(box.y + box.height, `${id} bottom`).toBeLessThanOrEqual(viewport.height + 0.5);
    };
    await inside('auto-open');
    await inside('flip-play');
    const folder = shotsFolder(testInfo);
    const shots = folder ? join(folder, `${lang}-${testInfo.project.name}`) : null;
    if (shots) await page.screenshot({ path: `${shots}-dock.png` });

    await page.getByTestId('auto-open').click();
    await expect(page.getByTestId('auto-sheet')).toBeVisible();
    await page.getByTestId('auto-onLoss-change').click();
    await inside('auto-start');
    if (shots) await page.screenshot({ path: `${shots}-sheet.png` });
    // A wrong field is named, and nothing starts.
    await page.getByTestId('auto-rounds').fill('0');
    await page.getByTestId('auto-start').click();
    await expect(page.getByTestId('auto-problem')).toBeVisible();
    await expect(page.getByTestId('auto-sheet')).toBeVisible();
    await page.getByTestId('auto-rounds').fill('3');
    await page.getByTestId('pace-instant').click();
    await page.getByTestId('auto-start').click();
    await stopped(page, 60_000);
    await inside('auto-status');
    await inside('flip-play');
    await expect(page.getByTestId('auto-result')).toHaveCount(3);
    if (shots) {
      await page.screenshot({ path: `${shots}-status.png` });
      await page.getByTestId('game-stage').screenshot({ path: `${shots}-stage.png` });
    }
  });
}
