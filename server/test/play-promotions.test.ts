import { describe, expect, it } from 'vitest';
import { calls, type CallName } from '@arcade/api-client/calls';
import type { ReferralInfo } from '@arcade/api-client/bonus';
import type { BetResult } from '@arcade/api-client/games';
import { toNano } from '@arcade/api-client/money';
import type { PlayState } from '@arcade/api-client/play';
import type { FullProfile } from '@arcade/api-client/schemas';
import type { Db, Queryable, SqlValue } from '../src/db/db';
import { actingAs } from '../src/domain/actor';
import { grantBonus } from '../src/domain/bonus/bonus';
import { claimDailyReward, claimReferralEarnings } from '../src/domain/bonus/bonus-calls';
import { audit, moneyKey } from '../src/domain/ledger';
import { pausePlay } from '../src/domain/play/play';
import {
  callApi,
  databases,
  fund,
  logIn,
  newUserId,
  postgresOnly,
  postMovement,
  type Reply,
  suiteFakeBot,
  suiteServer,
  TestClock,
} from './helpers';

/**
 * Responsible play and promotions: during a cool-off or after self-exclusion no daily reward, task
 * reward, referral claim or other bonus reaches the player, and nothing moves when one is asked.
 */

const CHANNEL = '@ton_arcade_news';
const HOUR = 3600;
let keys = 0;
const key = (tag = 'k') => `promo-${tag}-${process.pid}-${Date.now()}-${++keys}`;

/** Every account of the player with its balance, and every journal row on them: what a refusal must leave as it was. */
async function bookOf(db: Queryable, userId: bigint) {
  const accounts = await db.query<{ kind: string; balance: bigint }>(
    'SELECT kind, balance FROM accounts WHERE user_id = $1 ORDER BY kind',
    [userId],
  );
  const journal = await db.query<{ id: bigint }>(
    'SELECT j.id FROM journal_entries j JOIN accounts a ON a.id = j.account_id WHERE a.user_id = $1 ORDER BY j.id',
    [userId],
  );
  const claims = await db.query<{ n: bigint }>(
    'SELECT (SELECT count(*) FROM daily_claims WHERE user_id = $1) + (SELECT count(*) FROM task_claims WHERE user_id = $1) AS n',
    [userId],
  );
  return {
    balances: Object.fromEntries(accounts.rows.map((r) => [r.kind, r.balance])),
    journal: journal.rows.map((r) => r.id),
    claims: claims.rows[0]!.n,
  };
}

