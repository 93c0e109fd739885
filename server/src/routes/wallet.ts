import type { FastifyInstance } from 'fastify';
import { fromNano, toNano } from '@arcade/api-client/money';
import { buildDepositRequest } from '../domain/ton/deposit-request';
import { DomainError } from '../domain/errors';
import { once } from '../domain/ledger';
import { getLightProfile } from '../domain/profile';
import { productConfig } from '../domain/product-config';
import { depositMemoOf } from '../domain/wallet/deposits';
import { historyOf } from '../domain/wallet/history';
import { friendlyWallet, linkWallet, newProofPayload } from '../domain/wallet/wallet-link';
import { assertNotBanned, dailyWithdrawalLeft, recentWithdrawals, requestWithdrawal, withdrawalOf } from '../domain/wallet/withdrawals';
import { playerCall } from './call';
import type { RouteDeps } from './deps';

const depositMessages = {
  min: (min: bigint) => `The minimum deposit is ${fromNano(min)} TON`,
  testUnavailable: 'Test deposits exist only on the emulated chain of a development server',
};

export function registerWalletRoutes(app: FastifyInstance, deps: RouteDeps): void {
  const { db, sessions, ton, now } = deps;
  const { wallet } = productConfig;

  playerCall(app, sessions, 'walletInfo', async ({ userId }) => {
    const [profile, memo, left, linked] = await Promise.all([
      getLightProfile(db, userId),
      depositMemoOf(db, userId),
      dailyWithdrawalLeft(db, userId, now()),
      db.query<{ linked_wallet: string | null }>('SELECT linked_wallet FROM users WHERE id = $1', [userId]),
    ]);
    const linkedRaw = linked.rows[0]?.linked_wallet ?? null;
    return {
      balance: profile.balance,
      depositMemo: memo,
      depositAddress: ton.hotWallet.friendly,
      network: ton.network,
      testDeposits: ton.sandbox !== null,
      limits: {
        minDeposit: fromNano(wallet.minDepositNano),
        minWithdrawal: fromNano(wallet.minWithdrawalNano),
        withdrawalFee: fromNano(wallet.withdrawalFeeNano),
        dailyWithdrawalLimit: fromNano(wallet.dailyWithdrawalLimitNano),
        dailyWithdrawalLeft: fromNano(left),
      },
      linkedWallet: linkedRaw ? friendlyWallet(linkedRaw, ton.network) : null,
    };
  });

  playerCall(app, sessions, 'walletDeposit', async ({ userId, body }) => {
    await assertNotBanned(db, userId);
    const amount = toNano(body.amount);
    if (amount < wallet.minDepositNano) throw new DomainError('invalid', depositMessages.min(wallet.minDepositNano), 'deposit.amount.min');
    const memo = await depositMemoOf(db, userId);
    return buildDepositRequest({
      hotWallet: ton.hotWallet.address,
      network: ton.network,
      memo,
      amount,
      now: Math.floor(now().getTime() / 1000),
    });
  });

  playerCall(app, sessions, 'walletTestDeposit', async ({ userId, body, money }) => {
    const sandbox = ton.sandbox;
    if (!sandbox) throw new DomainError('forbidden', depositMessages.testUnavailable, 'deposit.test-unavailable');
    await assertNotBanned(db, userId);
    const amount = toNano(body.amount);
    if (amount < wallet.minDepositNano) throw new DomainError('invalid', depositMessages.min(wallet.minDepositNano), 'deposit.amount.min');
    // The key is checked before anything is written, the memo included.
    const reply = await once(db, money, async (tx) => {
      const memo = await depositMemoOf(tx, userId);
      // The player's own emulated wallet signs a real transfer with the memo, as TON Connect would.
      const playerWallet = await sandbox.createUserWallet(`player-${userId}`, amount + 1_000_000_000n);
      const txHash = await sandbox.sendFromUser(playerWallet, { to: ton.hotWallet.address, amount, comment: memo, bounce: true });
      return { txHash: txHash ?? '' };
    });
    deps.kickWorkers?.();
    return reply;
  });

  playerCall(app, sessions, 'walletWithdraw', async ({ userId, body, money }) => {
    const reply = await requestWithdrawal(db, ton, { userId, address: body.address, amount: body.amount, money, now: now() });
    deps.kickWorkers?.();
    return reply;
  });

  playerCall(app, sessions, 'walletWithdrawal', ({ userId, body }) => withdrawalOf(db, userId, BigInt(body.id)));
  playerCall(app, sessions, 'walletWithdrawals', ({ userId }) => recentWithdrawals(db, userId));

  playerCall(app, sessions, 'walletProofPayload', ({ userId }) => newProofPayload(db, userId, now()));

  // The proof's domain must be the host the app is served from (the manifest's URL).
  const domains = [new URL(deps.config.publicUrl).host];
  playerCall(app, sessions, 'walletLink', ({ userId, body }) => linkWallet(db, userId, body, { network: ton.network, domains, now: now() }));

  playerCall(app, sessions, 'walletHistory', ({ userId, body }) =>
    historyOf(db, userId, body.cursor === undefined ? null : BigInt(body.cursor), body.limit ?? 20),
  );
}
