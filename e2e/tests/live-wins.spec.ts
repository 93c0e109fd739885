import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page, anySize } from '../support/test';
import { apiPlayer } from '../support/api';
import { openApp } from '../support/host';
import { liveWins } from '../support/live';
import { layoutProblems } from '../support/layout';

const artifacts = join(import.meta.dirname, '..', 'artifacts', 'live-wins');

interface Round {
  id: string;
  payout: string;
  status: string;
}

/** A player with TON from the development test deposit, speaking `lang`. */
const fundedPlayer = (request: APIRequestContext, firstName: string, lang: 'en' | 'ru') =>
  apiPlayer(request, { name: firstName, lang, ton: '3' });

/** The part alone, and the screen as the player sees it with the part scrolled up to the top bar. */
async function shoot(page: Page, part: Locator, path: string) {
  await part.screenshot({ path: `${path}.png` });
  // Its top just below the top bar, which stays over the page as it scrolls.
  await part.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    const bar = document.querySelector('.top-bar')?.getBoundingClientRect().bottom ?? 0;
    window.scrollBy(0, -(Math.max(bar, 0) + 8));
  });
  await page.screenshot({ path: `${path}-screen.png` });
}

const row = (page: Page, id: string) => page.locator(`[data-testid="live-round"][data-round-id="${id}"]`);

test(
  'a round placed shows in the live feed by first name, as Hidden once the player opts out, and the week’s leaders show',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(300_000);
    // A name no other test's player has: every phone's run shares the server, and its feed.
    const name = `Lina${1000 + Math.floor(Math.random() * 9000)}`;
    const { user, server } = await fundedPlayer(request, name, 'en');
    const flip = async (n: number) =>
      (
        await server.call<{ round: Round }>('games/flip', {
          stake: '0.1',
          currency: 'ton',
          side: 'tails',
          idempotencyKey: `e2e-live-${user.id}-${n}`,
        })
      ).round;
    await openApp(page, testInfo, { user, path: '/flip' });
    await expect(page.getByTestId('screen-flip')).toBeVisible({ timeout: 60_000 });
    await liveWins(page);

    // A round placed on the server reaches the open feed through its stream.
    const first = await flip(1);
    await expect(row(page, first.id).getByTestId('live-round-name')).toHaveText(name);
    await expect(row(page, first.id)).toHaveAttribute('data-big', 'false');

    // The profile's switch hides the name; the feed, still open meanwhile, renames the round.
    await page.getByTestId('open-profile').click();
    const privacy = page.getByTestId('privacy-switch');
    await expect(privacy).toHaveAttribute('aria-checked', 'true');
    await privacy.click();
    await expect(privacy).toHaveAttribute('aria-checked', 'false');
    await expect(privacy).toHaveAttribute('aria-busy', 'false');
    expect(await server.call<{ showName: boolean }>('profile/privacy')).toEqual({ showName: false });
    await page.goBack();
    await expect(page.getByTestId('screen-flip')).toBeVisible({ timeout: 60_000 });
    await liveWins(page);
    await expect(row(page, first.id).getByTestId('live-round-name')).toHaveText('Hidden');

    // The rounds that follow say Hidden too.
    const second = await flip(2);
    await expect(row(page, second.id).getByTestId('live-round-name')).toHaveText('Hidden');
    await expect(page.getByTestId('live-wins')).not.toContainText(name);

    // The week's leaders: this player has wagered, so the lists are not empty.
    await page.getByTestId('live-tab-week').click();
    await expect(page.getByTestId('leaderboard')).toBeVisible();
    await expect(page.getByTestId('leaderboard-wagered').getByTestId('leaderboard-row').first()).toBeVisible();
    await expect(page.getByTestId('leaderboard')).toContainText('Resets on Monday 00:00 UTC');
  },
);

for (const lang of ['ru', 'en'] as const) {
  test(`live wins, the leaderboard and the name switch fit the phone (${lang})`, async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const { user, server } = await fundedPlayer(request, lang === 'ru' ? 'Маша' : 'Mary', lang);
    // A few rounds so the feed and the board have rows of this player.
    for (let i = 0; i < 3; i++) {
      await server.call('games/roll', {
        stake: '0.1',
        currency: 'ton',
        target: '50',
        direction: 'under',
        idempotencyKey: `e2e-live-shot-${user.id}-${i}`,
      });
    }
    const folder = join(artifacts, testInfo.project.name);
    mkdirSync(folder, { recursive: true });

    const { host } = await openApp(page, testInfo, { user, path: '/roll' });
    await expect(page.getByTestId('screen-roll')).toBeVisible({ timeout: 60_000 });
    const section = await liveWins(page);
    await expect(section.getByTestId('live-round').first()).toBeVisible();
    await expect(section).toContainText(lang === 'ru' ? 'Выигрыши в эфире' : 'Live wins');
    expect(await layoutProblems(page, host), 'live feed').toEqual([]);
    await shoot(page, section, join(folder, `feed-${lang}`));

    await section.getByTestId('live-tab-week').click();
    await expect(section.getByTestId('leaderboard-wagered').getByTestId('leaderboard-row').first()).toBeVisible();
    await expect(section).toContainText(lang === 'ru' ? 'Топ недели' : 'Top of the week');
    expect(await layoutProblems(page, host), 'leaderboard').toEqual([]);
    await shoot(page, section, join(folder, `leaderboard-${lang}`));

    await page.getByTestId('open-profile').click();
    const privacy = page.getByTestId('privacy');
    await expect(privacy).toContainText(lang === 'ru' ? 'Моё имя в эфире' : 'My name in live wins');
    await expect(page.getByTestId('privacy-switch')).toHaveAttribute('aria-checked', 'true');
    expect(await layoutProblems(page, host), 'privacy switch').toEqual([]);
    await shoot(page, privacy, join(folder, `privacy-${lang}`));
  });
}
