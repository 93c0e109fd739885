import { beginCell, storeStateInit } from '@ton/core';
import { toNano } from '@arcade/api-client/money';
import type { Queryable } from '../../db/db';
import type { AccountStatus } from '../../adapters/chain/chain-adapter';
import { DEPLOY_QUERY_SEQUENCE, signingKeys, type Ton } from '../../adapters/chain/open-chain';
import { retiringWallets } from './retired-wallets';
import { productConfig } from '../product-config';
import {
  HIGHLOAD_SUBWALLET_ID,
  highloadWalletStateInit,
  queryIdFromSequence,
  signHighloadDeploy,
  type SignedExternal,
} from '../../adapters/chain/highload-wallet';

/**
 * What the hot wallet must be able to pay, from the book. Counted:
 * - every player's TON balance;
 * - every player's referral earnings, whole: they are TON, claimable into the TON balance from the
 *   minimum claim on, and grow toward it (counting only the claimable part would understate);
 * - deposits whose memo matched nobody: the coins are in the wallet and belong to someone;
 * - withdrawals not yet seen paid on chain (review, queued, sent), amount and fee: what goes back
 *   to the player if one is refused or fails.
 * Not counted: bonus balances (they become TON only once wagered, and the wagering goes through
 * the house), shown beside for the operator.
 */
export interface Liabilities {
  playersTon: bigint;
  referral: bigint;
  /** The part of `referral` at or above the minimum claim. */
  referralClaimable: bigint;
  unknownDeposits: bigint;
  unknownDepositCount: number;
  pendingWithdrawals: bigint;
  pendingCount: { review: number; queued: number; sent: number };
  /** Shown, not counted. */
  bonus: bigint;
  total: bigint;
}

export async function liabilitiesOf(db: Queryable): Promise<Liabilities> {
  const { rows } = await db.query<{
    ton: bigint;
    referral: bigint;
    claimable: bigint;
    bonus: bigint;
    unknown: bigint;
    unknown_count: bigint;
    pending: bigint;
    review: bigint;
    queued: bigint;
    sent: bigint;
  }>(
    `SELECT
       COALESCE(sum(balance) FILTER (WHERE kind = 'ton'), 0)::bigint AS ton,
       COALESCE(sum(balance) FILTER (WHERE kind = 'referral'), 0)::bigint AS referral,
       COALESCE(sum(balance) FILTER (WHERE kind = 'referral' AND balance >= $1), 0)::bigint AS claimable,
       COALESCE(sum(balance) FILTER (WHERE kind = 'bonus'), 0)::bigint AS bonus,
       (SELECT COALESCE(sum(amount), 0)::bigint FROM deposits WHERE status = 'unknown_memo') AS unknown,
       (SELECT count(*) FROM deposits WHERE status = 'unknown_memo') AS unknown_count,
       (SELECT COALESCE(sum(amount + fee), 0)::bigint FROM withdrawals WHERE status IN ('review', 'queued', 'sent')) AS pending,
       (SELECT count(*) FROM withdrawals WHERE status = 'review') AS review,
       (SELECT count(*) FROM withdrawals WHERE status = 'queued') AS queued,
       (SELECT count(*) FROM withdrawals WHERE status = 'sent') AS sent
     FROM accounts WHERE user_id IS NOT NULL`,
    [productConfig.referral.minClaimNano],
  );
  const row = rows[0]!;
  return {
    playersTon: row.ton,
    referral: row.referral,
    referralClaimable: row.claimable,
    unknownDeposits: row.unknown,
    unknownDepositCount: Number(row.unknown_count),
    pendingWithdrawals: row.pending,
    pendingCount: { review: Number(row.review), queued: Number(row.queued), sent: Number(row.sent) },
    bonus: row.bonus,
    total: row.ton + row.referral + row.unknown + row.pending,
  };
}

export interface Reconciliation {
  /** The hot wallet's balance, plus what old wallets still watched since a rotation hold. */
  chainBalance: bigint;
  chainStatus: AccountStatus;
  /** Old wallets rotated away and still watched (until empty), each with its balance. */
  retiring: Array<{ address: string; friendly: string; balance: bigint }>;
  liabilities: Liabilities;
  /** chainBalance - liabilities.total: below zero the hot wallet cannot pay everyone. */
  margin: bigint;
  /** Sweeps sent and not yet seen on chain (the balance may still hold them). */
  sweepsInFlight: bigint;
}