describe.each(databases())('promotions during a pause on $name', (database) => {
  const clock = new TestClock(Date.UTC(2026, 10, 21, 10, 0, 0));

  const login = (id: number, startParam?: string) => logIn(suite.app, { id, authDate: clock.now(), ...(startParam ? { startParam } : {}) });
  const send = <T>(token: string, name: CallName, body: unknown = {}): Promise<Reply<T>> =>
    callApi<T>(suite.app, calls[name].path, body, token);
  const claims = (token: string) => ({
    daily: () => send(token, 'bonusDailyClaim', { idempotencyKey: key('daily') }),
    task: () => send(token, 'tasksClaim', { taskId: 'subscribe-news', idempotencyKey: key('task') }),
    referral: () => send(token, 'referralClaim', { idempotencyKey: key('referral') }),
  });

  /**
   * A player who joined the task channel, with a friend they invited whose 50 TON of flips earned
   * them 0.1 TON of referral commission: every claim is open to them.
   */
  async function playerWithEverythingToClaim(options: { pauseFirst?: '24h' | 'permanent' } = {}) {
    const id = newUserId();
    const userId = BigInt(id);
    let token = await login(id);
    bot.members.set(`${CHANNEL}|${id}`, 'member');
    const code = (await send<ReferralInfo>(token, 'referralInfo')).data.code;
    const friend = newUserId();
    const friendToken = await login(friend, `r_${code}`);
    await fund(suite.db, BigInt(friend), '60');
    let pause: PlayState['pause'] = null;
    if (options.pauseFirst) {
      const paused = await send<PlayState>(token, 'playPause', { length: options.pauseFirst, idempotencyKey: key('pause') });
      expect(paused.success, paused.message).toBe(true);
      pause = paused.data.pause;
    }
    // The friend's play earns the commission: during the pause, when there is one (it accrues all the same).
    for (let i = 0; i < 5; i++) {
      const bet = await send(friendToken, 'gamesFlip', { stake: '10', currency: 'ton', side: 'heads', idempotencyKey: key('flip') });
      expect(bet.success, bet.message).toBe(true);
    }
    const relogin = async () => (token = await login(id));
    return { id, userId, token: () => token, relogin, pause };
  }

  const bot = suiteFakeBot();
  const suite = suiteServer(database, { start: () => ({ clock, bot: bot.botApi(), env: { BET_BATCHING: 'off' } }) });

  it('a cool-off refuses the daily reward, the task reward and the referral claim, moves nothing, and they work once it ends', async () => {
    const p = await playerWithEverythingToClaim({ pauseFirst: '24h' });
    const until = new Date(clock.ms + 24 * HOUR * 1000);
    expect(p.pause).toMatchObject({ kind: 'cool-off', until: until.toISOString() });
    // The commission of the friend's play accrued during the pause: the player's, shown, waiting.
    expect((await send<ReferralInfo>(p.token(), 'referralInfo')).data).toMatchObject({ available: '0.1', totalEarned: '0.1' });

    const before = await bookOf(suite.db, p.userId);
    for (const claim of Object.values(claims(p.token()))) {
      const refused = await claim();
      expect(refused).toMatchObject({ status: 403, success: false, code: 'play.paused' });
      expect(refused.message).toBe(
        'You paused your play until 2026-11-22 10:00 UTC: bonuses, rewards and referral claims are closed until then',
      );
    }
    expect(await bookOf(suite.db, p.userId)).toEqual(before);
    expect(before.balances).toEqual({ bonus: 0n, referral: toNano('0.1'), ton: 0n });
    // The daily reward's card does not invite a claim that would be refused.
    expect((await send<FullProfile>(p.token(), 'profileFull')).data.dailyReward.shouldShow).toBe(false);

    // A minute before the end it is still closed; at the end everything is claimable again.
    clock.advance(24 * HOUR - 60);
    await p.relogin();
    expect((await claims(p.token()).daily()).code).toBe('play.paused');
    expect(await bookOf(suite.db, p.userId)).toEqual(before);
    clock.advance(60);
    await p.relogin();
    expect((await send<FullProfile>(p.token(), 'profileFull')).data.dailyReward.shouldShow).toBe(true);
    const daily = await claims(p.token()).daily();
    expect(daily.data).toMatchObject({ credited: '0.1', balance: { bonusTon: '0.1' } });
    const task = await claims(p.token()).task();
    expect(task.data).toMatchObject({ task: { id: 'subscribe-news', state: 'claimed' }, balance: { bonusTon: '0.6' } });
    const referral = await claims(p.token()).referral();
    expect(referral.data).toMatchObject({ claimed: '0.1', balance: { ton: '0.1' } });
    expect((await bookOf(suite.db, p.userId)).balances).toEqual({ bonus: toNano('0.6'), referral: 0n, ton: toNano('0.1') });
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('self-exclusion refuses every claim, moves nothing, and still does a year later', async () => {
    const p = await playerWithEverythingToClaim({ pauseFirst: 'permanent' });
    expect(p.pause).toMatchObject({ kind: 'self-exclusion', until: null });
    const before = await bookOf(suite.db, p.userId);
    for (const advance of [0, 365 * 24 * HOUR]) {
      clock.advance(advance);
      await p.relogin();
      for (const claim of Object.values(claims(p.token()))) {
        const refused = await claim();
        expect(refused).toMatchObject({ status: 403, success: false, code: 'play.excluded' });
        expect(refused.message).toBe(
          'You excluded yourself from play: bonuses, rewards and referral claims are closed. You can still withdraw your balance',
        );
      }
    }
    expect(await bookOf(suite.db, p.userId)).toEqual(before);
    expect(before.claims).toBe(0n);

    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('a bonus granted from the server (any grant, not only a claim) is refused during a pause and credited once it ends', async () => {
    const id = newUserId();
    const userId = BigInt(id);
    const token = await login(id);
    expect((await send<PlayState>(token, 'playPause', { length: '24h', idempotencyKey: key('pause') })).success).toBe(true);
    const grant = () =>
      actingAs({ job: 'operator' }, () =>
        suite.db.transaction((tx) => grantBonus(tx, userId, toNano('1'), 'reward', `promo-grant-${id}`, clock.now())),
      );
    const before = await bookOf(suite.db, userId);
    await expect(grant()).rejects.toMatchObject({ code: 'play.paused' });
    expect(await bookOf(suite.db, userId)).toEqual(before);
    clock.advance(24 * HOUR);
    expect(await grant()).toBe(toNano('1'));
    expect((await bookOf(suite.db, userId)).balances.bonus).toBe(toNano('1'));
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('a player who never paused claims as before, and the claims are refused from the moment the pause starts', async () => {
    const p = await playerWithEverythingToClaim();
    expect((await claims(p.token()).daily()).data).toMatchObject({ credited: '0.1' });
    const paused = await send<PlayState>(p.token(), 'playPause', { length: '7d', idempotencyKey: key('pause') });
    expect(paused.data.pause?.kind).toBe('cool-off');
    const before = await bookOf(suite.db, p.userId);
    for (const claim of Object.values(claims(p.token()))) expect((await claim()).code).toBe('play.paused');
    expect(await bookOf(suite.db, p.userId)).toEqual(before);
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('a road round that ends during a pause pays its payout but no achievement reward', async () => {
    const id = newUserId();
    const userId = BigInt(id);
    const token = await login(id);
    await fund(suite.db, userId, '10');
    const start = await send<BetResult>(token, 'gamesRoadStart', {
      stake: '1',
      currency: 'ton',
      difficulty: 'easy',
      idempotencyKey: key('road'),
    });
    expect(start.success, start.message).toBe(true);
    expect((await send<PlayState>(token, 'playPause', { length: '24h', idempotencyKey: key('pause') })).success).toBe(true);
    // A round may always end: a step (a trap ends it) or, after a safe one, the cash-out.
    const step = await send<BetResult>(token, 'gamesRoadStep', { roundId: start.data.round.id, lane: 1, idempotencyKey: key('step') });
    expect(step.success, step.message).toBe(true);
    if (step.data.round.status === 'open') {
      const cashed = await send<BetResult>(token, 'gamesRoadCashout', { roundId: start.data.round.id, idempotencyKey: key('cash') });
      expect(cashed.data.round.status).toBe('cashed');
    }
    // Its first settled round crossed the first tier of the rounds ladder: counted, not rewarded.
    const stats = await suite.db.query<{ rounds: bigint }>('SELECT rounds FROM player_stats WHERE user_id = $1', [userId]);
    expect(stats.rows[0]!.rounds).toBe(1n);
    const grants = await suite.db.query('SELECT 1 FROM achievement_grants WHERE user_id = $1', [userId]);
    expect(grants.rows).toHaveLength(0);
    expect((await bookOf(suite.db, userId)).balances.bonus ?? 0n).toBe(0n);
    expect((await audit(suite.db)).ok).toBe(true);
  });
});

/**
 * A Db whose transactions report the moment they hold the player's row lock: `seen` runs right
 * after it, in the same transaction (READ COMMITTED: it sees what committed before that moment).
 */
function observingLock(db: Db, seen: (tx: Queryable) => Promise<void>): Db {
  const lock = /^SELECT 1 FROM users WHERE id = \$1 FOR NO KEY UPDATE$/;
  return {
    kind: db.kind,
    query: <T extends object>(sql: string, params?: readonly SqlValue[]) => db.query<T>(sql, params),
    exec: (sql) => db.exec(sql),
    dumpDataDir: () => db.dumpDataDir(),
    listen: (channel, listener) => db.listen(channel, listener),
    close: () => db.close(),
    transaction: (fn) =>
      db.transaction((tx) =>
        fn({
          query: async <T extends object>(sql: string, params?: readonly SqlValue[]) => {
            const result = await tx.query<T>(sql, params);
            if (lock.test(sql)) await seen(tx);
            return result;
          },
          exec: (sql) => tx.exec(sql),
        }),
      ),
  };
}

describe.each(postgresOnly('a pause and a claim at once'))('a pause and a claim at once on $name', (database) => {
  const suite = suiteServer(database);

  it('twenty times: the claim either committed before the pause took effect or was refused, never after', async () => {
    const outcomes = { before: 0, refused: 0 };
    for (let round = 0; round < 20; round++) {
      const id = newUserId();
      const userId = BigInt(id);
      await logIn(suite.app, { id });
      const kind = round % 2 === 0 ? 'daily' : 'referral';
      if (kind === 'referral') {
        await suite.db.transaction((tx) =>
          postMovement(tx, {
            kind: 'referral',
            userId,
            reference: `promo-race-${id}`,
            postings: [
              { account: { system: 'referral_pool' }, amount: -toNano('0.5') },
              { account: { user: userId, kind: 'referral' }, amount: toNano('0.5') },
            ],
          }),
        );
      }
      const now = new Date();
      // What the pause saw when it held the player's lock: the moment, and the claims committed by then.
      let atPause: { at: Date; claims: bigint } | null = null;
      const pauseDb = observingLock(suite.db, async (tx) => {
        const { rows } = await tx.query<{ at: Date; claims: bigint }>(
          `SELECT clock_timestamp() AS at, count(*) AS claims FROM ledger_transactions
            WHERE user_id = $1 AND kind IN ('reward', 'referral_claim')`,
          [userId],
        );
        atPause ??= rows[0]!;
      });
      const call = kind === 'daily' ? 'bonusDailyClaim' : 'referralClaim';
      const money = moneyKey({ userId, call, idempotencyKey: key('race'), request: {} });
      const [claim] = await actingAs({ player: userId }, () =>
        Promise.allSettled([
          kind === 'daily'
            ? claimDailyReward(suite.db, userId, money, now)
            : claimReferralEarnings(suite.db, userId, money, 'https://t.me/x', now),
          pausePlay(pauseDb, {
            userId,
            length: '24h',
            money: moneyKey({ userId, call: 'playPause', idempotencyKey: key('pause'), request: {} }),
            now,
          }),
        ]),
      );
      const seen = atPause as { at: Date; claims: bigint } | null;
      expect(seen).not.toBeNull();
      const { rows: journal } = await suite.db.query<{ created_at: Date }>(
        "SELECT created_at FROM ledger_transactions WHERE user_id = $1 AND kind IN ('reward', 'referral_claim')",
        [userId],
      );
      if (claim.status === 'fulfilled') {
        outcomes.before++;
        // It committed before the pause held the lock: the pause saw it, and its journal time is earlier.
        expect(journal).toHaveLength(1);
        expect(seen!.claims).toBe(1n);
        expect(journal[0]!.created_at.getTime()).toBeLessThanOrEqual(seen!.at.getTime());
      } else {
        outcomes.refused++;
        expect((claim.reason as { code?: string }).code).toBe('play.paused');
        expect(journal).toHaveLength(0);
        const balances = await suite.db.query<{ kind: string; balance: bigint }>('SELECT kind, balance FROM accounts WHERE user_id = $1', [
          userId,
        ]);
        const of = (k: string) => balances.rows.find((r) => r.kind === k)?.balance ?? 0n;
        expect([of('ton'), of('bonus'), of('referral')]).toEqual([0n, 0n, kind === 'referral' ? toNano('0.5') : 0n]);
      }
    }
    expect(outcomes.before + outcomes.refused).toBe(20);
    const report = await audit(suite.db);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
