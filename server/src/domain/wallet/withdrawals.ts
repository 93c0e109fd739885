import { actingAs } from '../actor';
import { Address } from '@ton/core';
import { fromNano, parseTon, TON_AMOUNT_LIMIT_NANO } from '@arcade/api-client/money';
import type { Withdrawal as WithdrawalReply, WithdrawalStatus } from '@arcade/api-client/wallet';
import type { Db, Queryable } from '../../db/db';
import { ChainRejectedError, type ChainTx } from '../../adapters/chain/chain-adapter';
import { signingKeys, type Ton } from '../../adapters/chain/open-chain';
import { refuseRetiredSigner, retiredAddresses } from './retired-wallets';
import { DomainError } from '../errors';
import { ledgerMessages, lockInOrder, post, withIdempotencyKey, type MoneyKey } from '../ledger';
import { productConfig } from '../product-config';
import { assertNotBanned } from '../users';
import { parseWithdrawalAddress, type WithdrawalAddressRefusal } from '../../adapters/chain/address';
import { QUERY_IDS_PER_WINDOW, queryIdFromSequence, signHighloadTransfer } from '../../adapters/chain/highload-wallet';

const ADDRESS_CODES: Record<WithdrawalAddressRefusal, string> = {
  empty: 'withdraw.address.empty',
  invalid: 'withdraw.address.invalid',
  workchain: 'withdraw.address.workchain',
  'testnet-address': 'withdraw.address.testnet',
  'own-wallet': 'withdraw.address.own-wallet',
};

export const withdrawalMessages = {
  amountInvalid: 'Enter the amount as a number of TON with at most 9 decimals, e.g. 1.5',
  amountMin: (min: bigint) => `The minimum withdrawal is ${fromNano(min)} TON`,
  balance: 'Your TON balance is not enough for this amount and the fee',
  dailyLimit: (left: bigint) => `This is over your daily withdrawal limit: ${fromNano(left)} TON left today`,
} as const;

interface WithdrawalRow {
  id: bigint;
  user_id: bigint;
  to_address: string;
  to_friendly: string;
  /** As the player typed it (migration 021); null for withdrawals made before. */
  to_typed: string | null;
  amount: bigint;
  fee: bigint;
  status: WithdrawalStatus;
  chain: string | null;
  query_id: number | null;
  created_at_chain: bigint | null;
  boc: string | null;
  issues: number;
  sends: number;
  last_sent_at: Date | null;
  tx_hash: string | null;
  created_at: Date;
}

export function toReply(row: WithdrawalRow): WithdrawalReply {
  return {
    id: row.id.toString(),
    status: row.status,
    address: row.to_typed ?? row.to_friendly,
    amount: fromNano(row.amount),
    fee: fromNano(row.fee),
    total: fromNano(row.amount + row.fee),
    createdAt: row.created_at.toISOString(),
    txHash: row.tx_hash,
  };
}

/** What is left of the player's withdrawal limit for the UTC day of `now`. */
export async function dailyWithdrawalLeft(db: Queryable, userId: bigint, now: Date): Promise<bigint> {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const { rows } = await db.query<{ used: bigint }>(
    `SELECT COALESCE(SUM(amount), 0)::bigint AS used FROM withdrawals
     WHERE user_id = $1 AND created_at >= $2 AND status NOT IN ('refunded', 'rejected')`,
    [userId, dayStart],
  );
  const left = productConfig.wallet.dailyWithdrawalLimitNano - (rows[0]?.used ?? 0n);
  return left > 0n ? left : 0n;
}

export interface WithdrawInput {
  userId: bigint;
  address: string;
  amount: string;
  /** The call's checked key and request fingerprint (routes/call.ts). */
  money: MoneyKey;
  now: Date;
}

/**
 * A player asks to withdraw: every refusal has its own message and code and changes nothing;
 * otherwise the debit (amount + fee) and the withdrawal row are one transaction, and a retry
 * with the same key returns the same withdrawal.
 */
