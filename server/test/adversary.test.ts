import type { ChildProcess } from 'node:child_process';
import { Address } from '@ton/core';
import { type } from 'arktype';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type CallName } from '@arcade/api-client/calls';
import type { BetResult } from '@arcade/api-client/games';
import type { CheckoutResult, MarketPage } from '@arcade/api-client/market';
import { toNano } from '@arcade/api-client/money';
import type { Ton } from '../src/adapters/chain/open-chain';
import type { Db } from '../src/db/db';
import { actingAs } from '../src/domain/actor';
import { audit, post as postInBook } from '../src/domain/ledger';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import {
  callApi,
  callProcess,
  databases,
  envelope,
  expectSoundBook,
  fund,
  fundedPlayer,
  launchData,
  logIn,
  logInOnProcess,
  newUserId,
  post,
  postgresOnly,
  startServer,
  startServerProcess,
  stopServerProcesses,
  suiteFakeBot,
  suiteServer,
  tableDigests,
  testConfig,
  testTon,
} from './helpers';

/**
 * The server as someone who wants the house's (or another player's) money sees it: every call with
 * a smuggled identity, another player's ids, bursts, reused keys, two servers on one database. Each
 * test ends with the whole book: balances against the journal, every movement balanced, and every
 * debit of a player made by that player's own session (the audit's actor check).
 */

/** Fields an attacker adds to a body hoping a handler takes them as who they are or what they hold. */
const IDENTITY_FIELDS = ['userId', 'user_id', 'playerId', 'id', 'telegramId', 'balance', 'isBanned', 'role'] as const;

/** Every table whose rows a call could write. */
const TABLES = [
  'users',
  'accounts',
  'ledger_transactions',
  'journal_entries',
  'idempotency_keys',
  'game_rounds',
  'seed_pairs',
  'player_stats',
  'achievement_grants',
  'daily_claims',
  'task_claims',
  'withdrawals',
  'deposits',
  'gifts',
  'listings',
  'sales',
  'gift_transfers',
  'ton_proof_payloads',
  'bot_outbox',
  'demo_balances',
  'demo_seed_pairs',
  'demo_rounds',
] as const;

/** A digest of every row of every table: equal digests, nothing written. */
const snapshot = (db: Db) => tableDigests(db, TABLES);

let keys = 0;
const key = (tag = 'k') => `adv-${tag}-${process.pid}-${Date.now()}-${++keys}`;

interface Player {
  id: number;
  userId: bigint;
  token: string;
}

