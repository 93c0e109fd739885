import { expect, test, type Page, anySize } from '../support/test';
import { apiSession, type LightProfile } from '../support/api';
import { freshUser, hostFor, openApp } from '../support/host';
import { layoutProblems } from '../support/layout';
import { roadState } from '../support/road';
import { nano, ton } from '../support/money';

interface DemoRound {
  id: string;
  game: 'flip' | 'roll' | 'road';
  currency: string;
  stake: string;
  payout: string;
  status: 'open' | 'won' | 'lost' | 'cashed';
}

type Server = Awaited<ReturnType<typeof apiSession>>;

/** A player with no TON and no bonus, past onboarding, in the language given. */
async function penniless(request: Parameters<typeof apiSession>[0], lang: 'en' | 'ru') {
  const user = freshUser('Demo Player');
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  await server.call('profile/language', { lang });
  return { user, server };
}

const demoBalance = (page: Page) => page.getByTestId('balance-demo');

async function engineReady(page: Page) {
  await expect(page.getByTestId('game-stage')).toHaveAttribute('data-engine', 'ready');
}

/**
 * Starts an easy demo road round with the stake typed as `typed` (the language's number form) on
 * a start button reading `button`: the round opens at lane 0 and the demo balance loses the stake
 * at once.
 */
async function startDemoRoad(page: Page, round: { typed: string; stake: string; button: string; before: bigint }): Promise<void> {
  await page.getByTestId('road-difficulty-easy').click();
  await page.getByTestId('stake-input').fill(round.typed);
  await expect(page.getByTestId('road-start')).toContainText(round.button);
  await page.getByTestId('road-start').click();
  await expect(page.getByTestId('road-round')).toHaveAttribute('data-passed', '0');
  await expect(demoBalance(page)).toHaveAttribute('data-value', ton(round.before - nano(round.stake)));
}

/** The result under the table is a demo round the server recorded, and the DEMO balance moved by it. */
async function demoRoundShown(page: Page, server: Server, before: bigint): Promise<bigint> {
  const result = page.getByTestId('bet-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toHaveAttribute('data-demo', 'true');
  const id = (await result.getAttribute('data-round-id')) ?? '';
  const { items } = await server.call<{ items: DemoRound[] }>('demo/rounds', { limit: 10 });
  const round = items.find((item) => item.id === id);
  expect(round, `demo round ${id}`).toBeTruthy();
  expect(round!.currency).toBe('demo');
  await expect(result).toHaveAttribute('data-payout', round!.payout);
  const after = before - nano(round!.stake) + nano(round!.payout);
  await expect(demoBalance(page)).toHaveAttribute('data-value', ton(after));
  return after;
}

/** What money the player has: the demo rounds must leave it at zero, with no real round. */
async function expectNoMoneyMoved(server: Server) {
  expect((await server.call<LightProfile>('profile/light')).balance).toEqual({ ton: '0', bonusTon: '0' });
  expect((await server.call<{ items: unknown[] }>('games/rounds', {})).items).toEqual([]);
  expect((await server.call<{ items: unknown[] }>('wallet/history', {})).items).toEqual([]);
}

test(
  'a player with no money plays flip, roll and road in demo, refills, and verifies a demo round',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const { user, server } = await penniless(request, 'en');
    await openApp(page, testInfo, { user, path: '/flip' });
    await expect(page.getByTestId('screen-flip')).toBeVisible();

    // Offered, not imposed: the real balances show until the player says yes.
    await expect(page.getByTestId('demo-offer')).toContainText('No balance yet? Try a demo');
    await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', '0');
    await expect(page.getByTestId('demo-stage-mark')).toHaveCount(0);
    await page.getByTestId('demo-start').click();

    await expect(page.getByTestId('demo-offer')).toHaveCount(0);
    await expect(page.getByTestId('balance-ton')).toHaveCount(0);
    await expect(page.getByTestId('top-demo-balance')).toContainText('DEMO');
    await expect(demoBalance(page)).toHaveAttribute('data-value', '100');
    await expect(demoBalance(page)).toHaveText('100');
    await expect(page.getByTestId('demo-stage-mark')).toHaveText('DEMO · not money');
    await expect(page.getByTestId('demo-stake-source')).toContainText('Pays from the demo balance');
    await expect(page.getByTestId('flip-play')).toContainText('Demo bet');
    await engineReady(page);
    let chips = nano('100');

    await page.getByTestId('stake-input').fill('2');
    await page.getByTestId('flip-play').click();
    chips = await demoRoundShown(page, server, chips);
    await expect(page.getByTestId('bet-result')).toContainText('DEMO');

    await page.getByTestId('game-tab-roll').click();
    await expect(page.getByTestId('screen-roll')).toBeVisible();
    await engineReady(page);
    await expect(page.getByTestId('demo-stage-mark')).toBeVisible();
    await page.getByTestId('roll-target').fill('60');
    await page.getByTestId('stake-input').fill('1');
    await expect(page.getByTestId('roll-play')).toContainText('Demo bet');
    await page.getByTestId('roll-play').click();
    chips = await demoRoundShown(page, server, chips);

    await page.getByTestId('game-tab-road').click();
    await expect(page.getByTestId('screen-road')).toBeVisible();
    await engineReady(page);
    await startDemoRoad(page, { typed: '3', stake: '3', button: 'Demo bet', before: chips });
    await page.getByTestId('road-go').click();
    await expect.poll(() => roadState(page), { timeout: 60_000 }).toMatch(/^(1|over)$/);
    if ((await page.getByTestId('bet-result').count()) === 0) await page.getByTestId('road-cashout').click();
    chips = await demoRoundShown(page, server, chips);

    await expectNoMoneyMoved(server);

    // Refill: back to the start.
    await page.getByTestId('demo-refill').click();
    await expect(demoBalance(page)).toHaveAttribute('data-value', '100');

    // A reload keeps the player in demo play, with the chips they had.
    await page.reload();
    await expect(page.getByTestId('screen-road')).toBeVisible();
    await expect(page.getByTestId('top-demo-balance')).toContainText('DEMO');
    await expect(demoBalance(page)).toHaveAttribute('data-value', '100');
    await expect(page.getByTestId('demo-stage-mark')).toBeVisible();

    // The demo pair: its hash was shown; a rotation reveals it and the last round checks out.
    const hash = (await page.getByTestId('demo-seed-hash').textContent()) ?? '';
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    await page.getByTestId('demo-round').first().getByTestId('demo-verify').click();
    await expect(page.getByTestId('demo-not-revealed')).toBeVisible();
    await page.getByTestId('demo-rotate').click();
    await expect(page.getByTestId('demo-seed-hash')).not.toHaveText(hash);
    await expect(page.getByTestId('demo-nonce')).toHaveText('0');
    // Its panel is still open (aria-expanded): the check shows once the revealed pair is read.
    // Tapping Verify again now would close it.
    const first = page.getByTestId('demo-round').first();
    const verify = first.getByTestId('demo-verify');
    if ((await verify.getAttribute('aria-expanded')) !== 'true') await verify.click();
    await expect(first.getByTestId('demo-check')).toHaveAttribute('data-match', 'true');
    await expect(first.getByTestId('demo-verdict')).toHaveText('Verified: this demo round follows from the committed seed');

    // Off again: the real balances are back, the demo marks gone.
    await page.getByTestId('demo-switch').click();
    await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', '0');
    await expect(page.getByTestId('demo-stage-mark')).toHaveCount(0);
    await expect(page.getByTestId('road-start')).not.toContainText('Demo bet');
    // And off stays off through a reload.
    await page.reload();
    await expect(page.getByTestId('screen-road')).toBeVisible();
    await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', '0');
    await expect(page.getByTestId('demo-stage-mark')).toHaveCount(0);
  },
);

