import { actingAs } from '../actor';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db';
import type { ChainTx } from '../../adapters/chain/chain-adapter';
import { post } from '../ledger';
import { splitDeposit } from '../play/play';
import { newDepositMemo, parseMemo } from '../ton/memo';

const MEMO_ATTEMPTS = 5;

/** The player's deposit memo, made on first use; it never changes, so old transfers still match. */
export async function depositMemoOf(db: Queryable, userId: bigint): Promise<string> {
  const existing = await db.query<{ deposit_memo: string | null }>('SELECT deposit_memo FROM users WHERE id = $1', [userId]);
  const memo = existing.rows[0]?.deposit_memo;
  if (memo) return memo;
  for (let attempt = 1; ; attempt++) {
    try {
      const set = await db.query<{ deposit_memo: string }>(
        `UPDATE users SET deposit_memo = COALESCE(deposit_memo, $2) WHERE id = $1 RETURNING deposit_memo`,
        [userId, newDepositMemo()],
      );
      const value = set.rows[0]?.deposit_memo;
      if (!value) throw new Error(`no player ${userId}`);
      return value;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= MEMO_ATTEMPTS) throw error;
    }
  }
}

export type IncomingOutcome =
  | { kind: 'credited'; userId: bigint; amount: bigint; depositId: bigint }
  | { kind: 'unknown-memo'; amount: bigint; depositId: bigint }
  | { kind: 'already-seen' }
  | { kind: 'not-a-deposit' };

/**
 * An incoming transfer counts as a deposit only if it is internal, not a bounce, carried value,
 * ran successfully and sent nothing back (a transfer that bounced back has an outbound message),
 * and came from outside: never from our own wallets (the hot wallet, or an old one a rotation swept).
 */
export function isDeposit(tx: ChainTx, own: string | readonly string[]): boolean {
  const ours = typeof own === 'string' ? [own] : own;
  return (
    tx.inKind === 'internal' &&
    !tx.bounced &&
    tx.value > 0n &&
    tx.outCount === 0 &&
    tx.computeOk &&
    !tx.aborted &&
    tx.src !== null &&
    !ours.includes(tx.src)
  );
}

/** applyIncoming as the chain-watcher (actor.ts): the movements it posts record that job. */
export function applyIncoming(tx: Queryable, chainId: string, chainTx: ChainTx, own: readonly string[]): Promise<IncomingOutcome> {
  return actingAs({ job: 'chain-watcher' }, () => applyIncomingWork(tx, chainId, chainTx, own));
}

/**
 * Credits one incoming transfer, inside the caller's transaction (the one that also moves the
 * watcher's cursor): to the player whose memo it carries, once per transaction hash; a transfer
 * whose memo matches nobody goes to the review list and credits nothing.
 */
async function applyIncomingWork(tx: Queryable, chainId: string, chainTx: ChainTx, own: readonly string[]): Promise<IncomingOutcome> {
  if (!isDeposit(chainTx, own)) return { kind: 'not-a-deposit' };
  const memo = parseMemo(chainTx.comment);
  const owner = memo.ok
    ? (await tx.query<{ id: bigint }>('SELECT id FROM users WHERE deposit_memo = $1', [memo.memo])).rows[0]?.id
    : undefined;
  const inserted = await tx.query<{ id: bigint }>(
    `INSERT INTO deposits (chain, tx_hash, lt, source, amount, comment, user_id, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (chain, tx_hash) DO NOTHING RETURNING id`,
    [chainId, chainTx.hash, chainTx.lt, chainTx.src, chainTx.value, chainTx.comment, owner ?? null, owner ? 'credited' : 'unknown_memo'],
  );
  const depositId = inserted.rows[0]?.id;
  if (depositId === undefined) return { kind: 'already-seen' };
  if (owner === undefined) return { kind: 'unknown-memo', amount: chainTx.value, depositId };
  await creditDeposit(tx, owner, chainTx.value, chainTx.hash);
  return { kind: 'credited', userId: owner, amount: chainTx.value, depositId };
}

/**
 * Credits a deposit: it is the player's money whatever their limits say, so it is always credited,
 * in one movement; the part that arrives during a pause or beyond a deposit limit goes to their
 * locked account (withdrawable, never staked), the rest to their TON balance.
 */
async function creditDeposit(tx: Queryable, userId: bigint, amount: bigint, txHash: string) {
  const { playable, locked } = await splitDeposit(tx, userId, amount, new Date());
  return post(tx, {
    kind: 'deposit',
    userId,
    reference: txHash,
    postings: [
      { account: { system: 'deposits' }, amount: -amount },
      ...(locked > 0n ? [{ account: { user: userId, kind: 'locked' as const }, amount: locked }] : []),
      ...(playable > 0n ? [{ account: { user: userId, kind: 'ton' as const }, amount: playable }] : []),
    ],
  });
}