export async function requestWithdrawal(db: Db, ton: Ton, input: WithdrawInput): Promise<WithdrawalReply> {
  const { wallet } = productConfig;
  await assertNotBanned(db, input.userId);
  const retired = await retiredAddresses(db, ton.chainId);
  const address = parseWithdrawalAddress(input.address, { network: ton.network, ownAddresses: [ton.hotWallet.address, ...retired] });
  if (!address.ok) throw new DomainError('invalid', address.reason, ADDRESS_CODES[address.code]);
  const parsed = parseTon(input.amount.trim(), { zero: true, canonical: true });
  if (!parsed.ok || parsed.nano >= TON_AMOUNT_LIMIT_NANO) {
    throw new DomainError('invalid', withdrawalMessages.amountInvalid, 'withdraw.amount.invalid');
  }
  const amount = parsed.nano;
  if (amount < wallet.minWithdrawalNano) {
    throw new DomainError('invalid', withdrawalMessages.amountMin(wallet.minWithdrawalNano), 'withdraw.amount.min');
  }
  const fee = wallet.withdrawalFeeNano;

  return withIdempotencyKey(db, input.money, async (tx) => {
    // One withdrawal of a player at a time past this point, so the daily limit holds under races.
    // (The player's row, then the rows the debit moves, in the book's one order: a refund holds the
    // pending row before the player's account, as post() orders it.)
    await lockInOrder(tx, {
      users: [input.userId],
      accounts: [{ account: { system: 'withdrawals_pending' } }, { account: { user: input.userId, kind: 'ton' } }],
    });
    const left = await dailyWithdrawalLeft(tx, input.userId, input.now);
    if (amount > left) throw new DomainError('conflict', withdrawalMessages.dailyLimit(left), 'withdraw.amount.daily-limit');

    const status: WithdrawalStatus = amount >= wallet.reviewThresholdNano ? 'review' : 'queued';
    const inserted = await tx.query<WithdrawalRow>(
      `INSERT INTO withdrawals (user_id, to_address, to_friendly, to_typed, amount, fee, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING *`,
      [input.userId, address.raw, address.friendly, input.address.trim(), amount, fee, status, input.now],
    );
    const row = inserted.rows[0]!;
    // Locked TON (a deposit that arrived during a pause or beyond a deposit limit) is the player's
    // to withdraw: it goes first, the TON balance pays the rest. (Only moved under the player's row lock.)
    const lockedRows = await tx.query<{ balance: bigint }>(
      "SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'locked' FOR NO KEY UPDATE",
      [input.userId],
    );
    const locked = lockedRows.rows[0]?.balance ?? 0n;
    const fromLocked = locked < amount + fee ? locked : amount + fee;
    const fromTon = amount + fee - fromLocked;
    try {
      await post(tx, {
        kind: 'withdrawal',
        userId: input.userId,
        reference: row.id.toString(),
        postings: [
          ...(fromLocked > 0n ? [{ account: { user: input.userId, kind: 'locked' as const }, amount: -fromLocked }] : []),
          ...(fromTon > 0n ? [{ account: { user: input.userId, kind: 'ton' as const }, amount: -fromTon }] : []),
          { account: { system: 'withdrawals_pending' }, amount: amount + fee },
        ],
      });
    } catch (error) {
      if (error instanceof DomainError && error.message === ledgerMessages.insufficient) {
        throw new DomainError('conflict', withdrawalMessages.balance, 'withdraw.amount.balance');
      }
      throw error;
    }
    return toReply(row);
  });
}

export async function recentWithdrawals(db: Queryable, userId: bigint, limit = 20): Promise<{ items: WithdrawalReply[] }> {
  const { rows } = await db.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE user_id = $1 ORDER BY id DESC LIMIT $2', [userId, limit]);
  return { items: rows.map(toReply) };
}

export async function withdrawalOf(db: Queryable, userId: bigint, id: bigint): Promise<WithdrawalReply> {
  const { rows } = await db.query<WithdrawalRow>('SELECT * FROM withdrawals WHERE id = $1 AND user_id = $2', [id, userId]);
  const row = rows[0];
  if (!row) throw new DomainError('not-found', 'No such withdrawal');
  return toReply(row);
}

/**
 * Gives a withdrawal's amount and fee back where the withdrawal took them from: what came out of
 * locked TON (responsible play) goes back locked, so a refused withdrawal never makes it playable.
 */
async function refund(tx: Queryable, row: Pick<WithdrawalRow, 'id' | 'user_id' | 'amount' | 'fee'>) {
  const taken = await tx.query<{ amount: bigint }>(
    `SELECT COALESCE(-SUM(j.amount), 0)::bigint AS amount
       FROM journal_entries j JOIN accounts a ON a.id = j.account_id JOIN ledger_transactions t ON t.id = j.transaction_id
      WHERE t.kind = 'withdrawal' AND t.reference = $1 AND a.user_id = $2 AND a.kind = 'locked'`,
    [row.id.toString(), row.user_id],
  );
  const toLocked = taken.rows[0]?.amount ?? 0n;
  const toTon = row.amount + row.fee - toLocked;
  return post(tx, {
    kind: 'withdrawal_refund',
    userId: row.user_id,
    reference: row.id.toString(),
    postings: [
      { account: { system: 'withdrawals_pending' }, amount: -(row.amount + row.fee) },
      ...(toLocked > 0n ? [{ account: { user: row.user_id, kind: 'locked' as const }, amount: toLocked }] : []),
      ...(toTon > 0n ? [{ account: { user: row.user_id, kind: 'ton' as const }, amount: toTon }] : []),
    ],
  });
}

