import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '../support/test';
import { apiPlayer } from '../support/api';
import { openApp } from '../support/host';
import { roadState } from '../support/road';

/**
 * The table stays in view: on every phone the stage, the round's result and the button that bets
 * again are on screen, not under the top bar or the bet dock, before a round, while it plays and
 * after a win and a loss, and the page never scrolls by itself on the way. Layout tests: every
 * phone runs them.
 */

type Game = 'flip' | 'roll' | 'road';

/** Both interface languages: Russian's words are longer, English's numbers other. */
const LANGS = ['ru', 'en'] as const;
type Lang = (typeof LANGS)[number];

const fundedPlayer = async (request: APIRequestContext, lang: Lang) =>
  (await apiPlayer(request, { name: 'Stage Player', lang, ton: '20' })).user;

async function open(page: Page, testInfo: TestInfo, game: Game, lang: Lang) {
  const user = await fundedPlayer(page.request, lang);
  await openApp(page, testInfo, { user, path: `/${game}` });
  await expect(page.getByTestId(`screen-${game}`)).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('game-stage')).toHaveAttribute('data-engine', 'ready', { timeout: 90_000 });
  await expect(page.getByTestId('balance-ton')).toHaveAttribute('data-value', '20');
  await page.getByTestId('stake-input').fill('0.1');
}

/** Back to the top of the page, where a player who has not scrolled is (filling a field scrolls to it). */
async function toTop(page: Page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => scrollY(page)).toBe(0);
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Saves a screenshot when STAGE_SHOTS names a folder (for looking at the layout by eye). */
async function shot(page: Page, testInfo: TestInfo, lang: Lang, name: string) {
  const folder = process.env.STAGE_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${testInfo.project.name}-${lang}-${name}.png`) });
}

interface Seen {
  id: string;
  top: number;
  bottom: number;
  left: number;
  right: number;
  /** What the player sees at the element's centre belongs to it. */
  onTop: boolean;
  inDock: boolean;
}

/**
 * Each element by test id, as the player sees it now: fully inside the viewport, below the top
 * bar, above the bet dock (unless it is in the dock) and the tabs, and not covered at its centre.
 */
async function expectInView(page: Page, ids: string[], when: string) {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const { seen, barBottom, dockTop, dockBottom } = await page.evaluate((ids) => {
    const dock = document.querySelector('[data-testid="bet-dock"]');
    const seen: Seen[] = ids.map((id) => {
      const element = document.querySelector(`[data-testid="${id}"]`);
      if (!element) return { id, top: NaN, bottom: NaN, left: NaN, right: NaN, onTop: false, inDock: false };
      const r = element.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return {
        id,
        top: r.top,
        bottom: r.bottom,
        left: r.left,
        right: r.right,
        onTop: hit !== null && element.contains(hit),
        inDock: dock?.contains(element) ?? false,
      };
    });
    return {
      seen,
      barBottom: document.querySelector('.top-bar')?.getBoundingClientRect().bottom ?? 0,
      dockTop: dock?.getBoundingClientRect().top ?? Infinity,
      dockBottom: dock?.getBoundingClientRect().bottom ?? Infinity,
    };
  }, ids);
  for (const item of seen) {
    const what = `${when}: ${item.id}`;
    expect(item.top, `${what} is on the page`).not.toBeNaN();
    expect(item.left, `${what} left edge`).toBeGreaterThanOrEqual(-0.5);
    expect(item.right, `${what} right edge`).toBeLessThanOrEqual(viewport.width + 0.5);
    expect(item.top, `${what} is below the top bar (${barBottom}px)`).toBeGreaterThanOrEqual(barBottom - 0.5);
    expect(item.bottom, `${what} is above the bottom (${viewport.height}px)`).toBeLessThanOrEqual(viewport.height + 0.5);
    if (item.inDock) expect(item.bottom, `${what} is in the dock, above the tabs`).toBeLessThanOrEqual(dockBottom + 0.5);
    else expect(item.bottom, `${what} clears the bet dock (${dockTop}px)`).toBeLessThanOrEqual(dockTop + 0.5);
    expect(item.onTop, `${what} is not covered`).toBe(true);
  }
}

/** Plays rounds at instant speed until the result shows `status`; returns how many it took. */
async function playUntil(page: Page, game: 'flip' | 'roll', status: 'won' | 'lost') {
  const result = page.getByTestId('bet-result');
  for (let round = 1; round <= 40; round++) {
    const before = (await result.count()) > 0 ? await result.getAttribute('data-round-id') : null;
    await page.getByTestId(`${game}-play`).click();
    await expect(result).toBeVisible({ timeout: 60_000 });
    await expect(result).not.toHaveAttribute('data-round-id', before ?? '', { timeout: 60_000 });
    if ((await result.getAttribute('data-status')) === status) return;
  }
  throw new Error(`no ${status} round in 40`);
}

for (const [game, lang] of (['flip', 'roll'] as const).flatMap((g) => LANGS.map((l) => [g, l] as const))) {
  test(`${game}: the stage, the result and Play stay in view before, during and after a win and a loss (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(240_000);
    await open(page, testInfo, game, lang);
    const stage = page.getByTestId('game-stage');
    const play = `${game}-play`;
    await toTop(page);
    await expectInView(page, ['game-stage', play], 'before a round');
    await shot(page, testInfo, lang, `${game}-before`);

    // A round at the normal speed: the stage animates where it is.
    await page.getByTestId(play).click();
    await expect(stage).toHaveAttribute('data-animating', 'true', { timeout: 60_000 });
    await expectInView(page, ['game-stage', play], 'during a round');
    await shot(page, testInfo, lang, `${game}-during`);
    await expect(page.getByTestId('bet-result')).toBeVisible({ timeout: 60_000 });
    expect(await scrollY(page), 'the page did not move for the round').toBe(0);
    await expectInView(page, ['game-stage', 'bet-result', play], 'after a round');

    // The rest at instant speed, until the result was a win and a loss.
    await page.getByTestId('stage-pace').click();
    await page.getByTestId('stage-pace').click();
    await expect(stage).toHaveAttribute('data-pace', 'instant');
    // Playwright's taps scroll a button clear of the scroll margins first; a finger does not.
    await toTop(page);
    for (const status of ['won', 'lost'] as const) {
      await playUntil(page, game, status);
      expect(await scrollY(page), `the page did not move for a ${status} round`).toBe(0);
      await expectInView(page, ['game-stage', 'bet-result', play], `after a ${status} round`);
      await shot(page, testInfo, lang, `${game}-${status}`);
    }
  });
}

