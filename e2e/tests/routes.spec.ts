import { expect, test, anySize } from '../support/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { apiSession } from '../support/api';
import { expectPath, freshUser, openApp } from '../support/host';
import { layoutProblems } from '../support/layout';
import { watchRequests } from '../support/network';

const screens = [
  'bonus',
  'deposit',
  'withdraw',
  'wallet',
  'market',
  'referral',
  'achievements',
  'flip',
  'roll',
  'road',
  'fairness',
  'profile',
];
/** Rotations before the walk: a full page of revealed seeds, its "more" button and the export, as a long-time player's fairness screen has. */
const ROTATIONS = 21;
const artifacts = join(import.meta.dirname, '..', 'artifacts', 'screens');

test('every screen renders with no horizontal overflow and nothing under the safe areas', async ({ context, request }, testInfo) => {
  // Twelve screens, each a fresh page that loads the app: 40-50 s on a quiet machine, so room for a busy one.
  test.setTimeout(300_000);
  const user = freshUser('Route Walker');
  const server = await apiSession(request, user);
  await server.call('profile/onboarding');
  for (let i = 1; i <= ROTATIONS; i++) await server.call('fairness/rotate', { clientSeed: `walker-${i}` });
  const folder = join(artifacts, testInfo.project.name);
  mkdirSync(folder, { recursive: true });

  for (const screen of screens) {
    // A page of its own for each screen, as a player opening the app there has: nothing the
    // screen before had in flight can keep this one from settling.
    const page = await context.newPage();
    const requests = watchRequests(page);
    const { host } = await openApp(page, testInfo, { user, path: `/${screen}` });
    await expect(page.getByTestId(`screen-${screen}`), screen).toBeVisible();
    await expectPath(page, `/${screen}`);
    await page.evaluate(() => document.fonts.ready);
    // Measure the page the player ends up with, once its data has arrived.
    await requests.settled();
    if (screen === 'fairness') await expect(page.getByTestId('revealed-more')).toBeVisible();
    const problems = await layoutProblems(page, host);
    expect(problems, `${screen} at ${testInfo.project.name}`).toEqual([]);
    const path = join(folder, `${screen}.png`);
    await page.screenshot({ path });
    await testInfo.attach(screen, { path, contentType: 'image/png' });
    await page.close();
  }
});

test('paths match case-insensitively and lose their trailing slash', anySize, async ({ page, request }, testInfo) => {
  const user = freshUser();
  await (await apiSession(request, user)).call('profile/onboarding');

  await openApp(page, testInfo, { user, path: '/MARKET/' });
  await expect(page.getByTestId('screen-market')).toBeVisible();
  await expectPath(page, '/market');

  await openApp(page, testInfo, { user, path: '/' });
  await expect(page.getByTestId('screen-bonus')).toBeVisible();
  await expectPath(page, '/bonus');
});
