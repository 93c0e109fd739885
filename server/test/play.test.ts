import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallName } from '@arcade/api-client/calls';
import type { BetResult } from '@arcade/api-client/games';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { PlayState } from '@arcade/api-client/play';
import type { HistoryPage, WalletInfo } from '@arcade/api-client/wallet';
import type { Ton } from '../src/adapters/chain/open-chain';
import type { Db } from '../src/db/db';
import { watchHotWallet } from '../src/domain/wallet/chain-watcher';
import { rejectWithdrawal } from '../src/domain/wallet/withdrawals';
import { runOperator } from '../src/operator';
import { callApi, databases, expectSoundBook, fund, logIn, newUserId, type Reply, startServer, TestClock, testTon } from './helpers';

let keys = 0;
const key = (tag = 'k') => `play-${tag}-${process.pid}-${Date.now()}-${++keys}`;
const HOUR = 3600;

describe.each(databases())('responsible play on $name', (database) => {
  let db: Db;
  let drop: () => Promise<void>;
  let ton: Ton;
  const apps: FastifyInstance[] = [];

  /** A server with its own clock, so a test can move time without moving another's. Bets go one per transaction. */
  async function server(): Promise<{ app: FastifyInstance; clock: TestClock }> {
    const clock = new TestClock();
    const app = await startServer(db, { clock, ton, env: { BET_BATCHING: 'off' } });
    apps.push(app);
    return { app, clock };
  }

  const send = <T = PlayState>(app: FastifyInstance, token: string, name: CallName, body: unknown = {}): Promise<Reply<T>> =>
    callApi<T>(app, calls[name].path, body, token);

  async function player(app: FastifyInstance, options: { ton?: string; ageConfirmed?: boolean } = {}) {
    const id = newUserId();
    const token = await logIn(app, { id }, { ageConfirmed: options.ageConfirmed ?? true });
    if (options.ton) await fund(db, BigInt(id), options.ton);
    return { id, userId: BigInt(id), token };
  }

  const flip = (app: FastifyInstance, token: string, stake: string) =>
    send<BetResult>(app, token, 'gamesFlip', { stake, currency: 'ton', side: 'heads', idempotencyKey: key('flip') });
  /** A roll that almost always loses (1% chance). */
  const losingRoll = (app: FastifyInstance, token: string, stake: string) =>
    send<BetResult>(app, token, 'gamesRoll', { stake, currency: 'ton', target: '1', direction: 'under', idempotencyKey: key('roll') });
  const limit = (state: PlayState, kind: string) => state.limits.find((l) => l.kind === kind)!;
  const balances = async (userId: bigint) => {
    const { rows } = await db.query<{ kind: string; balance: bigint }>('SELECT kind, balance FROM accounts WHERE user_id = $1', [userId]);
    return Object.fromEntries(rows.map((r) => [r.kind, r.balance]));
  };
  /** A real transfer with the player's memo from their own wallet on the emulated chain, credited by the watcher. */
  async function chainDeposit(app: FastifyInstance, token: string, amount: string): Promise<void> {
    const info = (await send<WalletInfo>(app, token, 'walletInfo')).data;
    const wallet = await ton.sandbox!.createUserWallet(`play-${info.depositMemo}-${++keys}`, toNano(amount) + toNano('1'));
    await ton.sandbox!.sendFromUser(wallet, { to: ton.hotWallet.address, amount: toNano(amount), comment: info.depositMemo, bounce: true });
    await watchHotWallet(db, ton);
  }
  const withdrawTo = async () =>
    (await ton.sandbox!.createUserWallet(`play-payee-${++keys}`, toNano('1'))).address.toString({ bounceable: false, testOnly: true });

  /** Every movement that took money from the player, with who authorised it. */
  const debitsOf = async (userId: bigint) =>
    (
      await db.query<{ kind: string; account: string; actor_user_id: bigint | null; actor_job: string | null }>(
        `SELECT t.kind, a.kind AS account, t.actor_user_id, t.actor_job
           FROM journal_entries j JOIN accounts a ON a.id = j.account_id JOIN ledger_transactions t ON t.id = j.transaction_id
          WHERE a.user_id = $1 AND j.amount < 0 ORDER BY j.id`,
        [userId],
      )
    ).rows;

  beforeAll(async () => {
    ({ db, drop } = await database.create());
    ton = await testTon();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop?.();
  });

  it('refuses every bet until the player confirms 18+, and keeps the first confirmation', async () => {
    const { app, clock } = await server();
    const p = await player(app, { ton: '10', ageConfirmed: false });
    const before = await send(app, p.token, 'playState');
    expect(before.data.ageConfirmedAt).toBeNull();
    for (const bet of [
      () => flip(app, p.token, '1'),
      () => losingRoll(app, p.token, '1'),
      () => send(app, p.token, 'gamesRoadStart', { stake: '1', currency: 'ton', difficulty: 'easy', idempotencyKey: key() }),
    ]) {
      const refused = await bet();
      expect(refused.status).toBe(403);
      expect(refused.code).toBe('play.age-unconfirmed');
      expect(refused.message).toBe('Confirm that you are 18 or older before you play');
    }
    expect((await balances(p.userId)).ton).toBe(toNano('10'));

    const confirmed = await send(app, p.token, 'playAgeConfirm');
    expect(confirmed.data.ageConfirmedAt).toBe(new Date(clock.ms).toISOString());
    clock.advance(60);
    expect((await send(app, p.token, 'playAgeConfirm')).data.ageConfirmedAt).toBe(confirmed.data.ageConfirmedAt);
    expect((await flip(app, p.token, '1')).status).toBe(200);
    expect((await debitsOf(p.userId)).map((d) => [d.kind, d.actor_user_id])).toEqual([['bet', p.userId]]);
    await expectSoundBook(db);
  });

  it('a first or lower limit is in force at once; a raise or a removal waits 24 hours, and asking again replaces what waits', async () => {
    const { app, clock } = await server();
    const p = await player(app, { ton: '50' });
    let token = p.token;
    const set = (amount: string | null, idempotencyKey = key('limit')) =>
      send(app, token, 'playLimitSet', { kind: 'loss-day', amount, idempotencyKey });

    expect(limit((await set('5')).data, 'loss-day')).toEqual({ kind: 'loss-day', amount: '5', used: '0', pending: null });
    expect(limit((await set('3')).data, 'loss-day').amount).toBe('3');
    const raised = limit((await set('10')).data, 'loss-day');
    const effectiveAt = new Date(clock.ms + 24 * HOUR * 1000).toISOString();
    expect(raised).toEqual({ kind: 'loss-day', amount: '3', used: '0', pending: { amount: '10', effectiveAt } });
    expect(limit((await set(null)).data, 'loss-day').pending).toEqual({ amount: null, effectiveAt });
    expect(limit((await set('8')).data, 'loss-day').pending).toEqual({ amount: '8', effectiveAt });

    // The lower limit holds until the raise's time: a stake of 4 goes beyond 3.
    clock.advance(24 * HOUR - 1);
    // (A day outlives the session token: the player signs in again.)
    token = await logIn(app, { id: p.id, authDate: new Date(clock.ms) });
    const refused = await losingRoll(app, token, '4');
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('play.limit.loss');
    expect(refused.message).toBe('This stake goes beyond your loss limit: 3 TON left');
    expect((await balances(p.userId)).ton).toBe(toNano('50'));

    clock.advance(1);
    expect(limit((await send(app, token, 'playState')).data, 'loss-day')).toMatchObject({ amount: '8', pending: null });
    expect((await losingRoll(app, token, '4')).status).toBe(200);
    // Lowering below what was lost already is at once too: nothing more may be staked today.
    expect(limit((await set('1')).data, 'loss-day').amount).toBe('1');
    await expectSoundBook(db);
  });

  it('fifty bets at once never take the losses beyond the loss limit', async () => {
    const { app } = await server();
    // A roll that wins (1 in 100) pays back more than the limit and leaves room for every other
    // bet: the rule holds then too, but this test wants the limit reached, so it plays again.
    let p = await player(app, { ton: '100' });
    let replies: Array<Reply<BetResult>> = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      if (attempt > 1) p = await player(app, { ton: '100' });
      await send(app, p.token, 'playLimitSet', { kind: 'loss-day', amount: '5', idempotencyKey: key() });
      replies = await Promise.all(Array.from({ length: 50 }, () => losingRoll(app, p.token, '1')));
      if (replies.every((r) => r.status !== 200 || r.data.round.payout === '0')) break;
    }
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(r.code).toBe('play.limit.loss');
    const state = (await send(app, p.token, 'playState')).data;
    const lost = toNano(limit(state, 'loss-day').used);
    expect(lost).toBeLessThanOrEqual(toNano('5'));
    // Refused only for want of room: what is left is less than a stake.
    expect(toNano('5') - lost).toBeLessThan(toNano('1'));
    const { rows } = await db.query<{ lost: bigint }>(
      "SELECT COALESCE(SUM(stake - payout), 0)::bigint AS lost FROM game_rounds WHERE user_id = $1 AND currency = 'ton'",
      [p.userId],
    );
    expect(rows[0]!.lost).toBe(lost);
    for (const d of await debitsOf(p.userId)) expect(d.actor_user_id).toBe(p.userId);
    await expectSoundBook(db);
  });

  it("fifty bets at once never wager beyond the day's limit; signing in again does not reset it, the next UTC day does", async () => {
    const { app, clock } = await server();
    // Noon UTC of the test clock's day, so the day cannot turn between the bets.
    clock.ms = Date.UTC(new Date(clock.ms).getUTCFullYear(), new Date(clock.ms).getUTCMonth(), new Date(clock.ms).getUTCDate(), 12);
    const id = newUserId();
    const p = { id, userId: BigInt(id), token: await logIn(app, { id, authDate: new Date(clock.ms) }) };
    await fund(db, p.userId, '100');
    await send(app, p.token, 'playLimitSet', { kind: 'wager-day', amount: '10', idempotencyKey: key() });
    const replies = await Promise.all(Array.from({ length: 50 }, () => flip(app, p.token, '1')));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = replies.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.code).toBe('play.limit.wager');
      expect(r.message).toBe('This stake goes beyond your wager limit: 0 TON left');
    }
    const state = (await send(app, p.token, 'playState')).data;
    expect(state.session.wagered).toBe('10');
    expect(limit(state, 'wager-day').used).toBe('10');
    expect(limit(state, 'wager-week').used).toBe('10');
    const { rows } = await db.query<{ payouts: bigint }>(
      'SELECT COALESCE(SUM(payout), 0)::bigint AS payouts FROM game_rounds WHERE user_id = $1',
      [p.userId],
    );
    expect(state.session.net).toBe(fromNano(rows[0]!.payouts - toNano('10')));

    // Opening the app again starts a new session to show, not a new count: still refused.
    clock.advance(1);
    const again = await logIn(app, { id: p.id, authDate: new Date(clock.ms) });
    const reopened = (await send(app, again, 'playState')).data;
    expect(reopened.session.wagered).toBe('0');
    expect(limit(reopened, 'wager-day').used).toBe('10');
    const stillRefused = await flip(app, again, '1');
    expect(stillRefused.status).toBe(409);
    expect(stillRefused.code).toBe('play.limit.wager');
    // The old token bets against the same count too.
    expect((await flip(app, p.token, '1')).code).toBe('play.limit.wager');

    // At 00:00 UTC the day's window turns: 10 more may be staked.
    clock.advance(12 * HOUR);
    const nextDay = await logIn(app, { id: p.id, authDate: new Date(clock.ms) });
    expect(limit((await send(app, nextDay, 'playState')).data, 'wager-day').used).toBe('0');
    expect((await flip(app, nextDay, '1')).status).toBe(200);
    await expectSoundBook(db);
  });

  it('a cool-off closes bets and deposit requests, cannot be shortened, and money arriving meanwhile is locked but withdrawable', async () => {
    const { app, clock } = await server();
    const p = await player(app, { ton: '2' });
    const paused = await send(app, p.token, 'playPause', { length: '24h', idempotencyKey: key() });
    const until = new Date(clock.ms + 24 * HOUR * 1000);
    expect(paused.data.pause).toEqual({ kind: 'cool-off', startedAt: new Date(clock.ms).toISOString(), until: until.toISOString() });

    const bet = await flip(app, p.token, '1');
    expect(bet.status).toBe(403);
    expect(bet.code).toBe('play.paused');
    expect(bet.message).toContain(`${until.toISOString().slice(0, 16).replace('T', ' ')} UTC`);
    for (const [name, body] of [
      ['walletDeposit', { amount: '1' }],
      ['walletTestDeposit', { amount: '1', idempotencyKey: key() }],
    ] as const) {
      const refused = await send(app, p.token, name, body);
      expect(refused.status).toBe(403);
      expect(refused.code).toBe('play.paused');
    }
    // Not shorter; a longer one replaces it.
    await send(app, p.token, 'playPause', { length: '7d', idempotencyKey: key() });
    const shorter = await send(app, p.token, 'playPause', { length: '24h', idempotencyKey: key() });
    expect(shorter.status).toBe(409);
    expect(shorter.code).toBe('play.pause.shorter');
    expect((await send(app, p.token, 'playState')).data.pause?.until).toBe(new Date(clock.ms + 7 * 24 * HOUR * 1000).toISOString());

    // The chain brings 3 TON meanwhile: credited, locked.
    await chainDeposit(app, p.token, '3');
    expect((await send(app, p.token, 'playState')).data.lockedBalance).toBe('3');
    expect(await balances(p.userId)).toMatchObject({ ton: toNano('2'), locked: toNano('3') });
    // Withdrawals work during the pause, the locked TON first.
    const withdrawn = await send(app, p.token, 'walletWithdraw', { address: await withdrawTo(), amount: '2.5', idempotencyKey: key() });
    expect(withdrawn.status, withdrawn.message).toBe(200);
    expect(await balances(p.userId)).toMatchObject({ ton: toNano('2'), locked: toNano('0.45') });
    // The history tells the locked TON apart: both rows moved the locked balance, not the playable one.
    const during = (await send<HistoryPage>(app, p.token, 'walletHistory')).data.items;
    expect(during.slice(0, 2).map((item) => [item.kind, item.amount, item.balanceAfter, item.locked])).toEqual([
      ['withdrawal', '-2.55', '0.45', true],
      ['deposit', '3', '3', true],
    ]);

    // After the pause: the locked TON is not staked until it is released (the state call releases it).
    clock.advance(7 * 24 * HOUR + 1);
    const token = await logIn(app, { id: p.id, authDate: new Date(clock.ms) });
    const tooMuch = await flip(app, token, '2.3');
    expect(tooMuch.code).toBe('game.balance');
    const released = (await send(app, token, 'playState')).data;
    expect(released.pause).toBeNull();
    expect(released.lockedBalance).toBe('0');
    const [release] = (await send<HistoryPage>(app, token, 'walletHistory')).data.items;
    expect(release).toMatchObject({ kind: 'play_release', currency: 'ton', amount: '0.45', balanceAfter: '2.45' });
    expect(release?.locked).toBeUndefined();
    expect((await flip(app, token, '2.3')).status).toBe(200);

    expect((await debitsOf(p.userId)).map((d) => [d.kind, d.account, d.actor_user_id, d.actor_job])).toEqual([
      ['withdrawal', 'locked', p.userId, null],
      ['play_release', 'locked', p.userId, null],
      ['bet', 'ton', p.userId, null],
    ]);
    await expectSoundBook(db);
  });

  it('a deposit beyond the deposit limit is refused as a request, and credited locked when it arrives anyway', async () => {
    const { app } = await server();
    const p = await player(app);
    await send(app, p.token, 'playLimitSet', { kind: 'deposit-day', amount: '1', idempotencyKey: key() });
    const refused = await send(app, p.token, 'walletDeposit', { amount: '1.5' });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('play.limit.deposit');
    expect(refused.message).toBe('This deposit goes beyond your deposit limit: 1 TON left');
    expect((await send(app, p.token, 'walletDeposit', { amount: '1' })).status).toBe(200);

    await chainDeposit(app, p.token, '3');
    const state = (await send(app, p.token, 'playState')).data;
    expect(state.lockedBalance).toBe('2');
    expect(limit(state, 'deposit-day').used).toBe('1');
    expect(await balances(p.userId)).toMatchObject({ ton: toNano('1'), locked: toNano('2') });
    expect((await flip(app, p.token, '1.5')).code).toBe('game.balance');
    const left = await send(app, p.token, 'walletDeposit', { amount: '0.1' });
    expect(left.message).toBe('This deposit goes beyond your deposit limit: 0 TON left');
    expect((await debitsOf(p.userId)).length).toBe(0);
    await expectSoundBook(db);
  });

  it('a withdrawal of locked TON that is refused or refunded gives it back locked, never playable', async () => {
    const { app } = await server();
    const p = await player(app);
    await send(app, p.token, 'playLimitSet', { kind: 'deposit-day', amount: '1', idempotencyKey: key() });
    await chainDeposit(app, p.token, '120');
    expect(await balances(p.userId)).toMatchObject({ ton: toNano('1'), locked: toNano('119') });
    // 110 TON waits for review (from 100 TON on): 110.05 comes out of the locked TON.
    const asked = await send<{ id: string; status: string }>(app, p.token, 'walletWithdraw', {
      address: await withdrawTo(),
      amount: '110',
      idempotencyKey: key('wd'),
    });
    expect(asked.data.status).toBe('review');
    expect(await balances(p.userId)).toMatchObject({ ton: toNano('1'), locked: toNano('8.95') });
    await rejectWithdrawal(db, BigInt(asked.data.id), 'not this time');
    // Back where it came from: still locked, and a stake beyond the 1 TON balance is still refused.
    expect(await balances(p.userId)).toMatchObject({ ton: toNano('1'), locked: toNano('119') });
    expect((await flip(app, p.token, '2')).code).toBe('game.balance');
    expect((await send(app, p.token, 'playState')).data.lockedBalance).toBe('119');
    await expectSoundBook(db);
  });

  it('self-exclusion is lifted only by an operator, with the record of who, when and why', async () => {
    const { app, clock } = await server();
    const p = await player(app, { ton: '1' });
    const excluded = (await send(app, p.token, 'playPause', { length: 'permanent', idempotencyKey: key() })).data;
    expect(excluded.pause).toMatchObject({ kind: 'self-exclusion', until: null });
    await chainDeposit(app, p.token, '2');
    expect((await flip(app, p.token, '0.5')).code).toBe('play.excluded');
    expect((await send(app, p.token, 'walletDeposit', { amount: '1' })).code).toBe('play.excluded');
    expect((await send(app, p.token, 'playPause', { length: '30d', idempotencyKey: key() })).code).toBe('play.pause.shorter');

    // A year on, still excluded; nothing is released; withdrawing still works.
    clock.advance(365 * 24 * HOUR);
    const token = await logIn(app, { id: p.id, authDate: new Date(clock.ms) });
    const later = (await send(app, token, 'playState')).data;
    expect(later.pause?.kind).toBe('self-exclusion');
    expect(later.lockedBalance).toBe('2');
    expect((await flip(app, token, '0.5')).code).toBe('play.excluded');
    const withdrawn = await send(app, token, 'walletWithdraw', { address: await withdrawTo(), amount: '1', idempotencyKey: key() });
    expect(withdrawn.status, withdrawn.message).toBe(200);

    const lines: string[] = [];
    const out = (line: string) => lines.push(line);
    expect(await runOperator(db, ['play:lift-exclusion', String(p.id), 'alice'], out)).toBe(2);
    expect(lines.pop()).toBe('refused: say why in a note (it is kept with the record)');
    expect(await runOperator(db, ['play:lift-exclusion', String(p.id), 'alice', 'player', 'asked', 'by', 'letter'], out)).toBe(0);
    expect(await runOperator(db, ['play:lift-exclusion', String(p.id), 'alice', 'again'], out)).toBe(2);
    expect(lines.pop()).toBe(`refused: player ${p.id} is not self-excluded`);
    const { rows } = await db.query<{ operator: string; reason: string; excluded_at: Date }>(
      'SELECT operator, reason, excluded_at FROM play_exclusion_lifts WHERE user_id = $1',
      [p.userId],
    );
    expect(rows).toEqual([{ operator: 'alice', reason: 'player asked by letter', excluded_at: new Date(excluded.pause!.startedAt) }]);
    expect(await runOperator(db, ['play:lifts', String(p.id)], out)).toBe(0);
    expect(lines.at(-1)).toBe('1 lift(s) recorded');

    const after = (await send(app, token, 'playState')).data;
    expect(after.pause).toBeNull();
    expect(after.lockedBalance).toBe('0');
    expect((await flip(app, token, '0.5')).status).toBe(200);
    expect((await debitsOf(p.userId)).map((d) => [d.kind, d.account, d.actor_user_id])).toEqual([
      ['withdrawal', 'locked', p.userId],
      ['play_release', 'locked', p.userId],
      ['bet', 'ton', p.userId],
    ]);
    await expectSoundBook(db);
  });

  it('refuses another player named in the body, a reused key with another request, and an unknown reality check', async () => {
    const { app } = await server();
    const attacker = await player(app);
    const victim = await player(app);
    for (const [name, body] of [
      ['playLimitSet', { kind: 'loss-day', amount: '0', idempotencyKey: key(), userId: victim.id }],
      ['playPause', { length: 'permanent', idempotencyKey: key(), userId: String(victim.id) }],
      ['playAgeConfirm', { userId: victim.id }],
      ['playRealityCheck', { minutes: 15, userId: victim.id }],
    ] as const) {
      const refused = await send(app, attacker.token, name, body);
      expect(refused.status, name).toBe(400);
      expect(refused.message, name).toMatch(/userId must be removed/);
    }
    const victimState = (await send(app, victim.token, 'playState')).data;
    expect(victimState.pause).toBeNull();
    expect(victimState.realityCheckMinutes).toBeNull();
    expect(victimState.limits.every((l) => l.amount === null)).toBe(true);
    const attackerState = (await send(app, attacker.token, 'playState')).data;
    expect(attackerState.pause).toBeNull();

    const reused = key('reused');
    const first = await send(app, attacker.token, 'playLimitSet', { kind: 'loss-week', amount: '5', idempotencyKey: reused });
    expect((await send(app, attacker.token, 'playLimitSet', { kind: 'loss-week', amount: '5', idempotencyKey: reused })).data).toEqual(
      first.data,
    );
    const stale = await send(app, attacker.token, 'playLimitSet', { kind: 'loss-week', amount: '1', idempotencyKey: reused });
    expect(stale.status).toBe(409);
    expect(stale.message).toBe('This idempotency key was already used for a different request');
    expect(limit((await send(app, attacker.token, 'playState')).data, 'loss-week').amount).toBe('5');
    const stalePause = await send(app, attacker.token, 'playPause', { length: '24h', idempotencyKey: reused });
    expect(stalePause.status).toBe(409);
    expect((await send(app, attacker.token, 'playState')).data.pause).toBeNull();

    expect((await send(app, attacker.token, 'playRealityCheck', { minutes: 45 })).status).toBe(400);
    expect((await send(app, attacker.token, 'playRealityCheck', { minutes: 30 })).data.realityCheckMinutes).toBe(30);
    expect((await send(app, attacker.token, 'playRealityCheck', { minutes: null })).data.realityCheckMinutes).toBeNull();
    await expectSoundBook(db);
  });
});
