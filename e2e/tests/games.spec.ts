import { expect, test, type APIRequestContext, type Page, anySize } from '../support/test';
import { apiPlayer, type ApiSession, type LightProfile, VALID_ADDRESS } from '../support/api';
import { hostFor, openApp } from '../support/host';
import { layoutProblems } from '../support/layout';
import { roadState } from '../support/road';
import { nano, ton } from '../support/money';

interface Round {
  id: string;
  game: 'flip' | 'roll' | 'road';
  stake: string;
  payout: string;
  status: 'open' | 'won' | 'lost' | 'cashed';
  road?: { passed: number; lanes: number; hitLane?: number; traps: number[] | null };
}

type Server = ApiSession;

/** A player with TON from the development test deposit (a real transfer on the emulated chain). */
const fundedPlayer = (request: APIRequestContext, amount = '5') => apiPlayer(request, { name: 'Game Player', ton: amount });

/** The TON balance in the top bar, as the exact API string. */
const topBarTon = (page: Page) => page.getByTestId('balance-ton');

async function serverRound(server: Server, game: Round['game'], id: string): Promise<Round> {
  const { items } = await server.call<{ items: Round[] }>('games/rounds', { game, limit: 10 });
  const round = items.find((item) => item.id === id);
  if (!round) throw new Error(`round ${id} is not among the player's ${game} rounds`);
  return round;
}

/** Waits for the result under the table and returns the server's record of that round. */
async function shownRound(page: Page, server: Server, game: Round['game']): Promise<Round> {
  const result = page.getByTestId('bet-result');
  await expect(result).toBeVisible({ timeout: 30_000 });
  const id = await result.getAttribute('data-round-id');
  expect(id).toBeTruthy();
  const round = await serverRound(server, game, id ?? '');
  await expect(result).toHaveAttribute('data-status', round.status);
  await expect(result).toHaveAttribute('data-payout', round.payout);
  return round;
}

interface Movement {
  id: string;
  kind: string;
  currency: 'ton' | 'bonus' | 'referral';
  amount: string;
}

async function tonMovements(server: Server): Promise<Movement[]> {
  const { items } = await server.call<{ items: Movement[] }>('wallet/history', { limit: 100 });
  return items.filter((item) => item.currency === 'ton');
}

/**
 * The TON balance after a round is the one before plus the round's payout less its stake, plus
 * any bonus the wagering countdown released to TON meanwhile (a ledger row that is neither a
 * bet nor a payout). The round's own bet and payout rows must be exactly its stake and payout.
 */
async function expectRoundMoved(page: Page, server: Server, seen: Set<string>, before: bigint, round: Round): Promise<bigint> {
  const fresh = (await tonMovements(server)).filter((item) => !seen.has(item.id));
  for (const item of fresh) seen.add(item.id);
  expect(fresh.filter((item) => item.kind === 'bet').map((item) => item.amount)).toEqual([`-${round.stake}`]);
  expect(fresh.filter((item) => item.kind === 'payout').map((item) => item.amount)).toEqual(nano(round.payout) > 0n ? [round.payout] : []);
  const released = fresh.filter((item) => item.kind !== 'bet' && item.kind !== 'payout').reduce((sum, item) => sum + nano(item.amount), 0n);
  const after = before + nano(round.payout) - nano(round.stake) + released;
  await expect(topBarTon(page)).toHaveAttribute('data-value', ton(after));
  return after;
}

async function engineReady(page: Page) {
  await expect(page.getByTestId('game-stage')).toHaveAttribute('data-engine', 'ready');
}