/** creditLateMemos as the chain-watcher (actor.ts): the movements it posts record that job. */
export function creditLateMemos(db: Db, chainId: string): Promise<Array<Extract<IncomingOutcome, { kind: 'credited' }>>> {
  return actingAs({ job: 'chain-watcher' }, () => creditLateMemosWork(db, chainId));
}

/**
 * Credits the transfers kept for review whose memo has since become a player's: a transfer the
 * watcher read before the memo it carries was committed (a memo is committed before it is shown
 * or sent, but a pass may still read the chain first) is credited by the next pass, once: the
 * status moves from unknown_memo in the same transaction as the credit, as an operator's
 * resolution does, so the two never both credit it.
 */
async function creditLateMemosWork(db: Db, chainId: string): Promise<Array<Extract<IncomingOutcome, { kind: 'credited' }>>> {
  const { rows } = await db.query<{ id: bigint; comment: string | null }>(
    `SELECT id, comment FROM deposits WHERE chain = $1 AND status = 'unknown_memo' AND comment IS NOT NULL ORDER BY id`,
    [chainId],
  );
  const credited: Array<Extract<IncomingOutcome, { kind: 'credited' }>> = [];
  for (const row of rows) {
    const memo = parseMemo(row.comment);
    if (!memo.ok) continue;
    const outcome = await db.transaction(async (tx) => {
      const claimed = await tx.query<{ user_id: bigint; amount: bigint; tx_hash: string }>(
        `UPDATE deposits d SET status = 'credited', user_id = u.id
           FROM users u WHERE d.id = $1 AND d.status = 'unknown_memo' AND u.deposit_memo = $2
         RETURNING d.user_id, d.amount, d.tx_hash`,
        [row.id, memo.memo],
      );
      const deposit = claimed.rows[0];
      if (!deposit) return null;
      await creditDeposit(tx, deposit.user_id, deposit.amount, deposit.tx_hash);
      return { kind: 'credited' as const, userId: deposit.user_id, amount: deposit.amount, depositId: row.id };
    });
    if (outcome) credited.push(outcome);
  }
  return credited;
}

export interface UnknownDeposit {
  id: bigint;
  txHash: string;
  amount: bigint;
  comment: string | null;
  source: string | null;
  createdAt: Date;
}

export async function listUnknownDeposits(db: Queryable): Promise<UnknownDeposit[]> {
  const { rows } = await db.query<{
    id: bigint;
    tx_hash: string;
    amount: bigint;
    comment: string | null;
    source: string | null;
    created_at: Date;
  }>(`SELECT id, tx_hash, amount, comment, source, created_at FROM deposits WHERE status = 'unknown_memo' ORDER BY id`);
  return rows.map((r) => ({
    id: r.id,
    txHash: r.tx_hash,
    amount: r.amount,
    comment: r.comment,
    source: r.source,
    createdAt: r.created_at,
  }));
}

/** resolveUnknownDeposit as the operator (actor.ts): the movements it posts record that job. */
export function resolveUnknownDeposit(db: Db, depositId: bigint, userId: bigint, note: string): Promise<void> {
  return actingAs({ job: 'operator' }, () => resolveUnknownDepositWork(db, depositId, userId, note));
}

/** An operator credits a deposit whose memo matched nobody to the player it belongs to. */
async function resolveUnknownDepositWork(db: Db, depositId: bigint, userId: bigint, note: string): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ amount: bigint; tx_hash: string }>(
      `UPDATE deposits SET status = 'resolved', user_id = $2, note = $3, resolved_at = now()
       WHERE id = $1 AND status = 'unknown_memo' RETURNING amount, tx_hash`,
      [depositId, userId, note],
    );
    const row = rows[0];
    if (!row) throw new Error(`deposit ${depositId} is not waiting for review`);
    await creditDeposit(tx, userId, row.amount, row.tx_hash);
  });
}

/** An operator closes a deposit that belongs to nobody here (returned off-chain, spam). */
export async function dismissUnknownDeposit(db: Db, depositId: bigint, note: string): Promise<void> {
  const { rowCount } = await db.query(
    `UPDATE deposits SET status = 'dismissed', note = $2, resolved_at = now() WHERE id = $1 AND status = 'unknown_memo'`,
    [depositId, note],
  );
  if (rowCount === 0) throw new Error(`deposit ${depositId} is not waiting for review`);
}