test('demo play speaks Russian: the marks, the bet, the result and the refill', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { user, server } = await penniless(request, 'ru');
  await openApp(page, testInfo, { user, path: '/flip' });
  await expect(page.getByTestId('demo-offer')).toContainText('Баланса пока нет? Попробуйте демо');
  await page.getByTestId('demo-start').click();
  await expect(page.getByTestId('top-demo-balance')).toContainText('ДЕМО');
  await expect(page.getByTestId('demo-stage-mark')).toHaveText('ДЕМО · не деньги');
  await expect(page.getByTestId('flip-play')).toContainText('Демо-ставка');
  await expect(page.getByTestId('demo-badge')).toHaveText('ДЕМО');
  await expect(page.getByTestId('demo-refill')).toHaveText('Пополнить до 100');

  await page.getByTestId('stake-input').fill('1,5');
  await page.getByTestId('flip-play').click();
  await demoRoundShown(page, server, nano('100'));
  // Won or lost, the result counts in DEMO, never in TON.
  await expect(page.getByTestId('bet-result')).toContainText('ДЕМО');
  await expect(page.getByTestId('bet-result')).not.toContainText('TON');

  // A road start takes its stake at once: the demo balance shows it in the Russian number form.
  await page.getByTestId('game-tab-road').click();
  await expect(page.getByTestId('screen-road')).toBeVisible();
  const before = nano((await demoBalance(page).getAttribute('data-value')) ?? '0');
  await startDemoRoad(page, { typed: '2,25', stake: '2.25', button: 'Демо-ставка', before });
  await expect(demoBalance(page)).toContainText(',');
  await page.getByTestId('demo-refill').click();
  await expect(demoBalance(page)).toHaveAttribute('data-value', '100');
  await expect(demoBalance(page)).toHaveText('100');
  await expectNoMoneyMoved(server);
});

for (const lang of ['en', 'ru'] as const) {
  test(`the DEMO marks fit the screen (${lang})`, async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const { user } = await penniless(request, lang);
    await openApp(page, testInfo, { user, path: '/roll' });
    await expect(page.getByTestId('demo-offer')).toBeVisible();
    expect(await layoutProblems(page, hostFor(testInfo)), `demo offer at ${testInfo.project.name}`).toEqual([]);
    await page.getByTestId('demo-start').click();
    await expect(demoBalance(page)).toHaveAttribute('data-value', '100');
    await engineReady(page);
    const viewport = page.viewportSize()!;
    for (const id of ['top-demo-balance', 'demo-stage-mark', 'demo-badge', 'demo-refill', 'demo-stake-source']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box, id).toBeTruthy();
      expect(box.x, `${id} left edge`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${id} right edge`).toBeLessThanOrEqual(viewport.width);
    }
    // The stage mark is inside the stage, and the balance chip's amount is not cut to nothing.
    const stage = (await page.getByTestId('game-stage').boundingBox())!;
    const mark = (await page.getByTestId('demo-stage-mark').boundingBox())!;
    expect(mark.x).toBeGreaterThanOrEqual(stage.x);
    expect(mark.x + mark.width).toBeLessThanOrEqual(stage.x + stage.width);
    expect((await page.getByTestId('balance-demo').boundingBox())!.width).toBeGreaterThan(10);
    expect(await layoutProblems(page, hostFor(testInfo)), `demo on at ${testInfo.project.name}`).toEqual([]);
  });
}