test('one round of each game moves the TON balance by the round’s payout less its stake', anySize, async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const { user, server } = await fundedPlayer(request);
  await openApp(page, testInfo, { user, path: '/flip' });
  await expect(page.getByTestId('screen-flip')).toBeVisible();
  await expect(topBarTon(page)).toHaveAttribute('data-value', '5');
  await engineReady(page);
  let balance = nano('5');
  const seen = new Set((await tonMovements(server)).map((item) => item.id));

  // Flip, with a double tap: one bet only.
  await page.getByTestId('stake-input').fill('0.2');
  await page.getByTestId('flip-side-tails').click();
  await page.getByTestId('flip-play').dblclick();
  const flip = await shownRound(page, server, 'flip');
  expect(flip.stake).toBe('0.2');
  expect((await server.call<{ items: Round[] }>('games/rounds', { game: 'flip' })).items).toHaveLength(1);
  balance = await expectRoundMoved(page, server, seen, balance, flip);
  await expect(page.getByTestId('round-item').first()).toHaveAttribute('data-round-id', flip.id);

  // Roll: under 60 is a 60% chance paying 1.65x, shown before the bet.
  await page.getByTestId('game-tab-roll').click();
  await expect(page.getByTestId('screen-roll')).toBeVisible();
  await engineReady(page);
  await page.getByTestId('roll-target').fill('60');
  await expect(page.getByTestId('roll-chance')).toHaveText('60%');
  await expect(page.getByTestId('roll-multiplier')).toHaveText('1.65×');
  await page.getByTestId('stake-input').fill('0.1');
  await page.getByTestId('roll-play').click();
  const roll = await shownRound(page, server, 'roll');
  balance = await expectRoundMoved(page, server, seen, balance, roll);

  // Road: the stake leaves at the start; one lane, then a cash-out unless a car came.
  await page.getByTestId('game-tab-road').click();
  await expect(page.getByTestId('screen-road')).toBeVisible();
  await engineReady(page);
  await page.getByTestId('road-difficulty-easy').click();
  await page.getByTestId('stake-input').fill('0.3');
  await page.getByTestId('road-start').click();
  await expect(page.getByTestId('road-round')).toHaveAttribute('data-passed', '0');
  await expect(topBarTon(page)).toHaveAttribute('data-value', ton(balance - nano('0.3')));
  await page.getByTestId('road-go').click();
  await expect
    .poll(
      async () =>
        (await page.getByTestId('bet-result').count()) > 0 ? 'over' : await page.getByTestId('road-round').getAttribute('data-passed'),
      {
        timeout: 30_000,
      },
    )
    .toMatch(/^(1|over)$/);
  if ((await page.getByTestId('bet-result').count()) === 0) await page.getByTestId('road-cashout').click();
  const road = await shownRound(page, server, 'road');
  expect(['lost', 'cashed']).toContain(road.status);
  balance = await expectRoundMoved(page, server, seen, balance, road);
  expect((await server.call<LightProfile>('profile/light')).balance.ton).toBe(ton(balance));
});

test('a road round survives a reload and carries on where it stopped', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const { user, server } = await fundedPlayer(request);
  await openApp(page, testInfo, { user, path: '/road' });
  await expect(page.getByTestId('screen-road')).toBeVisible();
  await page.getByTestId('road-difficulty-easy').click();
  await page.getByTestId('stake-input').fill('0.1');
  await page.getByTestId('road-start').click();
  const card = page.getByTestId('road-round');
  await expect(card).toHaveAttribute('data-passed', '0');
  await expect(page.getByTestId('road-resumed')).toHaveCount(0);
  const roundId = (await card.getAttribute('data-round-id')) ?? '';
  await expect(topBarTon(page)).toHaveAttribute('data-value', '4.9');

  await page.reload();
  await expect(card).toHaveAttribute('data-round-id', roundId);
  await expect(card).toHaveAttribute('data-passed', '0');
  await expect(page.getByTestId('road-resumed')).toBeVisible();
  await expect(page.getByTestId('road-cashout')).toBeDisabled();
  await expect(page.getByTestId('road-start')).toHaveCount(0);
  await engineReady(page);

  // Lane 1 of the easy road has the car one time in 25: both endings are checked. The crash
  // plays for up to 12 s before the result shows. Read both in one go: the round card leaves
  // the page when the round ends, and waiting on it would stall the poll.
  await page.getByTestId('road-go').click();
  await expect.poll(() => roadState(page), { timeout: 60_000 }).toMatch(/^(1|over)$/);
  if ((await page.getByTestId('bet-result').count()) > 0) {
    const lost = await shownRound(page, server, 'road');
    expect(lost).toMatchObject({ id: roundId, status: 'lost', road: { passed: 0, hitLane: 1 } });
    await expect(topBarTon(page)).toHaveAttribute('data-value', '4.9');
    return;
  }

  await page.reload();
  await expect(card).toHaveAttribute('data-round-id', roundId);
  await expect(card).toHaveAttribute('data-passed', '1');
  await expect(page.getByTestId('road-resumed')).toBeVisible();
  await expect(page.getByTestId('road-progress')).toHaveText('Lane 1 of 24');
  await engineReady(page);
  const problems = await layoutProblems(page, hostFor(testInfo));
  expect(problems, `road in play at ${testInfo.project.name}`).toEqual([]);

  await page.getByTestId('road-cashout').click();
  const cashed = await shownRound(page, server, 'road');
  expect(cashed).toMatchObject({ id: roundId, status: 'cashed', road: { passed: 1 } });
  await expect(topBarTon(page)).toHaveAttribute('data-value', ton(nano('4.9') + nano(cashed.payout)));
  await expect(page.getByTestId('road-start')).toBeVisible();
});