/** An operator approves a withdrawal waiting for review: the sender picks it up. */
export async function approveWithdrawal(db: Db, id: bigint): Promise<void> {
  const { rowCount } = await db.query("UPDATE withdrawals SET status = 'queued', updated_at = now() WHERE id = $1 AND status = 'review'", [
    id,
  ]);
  if (rowCount === 0) throw new Error(`withdrawal ${id} is not waiting for review`);
}

/** rejectWithdrawal as the operator (actor.ts): the movements it posts record that job. */
export function rejectWithdrawal(db: Db, id: bigint, note: string): Promise<void> {
  return actingAs({ job: 'operator' }, () => rejectWithdrawalWork(db, id, note));
}

/** An operator rejects a withdrawal waiting for review: the player gets amount and fee back. */
async function rejectWithdrawalWork(db: Db, id: bigint, note: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<WithdrawalRow>(
      "UPDATE withdrawals SET status = 'rejected', note = $2, updated_at = now() WHERE id = $1 AND status = 'review' RETURNING *",
      [id, note],
    );
    const row = rows[0];
    if (!row) throw new Error(`withdrawal ${id} is not waiting for review`);
    await refund(tx, row);
  });
}

/** The withdrawal sender's advisory lock (workers.ts): held by a running signer, checked by wallet:rotate. */
export const SENDER_LOCK_KEY = 7_310_004;

/** The next highload query id, from the database (shared by withdrawals and sweeps). */
export async function nextQueryId(tx: Queryable): Promise<number> {
  // The last id of the window is reserved for deploying the wallet.
  const { rows } = await tx.query<{ n: bigint }>(
    `UPDATE highload_query_sequence SET next = (next + 1) % $1 RETURNING (next + $1 - 1) % $1 AS n`,
    [QUERY_IDS_PER_WINDOW - 1],
  );
  return queryIdFromSequence(Number(rows[0]!.n));
}

export interface SenderReport {
  signed: number;
  broadcast: number;
  reissued: number;
  failures: string[];
}

/** runSender as the withdrawal-sender (actor.ts): the movements it posts record that job. */
export function runSender(db: Db, ton: Ton, syncedChainTime: number, now: Date = new Date()): Promise<SenderReport> {
  return actingAs({ job: 'withdrawal-sender' }, () => runSenderWork(db, ton, syncedChainTime, now));
}

/**
 * One pass of the withdrawal sender. A queued withdrawal gets a query id and creation time and
 * its signed message is stored BEFORE the first broadcast; a sent one is broadcast again, the
 * identical message, until the watcher sees it on chain. A message past its validity that the
 * watcher never saw (`syncedChainTime` is the chain time when the watcher last caught up) can
 * never execute any more, so the withdrawal is issued again with a new query id.
 */
