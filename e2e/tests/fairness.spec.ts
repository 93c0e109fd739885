import { readFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, anySize } from '../support/test';
import { apiPlayer, testDeposit } from '../support/api';
import { hostFor, openApp } from '../support/host';
import { layoutProblems } from '../support/layout';

interface Seeds {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

const onboardedPlayer = (request: APIRequestContext, lang: 'ru' | 'en' = 'en') => apiPlayer(request, { name: 'Fair Player', lang });

test(
  'the server seed hash is on the game screens before the first bet, and the first bet plays on it',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const { user, server } = await onboardedPlayer(request);
    await testDeposit(server, user, '1');

    // The first ask for the seeds makes the pair, with a client seed the browser made.
    const asked = page.waitForRequest((req) => req.url().endsWith('/api/v3/fairness/seeds'));
    await openApp(page, testInfo, { user, path: '/flip' });
    const offered = ((await asked).postDataJSON() as { clientSeed?: string }).clientSeed ?? '';
    expect(offered).toMatch(/^[0-9a-f]{32}$/);

    const shown = page.getByTestId('game-seed-hash');
    await expect(shown).toHaveAttribute('data-value', /^[0-9a-f]{64}$/, { timeout: 30_000 });
    const hash = (await shown.getAttribute('data-value')) ?? '';
    await expect(shown).toHaveText(hash.slice(0, 6));
    const seeds = await server.call<Seeds>('fairness/seeds');
    expect(seeds).toMatchObject({ serverSeedHash: hash, clientSeed: offered, nonce: 0 });
    expect(await layoutProblems(page, hostFor(testInfo)), `flip at ${testInfo.project.name}`).toEqual([]);

    // The same commitment on the other game screens.
    for (const game of ['roll', 'road'] as const) {
      await page.getByTestId(`game-tab-${game}`).click();
      await expect(page.getByTestId(`screen-${game}`)).toBeVisible();
      await expect(page.getByTestId('game-seed-hash')).toHaveAttribute('data-value', hash);
    }

    const bet = await server.call<{ round: { fairness: { serverSeedHash: string; clientSeed: string; nonce: number } } }>('games/flip', {
      stake: '0.1',
      currency: 'ton',
      side: 'heads',
      idempotencyKey: `e2e-fair-bet-${user.id}`,
    });
    expect(bet.round.fairness).toMatchObject({ serverSeedHash: hash, clientSeed: offered, nonce: 0 });
  },
);

test('the fairness panel opens from every game screen and from the profile', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { user } = await onboardedPlayer(request, 'ru');
  for (const game of ['flip', 'roll', 'road'] as const) {
    await openApp(page, testInfo, { user, path: `/${game}` });
    await expect(page.getByTestId(`screen-${game}`)).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('open-fairness').click();
    await expect(page.getByTestId('screen-fairness')).toBeVisible();
    await expect(page.getByTestId('seeds-server-hash')).toHaveText(/^[0-9a-f]{64}$/);
  }
  await openApp(page, testInfo, { user, path: '/profile' });
  await page.getByTestId('profile-fairness-link').click();
  await expect(page.getByTestId('screen-fairness')).toBeVisible();
  await expect(page.getByTestId('seeds-server-hash')).toHaveText(/^[0-9a-f]{64}$/);
});

test('revealed seeds page past 50 and download as JSON', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const { user, server } = await onboardedPlayer(request);
  const rotations = 55;
  const hashes: string[] = [];
  let seeds = await server.call<Seeds>('fairness/seeds', { clientSeed: 'seed-0' });
  for (let i = 1; i <= rotations; i++) {
    hashes.push(seeds.serverSeedHash);
    seeds = await server.call<Seeds>('fairness/rotate', { clientSeed: `seed-${i}` });
  }
  const newestFirst = [...hashes].reverse();

  await openApp(page, testInfo, { user, path: '/fairness' });
  const items = page.getByTestId('revealed-seed');
  await expect(items).toHaveCount(20, { timeout: 30_000 });
  const more = page.getByTestId('revealed-more');
  await more.click();
  await expect(items).toHaveCount(40);
  await more.click();
  await expect(items).toHaveCount(rotations);
  await expect(more).toHaveCount(0);
  // Newest first, none twice, none missing.
  const shownHashes = await items.evaluateAll((nodes) => nodes.map((node) => node.querySelectorAll('dd')[1]?.textContent ?? ''));
  expect(shownHashes).toEqual(newestFirst);
  expect(await layoutProblems(page, hostFor(testInfo)), `fairness at ${testInfo.project.name}`).toEqual([]);

  const download = page.waitForEvent('download');
  await page.getByTestId('revealed-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^revealed-seeds-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await readFile(await file.path(), 'utf8')) as {
    pairs: Array<{ serverSeed: string; serverSeedHash: string; clientSeed: string; bets: number }>;
  };
  expect(exported.pairs.map((pair) => pair.serverSeedHash)).toEqual(newestFirst);
  for (const pair of exported.pairs) expect(createHash('sha256').update(pair.serverSeed).digest('hex')).toBe(pair.serverSeedHash);
  expect(exported.pairs.at(-1)).toMatchObject({ clientSeed: 'seed-0', bets: 0 });
});
