import { describe, expect, it } from 'vitest';
import type { AchievementsState, BonusState, ReferralInfo, Task } from '@arcade/api-client/bonus';
import type { FullProfile } from '@arcade/api-client/schemas';
import { toNano } from '@arcade/api-client/money';
import { HttpBotApi } from '../src/adapters/telegram/bot-api';
import { audit } from '../src/domain/ledger';
import { notify, queueNotice, sendQueuedNotices } from '../src/domain/notifications';
import { callApi, databases, fund, logIn, newUserId, suiteFakeBot, suiteServer, TestClock } from './helpers';

const CHANNEL = '@ton_arcade_news';
const DAY = 24 * 60 * 60;

describe.each(databases())('bonus, tasks, daily reward, referrals and achievements on $name', (database) => {
  let keys = 0;
  const clock = new TestClock(Date.UTC(2026, 10, 21, 10, 0, 0));
  const key = () => `bonus-key-${Date.now()}-${++keys}`;
  /** Logs in with launch data signed at the test clock's time (sessions live an hour of it). */
  const login = (id: number, startParam?: string, allowsWriteToPm = false) =>
    logIn(suite.app, { id, authDate: clock.now(), allowsWriteToPm, ...(startParam ? { startParam } : {}) });
  const messagesTo = (id: number) => bot.outbox.filter((message) => message.chatId === id).map((message) => message.text);

  const call = <T>(token: string, path: string, body: unknown = {}) => callApi<T>(suite.app, `/api/v3/${path}`, body, token);
  const state = async (token: string) => (await call<BonusState>(token, 'bonus/state')).data;

  const bot = suiteFakeBot();
  const suite = suiteServer(database, { start: () => ({ clock, bot: bot.botApi() }) });

  describe('daily reward', () => {
    it('pays day 1, refuses a second claim the same UTC day saying how long, climbs the ladder and restarts after a missed day', async () => {
      const id = newUserId();
      let token = await login(id);
      const first = await call<{ credited: string; daily: BonusState['daily'] }>(token, 'bonus/daily/claim', { idempotencyKey: key() });
      expect(first.data.credited).toBe('0.1');
      expect(first.data.daily).toMatchObject({ currentDay: 1, claimedToday: true });

      const again = await call(token, 'bonus/daily/claim', { idempotencyKey: key() });
      expect(again.status).toBe(409);
      expect(again.code).toBe('daily.too-early');
      expect(again.message).toBe('Available in 14 h 0 min');

      clock.advance(DAY);
      token = await login(id);
      expect((await call<{ credited: string }>(token, 'bonus/daily/claim', { idempotencyKey: key() })).data.credited).toBe('0.2');
      clock.advance(DAY);
      token = await login(id);
      expect((await call<{ credited: string }>(token, 'bonus/daily/claim', { idempotencyKey: key() })).data.credited).toBe('0.3');
      const full = (await call<FullProfile>(token, 'profile/full')).data;
      expect(full.dailyReward).toMatchObject({ shouldShow: false, currentDay: 3 });
      expect(full.dailyReward.rewards.filter((r) => r.isClaimed).map((r) => r.day)).toEqual([1, 2, 3]);

      clock.advance(2 * DAY); // missed a day
      token = await login(id);
      const restarted = await call<{ credited: string; daily: BonusState['daily'] }>(token, 'bonus/daily/claim', { idempotencyKey: key() });
      expect(restarted.data.credited).toBe('0.1');
      expect(restarted.data.daily.currentDay).toBe(1);
      expect((await state(token)).balance.bonusTon).toBe('0.7');
    });

    it('two claims at once pay once', async () => {
      const token = await login(newUserId());
      const answers = await Promise.all([1, 2, 3, 4].map(() => call(token, 'bonus/daily/claim', { idempotencyKey: key() })));
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      expect((await state(token)).balance.bonusTon).toBe('0.1');
    });
  });

  describe('tasks', () => {
    it('subscribe: check fails until the Bot API says member, then the claim pays once', async () => {
      const id = newUserId();
      const token = await login(id);
      const before = (await state(token)).tasks.find((t) => t.id === 'subscribe-news')!;
      expect(before).toMatchObject({ kind: 'Subscribe', state: 'todo', url: 'https://t.me/ton_arcade_news' });

      // Not done yet is an answer (no HTTP error): the task is still to do.
      const notYet = await call<{ task: Task }>(token, 'tasks/check', { taskId: 'subscribe-news' });
      expect(notYet).toMatchObject({ status: 200, success: true });
      expect(notYet.data.task).toMatchObject({ id: 'subscribe-news', state: 'todo' });
      expect((await call(token, 'tasks/claim', { taskId: 'subscribe-news', idempotencyKey: key() })).code).toBe('task.not-completed');

      bot.members.set(`${CHANNEL}|${id}`, 'member');
      expect((await call<{ task: Task }>(token, 'tasks/check', { taskId: 'subscribe-news' })).data.task.state).toBe('ready');
      const claimed = await call<{ task: Task; balance: { bonusTon: string } }>(token, 'tasks/claim', {
        taskId: 'subscribe-news',
        idempotencyKey: key(),
      });
      expect(claimed.data.task.state).toBe('claimed');
      expect(claimed.data.balance.bonusTon).toBe('0.5');
      expect((await call(token, 'tasks/claim', { taskId: 'subscribe-news', idempotencyKey: key() })).code).toBe('task.claimed');

      // Leaving the channel after the claim changes nothing already paid.
      bot.members.set(`${CHANNEL}|${id}`, 'left');
      expect((await state(token)).balance.bonusTon).toBe('0.5');
    });

    it('a restricted user still in the channel counts; a kicked one does not', async () => {
      const a = newUserId();
      const b = newUserId();
      bot.members.set(`${CHANNEL}|${a}`, 'restricted');
      bot.members.set(`${CHANNEL}|${b}`, 'kicked');
      expect((await call(await login(a), 'tasks/check', { taskId: 'subscribe-news' })).success).toBe(true);
      expect((await call<{ task: Task }>(await login(b), 'tasks/check', { taskId: 'subscribe-news' })).data.task.state).toBe('todo');
    });

    it('a bet-volume task unlocks after enough bets; before that "Conditions not met"', async () => {
      const id = newUserId();
      const token = await login(id);
      await fund(suite.db, BigInt(id), '30');
      expect((await call(token, 'tasks/claim', { taskId: 'wager-10', idempotencyKey: key() })).message).toBe('Conditions not met');
      for (let i = 0; i < 4; i++) {
        const bet = await call(token, 'games/flip', { stake: '2.5', currency: 'ton', side: 'heads', idempotencyKey: key() });
        expect(bet.success, bet.message).toBe(true);
      }
      const task = (await state(token)).tasks.find((t) => t.id === 'wager-10')!;
      expect(task).toMatchObject({ state: 'ready', progress: { current: '10', target: '10' } });
      const claimed = await call<{ task: Task }>(token, 'tasks/claim', { taskId: 'wager-10', idempotencyKey: key() });
      expect(claimed.data.task.state).toBe('claimed');
    });

    it('parallel claims of one task pay once', async () => {
      const id = newUserId();
      const token = await login(id);
      bot.members.set(`${CHANNEL}|${id}`, 'member');
      const answers = await Promise.all(
        [1, 2, 3, 4, 5].map(() => call(token, 'tasks/claim', { taskId: 'subscribe-news', idempotencyKey: key() })),
      );
      expect(answers.filter((a) => a.success)).toHaveLength(1);
      expect((await state(token)).balance.bonusTon).toBe('0.5');
    });
  });

  describe('bonus cap and wagering', () => {
    it('never gives more than 70 TON, and wagering 25x turns the bonus into TON', async () => {
      const id = newUserId();
      const userId = BigInt(id);
      const token = await login(id);
      bot.members.set(`${CHANNEL}|${id}`, 'member');
      await suite.db.query('UPDATE users SET bonus_granted = $2 WHERE id = $1', [userId, toNano('69.8')]);
      const claimed = await call<{ balance: { bonusTon: string } }>(token, 'tasks/claim', {
        taskId: 'subscribe-news',
        idempotencyKey: key(),
      });
      expect(claimed.data.balance.bonusTon).toBe('0.2');
      const capped = await call(token, 'bonus/daily/claim', { idempotencyKey: key() });
      expect(capped.code).toBe('bonus.cap');
      expect((await state(token)).balance.bonusTon).toBe('0.2');

      // 0.2 TON of bonus needs 5 TON wagered (the first-round achievement adds a little more).
      await fund(suite.db, userId, '20');
      const s = await state(token);
      expect(s.wageringLeft).toBe('5');
      for (let i = 0; i < 6 && (await state(token)).balance.bonusTon !== '0'; i++) {
        await call(token, 'games/roll', { stake: '1', currency: 'ton', target: '50', direction: 'under', idempotencyKey: key() });
      }
      const after = await state(token);
      expect(after.balance.bonusTon).toBe('0');
      expect(after.wageringLeft).toBe('0');
      expect((await audit(suite.db)).problems).toEqual([]);
    });
  });

  describe('referrals', () => {
    it('a referred player’s TON bets earn the referrer 20% of the house edge, claimable from 0.1 TON', async () => {
      const referrerId = newUserId();
      const referrerToken = await login(referrerId, undefined, true);
      const info = (await call<ReferralInfo>(referrerToken, 'referral/info')).data;
      expect(info.link).toBe(`https://t.me/ton_arcade_bot/play?startapp=r_${info.code}`);

      const refereeId = newUserId();
      const refereeToken = await login(refereeId, `r_${info.code}`);
      await fund(suite.db, BigInt(refereeId), '60');
      expect((await call(referrerToken, 'referral/claim', { idempotencyKey: key() })).code).toBe('referral.min');

      // 50 TON of flips: 1% edge, 20% of it = 0.1 TON.
      for (let i = 0; i < 20; i++) {
        const bet = await call(refereeToken, 'games/flip', { stake: '2.5', currency: 'ton', side: 'tails', idempotencyKey: key() });
        expect(bet.success, bet.message).toBe(true);
      }
      const earned = (await call<ReferralInfo>(referrerToken, 'referral/info')).data;
      expect(earned).toMatchObject({ totalReferrals: 1, activeReferrals: 1, available: '0.1', totalEarned: '0.1' });
      // The bot tells the referrer once, when the earnings become claimable, not at every bet.
      expect(await sendQueuedNotices(suite.db, bot.botApi())).toMatchObject({ failed: 0 });
      expect(messagesTo(referrerId)).toEqual(['🤝 Ваши друзья играли: 0.1 TON реферального дохода можно забрать.']);
      expect(await sendQueuedNotices(suite.db, bot.botApi())).toEqual({ sent: 0, skipped: 0, failed: 0 });
      expect((await call<FullProfile>(referrerToken, 'profile/full')).data.friends).toMatchObject({
        totalReferrals: 1,
        activeReferrals: 1,
        referralAmount: 0.1,
      });

      const claimed = await call<{ claimed: string; balance: { ton: string } }>(referrerToken, 'referral/claim', { idempotencyKey: key() });
      expect(claimed.data).toMatchObject({ claimed: '0.1', balance: { ton: '0.1' } });
      expect((await call(referrerToken, 'referral/claim', { idempotencyKey: key() })).code).toBe('referral.min');
      expect((await audit(suite.db)).problems).toEqual([]);
    });
  });

  describe('achievements', () => {
    it('reach tiers once with their badge and bonus, and the full profile counts rounds, wagers and the best win', async () => {
      const id = newUserId();
      const token = await login(id);
      await fund(suite.db, BigInt(id), '30');
      for (let i = 0; i < 3; i++)
        await call(token, 'games/roll', { stake: '4', currency: 'ton', target: '9', direction: 'under', idempotencyKey: key() });
      const achievements = (await call<AchievementsState>(token, 'achievements')).data;
      const rounds = achievements.ladders.find((l) => l.id === 'rounds')!;
      expect(rounds.value).toBe('3');
      expect(rounds.tiers.map((t) => t.earned)).toEqual([true, false, false]);
      const wagered = achievements.ladders.find((l) => l.id === 'wagered')!;
      expect(wagered).toMatchObject({ value: '12', tiers: [{ threshold: '10', earned: true }, { earned: false }, { earned: false }] });
      const full = (await call<FullProfile>(token, 'profile/full')).data;
      expect(full.achievements.numberRounds).toBe(3);
      expect(full.achievements.betAmount).toBe(12);
      const grants = await suite.db.query<{ n: bigint }>('SELECT count(*) AS n FROM achievement_grants WHERE user_id = $1', [BigInt(id)]);
      expect(grants.rows[0]!.n).toBeGreaterThanOrEqual(2n);
    });
  });

  describe('notifications and bans', () => {
    it('a banned player gets a clear error on every money call', async () => {
      const id = newUserId();
      const token = await login(id);
      await suite.db.query('UPDATE users SET is_banned = true WHERE id = $1', [BigInt(id)]);
      for (const [path, body] of [
        ['bonus/daily/claim', { idempotencyKey: key() }],
        ['tasks/claim', { taskId: 'wager-10', idempotencyKey: key() }],
        ['referral/claim', { idempotencyKey: key() }],
        ['games/flip', { stake: '1', currency: 'ton', side: 'heads', idempotencyKey: key() }],
      ] as const) {
        const refused = await call(token, path, body);
        expect(refused.code, path).toBe('account.banned');
      }
      expect((await call<FullProfile>(token, 'profile/full')).data.isBanned).toBe(true);
    });

    it('notifications are switched on by the player and sent through the bot', async () => {
      const id = newUserId();
      const token = await login(id);
      expect((await call<{ enabled: boolean }>(token, 'profile/notifications', { enabled: true })).data.enabled).toBe(true);
      const sent = await notify(suite.db, bot.botApi(), BigInt(id), 'depositCredited', toNano('2.5'));
      expect(sent).toBe(true);
      expect(bot.outbox.at(-1)?.chatId).toBe(id);
      expect(bot.outbox.at(-1)?.text).toContain('2.5 TON');
    });

    it('a player who switched notifications off hears nothing, even after logging in again with write access', async () => {
      const id = newUserId();
      let token = await login(id, undefined, true);
      expect((await call<FullProfile>(token, 'profile/full')).data.telegram.isAllowsWriteToPm).toBe(true);
      expect((await call<{ enabled: boolean }>(token, 'profile/notifications', { enabled: false })).data.enabled).toBe(false);
      token = await login(id, undefined, true);
      expect((await call<FullProfile>(token, 'profile/full')).data.telegram.isAllowsWriteToPm).toBe(false);
      expect(await notify(suite.db, bot.botApi(), BigInt(id), 'withdrawalDone', toNano('1'))).toBe(false);
      expect(messagesTo(id)).toEqual([]);

      await call(token, 'profile/notifications', { enabled: true });
      expect(await notify(suite.db, bot.botApi(), BigInt(id), 'withdrawalDone', toNano('1'))).toBe(true);
      expect(messagesTo(id)).toEqual(['✅ Вывод 1 TON отправлен на ваш кошелёк.']);
    });

    it('a queued message the bot could not deliver is retried on the next pass', async () => {
      const id = newUserId();
      await login(id, undefined, true);
      await suite.db.transaction((tx) => queueNotice(tx, BigInt(id), 'referralEarnings', toNano('0.25'), `test:${id}`));
      const broken = new HttpBotApi({ token: 'wrong-token', baseUrl: bot.url });
      expect(await sendQueuedNotices(suite.db, broken)).toMatchObject({ failed: 1 });
      expect(messagesTo(id)).toEqual([]);
      expect(await sendQueuedNotices(suite.db, bot.botApi())).toMatchObject({ sent: 1, failed: 0 });
      expect(messagesTo(id)).toEqual(['🤝 Ваши друзья играли: 0.25 TON реферального дохода можно забрать.']);
    });
  });
});