async function runSenderWork(db: Db, ton: Ton, syncedChainTime: number, now: Date = new Date()): Promise<SenderReport> {
  const { wallet } = productConfig;
  const report: SenderReport = { signed: 0, broadcast: 0, reissued: 0, failures: [] };
  // Only a process holding the seed sends: without it this throws before anything is read; nor
  // does the seed of a wallet rotated away (its signer must be switched to the new seed).
  const keys = signingKeys(ton.hotWallet);
  await refuseRetiredSigner(db, ton);
  const chainNow = await ton.chain.chainTime();

  const queued = await db.query<{ id: bigint }>("SELECT id FROM withdrawals WHERE status = 'queued' ORDER BY id LIMIT 50");
  for (const { id } of queued.rows) {
    await db.transaction(async (tx) => {
      const locked = await tx.query<WithdrawalRow>("SELECT * FROM withdrawals WHERE id = $1 AND status = 'queued' FOR NO KEY UPDATE", [id]);
      const row = locked.rows[0];
      if (!row) return;
      const queryId = await nextQueryId(tx);
      const createdAt = chainNow - wallet.createdAtLagSeconds;
      const signed = signHighloadTransfer(keys, {
        queryId,
        createdAt,
        timeout: ton.hotWallet.timeout,
        to: Address.parse(row.to_address),
        amount: row.amount,
        // Non-bounceable: a fresh wallet that is not deployed yet still receives it.
        bounce: false,
        comment: `TON Arcade withdrawal #${row.id}`,
      });
      await tx.query(
        `UPDATE withdrawals SET status = 'sent', chain = $2, query_id = $3, created_at_chain = $4, boc = $5,
           message_hash = $6, issues = issues + 1, updated_at = $7
         WHERE id = $1`,
        [id, ton.chainId, queryId, createdAt, signed.boc, signed.normalizedHash, now],
      );
    });
    report.signed += 1;
  }

  const sent = await db.query<WithdrawalRow>("SELECT * FROM withdrawals WHERE status = 'sent' ORDER BY id");
  for (const row of sent.rows) {
    const createdAt = Number(row.created_at_chain);
    const deadline = createdAt + ton.hotWallet.timeout + wallet.expiryMarginSeconds;
    if (row.chain !== ton.chainId || syncedChainTime > deadline) {
      // Signed for another chain (an emulated one from an earlier start), or expired unseen.
      const reissued = await db.query(
        `UPDATE withdrawals SET status = 'queued', chain = NULL, query_id = NULL, created_at_chain = NULL, boc = NULL,
           message_hash = NULL, sends = 0, last_sent_at = NULL, updated_at = $2
         WHERE id = $1 AND status = 'sent' AND query_id = $3`,
        [row.id, now, row.query_id],
      );
      report.reissued += reissued.rowCount;
      continue;
    }
    const lastSent = row.last_sent_at?.getTime() ?? 0;
    if (row.sends > 0 && now.getTime() - lastSent < wallet.resendAfterSeconds * 1000) continue;
    try {
      await ton.chain.sendExternalMessage(row.boc!);
      report.broadcast += 1;
    } catch (error) {
      // 36: this query already executed (the watcher will mark it); 35: outside its window
      // (re-issued above once the watcher has caught up). Anything else: try again next pass.
      if (!(error instanceof ChainRejectedError)) report.failures.push(`withdrawal ${row.id}: ${String(error)}`);
    }
    await db.query('UPDATE withdrawals SET sends = sends + 1, last_sent_at = $2 WHERE id = $1', [row.id, now]);
  }
  return report;
}

export type OutgoingOutcome =
  | { kind: 'paid'; withdrawalId: bigint; userId: bigint; amount: bigint }
  | { kind: 'refunded'; withdrawalId: bigint; userId: bigint }
  | { kind: 'unmatched' };

/** applyOutgoing as the chain-watcher (actor.ts): the movements it posts record that job. */
export function applyOutgoing(tx: Queryable, chainId: string, chainTx: ChainTx): Promise<OutgoingOutcome> {
  return actingAs({ job: 'chain-watcher' }, () => applyOutgoingWork(tx, chainId, chainTx));
}

/**
 * The hot wallet ran one of our signed messages: the withdrawal it carried is done if the
 * wallet sent the payment out, and refunded if it did not (not enough balance: the query id is
 * spent, so the same message can never pay later).
 */
async function applyOutgoingWork(tx: Queryable, chainId: string, chainTx: ChainTx): Promise<OutgoingOutcome> {
  if (chainTx.inKind !== 'external-in' || !chainTx.externalQuery) return { kind: 'unmatched' };
  const { queryId, createdAt } = chainTx.externalQuery;
  const { rows } = await tx.query<WithdrawalRow>(
    `SELECT * FROM withdrawals WHERE chain = $1 AND query_id = $2 AND created_at_chain = $3 AND status = 'sent' FOR NO KEY UPDATE`,
    [chainId, queryId, createdAt],
  );
  const row = rows[0];
  if (!row) return { kind: 'unmatched' };
  if (chainTx.computeOk && chainTx.outCount > 0) {
    await tx.query("UPDATE withdrawals SET status = 'done', tx_hash = $2, updated_at = now() WHERE id = $1", [row.id, chainTx.hash]);
    await post(tx, {
      kind: 'withdrawal_paid',
      userId: row.user_id,
      reference: row.id.toString(),
      postings: [
        { account: { system: 'withdrawals_pending' }, amount: -(row.amount + row.fee) },
        { account: { system: 'withdrawals_paid' }, amount: row.amount },
        ...(row.fee > 0n ? [{ account: { system: 'withdrawal_fees' as const }, amount: row.fee }] : []),
      ],
    });
    return { kind: 'paid', withdrawalId: row.id, userId: row.user_id, amount: row.amount };
  }
  await tx.query(
    "UPDATE withdrawals SET status = 'refunded', tx_hash = $2, note = 'the hot wallet did not send the payment', updated_at = now() WHERE id = $1",
    [row.id, chainTx.hash],
  );
  await refund(tx, row);
  return { kind: 'refunded', withdrawalId: row.id, userId: row.user_id };
}