for (const lang of LANGS)
  test(`road: the road, its result and the next move stay in view from the start to a crash and a cash-out (${lang})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(300_000);
    await open(page, testInfo, 'road', lang);
    await page.getByTestId('road-difficulty-hardcore').click();
    await toTop(page);
    await expectInView(page, ['game-stage', 'road-start'], 'before a round');
    await shot(page, testInfo, lang, 'road-before');

    const ended = new Set<string>();
    for (let round = 1; round <= 40 && !(ended.has('lost') && ended.has('cashed')); round++) {
      await page.getByTestId('road-start').click();
      await expect(page.getByTestId('road-round')).toHaveAttribute('data-passed', '0', { timeout: 60_000 });
      expect(await scrollY(page), 'the page did not move at the start').toBe(0);
      await expectInView(page, ['game-stage', 'road-go', 'road-cashout'], 'after the start');
      if (round === 1) await shot(page, testInfo, lang, 'road-started');

      await page.getByTestId('road-go').click();
      await expect.poll(() => roadState(page), { timeout: 60_000 }).toMatch(/^(1|over)$/);
      expect(await scrollY(page), 'the page did not move for a step').toBe(0);
      if ((await roadState(page)) === 'over') {
        await expect(page.getByTestId('bet-result')).toHaveAttribute('data-status', 'lost');
        await expectInView(page, ['game-stage', 'bet-result', 'road-start'], 'after a crash');
        if (!ended.has('lost')) await shot(page, testInfo, lang, 'road-crashed');
        ended.add('lost');
        continue;
      }
      await expectInView(page, ['game-stage', 'road-go', 'road-cashout'], 'after a step');
      if (!ended.has('stepped')) await shot(page, testInfo, lang, 'road-stepped');
      ended.add('stepped');
      if (ended.has('cashed')) {
        // A loss is still to see: walk on until a car comes.
        for (let passed = 1; (await roadState(page)) !== 'over'; passed++) {
          await page.getByTestId('road-go').click();
          await expect.poll(() => roadState(page), { timeout: 60_000 }).toMatch(new RegExp(`^(${passed + 1}|over)$`));
        }
        await expect(page.getByTestId('bet-result')).toHaveAttribute('data-status', 'lost');
        await expectInView(page, ['game-stage', 'bet-result', 'road-start'], 'after a crash');
        ended.add('lost');
        continue;
      }
      await page.getByTestId('road-cashout').click();
      await expect(page.getByTestId('bet-result')).toHaveAttribute('data-status', 'cashed', { timeout: 60_000 });
      expect(await scrollY(page), 'the page did not move for the cash-out').toBe(0);
      await expectInView(page, ['game-stage', 'bet-result', 'road-start'], 'after a cash-out');
      await shot(page, testInfo, lang, 'road-cashed');
      ended.add('cashed');
    }
    expect([...ended].sort(), 'a crash and a cash-out were both seen').toEqual(['cashed', 'lost', 'stepped']);
  });
