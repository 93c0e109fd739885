import { beforeAll, describe, expect, it } from 'vitest';
import { toNano } from '@arcade/api-client/money';
import type { WalletInfo } from '@arcade/api-client/wallet';
import { openTon, type Ton } from '../src/adapters/chain/open-chain';
import { audit } from '../src/domain/ledger';
import { newDepositMemo } from '../src/domain/ton/memo';
import { watchHotWallet, type WatchReport } from '../src/domain/wallet/chain-watcher';
import { databases, envelope, logIn, newUserId, post, suiteServer, testConfig } from './helpers';

/**
 * A deposit is credited once whichever comes first: the watcher reading the transfer, or the
 * memo it carries being committed.
 */
describe.each(databases())('a deposit and its memo in either order, on $name', (database) => {
  let ton: Ton;
  let keys = 0;

  const call = async <T>(token: string, path: string, body: unknown = {}) =>
    envelope(await post(suite.app, `/api/v3/wallet/${path}`, body, { token })) as { success: boolean; data: T; message?: string };
  const balance = async (token: string) => (await call<WalletInfo>(token, 'info')).data.balance.ton;
  const depositsOf = async (txHash: string) =>
    (await suite.db.query<{ status: string }>('SELECT status FROM deposits WHERE tx_hash = $1', [txHash])).rows.map((row) => row.status);

  beforeAll(async () => {
    ton = await openTon(testConfig().ton, { now: Math.floor(Date.now() / 1000) });
  });
  const suite = suiteServer(database, { start: () => ({ ton }) });

  it('a transfer the watcher read before its memo was committed is credited by the next pass, once', async () => {
    const id = newUserId();
    const token = await logIn(suite.app, { id });
    // The transfer carries a memo no player has yet (as when the memo's transaction is still open).
    const memo = newDepositMemo();
    const wallet = await ton.sandbox!.createUserWallet(`late-memo-${id}`, toNano('5'));
    const txHash = await ton.sandbox!.sendFromUser(wallet, { to: ton.hotWallet.address, amount: toNano('1.5'), comment: memo });
    const first = await watchHotWallet(suite.db, ton);
    expect(first.unknownMemo).toBe(1);
    expect(await depositsOf(txHash!)).toEqual(['unknown_memo']);

    // The memo is committed: the next passes (two at once, as two replicas) credit it once.
    await suite.db.query('UPDATE users SET deposit_memo = $2 WHERE id = $1', [BigInt(id), memo]);
    expect((await call<WalletInfo>(token, 'info')).data.depositMemo).toBe(memo);
    const passes = await Promise.all([watchHotWallet(suite.db, ton), watchHotWallet(suite.db, ton)]);
    expect(passes.flatMap((pass) => pass.credited)).toEqual([expect.objectContaining({ userId: BigInt(id), amount: toNano('1.5') })]);
    expect(await depositsOf(txHash!)).toEqual(['credited']);
    expect(await balance(token)).toBe('1.5');

    expect((await watchHotWallet(suite.db, ton)).credited).toEqual([]);
    expect(await balance(token)).toBe('1.5');
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it("a first test deposit is credited by a watcher pass that runs between the transfer and the call's commit, once", async () => {
    const token = await logIn(suite.app, { id: newUserId() });
    const sandbox = ton.sandbox!;
    const send = sandbox.sendFromUser.bind(sandbox);
    let racing: Promise<WatchReport> | null = null;
    sandbox.sendFromUser = async (wallet, transfer) => {
      const hash = await send(wallet, transfer);
      racing = watchHotWallet(suite.db, ton);
      // PostgreSQL: the pass runs to its end while the call's transaction is still open. PGlite runs
      // one transaction at a time, so there the pass waits for the call to commit.
      if (database.name === 'postgres') await racing;
      return hash;
    };
    let sent: { success: boolean; data: { txHash: string }; message?: string };
    try {
      // The player's first call: no memo yet before it.
      sent = await call<{ txHash: string }>(token, 'test-deposit', { amount: '2', idempotencyKey: `memo-race-${++keys}-${Date.now()}` });
    } finally {
      sandbox.sendFromUser = send;
    }
    expect(sent.success, sent.message).toBe(true);
    const pass = await racing!;
    // The racing pass itself found whose transfer it was: nothing was filed under an unknown memo.
    expect(pass.unknownMemo).toBe(0);
    expect(pass.credited.map((credit) => credit.amount)).toEqual([toNano('2')]);
    expect(await depositsOf(sent.data.txHash)).toEqual(['credited']);
    expect((await watchHotWallet(suite.db, ton)).credited).toEqual([]);
    expect(await balance(token)).toBe('2');
    expect((await audit(suite.db)).problems).toEqual([]);
  });
});
