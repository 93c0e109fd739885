import { describe, expect, it } from 'vitest';
import type { BonusState, ReferralInfo } from '@arcade/api-client/bonus';
import { toNano } from '@arcade/api-client/money';
import type { CheckoutResult, MarketPage } from '@arcade/api-client/market';
import type { HistoryItem, HistoryPage } from '@arcade/api-client/wallet';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { callApi, databases, fund, logIn, newUserId, suiteServer, TestClock } from './helpers';

describe.each(databases())('wallet history on $name', (database) => {
  let keys = 0;
  const clock = new TestClock(Date.UTC(2026, 10, 21, 10, 0, 0));
  const key = () => `history-key-${Date.now()}-${++keys}`;
  const login = (id: number, startParam?: string) => logIn(suite.app, { id, authDate: clock.now(), ...(startParam ? { startParam } : {}) });
  const call = <T>(token: string, path: string, body: unknown = {}) => callApi<T>(suite.app, `/api/v3/${path}`, body, token);
  /** Every row of the history, a page of `limit` at a time. */
  const everything = async (token: string, limit: number): Promise<HistoryItem[]> => {
    const items: HistoryItem[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 200; pages++) {
      const page: { data: HistoryPage } = await call<HistoryPage>(token, 'wallet/history', cursor === null ? { limit } : { cursor, limit });
      items.push(...page.data.items);
      cursor = page.data.nextCursor;
      if (cursor === null) return items;
    }
    throw new Error('the history never ended');
  };

  const suite = suiteServer(database, { start: () => ({ clock }) });

  it('names each bet’s game and outcome, and groups referral commissions into one row per day', async () => {
    const referrerId = newUserId();
    const referrerToken = await login(referrerId);
    const { code } = (await call<ReferralInfo>(referrerToken, 'referral/info')).data;
    const refereeId = newUserId();
    const refereeToken = await login(refereeId, `r_${code}`);
    await fund(suite.db, BigInt(refereeId), '80');

    for (let i = 0; i < 20; i++) {
      const bet = await call(refereeToken, 'games/flip', { stake: '2.5', currency: 'ton', side: 'tails', idempotencyKey: key() });
      expect(bet.success, bet.message).toBe(true);
    }
    // Yesterday's commissions: the first five rows move back one day.
    await suite.db.query(
      `UPDATE ledger_transactions SET created_at = created_at - interval '1 day'
       WHERE id IN (SELECT id FROM ledger_transactions WHERE kind = 'referral' AND user_id = $1 ORDER BY id LIMIT 5)`,
      [BigInt(referrerId)],
    );

    const referrer = await everything(referrerToken, 20);
    const commissions = referrer.filter((item) => item.kind === 'referral');
    expect(commissions.map((item) => [item.count, item.amount])).toEqual([
      [15, '0.075'],
      [5, '0.025'],
    ]);
    expect(commissions[0]!.balanceAfter).toBe('0.1');
    expect(referrer.filter((item) => item.kind === 'other')).toEqual([]);
    // Paged one row at a time, each day's row comes once.
    expect((await everything(referrerToken, 1)).map((item) => item.id)).toEqual(referrer.map((item) => item.id));

    // The claim is one row: the TON that arrived.
    const claimed = await call(referrerToken, 'referral/claim', { idempotencyKey: key() });
    expect(claimed.success, claimed.message).toBe(true);
    const afterClaim = (await call<HistoryPage>(referrerToken, 'wallet/history', {})).data.items;
    expect(afterClaim[0]).toMatchObject({ kind: 'referral_claim', currency: 'ton', amount: '0.1', balanceAfter: '0.1' });
    expect(afterClaim.filter((item) => item.kind === 'referral_claim')).toHaveLength(1);

    const referee = await everything(refereeToken, 100);
    const bets = referee.filter((item) => item.kind === 'bet');
    expect(bets).toHaveLength(20);
    for (const bet of bets) {
      expect(bet).toMatchObject({ game: 'flip', amount: '-2.5', currency: 'ton' });
      expect(['won', 'lost']).toContain(bet.outcome);
      if (bet.outcome === 'won') expect(bet.multiplier).toBe('1.98');
      else expect(bet.multiplier).toBeUndefined();
    }
    const payouts = referee.filter((item) => item.kind === 'payout');
    expect(payouts).toHaveLength(bets.filter((bet) => bet.outcome === 'won').length);
    for (const payout of payouts) expect(payout).toMatchObject({ game: 'flip', outcome: 'won', multiplier: '1.98', amount: '4.95' });
    expect(referee.at(-1)).toMatchObject({ kind: 'deposit' });
  });

  it('tells the end of wagering as one row of its own, in TON', async () => {
    const id = newUserId();
    const token = await login(id);
    await fund(suite.db, BigInt(id), '20');
    const daily = await call<{ credited: string }>(token, 'bonus/daily/claim', { idempotencyKey: key() });
    expect(daily.success, daily.message).toBe(true);
    for (let i = 0; i < 10 && (await call<BonusState>(token, 'bonus/state')).data.balance.bonusTon !== '0'; i++) {
      await call(token, 'games/roll', { stake: '1', currency: 'ton', target: '50', direction: 'under', idempotencyKey: key() });
    }
    const items = await everything(token, 100);
    const releases = items.filter((item) => item.kind === 'bonus_release');
    expect(releases).toHaveLength(1);
    // The whole bonus: the daily reward and any achievement's bonus won on the way.
    expect(releases[0]!.currency).toBe('ton');
    expect(toNano(releases[0]!.amount)).toBeGreaterThanOrEqual(toNano(daily.data.credited));
    expect(items.filter((item) => item.kind === 'other')).toEqual([]);
    const rewards = items.filter((item) => item.kind === 'reward');
    expect(rewards.length).toBeGreaterThan(0);
    for (const reward of rewards) expect(reward.currency).toBe('bonus');
  });

  it('names the gift of a purchase and of the seller’s sale', async () => {
    expect(await seedMarketCatalogue(suite.db, { perCollection: 2 })).toBeGreaterThan(0);
    const buyerId = newUserId();
    const buyer = await login(buyerId);
    const gift = (await call<MarketPage>(buyer, 'market/list', { sort: 'price-asc', limit: 1 })).data.items[0]!;
    await fund(suite.db, BigInt(buyerId), gift.price!);
    const bought = await call<CheckoutResult>(buyer, 'market/checkout', {
      items: [{ giftId: gift.id, price: gift.price }],
      idempotencyKey: key(),
    });
    expect(bought.data.items[0]!.result).toBe('bought');
    const purchase = (await everything(buyer, 10)).find((item) => item.kind === 'purchase');
    expect(purchase).toMatchObject({ gift: { name: gift.collection.name, number: gift.number }, amount: `-${gift.price}` });

    // Sold on to another player: the seller's row is the sale, of the same gift.
    await call(buyer, 'gifts/list', { giftId: gift.id, price: '2' });
    const nextId = newUserId();
    const next = await login(nextId);
    await fund(suite.db, BigInt(nextId), '2');
    await call(next, 'market/checkout', { items: [{ giftId: gift.id, price: '2' }], idempotencyKey: key() });
    const sale = (await everything(buyer, 10)).find((item) => item.kind === 'sale');
    expect(sale).toMatchObject({ gift: { name: gift.collection.name, number: gift.number } });
  });
});