describe.each(databases())('an attacker against the API on $name', (database) => {
  let ton: Ton;
  let attacker: Player;
  let victim: Player;
  /** The victim's things, for the attacker to name. */
  const victimOwns = { road: '', heldGift: '', listedGift: '', withdrawal: '', round: '' };
  let withdrawTo = '';

  const call = <T = unknown>(token: string | null, name: CallName, body: unknown, server: FastifyInstance = suite.app) =>
    callApi<T>(server, calls[name].path, body, token);
  const tonOf = async (userId: bigint) =>
    (await suite.db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [userId])).rows[0]
      ?.balance ?? 0n;
  const newPlayer = (ton = '0'): Promise<Player> => fundedPlayer(suite.app, suite.db, ton);
  /** The cheapest gifts for sale (the catalogue's, not any player's). */
  const cheapGifts = async (token: string, count: number) =>
    (envelope(await post(suite.app, calls.marketList.path, { sort: 'price-asc', limit: 60 }, { token })).data as MarketPage).items
      .filter((gift) => !gift.mine && gift.price !== null)
      .slice(0, count)
      .map((gift) => ({ id: gift.id, price: gift.price! }));
  /** Rows that belong to a player: what another's call must never change. */
  const rowsOf = async (userId: bigint) => {
    const q = async (sql: string) =>
      JSON.stringify((await suite.db.query(sql, [userId])).rows, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
    return [
      await q('SELECT kind, balance FROM accounts WHERE user_id = $1 ORDER BY kind'),
      await q('SELECT id, status, outcome, payout FROM game_rounds WHERE user_id = $1 ORDER BY id'),
      await q('SELECT id, status, owner_id FROM gifts WHERE owner_id = $1 ORDER BY id'),
      await q('SELECT gift_id, price FROM listings WHERE seller_id = $1 ORDER BY gift_id'),
      await q('SELECT id, status, amount FROM withdrawals WHERE user_id = $1 ORDER BY id'),
    ].join('\n');
  };

  /** A body each call accepts (checked against the contract below), to add a smuggled field to. */
  const validBodies = (): Record<CallName, Record<string, unknown>> => ({
    auth: { initData: launchData({ id: attacker.id }) },
    profileLight: {},
    profileFull: {},
    profileOnboarding: {},
    profileLanguage: { lang: 'en' },
    profileNotifications: { enabled: false },
    bonusState: {},
    bonusDailyClaim: { idempotencyKey: key() },
    tasksCheck: { taskId: 'subscribe-news' },
    tasksClaim: { taskId: 'subscribe-news', idempotencyKey: key() },
    walletInfo: {},
    walletDeposit: { amount: '1' },
    walletTestDeposit: { amount: '1', idempotencyKey: key() },
    walletWithdraw: { address: withdrawTo, amount: '1', idempotencyKey: key() },
    walletWithdrawals: {},
    walletWithdrawal: { id: victimOwns.withdrawal },
    walletProofPayload: {},
    walletLink: {
      address: `0:${'ab'.repeat(32)}`,
      network: '-3',
      publicKey: 'cd'.repeat(32),
      proof: {
        timestamp: 1_700_000_000,
        domain: { lengthBytes: 14, value: 'arcade.example' },
        payload: 'p'.repeat(32),
        signature: 'c2ln',
        stateInit: 'te6c',
      },
    },
    walletHistory: {},
    gamesConfig: {},
    gamesFlip: { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: key() },
    gamesRoll: { stake: '0.1', currency: 'ton', target: '50', direction: 'under', idempotencyKey: key() },
    gamesRoadStart: { stake: '0.1', currency: 'ton', difficulty: 'easy', idempotencyKey: key() },
    gamesRoadStep: { roundId: victimOwns.road, lane: 1, idempotencyKey: key() },
    gamesRoadCashout: { roundId: victimOwns.road, idempotencyKey: key() },
    gamesRoadCurrent: {},
    gamesLeaderboard: {},
    profilePrivacy: {},
    profilePrivacyChange: { showName: true },
    gamesRounds: {},
    fairnessSeeds: {},
    fairnessRevealed: {},
    fairnessRotate: {},
    referralInfo: {},
    referralClaim: { idempotencyKey: key() },
    shareWin: { roundId: victimOwns.round },
    achievements: {},
    marketList: {},
    marketFacets: {},
    marketGift: { giftId: victimOwns.heldGift },
    marketGiftInfo: { giftId: victimOwns.heldGift },
    marketCheckout: { items: [{ giftId: victimOwns.listedGift, price: '3' }], idempotencyKey: key() },
    giftsInventory: {},
    giftsList: { giftId: victimOwns.heldGift, price: '1' },
    giftsUnlist: { giftId: victimOwns.listedGift },
    giftsWithdraw: { giftId: victimOwns.heldGift, idempotencyKey: key() },
    playState: {},
    playLimitSet: { kind: 'loss-day', amount: '100', idempotencyKey: key() },
    playPause: { length: '24h', idempotencyKey: key() },
    playRealityCheck: { minutes: 30 },
    playAgeConfirm: {},
    legalFigures: {},
    demoState: {},
    demoRefill: {},
    demoRotate: {},
    demoFlip: { stake: '0.1', side: 'heads' },
    demoRoll: { stake: '0.1', target: '50', direction: 'under' },
    demoRoadStart: { stake: '0.1', difficulty: 'easy' },
    demoRoadStep: { roundId: victimOwns.road, lane: 1 },
    demoRoadCashout: { roundId: victimOwns.road },
    demoRoadCurrent: {},
    demoRounds: {},
  });

  const bot = suiteFakeBot();
  const suite = suiteServer(database, {
    prepare: (db) => seedMarketCatalogue(db, { perCollection: 20 }),
    start: () => ({ bot: bot.botApi(), relayer: bot.relayer() }),
  });
  beforeAll(async () => {
    ton = await testTon();
    const wallet = await ton.sandbox!.createUserWallet(`adversary-${process.pid}`, toNano('1'));
    withdrawTo = wallet.address.toString({ bounceable: false, testOnly: true });

    attacker = await newPlayer('50');
    victim = await newPlayer('50');
    // The victim plays, holds a gift, lists another, has a road round open and a withdrawal on its way.
    const flip = await call<BetResult>(victim.token, 'gamesFlip', { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: key() });
    victimOwns.round = flip.data.round.id;
    const road = await call<BetResult>(victim.token, 'gamesRoadStart', {
      stake: '0.1',
      currency: 'ton',
      difficulty: 'easy',
      idempotencyKey: key(),
    });
    victimOwns.road = road.data.round.id;
    const [held, listed] = await cheapGifts(victim.token, 2);
    const bought = await call<CheckoutResult>(victim.token, 'marketCheckout', {
      items: [
        { giftId: held!.id, price: held!.price },
        { giftId: listed!.id, price: listed!.price },
      ],
      idempotencyKey: key(),
    });
    expect(bought.data.items.map((item) => item.result)).toEqual(['bought', 'bought']);
    victimOwns.heldGift = held!.id;
    victimOwns.listedGift = listed!.id;
    expect((await call(victim.token, 'giftsList', { giftId: listed!.id, price: '3' })).success).toBe(true);
    const withdrawal = await call<{ id: string }>(victim.token, 'walletWithdraw', {
      address: withdrawTo,
      amount: '1',
      idempotencyKey: key(),
    });
    expect(withdrawal.success, withdrawal.message).toBe(true);
    victimOwns.withdrawal = withdrawal.data.id;
    await expectSoundBook(suite.db);
  });

  it('the reported exploit: a flip or roll naming another player in the body is refused and the victim keeps every nanoton', async () => {
    const before = await rowsOf(victim.userId);
    const attackerBefore = await tonOf(attacker.userId);
    for (const [name, body] of [
      ['gamesFlip', { stake: '10', currency: 'ton', side: 'heads', idempotencyKey: key(), userId: victim.userId.toString() }],
      [
        'gamesRoll',
        { stake: '10', currency: 'ton', target: '95', direction: 'under', idempotencyKey: key(), userId: Number(victim.userId) },
      ],
      ['gamesRoadStart', { stake: '10', currency: 'ton', difficulty: 'easy', idempotencyKey: key(), userId: victim.userId.toString() }],
    ] as const) {
      const reply = await call(attacker.token, name, body);
      expect(reply.status, `${name}: ${reply.message ?? ''}`).toBe(400);
      expect(reply.message).toContain('userId must be removed');
    }
    expect(await rowsOf(victim.userId)).toBe(before);
    expect(await tonOf(attacker.userId)).toBe(attackerBefore);
    await expectSoundBook(suite.db);
  });

  it('every call refuses each identity field added to a valid body, naming the field, and writes nothing', async () => {
    const bodies = validBodies();
    const before = await snapshot(suite.db);
    let tried = 0;
    for (const name of Object.keys(calls) as CallName[]) {
      const spec = calls[name];
      const body = bodies[name];
      // The body alone passes the contract: a refusal below is the smuggled field's, not the body's.
      const alone = spec.request(body);
      expect(alone instanceof type.errors ? alone.summary : 'valid', `${name}'s base body`).toBe('valid');
      for (const field of IDENTITY_FIELDS) {
        if (field in body) continue;
        for (const value of [victim.userId.toString(), Number(victim.userId), true, { id: victim.id }]) {
          const reply = await call(spec.public ? null : attacker.token, name, { ...body, [field]: value });
          expect(reply.status, `${name} + ${field}=${JSON.stringify(value)}: ${reply.message ?? ''}`).toBe(400);
          expect(reply.message, `${name} + ${field}`).toContain(`${field} must be removed`);
          tried += 1;
        }
      }
    }
    expect(tried).toBeGreaterThan(Object.keys(calls).length * 4 * (IDENTITY_FIELDS.length - 1));
    // Nested too: a cart item or a proof carrying an owner.
    for (const [name, body] of [
      [
        'marketCheckout',
        { items: [{ giftId: victimOwns.listedGift, price: '3', sellerId: attacker.userId.toString() }], idempotencyKey: key() },
      ],
      ['walletLink', { ...bodies.walletLink, proof: { ...(bodies.walletLink.proof as object), userId: victim.userId.toString() } }],
    ] as const) {
      const reply = await call(attacker.token, name, body);
      expect(reply.status).toBe(400);
      expect(reply.message).toMatch(/(sellerId|userId) must be removed/);
    }
    expect(await snapshot(suite.db)).toEqual(before);
    await expectSoundBook(suite.db);
  });

  it("another player's ids in every call that takes one: refused or read-only, the victim's rows untouched", async () => {
    const before = await rowsOf(victim.userId);
    const attackerBefore = await tonOf(attacker.userId);
    const expectRefused = async (name: CallName, body: Record<string, unknown>, status: number) => {
      const reply = await call(attacker.token, name, body);
      expect(reply.status, `${name} ${JSON.stringify(body)}: ${reply.message ?? ''}`).toBe(status);
      expect(reply.success).toBe(false);
    };
    await expectRefused('gamesRoadStep', { roundId: victimOwns.road, lane: 1, idempotencyKey: key() }, 404);
    await expectRefused('gamesRoadCashout', { roundId: victimOwns.road, idempotencyKey: key() }, 404);
    await expectRefused('gamesRoadStep', { roundId: victimOwns.round, lane: 1, idempotencyKey: key() }, 404);
    await expectRefused('walletWithdrawal', { id: victimOwns.withdrawal }, 404);
    await expectRefused('giftsList', { giftId: victimOwns.heldGift, price: '0.1' }, 403);
    await expectRefused('giftsList', { giftId: victimOwns.listedGift, price: '0.1' }, 403);
    await expectRefused('giftsUnlist', { giftId: victimOwns.listedGift }, 403);
    await expectRefused('giftsWithdraw', { giftId: victimOwns.heldGift, idempotencyKey: key() }, 403);
    await expectRefused('giftsWithdraw', { giftId: victimOwns.listedGift, idempotencyKey: key() }, 403);
    // Reads that take an id or a cursor show only the caller's own rows.
    const current = await call<{ round: unknown }>(attacker.token, 'gamesRoadCurrent', {});
    expect(current.data.round).toBeNull();
    const rounds = await call<{ items: Array<{ id: string }> }>(attacker.token, 'gamesRounds', {
      cursor: (BigInt(victimOwns.round) + 1n).toString(),
    });
    expect(rounds.data.items.map((round) => round.id)).not.toContain(victimOwns.round);
    const withdrawals = await call<{ items: Array<{ id: string }> }>(attacker.token, 'walletWithdrawals', {});
    expect(withdrawals.data.items.map((item) => item.id)).not.toContain(victimOwns.withdrawal);
    const history = await call<{ items: unknown[] }>(attacker.token, 'walletHistory', { cursor: '9223372036854775807' });
    expect(history.status).toBe(200);
    const attackerMovements = await suite.db.query<{ n: string }>(
      'SELECT count(*)::text AS n FROM ledger_transactions WHERE user_id = $1',
      [attacker.userId],
    );
    expect(history.data.items.length).toBeLessThanOrEqual(Number(attackerMovements.rows[0]!.n));
    const gift = await call<{ mine: boolean }>(attacker.token, 'marketGift', { giftId: victimOwns.heldGift });
    expect(gift.data.mine).toBe(false);
    // The held gift is not for sale: checking it out finds it gone and charges nothing.
    const checkout = await call<CheckoutResult>(attacker.token, 'marketCheckout', {
      items: [{ giftId: victimOwns.heldGift, price: '0.1' }],
      idempotencyKey: key(),
    });
    expect(checkout.data.items[0]!.result).toBe('gone');
    expect(await rowsOf(victim.userId)).toBe(before);
    expect(await tonOf(attacker.userId)).toBe(attackerBefore);
    await expectSoundBook(suite.db);
  });

  it('amounts an attacker tries: negative, exponent, hex, too many decimals, over the caps, the bonus over its cap; all 400 and nothing moves', async () => {
    const before = await snapshot(suite.db);
    const flip = (stake: unknown, currency = 'ton') =>
      call(attacker.token, 'gamesFlip', { stake, currency, side: 'heads', idempotencyKey: key('amt') });
    for (const stake of [
      '-1',
      '1e3',
      '0x10',
      '0.0000000001',
      ' 1',
      '1 ',
      '',
      '1,5',
      1,
      null,
      '0',
      '0.000000000',
      '99999999999',
      '1000000000',
    ]) {
      const reply = await flip(stake);
      expect(reply.status, `stake ${JSON.stringify(stake)}: ${reply.message ?? ''}`).toBe(400);
    }
    expect((await flip('50.01')).code).toBe('game.stake.max');
    expect((await flip('5.01', 'bonus')).code).toBe('game.stake.bonus-max');
    // A roll whose chance is past the limits, or whose win would pass the payout cap.
    for (const [target, direction, code] of [
      ['0', 'under', 'game.roll.chance'],
      ['99.99', 'under', 'game.roll.chance'],
      ['0.01', 'over', 'game.roll.chance'],
      ['1', 'under', 'game.payout.max'],
    ] as const) {
      const reply = await call(attacker.token, 'gamesRoll', {
        stake: '10',
        currency: 'ton',
        target,
        direction,
        idempotencyKey: key('roll'),
      });
      expect(reply.status, `${target} ${direction}: ${reply.message ?? ''}`).toBe(400);
      expect(reply.code).toBe(code);
    }
    for (const amount of ['-1', '0', '1e2', 'NaN', '0.0000000001']) {
      const reply = await call(attacker.token, 'walletWithdraw', { address: withdrawTo, amount, idempotencyKey: key('wd-amt') });
      expect(reply.status, `withdraw ${amount}: ${reply.message ?? ''}`).toBe(400);
    }
    // More than the balance: refused, not overdrawn.
    expect(
      (await call(attacker.token, 'walletWithdraw', { address: withdrawTo, amount: '1000', idempotencyKey: key('wd-big') })).status,
    ).toBe(409);
    // Prototype keys and constructor tricks are undeclared keys like any other.
    for (const payload of [
      '{"__proto__":{"isBanned":false},"stake":"1","currency":"ton","side":"heads","idempotencyKey":"proto-key-1"}',
      '{"constructor":{"prototype":{"x":1}},"stake":"1","currency":"ton","side":"heads","idempotencyKey":"proto-key-2"}',
    ]) {
      const response = await post(suite.app, calls.gamesFlip.path, payload, { token: attacker.token });
      expect(response.statusCode).toBe(400);
    }
    expect(await snapshot(suite.db)).toEqual(before);
    await expectSoundBook(suite.db);
  });

  it('the whole balance spent twice at once (bets, a withdrawal, a checkout): never more than the balance leaves', async () => {
    const player = await newPlayer('3');
    const [gift] = await cheapGifts(player.token, 1);
    const spends = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        call(player.token, 'gamesFlip', { stake: '3', currency: 'ton', side: 'heads', idempotencyKey: key('all-in') }),
      ),
      call(player.token, 'walletWithdraw', { address: withdrawTo, amount: '2.9', idempotencyKey: key('all-out') }),
      call(player.token, 'marketCheckout', { items: [{ giftId: gift!.id, price: gift!.price }], idempotencyKey: key('all-cart') }),
      ...Array.from({ length: 10 }, () =>
        call(player.token, 'gamesRoadStart', { stake: '3', currency: 'ton', difficulty: 'easy', idempotencyKey: key('all-road') }),
      ),
    ]);
    for (const reply of spends) expect(reply.status, reply.message).toBeLessThan(500);
    expect(await tonOf(player.userId)).toBeGreaterThanOrEqual(0n);
    const out = await suite.db.query<{ debits: bigint }>(
      `SELECT COALESCE(-SUM(j.amount), 0)::bigint AS debits FROM journal_entries j JOIN accounts a ON a.id = j.account_id
        WHERE a.user_id = $1 AND a.kind = 'ton' AND j.amount < 0`,
      [player.userId],
    );
    const credits = await suite.db.query<{ credits: bigint }>(
      `SELECT COALESCE(SUM(j.amount), 0)::bigint AS credits FROM journal_entries j JOIN accounts a ON a.id = j.account_id
        WHERE a.user_id = $1 AND a.kind = 'ton' AND j.amount > 0`,
      [player.userId],
    );
    expect(out.rows[0]!.debits).toBeLessThanOrEqual(credits.rows[0]!.credits);
    await expectSoundBook(suite.db);
  });

  it("a referrer is set once, at sign-up: a later login with another code, or one's own, changes nothing", async () => {
    const referrer = await newPlayer();
    const code = (await call<{ code: string }>(referrer.token, 'referralInfo', {})).data.code;
    const id = newUserId();
    await logIn(suite.app, { id });
    await logIn(suite.app, { id, startParam: `r_${code}` });
    const own = (await suite.db.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE id = $1', [BigInt(id)])).rows[0]!
      .referral_code;
    await logIn(suite.app, { id, startParam: `r_${own}` });
    const row = (await suite.db.query<{ referred_by: bigint | null }>('SELECT referred_by FROM users WHERE id = $1', [BigInt(id)]))
      .rows[0]!;
    expect(row.referred_by).toBeNull();
    // A new player naming their own future id's code cannot exist; naming the referrer works once.
    const referred = newUserId();
    await logIn(suite.app, { id: referred, startParam: `r_${code}` });
    await logIn(suite.app, { id: referred, startParam: `r_${own}` });
    expect(
      (await suite.db.query<{ referred_by: bigint | null }>('SELECT referred_by FROM users WHERE id = $1', [BigInt(referred)])).rows[0]!
        .referred_by,
    ).toBe(referrer.userId);
  });

  describe('bursts of 50 at once', () => {
    const burst = <T>(count: number, make: (n: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, n) => make(n)));

    it('one key 50 times at once: one bet, fifty identical answers, for flip, roll and road', async () => {
      const player = await newPlayer('20');
      for (const [name, body] of [
        ['gamesFlip', { stake: '0.5', currency: 'ton', side: 'tails' }],
        ['gamesRoll', { stake: '0.5', currency: 'ton', target: '50', direction: 'over' }],
        ['gamesRoadStart', { stake: '0.5', currency: 'ton', difficulty: 'medium' }],
      ] as const) {
        const k = key(name);
        const replies = await burst(50, () => call<BetResult>(player.token, name, { ...body, idempotencyKey: k }));
        expect(replies.map((r) => r.status)).toEqual(Array(50).fill(200));
        expect(new Set(replies.map((r) => r.data.round.id)).size).toBe(1);
      }
      const rounds = await suite.db.query<{ n: string }>('SELECT count(*)::text AS n FROM game_rounds WHERE user_id = $1', [player.userId]);
      expect(rounds.rows[0]!.n).toBe('3');
      await expectSoundBook(suite.db);
    });

    it('fifty keys at once for 10 bets of balance: no overdraft, every accepted bet in the book', async () => {
      for (const name of ['gamesFlip', 'gamesRoll'] as const) {
        const player = await newPlayer('1');
        const body =
          name === 'gamesFlip'
            ? { stake: '0.1', currency: 'ton', side: 'heads' }
            : { stake: '0.1', currency: 'ton', target: '49.5', direction: 'under' };
        const replies = await burst(50, () => call<BetResult>(player.token, name, { ...body, idempotencyKey: key(name) }));
        for (const reply of replies) expect([200, 409], reply.message).toContain(reply.status);
        const refused = replies.filter((r) => r.status === 409);
        for (const reply of refused) expect(reply.code).toBe('game.balance');
        const { rows } = await suite.db.query<{ n: string; stakes: bigint; payouts: bigint }>(
          'SELECT count(*)::text AS n, COALESCE(SUM(stake), 0)::bigint AS stakes, COALESCE(SUM(payout), 0)::bigint AS payouts FROM game_rounds WHERE user_id = $1',
          [player.userId],
        );
        expect(Number(rows[0]!.n)).toBe(replies.length - refused.length);
        expect(Number(rows[0]!.n)).toBeGreaterThanOrEqual(10);
        // An achievement's bonus, once wagered, comes into TON (bonus_release): count it in.
        const released = await suite.db.query<{ amount: bigint }>(
          `SELECT COALESCE(SUM(j.amount), 0)::bigint AS amount FROM journal_entries j JOIN accounts a ON a.id = j.account_id
             JOIN ledger_transactions t ON t.id = j.transaction_id WHERE a.user_id = $1 AND a.kind = 'ton' AND t.kind = 'bonus_release'`,
          [player.userId],
        );
        expect(await tonOf(player.userId)).toBe(toNano('1') - rows[0]!.stakes + rows[0]!.payouts + released.rows[0]!.amount);
        expect(await tonOf(player.userId)).toBeGreaterThanOrEqual(0n);
      }
      await expectSoundBook(suite.db);
    });

    it('road: fifty starts open one round; fifty steps cross one lane; fifty cash-outs pay once', async () => {
      const player = await newPlayer('10');
      const starts = await burst(50, () =>
        call<BetResult>(player.token, 'gamesRoadStart', { stake: '1', currency: 'ton', difficulty: 'easy', idempotencyKey: key('start') }),
      );
      const opened = starts.filter((r) => r.status === 200);
      expect(opened).toHaveLength(1);
      for (const reply of starts.filter((r) => r.status !== 200)) expect(reply.code).toBe('game.road.open');
      const roundId = opened[0]!.data.round.id;
      // Lane 1 of easy can hold a trap; play it as it falls.
      const steps = await burst(50, () =>
        call<BetResult>(player.token, 'gamesRoadStep', { roundId, lane: 1, idempotencyKey: key('step') }),
      );
      for (const reply of steps) expect(reply.status, reply.message).toBe(200);
      const after = await suite.db.query<{ status: string; payout: bigint; outcome: { passed: number } }>(
        'SELECT status, payout, outcome FROM game_rounds WHERE id = $1',
        [BigInt(roundId)],
      );
      expect(after.rows[0]!.outcome.passed).toBeLessThanOrEqual(1);
      if (after.rows[0]!.status === 'open') {
        const cashouts = await burst(50, () => call<BetResult>(player.token, 'gamesRoadCashout', { roundId, idempotencyKey: key('cash') }));
        expect(cashouts.filter((r) => r.status === 200)).toHaveLength(1);
        for (const reply of cashouts.filter((r) => r.status !== 200)) expect(reply.code).toBe('game.road.not-open');
      }
      const round = (await suite.db.query<{ payout: bigint }>('SELECT payout FROM game_rounds WHERE id = $1', [BigInt(roundId)])).rows[0]!;
      const payouts = await suite.db.query<{ n: string }>(
        "SELECT count(*)::text AS n FROM ledger_transactions WHERE kind = 'payout' AND reference = $1",
        [roundId],
      );
      expect(payouts.rows[0]!.n).toBe(round.payout > 0n ? '1' : '0');
      expect(await tonOf(player.userId)).toBe(toNano('9') + round.payout);
      await expectSoundBook(suite.db);
    });

    it('withdrawals, claims, a checkout and a gift withdrawal, fifty at once each: each pays or charges once', async () => {
      const player = await newPlayer('5');
      // Withdrawals of 1 TON (plus the fee) from 5 TON: never more than the balance covers.
      const withdrawals = await burst(50, () =>
        call(player.token, 'walletWithdraw', { address: withdrawTo, amount: '1', idempotencyKey: key('wd') }),
      );
      const accepted = withdrawals.filter((r) => r.status === 200).length;
      for (const reply of withdrawals) expect([200, 409], reply.message).toContain(reply.status);
      const rows = await suite.db.query<{ n: string; total: bigint }>(
        'SELECT count(*)::text AS n, COALESCE(SUM(amount + fee), 0)::bigint AS total FROM withdrawals WHERE user_id = $1',
        [player.userId],
      );
      expect(Number(rows.rows[0]!.n)).toBe(accepted);
      expect(accepted).toBeGreaterThanOrEqual(1);
      expect(await tonOf(player.userId)).toBe(toNano('5') - rows.rows[0]!.total);

      // The daily reward: one credit, however many keys.
      const daily = await burst(50, () => call(player.token, 'bonusDailyClaim', { idempotencyKey: key('daily') }));
      expect(daily.filter((r) => r.status === 200)).toHaveLength(1);
      const claims = await suite.db.query<{ n: string }>('SELECT count(*)::text AS n FROM daily_claims WHERE user_id = $1', [
        player.userId,
      ]);
      expect(claims.rows[0]!.n).toBe('1');

      // A task: once the Bot API says member, claimed once.
      bot.members.set(`${testConfig().taskChannel}|${player.id}`, 'member');
      const tasks = await burst(50, () => call(player.token, 'tasksClaim', { taskId: 'subscribe-news', idempotencyKey: key('task') }));
      expect(tasks.filter((r) => r.status === 200)).toHaveLength(1);
      // Referral earnings: none, so every claim is refused and nothing moves.
      const referral = await burst(50, () => call(player.token, 'referralClaim', { idempotencyKey: key('ref') }));
      expect(referral.every((r) => r.status === 409)).toBe(true);

      // One gift, fifty checkouts with fifty keys: bought once, charged once.
      const buyer = await newPlayer('100');
      const [gift] = await cheapGifts(buyer.token, 1);
      const carts = await burst(50, () =>
        call<CheckoutResult>(buyer.token, 'marketCheckout', {
          items: [{ giftId: gift!.id, price: gift!.price }],
          idempotencyKey: key('cart'),
        }),
      );
      const results = carts.map((r) => r.data.items[0]!.result);
      expect(results.filter((r) => r === 'bought')).toHaveLength(1);
      expect(results.filter((r) => r !== 'bought').every((r) => r === 'gone' || r === 'own')).toBe(true);
      expect(await tonOf(buyer.userId)).toBe(toNano('100') - toNano(gift!.price));

      // Sending that gift to Telegram, fifty times: one transfer, one fee.
      const row = (
        await suite.db.query<{ telegram_gift_id: string }>('SELECT telegram_gift_id FROM gifts WHERE id = $1', [BigInt(gift!.id)])
      ).rows[0]!;
      bot.relayerGifts.push({ type: 'unique', owned_gift_id: row.telegram_gift_id });
      const beforeSend = await tonOf(buyer.userId);
      const sends = await burst(50, () => call(buyer.token, 'giftsWithdraw', { giftId: gift!.id, idempotencyKey: key('send') }));
      expect(sends.filter((r) => r.status === 200)).toHaveLength(1);
      expect(bot.transferred.filter((t) => t.ownedGiftId === row.telegram_gift_id)).toHaveLength(1);
      expect(await tonOf(buyer.userId)).toBe(beforeSend - toNano('0.1'));
      await expectSoundBook(suite.db);
    });
  });

  describe('idempotency keys', () => {
    it('every money call: the same key with a different request is 409 and moves nothing', async () => {
      const player = await newPlayer('30');
      bot.members.set(`${testConfig().taskChannel}|${player.id}`, 'member');
      const gifts = await cheapGifts(player.token, 2);
      const pairs: Array<[CallName, Record<string, unknown>, Record<string, unknown>]> = [
        ['gamesFlip', { stake: '0.1', currency: 'ton', side: 'heads' }, { stake: '0.2', currency: 'ton', side: 'heads' }],
        [
          'gamesRoll',
          { stake: '0.1', currency: 'ton', target: '50', direction: 'under' },
          { stake: '0.1', currency: 'ton', target: '50', direction: 'over' },
        ],
        ['gamesRoadStart', { stake: '0.1', currency: 'ton', difficulty: 'easy' }, { stake: '0.1', currency: 'ton', difficulty: 'hard' }],
        ['walletWithdraw', { address: withdrawTo, amount: '1' }, { address: withdrawTo, amount: '2' }],
        [
          'marketCheckout',
          { items: [{ giftId: gifts[0]!.id, price: gifts[0]!.price }] },
          { items: [{ giftId: gifts[1]!.id, price: gifts[1]!.price }] },
        ],
        ['tasksClaim', { taskId: 'subscribe-news' }, { taskId: 'wager-10' }],
      ];
      for (const [name, first, second] of pairs) {
        const k = key(name);
        const answered = await call(player.token, name, { ...first, idempotencyKey: k });
        expect(answered.status, `${name}: ${answered.message ?? ''}`).toBe(200);
        const before = await snapshot(suite.db);
        const reused = await call(player.token, name, { ...second, idempotencyKey: k });
        expect(reused.status, `${name} reused: ${reused.message ?? ''}`).toBe(409);
        expect(reused.message).toBe('This idempotency key was already used for a different request');
        expect(await snapshot(suite.db), name).toEqual(before);
        // The first request again gets the first answer, and moves nothing either.
        const again = await call(player.token, name, { ...first, idempotencyKey: k });
        expect(again.status).toBe(200);
        expect(JSON.stringify(again.data)).toBe(JSON.stringify(answered.data));
        expect(await snapshot(suite.db), `${name} retried`).toEqual(before);
      }
      // A road round open from above: step and cash out with a key, then the key on another lane.
      const open = (await call<{ round: { id: string } | null }>(player.token, 'gamesRoadCurrent', {})).data.round;
      if (open) {
        const k = key('road-step');
        const step = await call<BetResult>(player.token, 'gamesRoadStep', { roundId: open.id, lane: 1, idempotencyKey: k });
        expect(step.status).toBe(200);
        const before = await snapshot(suite.db);
        expect((await call(player.token, 'gamesRoadCashout', { roundId: open.id, idempotencyKey: k })).status).toBe(409);
        expect(await snapshot(suite.db)).toEqual(before);
      }
      await expectSoundBook(suite.db);
    });

    it('a key is one call: used for a flip, it is refused by every other money call before anything moves', async () => {
      const player = await newPlayer('30');
      const k = key('shared');
      expect((await call(player.token, 'gamesFlip', { stake: '0.1', currency: 'ton', side: 'heads', idempotencyKey: k })).status).toBe(200);
      const [gift] = await cheapGifts(player.token, 1);
      const before = await snapshot(suite.db);
      for (const [name, body] of [
        ['gamesRoll', { stake: '0.1', currency: 'ton', target: '50', direction: 'under' }],
        ['gamesRoadStart', { stake: '0.1', currency: 'ton', difficulty: 'easy' }],
        ['bonusDailyClaim', {}],
        ['referralClaim', {}],
        ['walletWithdraw', { address: withdrawTo, amount: '1' }],
        ['marketCheckout', { items: [{ giftId: gift!.id, price: gift!.price }] }],
        ['walletTestDeposit', { amount: '1' }],
      ] as const) {
        const reply = await call(player.token, name, { ...body, idempotencyKey: k });
        expect(reply.status, `${name}: ${reply.message ?? ''}`).toBe(409);
      }
      expect(await snapshot(suite.db)).toEqual(before);
      await expectSoundBook(suite.db);
    });

    it('a cart is one operation: a key of 100 characters still buys each item once; a bad item refuses the whole cart; a sold item does not stop the rest', async () => {
      const player = await newPlayer('200');
      const gifts = await cheapGifts(player.token, 6);
      // The longest key a client may send: the server's per-item keys are its own, never refused after a purchase.
      const long = 'L'.repeat(100);
      const cart = gifts.slice(0, 3).map((g) => ({ giftId: g.id, price: g.price }));
      const bought = await call<CheckoutResult>(player.token, 'marketCheckout', { items: cart, idempotencyKey: long });
      expect(bought.status, bought.message).toBe(200);
      expect(bought.data.items.map((item) => item.result)).toEqual(['bought', 'bought', 'bought']);
      const afterFirst = await snapshot(suite.db);
      const retried = await call<CheckoutResult>(player.token, 'marketCheckout', { items: cart, idempotencyKey: long });
      expect(retried.data).toEqual(bought.data);
      expect(await snapshot(suite.db)).toEqual(afterFirst);

      // Item 3 of 4 is malformed, or the same gift comes twice: the whole cart is refused before the first purchase.
      const rest = gifts.slice(3).map((g) => ({ giftId: g.id, price: g.price }));
      for (const items of [
        [rest[0], rest[1], { giftId: rest[2]!.giftId, price: 'free' }, rest[2]],
        [rest[0], rest[1], { giftId: rest[2]!.giftId, price: rest[2]!.price, note: 'x' }],
        [rest[0], rest[1], rest[0]],
        [rest[0], { giftId: '99999999999999999999', price: '1' }],
      ]) {
        const before = await snapshot(suite.db);
        const refused = await call(player.token, 'marketCheckout', { items, idempotencyKey: key('bad-cart') });
        expect(refused.status, refused.message).toBe(400);
        expect(await snapshot(suite.db)).toEqual(before);
      }
      // A gift sold meanwhile after item 1: reported gone, the others bought, one reply, no error.
      const missing = '987654321';
      const partial = await call<CheckoutResult>(player.token, 'marketCheckout', {
        items: [rest[0], { giftId: missing, price: '1' }, rest[1], rest[2]],
        idempotencyKey: key('partial'),
      });
      expect(partial.status).toBe(200);
      expect(partial.data.items.map((item) => item.result)).toEqual(['bought', 'gone', 'bought', 'bought']);
      const spent =
        [rest[0]!, rest[1]!, rest[2]!].reduce((sum, item) => sum + toNano(item.price), 0n) +
        cart.reduce((sum, item) => sum + toNano(item.price), 0n);
      expect(await tonOf(player.userId)).toBe(toNano('200') - spent);
      await expectSoundBook(suite.db);
    });

    it('two servers on one database: one key sent to both at once moves money once; another request under it is refused', async () => {
      const second = await startServer(suite.db, { ton });
      try {
        const player = await newPlayer('10');
        const k = key('two');
        const body = { stake: '0.3', currency: 'ton', side: 'heads', idempotencyKey: k };
        const replies = await Promise.all(
          Array.from({ length: 20 }, (_, n) => call<BetResult>(player.token, 'gamesFlip', body, n % 2 ? second : suite.app)),
        );
        expect(replies.map((r) => r.status)).toEqual(Array(20).fill(200));
        expect(new Set(replies.map((r) => r.data.round.id)).size).toBe(1);
        expect((await call(player.token, 'gamesFlip', { ...body, side: 'tails' }, second)).status).toBe(409);
        const rounds = await suite.db.query<{ n: string }>('SELECT count(*)::text AS n FROM game_rounds WHERE user_id = $1', [
          player.userId,
        ]);
        expect(rounds.rows[0]!.n).toBe('1');
      } finally {
        await second.close();
      }
      await expectSoundBook(suite.db);
    });
  });

  describe('who moved the money', () => {
    it('every movement names its actor: players for their own calls, a job for the chain and the operator', async () => {
      const { rows } = await suite.db.query<{ kind: string; players: string; jobs: string; other: string }>(
        `SELECT t.kind,
                count(*) FILTER (WHERE t.actor_user_id IS NOT NULL)::text AS players,
                count(*) FILTER (WHERE t.actor_job IS NOT NULL)::text AS jobs,
                count(*) FILTER (WHERE t.kind IN ('bet', 'purchase', 'withdrawal', 'gift_withdrawal', 'reward') AND t.actor_user_id IS DISTINCT FROM t.user_id)::text AS other
           FROM ledger_transactions t GROUP BY t.kind ORDER BY t.kind`,
      );
      const byKind = Object.fromEntries(rows.map((row) => [row.kind, row]));
      // Bets, purchases, withdrawals and claims: always the player's own session.
      for (const kind of ['bet', 'purchase', 'withdrawal', 'gift_withdrawal', 'reward']) {
        expect(byKind[kind], kind).toBeDefined();
        expect(byKind[kind]!.jobs, kind).toBe('0');
        expect(byKind[kind]!.other, kind).toBe('0');
      }
      // The tests' funding is the operator's.
      expect(Number(byKind.deposit!.jobs)).toBeGreaterThan(0);
      await expectSoundBook(suite.db);
    });

    it('the audit names a debit a player did not authorise, though the book balances', async () => {
      const thief = await newPlayer('1');
      const mark = await newPlayer('5');
      // A movement posted on the thief's session that takes the mark's money: balanced, and still theft.
      await actingAs({ player: thief.userId }, () =>
        suite.db.transaction((tx) =>
          postInBook(tx, {
            kind: 'bet',
            userId: mark.userId,
            reference: `stolen-${mark.id}`,
            postings: [
              { account: { user: mark.userId, kind: 'ton' }, amount: -toNano('1') },
              { account: { system: 'house' }, amount: toNano('1') },
            ],
          }),
        ),
      );
      // And one by a system job that may credit players but never debit them.
      await actingAs({ job: 'withdrawal-sender' }, () =>
        suite.db.transaction((tx) =>
          postInBook(tx, {
            kind: 'adjustment',
            userId: mark.userId,
            reference: `job-debit-${mark.id}`,
            postings: [
              { account: { user: mark.userId, kind: 'ton' }, amount: -toNano('1') },
              { account: { system: 'house' }, amount: toNano('1') },
            ],
          }),
        ),
      );
      const report = await audit(suite.db);
      expect(report.ok).toBe(false);
      expect(report.problems).toEqual([
        expect.stringMatching(new RegExp(`^movement \\d+ \\(bet\\) debits player ${mark.userId} but was made by player ${thief.userId}$`)),
        expect.stringMatching(
          new RegExp(`^movement \\d+ \\(adjustment\\) debits player ${mark.userId} but was made by the job withdrawal-sender$`),
        ),
      ]);
      // The actor is written once: rewriting it to cover the theft is refused.
      await expect(
        suite.db.query('UPDATE ledger_transactions SET actor_user_id = $1 WHERE reference = $2', [mark.userId, `stolen-${mark.id}`]),
      ).rejects.toMatchObject({ code: '23001' });
      // A movement outside any session or job is refused and writes nothing.
      const before = await snapshot(suite.db);
      await expect(
        suite.db.transaction((tx) =>
          postInBook(tx, {
            kind: 'bet',
            userId: mark.userId,
            postings: [
              { account: { user: mark.userId, kind: 'ton' }, amount: -1n },
              { account: { system: 'house' }, amount: 1n },
            ],
          }),
        ),
      ).rejects.toThrow('outside any actor');
      expect(await snapshot(suite.db)).toEqual(before);
      // Put the book right for the suites after: the operator gives the money back (a credit, allowed).
      await actingAs({ job: 'operator' }, () =>
        suite.db.transaction(async (tx) => {
          for (const n of [1, 2]) {
            await postInBook(tx, {
              kind: 'correction',
              userId: mark.userId,
              reference: `returned-${mark.id}-${n}`,
              postings: [
                { account: { system: 'house' }, amount: -toNano('1') },
                { account: { user: mark.userId, kind: 'ton' }, amount: toNano('1') },
              ],
            });
          }
        }),
      );
    });
  });
});