/**
 * The hot wallet's balance on chain against the book's liabilities. The two are read a moment
 * apart: a deposit the watcher has not credited yet shows in the balance only, a withdrawal paid
 * on chain and not yet seen still counts as pending (so the margin errs low).
 */
export async function reconcile(db: Queryable, ton: Ton): Promise<Reconciliation> {
  const current = ton.hotWallet.address.toRawString();
  const old = (await retiringWallets(db, ton.chainId)).filter((row) => row.old_address !== current);
  const [state, liabilities, inFlight, retiring] = await Promise.all([
    ton.chain.getAccountState(current),
    liabilitiesOf(db),
    db.query<{ total: bigint }>(
      "SELECT COALESCE(sum(amount), 0)::bigint AS total FROM hot_wallet_sweeps WHERE status = 'sent' AND chain = $1 AND from_address IS NULL",
      [ton.chainId],
    ),
    Promise.all(
      old.map(async (row) => ({
        address: row.old_address,
        friendly: row.old_friendly,
        balance: (await ton.chain.getAccountState(row.old_address)).balance,
      })),
    ),
  ]);
  const chainBalance = retiring.reduce((sum, wallet) => sum + wallet.balance, state.balance);
  return {
    chainBalance,
    chainStatus: state.status,
    retiring,
    liabilities,
    margin: chainBalance - liabilities.total,
    sweepsInFlight: inFlight.rows[0]?.total ?? 0n,
  };
}

/** What a deploy needs in the wallet first: its own fee (a few thousandths of a TON) and rent. */
export const MIN_DEPLOY_BALANCE = toNano('0.1');

export interface DeployPlan {
  status: AccountStatus;
  balance: bigint;
  /** The state init the first message carries, base64 BOC. */
  stateInit: string;
  codeHash: string;
  publicKey: string;
  subwalletId: number;
  timeout: number;
  /** The signed deploy message; null when it is refused. */
  message: SignedExternal | null;
  refusal: string | null;
}

/**
 * The hot wallet's deploy: a highload wallet v3 deploys itself with its first external message,
 * which carries the state init and pays its fee from the wallet's own balance, so the address is
 * funded first (non-bounceable, from any wallet). Refused when the wallet is already deployed or
 * frozen, or not funded yet.
 */
export async function planDeploy(ton: Ton): Promise<DeployPlan> {
  const { hotWallet } = ton;
  const keys = signingKeys(hotWallet);
  const init = highloadWalletStateInit({ publicKey: keys.publicKey, timeout: hotWallet.timeout });
  const state = await ton.chain.getAccountState(hotWallet.address.toRawString());
  let refusal: string | null = null;
  if (state.status === 'active') refusal = 'the hot wallet is already deployed';
  else if (state.status === 'frozen')
    refusal = 'the hot wallet is frozen (storage rent unpaid): unfreeze it with a transfer carrying its state init, not with this command';
  else if (state.balance < MIN_DEPLOY_BALANCE) refusal = 'fund the address first';
  const message =
    refusal === null
      ? signHighloadDeploy(keys, {
          queryId: queryIdFromSequence(DEPLOY_QUERY_SEQUENCE),
          createdAt: (await ton.chain.chainTime()) - productConfig.wallet.createdAtLagSeconds,
          timeout: hotWallet.timeout,
        })
      : null;
  return {
    status: state.status,
    balance: state.balance,
    stateInit: beginCell().store(storeStateInit(init)).endCell().toBoc().toString('base64'),
    codeHash: init.code!.hash().toString('hex'),
    publicKey: keys.publicKey.toString('hex'),
    subwalletId: HIGHLOAD_SUBWALLET_ID,
    timeout: hotWallet.timeout,
    message,
    refusal,
  };
}

/**
 * Broadcasts the deploy message and waits (up to `waitMs`) for the chain to show the wallet
 * active. Answers the status last seen.
 */
export async function sendDeploy(
  ton: Ton,
  plan: DeployPlan,
  options: { waitMs?: number; pollMs?: number; sleep?: (ms: number) => Promise<void> } = {},
): Promise<AccountStatus> {
  if (plan.message === null) throw new Error(`the deploy is refused: ${plan.refusal ?? 'no message'}`);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const waitMs = options.waitMs ?? 60_000;
  const pollMs = options.pollMs ?? 2_000;
  await ton.chain.sendExternalMessage(plan.message.boc);
  const address = ton.hotWallet.address.toRawString();
  for (let waited = 0; ; waited += pollMs) {
    const { status } = await ton.chain.getAccountState(address);
    if (status === 'active' || waited >= waitMs) return status;
    await sleep(pollMs);
  }
}
