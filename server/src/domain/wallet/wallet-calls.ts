import type { ReplyOf } from '@arcade/api-client/calls';
import { fromNano, toNano } from '@arcade/api-client/money';
import type { Db } from '../../db/db';
import type { Ton } from '../../adapters/chain/open-chain';
import { DomainError } from '../errors';
import { storedReply, withIdempotencyKey, type MoneyKey } from '../ledger';
import { getLightProfile } from '../profile';
import { productConfig } from '../product-config';
import { checkDepositRequest } from '../play/play';
import { buildDepositRequest } from '../ton/deposit-request';
import { assertNotBanned } from '../users';
import { depositMemoOf } from './deposits';
import { linkedWalletOf } from './wallet-link';
import { dailyWithdrawalLeft } from './withdrawals';

/** What the wallet screen's calls answer before any withdrawal: the balance, where to deposit, the limits. */

const { wallet } = productConfig;

export const depositMessages = {
  min: (min: bigint) => `The minimum deposit is ${fromNano(min)} TON`,
  max: (max: bigint) => `The largest deposit is ${fromNano(max)} TON`,
  testUnavailable: 'Test deposits exist only on the emulated chain of a development server',
};

function checkDepositAmount(amountText: string): bigint {
  const amount = toNano(amountText);
  if (amount < wallet.minDepositNano) throw new DomainError('invalid', depositMessages.min(wallet.minDepositNano), 'deposit.amount.min');
  if (amount > wallet.maxDepositNano) throw new DomainError('invalid', depositMessages.max(wallet.maxDepositNano), 'deposit.amount.max');
  return amount;
}

export async function walletInfo(db: Db, ton: Ton, userId: bigint, now: Date): Promise<ReplyOf<'walletInfo'>> {
  const [profile, memo, left, linkedWallet] = await Promise.all([
    getLightProfile(db, userId),
    depositMemoOf(db, userId),
    dailyWithdrawalLeft(db, userId, now),
    linkedWalletOf(db, userId, ton.network),
  ]);
  return {
    balance: profile.balance,
    depositMemo: memo,
    depositAddress: ton.hotWallet.friendly,
    network: ton.network,
    testDeposits: ton.sandbox !== null,
    limits: {
      minDeposit: fromNano(wallet.minDepositNano),
      maxDeposit: fromNano(wallet.maxDepositNano),
      minWithdrawal: fromNano(wallet.minWithdrawalNano),
      withdrawalFee: fromNano(wallet.withdrawalFeeNano),
      dailyWithdrawalLimit: fromNano(wallet.dailyWithdrawalLimitNano),
      dailyWithdrawalLeft: fromNano(left),
    },
    linkedWallet,
  };
}

/** The TON Connect transfer of a deposit to the hot wallet, carrying the player's memo. */
export async function depositTransfer(db: Db, ton: Ton, userId: bigint, amountText: string, now: Date): Promise<ReplyOf<'walletDeposit'>> {
  await assertNotBanned(db, userId);
  const amount = checkDepositAmount(amountText);
  await checkDepositRequest(db, userId, amount, now);
  const memo = await depositMemoOf(db, userId);
  return buildDepositRequest({
    hotWallet: ton.hotWallet.address,
    network: ton.network,
    memo,
    amount,
    now: Math.floor(now.getTime() / 1000),
  });
}

/**
 * A deposit from the player's own emulated wallet (development only): a real transfer with the
 * memo, as TON Connect would send it; the watcher credits it like any other.
 */
export async function testDeposit(
  db: Db,
  ton: Ton,
  userId: bigint,
  amountText: string,
  money: MoneyKey,
  now: Date,
): Promise<ReplyOf<'walletTestDeposit'>> {
  const sandbox = ton.sandbox;
  if (!sandbox) throw new DomainError('forbidden', depositMessages.testUnavailable, 'deposit.test-unavailable');
  await assertNotBanned(db, userId);
  const amount = checkDepositAmount(amountText);
  await checkDepositRequest(db, userId, amount, now);
  // The key decides first: a key used for another call is refused before anything is written
  // (a replay of this one is answered by the key's transaction below).
  await storedReply(db, money);
  // The memo is committed before the transfer exists: a watcher pass that reads the transfer
  // while the key's transaction is still open must find whose memo it is. (Made once per player,
  // it is the memo the wallet screen shows anyway.)
  const memo = await depositMemoOf(db, userId);
  return withIdempotencyKey(db, money, async () => {
    const playerWallet = await sandbox.createUserWallet(`player-${userId}`, amount + 1_000_000_000n);
    const txHash = await sandbox.sendFromUser(playerWallet, { to: ton.hotWallet.address, amount, comment: memo, bounce: true });
    return { txHash: txHash ?? '' };
  });
}
