import { anySize, type APIRequestContext, expect, type Page, test } from '../support/test';
import { apiPlayer } from '../support/api';
import { openApp } from '../support/host';
import { roadState } from '../support/road';

/**
 * One way to show a number: every screen, every field and every canvas writes numbers the way
 * the interface language does. A number in the other language's form is a failure: in Russian
 * any "1.5" (a decimal point between digits), in English any "1,5" or "1,25" (a decimal comma;
 * "1,234" is a group and passes). The canvases' texts are not in the DOM: the game stage lists
 * what its engine draws now (`canvasLabels()`).
 */
type Lang = 'ru' | 'en';

const FOREIGN: Record<Lang, RegExp> = { ru: /\d\.\d/, en: /\d,\d{1,2}\b/ };
/** A decimal in the language's own form (to show a check saw numbers at all). */
const OWN: Record<Lang, RegExp> = { ru: /\d,\d/, en: /\d\.\d/ };
const MARK: Record<Lang, string> = { ru: ',', en: '.' };

interface Round {
  id: string;
  status: string;
}

/** Everything the player reads on the page now: its visible text, field values, tooltips and spoken labels. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const shows = (element: Element) => element.checkVisibility({ visibilityProperty: true });
    const out = document.body.innerText.split('\n');
    for (const field of Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'))) {
      if (!shows(field) || ['range', 'checkbox', 'radio', 'hidden'].includes(field.type)) continue;
      out.push(field.value, field.placeholder);
    }
    for (const element of Array.from(document.querySelectorAll('[title], [aria-label], [aria-valuetext]'))) {
      if (!shows(element)) continue;
      for (const name of ['title', 'aria-label', 'aria-valuetext']) out.push(element.getAttribute(name) ?? '');
    }
    return out.filter((text) => text.trim() !== '');
  });
}

/** The texts in the other language's number form, with where they were seen. */
function foreign(texts: readonly string[], lang: Lang, where: string): string[] {
  return texts.filter((text) => FOREIGN[lang].test(text)).map((text) => `${where}: ${JSON.stringify(text)}`);
}

async function expectPageInForm(page: Page, lang: Lang, where: string): Promise<string[]> {
  const texts = await shownTexts(page);
  expect(foreign(texts, lang, where), `numbers in the ${lang === 'ru' ? 'English' : 'Russian'} form on ${where}`).toEqual([]);
  return texts;
}

/** What the game canvas draws now, once its engine is ready (flip's idle coin draws no text). */
async function canvasLabels(page: Page): Promise<string[]> {
  const stage = page.getByTestId('game-stage');
  await expect(stage).toHaveAttribute('data-engine', 'ready', { timeout: 30_000 });
  const read = () => stage.evaluate((element) => (element as HTMLElement & { canvasLabels?: () => string[] }).canvasLabels?.() ?? null);
  await expect.poll(read).not.toBeNull();
  return (await read()) ?? [];
}

async function expectCanvasInForm(page: Page, lang: Lang, where: string): Promise<string[]> {
  const labels = await canvasLabels(page);
  expect(foreign(labels, lang, `${where} canvas`), `canvas numbers in the other form on ${where}`).toEqual([]);
  return labels;
}

const player = (request: APIRequestContext, lang: Lang) => apiPlayer(request, { name: 'Form Reader', lang, ton: '12.4567' });

