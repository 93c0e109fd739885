import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toNano } from '@arcade/api-client/money';
import { hotWalletFor, openTon, type Ton } from '../src/adapters/chain/open-chain';
import type { SandboxUserWallet } from '../src/adapters/chain/sandbox-chain';
import { createPlayerAccounts } from '../src/db/accounts';
import type { Db } from '../src/db/db';
import { leaderLock } from '../src/db/leader-lock';
import { actingAs } from '../src/domain/actor';
import { audit } from '../src/domain/ledger';
import { watchHotWallet } from '../src/domain/wallet/chain-watcher';
import { depositMemoOf } from '../src/domain/wallet/deposits';
import { RetiredWalletError } from '../src/domain/wallet/retired-wallets';
import { reconcile } from '../src/domain/wallet/hot-wallet';
import { requestWithdrawal, runSender, SENDER_LOCK_KEY } from '../src/domain/wallet/withdrawals';
import { runWalletCommand, type WalletDeps } from '../src/wallet-operator';
import { databases, testConfig } from './helpers';

// Chain time starts here and moves only when the test says so.
const START = Math.floor(Date.now() / 1000);
const FLOAT = toNano('100');

async function run(deps: WalletDeps, ...argv: string[]): Promise<{ code: number; text: string }> {
  const lines: string[] = [];
  const code = await runWalletCommand(deps, argv, (line) => lines.push(line));
  return { code, text: lines.join('\n') };
}