const onPostgres = postgresOnly('adversary, two server processes');

/** Two server processes on one PostgreSQL database: the keys hold across processes, not only within one. */
describe.each(onPostgres)('an attacker against two server processes on $name', (database) => {
  let db: Db;
  let url: string;
  let drop: () => Promise<void>;
  const servers: Array<{ child: ChildProcess; base: string }> = [];

  const send = async (base: string, token: string, path: string, body: unknown) => {
    const { status, headers: _, ...reply } = await callProcess(base, path, body, token);
    return { status, reply };
  };

  beforeAll(async () => {
    const created = await database.create();
    ({ db, drop } = created);
    url = created.url!;
    await seedMarketCatalogue(db, { perCollection: 10 });
    for (let n = 0; n < 2; n++) servers.push(await startServerProcess(url));
  });
  afterAll(async () => {
    await stopServerProcesses(servers.map((s) => s.child));
    await drop?.();
  });

  it('one key sent to both processes at once: one flip, one purchase, one withdrawal; another request under a used key is refused', async () => {
    const [a, b] = servers.map((s) => s.base) as [string, string];
    const id = newUserId();
    const token = await logInOnProcess(a, { id });
    const userId = BigInt(id);
    await fund(db, userId, '100');

    const both = async (path: string, body: Record<string, unknown>) =>
      Promise.all(Array.from({ length: 20 }, (_, n) => send(n % 2 ? b : a, token, path, body)));
    const flipKey = key('proc-flip');
    const flips = await both('games/flip', { stake: '1', currency: 'ton', side: 'heads', idempotencyKey: flipKey });
    expect(flips.map((f) => f.status)).toEqual(Array(20).fill(200));
    expect(new Set(flips.map((f) => (f.reply.data as BetResult).round.id)).size).toBe(1);
    expect((await send(b, token, 'games/flip', { stake: '2', currency: 'ton', side: 'heads', idempotencyKey: flipKey })).status).toBe(409);

    const page = (await send(a, token, 'market/list', { sort: 'price-asc', limit: 2 })).reply.data as MarketPage;
    const cart = page.items.map((g) => ({ giftId: g.id, price: g.price! }));
    const cartKey = key('proc-cart');
    const checkouts = await both('market/checkout', { items: cart, idempotencyKey: cartKey });
    expect(checkouts.every((c) => c.status === 200)).toBe(true);
    for (const checkout of checkouts)
      expect((checkout.reply.data as CheckoutResult).items.map((i) => i.result)).toEqual(['bought', 'bought']);
    expect((await send(b, token, 'market/checkout', { items: cart.slice(0, 1), idempotencyKey: cartKey })).status).toBe(409);
    const sales = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM sales WHERE buyer_id = $1', [userId]);
    expect(sales.rows[0]!.n).toBe('2');

    const to = new Address(0, Buffer.alloc(32, 7)).toString({ bounceable: false, testOnly: true });
    const withdrawKey = key('proc-withdraw');
    const withdrawals = await both('wallet/withdraw', { address: to, amount: '2', idempotencyKey: withdrawKey });
    expect(withdrawals.map((w) => w.status)).toEqual(Array(20).fill(200));
    expect(new Set(withdrawals.map((w) => (w.reply.data as { id: string }).id)).size).toBe(1);
    expect((await send(a, token, 'wallet/withdraw', { address: to, amount: '3', idempotencyKey: withdrawKey })).status).toBe(409);
    const paidOut = await db.query<{ total: bigint }>(
      'SELECT COALESCE(SUM(amount + fee), 0)::bigint AS total FROM withdrawals WHERE user_id = $1',
      [userId],
    );

    const flipRound = await db.query<{ stake: bigint; payout: bigint }>('SELECT stake, payout FROM game_rounds WHERE user_id = $1', [
      userId,
    ]);
    expect(flipRound.rows).toHaveLength(1);
    const spentOnGifts = cart.reduce((sum, item) => sum + toNano(item.price), 0n);
    const balance = (await db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [userId]))
      .rows[0]!.balance;
    expect(paidOut.rows[0]!.total).toBeGreaterThan(toNano('2'));
    expect(balance).toBe(toNano('100') - flipRound.rows[0]!.stake + flipRound.rows[0]!.payout - spentOnGifts - paidOut.rows[0]!.total);
    await expectSoundBook(db);
  });
});