test(
  'a round verified after the seeds are rotated matches its seeds; another seed does not',
  anySize,
  async ({ page, request }, testInfo) => {
    test.setTimeout(240_000);
    const { user, server } = await fundedPlayer(request);
    await openApp(page, testInfo, { user, path: '/flip' });
    await expect(page.getByTestId('screen-flip')).toBeVisible();
    await page.getByTestId('stake-input').fill('0.1');
    await page.getByTestId('flip-play').click();
    const round = await shownRound(page, server, 'flip');

    await page.locator(`[data-testid="round-item"][data-round-id="${round.id}"]`).getByTestId('round-verify').click();
    await expect(page.getByTestId('screen-fairness')).toBeVisible();
    const card = page.getByTestId('verify-card');
    await expect(card).toHaveAttribute('data-round-id', round.id);
    // The seed that decided it is still in use: secret until a rotation.
    await expect(page.getByTestId('verify-not-revealed')).toBeVisible();
    const committed = (await server.call<{ serverSeedHash: string }>('fairness/seeds')).serverSeedHash;
    await expect(page.getByTestId('seeds-server-hash')).toHaveText(committed);

    await page.getByTestId('verify-rotate').click();
    const verdict = page.getByTestId('verify-result');
    await expect(verdict).toHaveAttribute('data-match', 'true');
    await expect(verdict).toHaveText('The round matches its seeds');
    await expect(page.getByTestId('revealed-seed')).toHaveCount(1);
    await expect(page.getByTestId('seeds-server-hash')).not.toHaveText(committed);
    const problems = await layoutProblems(page, hostFor(testInfo));
    expect(problems, `fairness at ${testInfo.project.name}`).toEqual([]);

    // Any other server seed fails the committed hash.
    await page.getByTestId('verify-server-seed').fill('0'.repeat(64));
    await expect(verdict).toHaveAttribute('data-match', 'false');
    await expect(verdict).toHaveText('The round does not match these seeds');
  },
);

test(
  'a bet the server refuses is explained, offers a deposit and moves no money',
  anySize,
  async ({ page, request, consoleErrors }, testInfo) => {
    test.setTimeout(120_000);
    // The refusal this test provokes comes back as a 409, which the browser logs.
    consoleErrors.allow(/status of 409 \(Conflict\)/);
    const { user, server } = await fundedPlayer(request, '1');
    await openApp(page, testInfo, { user, path: '/flip' });
    await expect(topBarTon(page)).toHaveAttribute('data-value', '1');

    // The balance leaves while the bet is on its way: the screen knew 1 TON when Play was tapped,
    // and the withdrawal reaches the server just before the bet does (nothing is faked: both are
    // the real server's answers, only their order is fixed).
    await page.context().route(
      '**/api/v3/games/flip',
      async (route) => {
        await server.call('wallet/withdraw', { address: VALID_ADDRESS, amount: '0.95', idempotencyKey: `e2e-drain-${user.id}` });
        await route.continue();
      },
      { times: 1 },
    );
    await page.getByTestId('stake-input').fill('0.5');
    await page.getByTestId('flip-play').click();
    const notice = page.getByTestId('bet-error');
    await expect(notice).toHaveAttribute('data-code', 'game.balance');
    await expect(notice).toContainText('Your balance is not enough for this stake.');
    await expect(notice.getByTestId('deposit-link')).toBeVisible();
    await expect(page.getByTestId('bet-result')).toHaveCount(0);
    expect((await server.call<{ items: Round[] }>('games/rounds', {})).items).toHaveLength(0);

    await notice.getByTestId('deposit-link').click();
    await expect(page.getByTestId('screen-deposit')).toBeVisible();
  },
);