describe.each(databases())('wallet:rotate on an emulated chain, on $name', (database) => {
  let db: Db;
  let url: string | null;
  let drop: () => Promise<void>;
  /** The wallet of the old seed (what every process ran on), and the new one on the same chain. */
  let oldTon: Ton;
  let newTon: Ton;
  let payer: SandboxUserWallet;
  let player: bigint;
  let memo: string;
  let keys = 0;

  const balance = async (ton: Ton) => (await ton.chain.getAccountState(ton.hotWallet.address.toRawString())).balance;
  const oldDeps = (): WalletDeps => ({ ton: oldTon, db, float: FLOAT, requestedBy: null });
  const deposit = (ton: Ton, amount: string) =>
    oldTon.sandbox!.sendFromUser(payer, { to: ton.hotWallet.address, amount: toNano(amount), comment: memo, bounce: true });
  /** A withdrawal as the player's own call makes it (the audit checks who debited a player). */
  const withdraw = (address: string, amount: string) =>
    actingAs({ player }, () =>
      requestWithdrawal(db, newTon, {
        userId: player,
        address,
        amount,
        money: { userId: player, call: 'walletWithdraw', idempotencyKey: `rotation-${database.name}-${++keys}`, fingerprint: `f${keys}` },
        now: new Date(),
      }),
    );
  const tonBalance = async () =>
    (await db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [player])).rows[0]!.balance;

  beforeAll(async () => {
    ({ db, url, drop } = await database.create());
    oldTon = await openTon(testConfig().ton, { now: START });
    const newConfig = testConfig({ HOT_WALLET_SEED: '5e'.repeat(32) }).ton;
    newTon = { ...oldTon, hotWallet: hotWalletFor(newConfig) };
    player = 990_000_000n + BigInt(Math.floor(Math.random() * 1000));
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO users (id, referral_code) VALUES ($1, $2)', [player, `rot${player}`]);
      await createPlayerAccounts(tx, player);
    });
    memo = await depositMemoOf(db, player);
    payer = await oldTon.sandbox!.createUserWallet(`rotation-payer-${database.name}`, toNano('500'));
    // The players' money in the old wallet: a deposit the watcher credited.
    await deposit(oldTon, '50');
    await watchHotWallet(db, oldTon);
    expect(await tonBalance()).toBe(toNano('50'));
  });
  afterAll(async () => {
    await drop?.();
  });

  it('refuses a new wallet that is not deployed, and says who runs it; prints the plan without --yes', async () => {
    const to = newTon.hotWallet.address.toString({ urlSafe: true, bounceable: true, testOnly: true });
    const anonymous = await run(oldDeps(), 'wallet:rotate', to, '--yes');
    expect(anonymous.code).toBe(2);
    expect(anonymous.text).toContain('refused: say who runs it');
    const undeployed = await run(oldDeps(), 'wallet:rotate', to, '--yes', '--operator', 'carol');
    expect(undeployed.code).toBe(2);
    expect(undeployed.text).toContain('refused: the new wallet is nonexist: deploy it first (wallet:deploy with its HOT_WALLET_SEED)');
    const own = await run(oldDeps(), 'wallet:rotate', oldTon.hotWallet.friendly, '--operator', 'carol');
    expect(own.text).toContain('refused: new wallet: This is the address of our own wallet');

    // The operator deploys the new wallet with its own seed, as for the first one.
    await newTon.sandbox!.fund(newTon.hotWallet.address, toNano('1'));
    const deployed = await run(
      { ton: newTon, db: null, float: FLOAT, deployWait: { pollMs: 1, sleep: () => Promise.resolve() } },
      'wallet:deploy',
      '--yes',
    );
    expect(deployed.code, deployed.text).toBe(0);

    const before = await balance(oldTon);
    const plan = await run(oldDeps(), 'wallet:rotate', to, '--operator', 'carol');
    expect(plan.code, plan.text).toBe(0);
    expect(plan.text).toContain(`rotate the hot wallet ${oldTon.hotWallet.friendly}`);
    expect(plan.text).toContain('new wallet on chain         active');
    expect(plan.text).toContain('all of it moves');
    expect(plan.text).toContain('nothing sent: run again with --yes');
    expect(await balance(oldTon)).toBe(before);
    expect((await db.query('SELECT id FROM hot_wallet_rotations')).rows).toEqual([]);
  });

  // Only a PostgreSQL server has other sessions to hold the lock (PGlite is one process): defined there only.
  const onServer = database.name === 'postgres' ? [database.name] : [];
  it.each(onServer)('refuses while a withdrawal signer runs (it would go on signing with the old seed), on %s', async () => {
    const signer = leaderLock(url ?? '', SENDER_LOCK_KEY);
    expect(await signer.acquire()).toBe(true);
    try {
      const to = newTon.hotWallet.address.toRawString();
      const refused = await run(oldDeps(), 'wallet:rotate', to, '--yes', '--operator', 'carol');
      expect(refused.code).toBe(2);
      expect(refused.text).toContain('refused: a withdrawal signer is running: stop it first');
    } finally {
      await signer.release();
    }
  });

  it('moves the whole balance to the new wallet, recorded like a sweep, under the operator’s name', async () => {
    const oldBefore = await balance(oldTon);
    const newBefore = await balance(newTon);
    const to = newTon.hotWallet.address.toString({ urlSafe: true, bounceable: true, testOnly: true });
    const rotated = await run(oldDeps(), 'wallet:rotate', to, '--yes', '--operator', 'carol');
    expect(rotated.code, rotated.text).toBe(0);
    expect(rotated.text).toContain('rotation #');
    expect(rotated.text).toMatch(/sent: sweep #\d+, the whole balance/);
    expect(await balance(oldTon)).toBe(0n);
    const moved = (await balance(newTon)) - newBefore;
    expect(moved).toBeGreaterThan(oldBefore - toNano('0.05'));
    expect(moved).toBeLessThanOrEqual(oldBefore);

    // Every process now runs on the new wallet; its watcher also watches the old one.
    const watched = await watchHotWallet(db, newTon);
    expect(watched.sweeps.map((s) => s.kind)).toEqual(['sweep-done']);
    // The sweep arriving is not a deposit: no memo to review, no one credited.
    expect(watched.unknownMemo).toBe(0);
    expect(watched.credited).toEqual([]);
    const { rows } = await db.query<{ status: string; requested_by: string; from_address: string; to_address: string; amount: bigint }>(
      'SELECT status, requested_by, from_address, to_address, amount FROM hot_wallet_sweeps',
    );
    expect(rows).toEqual([
      {
        status: 'done',
        requested_by: 'carol',
        from_address: oldTon.hotWallet.address.toRawString(),
        to_address: newTon.hotWallet.address.toRawString(),
        amount: oldBefore,
      },
    ]);
    const r = await reconcile(db, newTon);
    expect(r.margin).toBeGreaterThan(0n);
    expect(r.retiring.map((w) => w.balance)).toEqual([0n]);
  });

  it('keeps crediting deposits sent to the old address; the old seed signs nothing more; rotating again moves them', async () => {
    await deposit(oldTon, '7');
    const watched = await watchHotWallet(db, newTon);
    expect(watched.credited.map((c) => c.amount)).toEqual([toNano('7')]);
    expect(await tonBalance()).toBe(toNano('57'));
    // The reconciliation counts the coins still in the old wallet.
    const r = await reconcile(db, newTon);
    expect(r.retiring[0]!.balance).toBeGreaterThan(toNano('6.9'));
    expect(r.chainBalance).toBe((await balance(newTon)) + r.retiring[0]!.balance);

    // A signer left on the old seed refuses; so does a sweep to cold storage with it.
    await expect(runSender(db, oldTon, 0)).rejects.toBeInstanceOf(RetiredWalletError);
    const cold = await run(
      { ...oldDeps(), requestedBy: 'carol' },
      'wallet:sweep',
      oldTon.sandbox!.undeployedAddress('cold').toRawString(),
      '1',
      '--yes',
    );
    expect(cold.code).toBe(2);
    expect(cold.text).toContain('refused: this hot wallet was rotated away to');
    // No withdrawal may go to a wallet of ours, old ones included.
    await expect(withdraw(oldTon.hotWallet.friendly, '1')).rejects.toThrow('This is the address of our own wallet');

    const again = await run(oldDeps(), 'wallet:rotate', newTon.hotWallet.address.toRawString(), '--yes', '--operator', 'carol');
    expect(again.code, again.text).toBe(0);
    expect(again.text).toContain('already recorded            rotation #');
    expect(await balance(oldTon)).toBe(0n);
    expect((await watchHotWallet(db, newTon)).sweeps.map((s) => s.kind)).toEqual(['sweep-done']);
  });

  it('stops watching the old address once it has stayed empty past a signed message’s life', async () => {
    expect((await watchHotWallet(db, newTon)).retired).toEqual([]);
    const still = await db.query<{ emptied_at: Date | null }>('SELECT emptied_at FROM hot_wallet_rotations');
    expect(still.rows).toEqual([{ emptied_at: null }]);
    oldTon.sandbox!.advanceTime(newTon.hotWallet.timeout + 120);
    expect((await watchHotWallet(db, newTon)).retired).toEqual([oldTon.hotWallet.friendly]);
    expect((await db.query<{ n: bigint }>('SELECT count(*) AS n FROM hot_wallet_rotations WHERE emptied_at IS NOT NULL')).rows[0]!.n).toBe(
      1n,
    );
    // No longer watched: reconcile counts the new wallet alone.
    expect((await reconcile(db, newTon)).retiring).toEqual([]);

    // The new seed's signer pays; the ledger is clean through it all.
    const payee = newTon.sandbox!.undeployedAddress(`rotation-payee-${database.name}`);
    await withdraw(payee.toString({ urlSafe: true, bounceable: false, testOnly: true }), '5');
    await runSender(db, newTon, 0);
    const paid = await watchHotWallet(db, newTon);
    expect(paid.paid.map((p) => p.amount)).toEqual([toNano('5')]);
    expect((await audit(db)).ok).toBe(true);
  });
});