for (const lang of ['ru', 'en'] as const) {
  test(`games and their canvases write numbers in one form (${lang})`, anySize, async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const { user } = await player(request, lang);

    // Flip: the quick stakes write the field in the language's form, and so does typing either mark.
    await openApp(page, testInfo, { user, path: '/flip' });
    await expect(page.getByTestId('screen-flip')).toBeVisible();
    const stake = page.getByTestId('stake-input');
    await expect(stake).toHaveValue(`0${MARK[lang]}1`, { timeout: 30_000 });
    await page.getByTestId('stake-half').click();
    await expect(stake).toHaveValue(`0${MARK[lang]}05`);
    await page.getByTestId('stake-max').click();
    await expect(stake).toHaveValue(new RegExp(`^\\d+(\\${MARK[lang]}\\d+)?$`));
    await stake.fill('');
    await stake.pressSequentially(lang === 'ru' ? '0.15' : '0,15');
    await expect(stake).toHaveValue(`0${MARK[lang]}15`);
    await expect(page.getByTestId('stake-error')).toHaveCount(0);
    await expectCanvasInForm(page, lang, 'flip');
    await page.getByTestId('flip-play').click();
    await expect(page.getByTestId('bet-result')).toBeVisible({ timeout: 30_000 });
    await expectPageInForm(page, lang, 'flip after a round');

    // Roll: target, chance, multiplier, the scale and the canvas's counter and target.
    await page.getByTestId('game-tab-roll').click();
    await expect(page.getByTestId('screen-roll')).toBeVisible();
    await page.getByTestId('roll-target').fill(`50${MARK[lang]}5`);
    await expect(page.getByTestId('roll-chance')).toHaveText(`50${MARK[lang]}5%`);
    const rollBefore = await expectCanvasInForm(page, lang, 'roll');
    expect(
      rollBefore.some((label) => OWN[lang].test(label)),
      `roll canvas ${JSON.stringify(rollBefore)}`,
    ).toBe(true);
    await expectPageInForm(page, lang, 'roll');
    await page.getByTestId('roll-play').click();
    await expect(page.getByTestId('bet-result')).toBeVisible({ timeout: 30_000 });
    const rollTexts = await expectPageInForm(page, lang, 'roll after a round');
    expect(rollTexts.some((text) => OWN[lang].test(text))).toBe(true);
    await expectCanvasInForm(page, lang, 'roll after a round');

    // Road: the lanes on the canvas read as the ladder beside them, before and after a round.
    await page.getByTestId('game-tab-road').click();
    await expect(page.getByTestId('screen-road')).toBeVisible();
    await page.getByTestId('road-difficulty-easy').click();
    const ladder = page.getByTestId('road-ladder').locator('.road-ladder__value');
    await expect(ladder.first()).toHaveText(new RegExp(`^1\\${MARK[lang]}\\d+×$`), { timeout: 30_000 });
    const firstLane = (await ladder.first().textContent()) ?? '';
    await expect.poll(() => canvasLabels(page)).toContain(firstLane);
    await expectCanvasInForm(page, lang, 'road');
    await expectPageInForm(page, lang, 'road');
    await page.getByTestId('road-start').click();
    await expect(page.getByTestId('road-round')).toHaveAttribute('data-passed', '0');
    await page.getByTestId('road-go').click();
    await expect.poll(() => roadState(page), { timeout: 60_000 }).toMatch(/^(1|over)$/);
    if ((await roadState(page)) === '1') {
      // Safe: cash out, and the canvas's banner writes the multiplier as the card does.
      const current = (await page.getByTestId('road-current').textContent()) ?? '';
      expect(current).toBe(firstLane);
      await page.getByTestId('road-cashout').click();
      await expect(page.getByTestId('bet-result')).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => canvasLabels(page)).toContain(current);
    } else {
      // A car on lane 1 (one time in 25): the banner names the lane.
      await expect(page.getByTestId('bet-result')).toBeVisible();
    }
    await expectCanvasInForm(page, lang, 'road after a round');
    await expectPageInForm(page, lang, 'road after a round');
  });

  test(
    `wallet, history, fairness and the other screens write numbers in one form (${lang})`,
    anySize,
    async ({ page, request }, testInfo) => {
      test.setTimeout(180_000);
      const { user, server } = await player(request, lang);
      // Rounds for the history (flips until one wins, so a multiplier is in it), and one roll
      // whose seeds are then revealed to verify it.
      for (let i = 0; i < 40; i++) {
        const flip = await server.call<{ round: Round }>('games/flip', {
          stake: '0.15',
          currency: 'ton',
          side: 'heads',
          idempotencyKey: `e2e-forms-flip-${user.id}-${i}`,
        });
        if (flip.round.status === 'won') break;
      }
      const { round } = await server.call<{ round: Round }>('games/roll', {
        stake: '0.15',
        currency: 'ton',
        target: '50.5',
        direction: 'under',
        idempotencyKey: `e2e-forms-roll-${user.id}`,
      });
      await server.call('fairness/rotate', { clientSeed: `forms-${user.id}` });

      // Home (the bonus screen) first.
      await openApp(page, testInfo, { user, path: '/' });
      await expect(page.getByTestId('screen-bonus')).toBeVisible({ timeout: 30_000 });
      await expectPageInForm(page, lang, 'home');

      for (const [path, screen] of [
        ['/wallet', 'wallet'],
        ['/market', 'market'],
        ['/profile', 'profile'],
      ] as const) {
        await openApp(page, testInfo, { user, path });
        await expect(page.getByTestId(`screen-${screen}`)).toBeVisible({ timeout: 30_000 });
        await expect(page.getByTestId('balance-ton').first()).toHaveAttribute('data-value', /\d/, { timeout: 30_000 });
        if (screen === 'wallet') {
          // The history writes the multiplier as the games do, the × after it.
          const won = page.getByTestId('history-item-detail').filter({ hasText: '×' }).first();
          await expect(won).toHaveText(new RegExp(` \\d+\\${MARK[lang]}\\d+×$`), { timeout: 30_000 });
        }
        if (screen === 'market') await expect(page.getByTestId('gift-card').first()).toBeVisible({ timeout: 30_000 });
        await expectPageInForm(page, lang, screen);
      }

      // Deposit: what is typed shows in the language's form.
      await openApp(page, testInfo, { user, path: '/deposit' });
      await expect(page.getByTestId('screen-deposit')).toBeVisible({ timeout: 30_000 });
      const deposit = page.getByTestId('deposit-amount');
      await deposit.pressSequentially(lang === 'ru' ? '1.5' : '1,5');
      await expect(deposit).toHaveValue(`1${MARK[lang]}5`);
      await expectPageInForm(page, lang, 'deposit');

      // Withdraw: Max writes the balance less the fee in the language's form.
      await openApp(page, testInfo, { user, path: '/withdraw' });
      await expect(page.getByTestId('screen-withdraw')).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('withdraw-max').click();
      await expect(page.getByTestId('withdraw-amount')).toHaveValue(new RegExp(`^\\d+\\${MARK[lang]}\\d+$`));
      await expect(page.getByTestId('withdraw-amount-error')).toHaveCount(0);
      await expectPageInForm(page, lang, 'withdraw');

      // Fairness: the verified roll in the language's form.
      await openApp(page, testInfo, { user, path: `/fairness?round=${round.id}` });
      await expect(page.getByTestId('verify-computed')).toHaveText(new RegExp(`^\\d{1,3}\\${MARK[lang]}\\d{2}$`), { timeout: 30_000 });
      await expectPageInForm(page, lang, 'fairness');

      await openApp(page, testInfo, { user, path: '/bonus' });
      await expect(page.getByTestId('screen-bonus')).toBeVisible({ timeout: 30_000 });
      await expectPageInForm(page, lang, 'bonus');
    },
  );
}
