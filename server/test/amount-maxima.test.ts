import { describe, expect, it } from 'vitest';
import { fromNano, toNano } from '@arcade/api-client/money';
import { playRules, type PlayState } from '@arcade/api-client/play';
import type { WalletInfo } from '@arcade/api-client/wallet';
import { productConfig } from '../src/domain/product-config';
import { callApi, databases, logIn, newUserId, suiteServer } from './helpers';

/** The largest amount the API carries: every amount a player chooses has a smaller product maximum. */
const LARGEST = '999999999.999999999';

describe.each(databases())('the most a player may choose for an amount, on $name', (database) => {
  let keys = 0;
  const key = () => `maxima-${Date.now()}-${++keys}`;

  const call = <T>(token: string, path: string, body: unknown = {}) => callApi<T>(suite.app, `/api/v3/${path}`, body, token);
  const rows = async (sql: string, params: unknown[]) => (await suite.db.query(sql, params as never)).rowCount;

  const suite = suiteServer(database);

  it('a deposit up to the largest one is offered; above it, the transfer and the test deposit are refused and nothing is sent', async () => {
    const id = newUserId();
    const token = await logIn(suite.app, { id });
    const max = fromNano(productConfig.wallet.maxDepositNano);
    expect((await call<WalletInfo>(token, 'wallet/info')).data.limits.maxDeposit).toBe(max);
    const offered = await call<{ messages: Array<{ amount: string }> }>(token, 'wallet/deposit', { amount: max });
    expect(offered.data.messages[0]!.amount).toBe(productConfig.wallet.maxDepositNano.toString());
    for (const amount of [fromNano(productConfig.wallet.maxDepositNano + 1n), LARGEST]) {
      for (const [path, body] of [
        ['wallet/deposit', { amount }],
        ['wallet/test-deposit', { amount, idempotencyKey: key() }],
      ] as const) {
        const refused = await call(token, path, body);
        expect(refused.status, `${path} ${amount}`).toBe(400);
        expect(refused).toMatchObject({ success: false, code: 'deposit.amount.max', message: `The largest deposit is ${max} TON` });
      }
    }
    expect(await rows('SELECT 1 FROM idempotency_keys WHERE user_id = $1', [BigInt(id)])).toBe(0);
    expect(await rows('SELECT 1 FROM deposits WHERE user_id = $1', [BigInt(id)])).toBe(0);
  });

  it('a limit up to the largest one is set; above it, it is refused and the limit in force stays', async () => {
    const token = await logIn(suite.app, { id: newUserId() });
    const set = await call<PlayState>(token, 'play/limit', { kind: 'deposit-day', amount: playRules.maxLimit, idempotencyKey: key() });
    expect(set.success, set.message).toBe(true);
    expect(set.data.limits.find((limit) => limit.kind === 'deposit-day')!.amount).toBe(playRules.maxLimit);
    for (const amount of [fromNano(toNano(playRules.maxLimit) + 1n), LARGEST]) {
      for (const kind of ['deposit-day', 'loss-month', 'wager-day'] as const) {
        const refused = await call(token, 'play/limit', { kind, amount, idempotencyKey: key() });
        expect(refused.status, `${kind} ${amount}`).toBe(400);
        expect(refused).toMatchObject({
          success: false,
          code: 'play.limit.max',
          message: `A limit can be at most ${playRules.maxLimit} TON`,
        });
      }
    }
    const state = await call<PlayState>(token, 'play/state');
    expect(state.data.limits.map((limit) => [limit.kind, limit.amount, limit.pending])).toEqual(
      state.data.limits.map((limit) => [limit.kind, limit.kind === 'deposit-day' ? playRules.maxLimit : null, null]),
    );
  });
});
