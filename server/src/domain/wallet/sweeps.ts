import { Address } from '@ton/core';
import { fromNano, parseTon, toNano, TON_AMOUNT_LIMIT_NANO } from '@arcade/api-client/money';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db';
import { ChainRejectedError, type AccountStatus, type ChainTx } from '../../adapters/chain/chain-adapter';
import { signingKeys, type Ton } from '../../adapters/chain/open-chain';
import { productConfig } from '../product-config';
import { parseWithdrawalAddress } from '../../adapters/chain/address';
import { signHighloadTransfer } from '../../adapters/chain/highload-wallet';
import { liabilitiesOf, type Liabilities } from './hot-wallet';
import { nextQueryId } from './withdrawals';
import { refuseRetiredSigner } from './retired-wallets';

/**
 * Sweeps: an operator moves house money from the hot wallet to a cold address. Never below the
 * players' liabilities plus the configured float; each one recorded under an idempotency key, its
 * signed message stored before the first broadcast, so running the same command twice sends once.
 */

/** Kept back for the sweep's own fees (the hot wallet pays them on top of the amount). */
export const SWEEP_FEE_RESERVE = toNano('0.05');
/** Two sweeps never sign at once: the limit is checked and the sweep recorded under this lock. */
export const SWEEP_LOCK_KEY = 7_310_003;

export interface SweepRow {
  id: bigint;
  key: string;
  chain: string;
  to_address: string;
  to_friendly: string;
  amount: bigint;
  bounce: boolean;
  status: 'sent' | 'done' | 'failed' | 'expired';
  query_id: number;
  created_at_chain: bigint;
  boc: string;
  chain_balance: bigint;
  liabilities: bigint;
  float_kept: bigint;
  requested_by: string;
  tx_hash: string | null;
  note: string | null;
  /** Null for a sweep to cold storage; a rotation's sweep names the old wallet it emptied (raw). */
  from_address: string | null;
  created_at: Date;
}

export interface SweepPlan {
  to: { raw: string; friendly: string; status: AccountStatus; bounce: boolean };
  amount: bigint;
  key: string;
  chainBalance: bigint;
  chainStatus: AccountStatus;
  liabilities: Liabilities;
  float: bigint;
  /** Sweeps on this chain not yet seen on chain: the balance still holds them. */
  inFlight: bigint;
  /** The most that may leave now: balance - liabilities - float - in flight - fee reserve. */
  most: bigint;
  /** A sweep already recorded under this key: nothing new is sent. */
  existing: SweepRow | null;
  /** Why it may not be sent; null when it may. */
  refusal: string | null;
}

export class SweepInputError extends Error {
  override readonly name = 'SweepInputError';
}

const KEY = /^[\w:.-]{1,100}$/;

/** The default key: the same destination and amount on the same UTC day are the same sweep. */
export function defaultSweepKey(raw: string, amount: bigint, now: Date): string {
  return `${raw}:${amount}:${now.toISOString().slice(0, 10)}`;
}

/** Sweeps out of the hot wallet not yet seen on chain (a rotation's, out of an old wallet, are not). */
async function sweepsInFlight(db: Queryable, chainId: string): Promise<bigint> {
  const { rows } = await db.query<{ total: bigint }>(
    "SELECT COALESCE(sum(amount), 0)::bigint AS total FROM hot_wallet_sweeps WHERE status = 'sent' AND chain = $1 AND from_address IS NULL",
    [chainId],
  );
  return rows[0]?.total ?? 0n;
}

async function sweepByKey(db: Queryable, key: string): Promise<SweepRow | null> {
  const { rows } = await db.query<SweepRow>('SELECT * FROM hot_wallet_sweeps WHERE key = $1', [key]);
  return rows[0] ?? null;
}

/**
 * What `wallet:sweep` would do, from the chain's balance and the book's liabilities now. Throws
 * SweepInputError for an address or amount that is not one.
 */
export async function planSweep(
  db: Db,
  ton: Ton,
  input: { to: string; amount: string; key?: string; float: bigint; now: Date },
): Promise<SweepPlan> {
  await refuseRetiredSigner(db, ton);
  const address = parseWithdrawalAddress(input.to, { network: ton.network, ownAddresses: [ton.hotWallet.address] });
  if (!address.ok) throw new SweepInputError(`cold address: ${address.reason}`);
  const parsed = parseTon(input.amount.trim(), { canonical: true });
  if (!parsed.ok || parsed.nano >= TON_AMOUNT_LIMIT_NANO)
    throw new SweepInputError(`amount must be a number of TON above 0 with at most 9 decimals, got ${JSON.stringify(input.amount)}`);
  if (input.key !== undefined && !KEY.test(input.key))
    throw new SweepInputError('--key must be 1 to 100 letters, digits, "_", ":", "." or "-"');
  const amount = parsed.nano;
  const key = input.key ?? defaultSweepKey(address.raw, amount, input.now);

  const [hot, cold, liabilities, inFlight, existing] = await Promise.all([
    ton.chain.getAccountState(ton.hotWallet.address.toRawString()),
    ton.chain.getAccountState(address.raw),
    liabilitiesOf(db),
    sweepsInFlight(db, ton.chainId),
    sweepByKey(db, key),
  ]);
  const most = hot.balance - liabilities.total - input.float - inFlight - SWEEP_FEE_RESERVE;
  let refusal: string | null = null;
  if (existing !== null) refusal = null;
  else if (hot.status !== 'active') refusal = `the hot wallet is ${hot.status}, not deployed: nothing to sweep (see wallet:deploy)`;
  else if (amount > most) {
    refusal = `the hot wallet would go below the liabilities plus the float: at most ${most > 0n ? fromNano(most) : '0'} TON can be swept now`;
  }
  return {
    // A cold wallet that never sent anything has no contract yet: a bounceable transfer would come back.
    to: { raw: address.raw, friendly: address.friendly, status: cold.status, bounce: cold.status === 'active' },
    amount,
    key,
    chainBalance: hot.balance,
    chainStatus: hot.status,
    liabilities,
    float: input.float,
    inFlight,
    most,
    existing,
    refusal,
  };
}

/** Why a broadcast failed; null when the chain took the message (or there was nothing to send). */
export type BroadcastFailure = { message: string; exitCode: number | null } | null;

export type SweepSent =
  | { kind: 'sent'; sweep: SweepRow; broadcast: BroadcastFailure }
  | { kind: 'already'; sweep: SweepRow; broadcast: BroadcastFailure }
  | { kind: 'refused'; reason: string };

/**
 * Sends a planned sweep: under a lock, checks the key again (a second run gets the first sweep,
 * and its message is broadcast again, identical, if the chain has not shown it yet) and the limit
 * with the sweeps in flight now, records the signed message, commits, then broadcasts. A failed
 * broadcast leaves the record `sent`: running the command again broadcasts the same message.
 */
export async function sendSweep(db: Db, ton: Ton, plan: SweepPlan, requestedBy: string): Promise<SweepSent> {
  if (plan.refusal !== null) return { kind: 'refused', reason: plan.refusal };
  const { wallet } = productConfig;
  let recorded: { kind: 'sent' | 'already'; sweep: SweepRow } | { kind: 'refused'; reason: string };
  try {
    recorded = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SWEEP_LOCK_KEY]);
      // A wallet rotated away moves what it holds by wallet:rotate, never to cold storage.
      await refuseRetiredSigner(tx, ton);
      const existing = await sweepByKey(tx, plan.key);
      if (existing !== null) return { kind: 'already' as const, sweep: existing };
      const inFlight = await sweepsInFlight(tx, ton.chainId);
      const most = plan.chainBalance - plan.liabilities.total - plan.float - inFlight - SWEEP_FEE_RESERVE;
      if (plan.amount > most) {
        return {
          kind: 'refused' as const,
          reason: `another sweep went out meanwhile: at most ${most > 0n ? fromNano(most) : '0'} TON can be swept now`,
        };
      }
      const queryId = await nextQueryId(tx);
      const createdAt = (await ton.chain.chainTime()) - wallet.createdAtLagSeconds;
      const signed = signHighloadTransfer(signingKeys(ton.hotWallet), {
        queryId,
        createdAt,
        timeout: ton.hotWallet.timeout,
        to: Address.parse(plan.to.raw),
        amount: plan.amount,
        bounce: plan.to.bounce,
        comment: 'TON Arcade sweep to cold storage',
      });
      const { rows } = await tx.query<SweepRow>(
        `INSERT INTO hot_wallet_sweeps (key, chain, to_address, to_friendly, amount, bounce, status, query_id, created_at_chain, boc, message_hash,
           chain_balance, liabilities, float_kept, requested_by)
         VALUES ($1, $2, $3, $4, $5, $6, 'sent', $7, $8, $9, $10, $11, $12, $13, $14) RETURNING *`,
        [
          plan.key,
          ton.chainId,
          plan.to.raw,
          plan.to.friendly,
          plan.amount,
          plan.to.bounce,
          queryId,
          createdAt,
          signed.boc,
          signed.normalizedHash,
          plan.chainBalance,
          plan.liabilities.total,
          plan.float,
          requestedBy,
        ],
      );
      return { kind: 'sent' as const, sweep: rows[0]! };
    });
  } catch (error) {
    // Two runs at once without the lock's help (they cannot both insert the key): the first one's record.
    if (!isUniqueViolation(error)) throw error;
    const existing = await sweepByKey(db, plan.key);
    if (existing === null) throw error;
    recorded = { kind: 'already', sweep: existing };
  }
  if (recorded.kind === 'refused') return recorded;
  const { sweep } = recorded;
  if (sweep.status !== 'sent' || sweep.chain !== ton.chainId) return { ...recorded, broadcast: null };
  try {
    await ton.chain.sendExternalMessage(sweep.boc);
    return { ...recorded, broadcast: null };
  } catch (error) {
    const exitCode = error instanceof ChainRejectedError ? (error.exitCode ?? null) : null;
    return { ...recorded, broadcast: { message: error instanceof Error ? error.message : String(error), exitCode } };
  }
}

export type SweepOutcome =
  | { kind: 'sweep-done'; sweepId: bigint; amount: bigint }
  | { kind: 'sweep-failed'; sweepId: bigint; amount: bigint }
  | { kind: 'sweep-expired'; sweepId: bigint; amount: bigint };

/**
 * The hot wallet ran a sweep's message (in the watcher's transaction for that chain transaction):
 * done when it sent the transfer, failed when it did not (the query id is spent: nothing left).
 */
export async function applySweep(tx: Queryable, chainId: string, chainTx: ChainTx): Promise<SweepOutcome | null> {
  if (chainTx.inKind !== 'external-in' || !chainTx.externalQuery) return null;
  const { queryId, createdAt } = chainTx.externalQuery;
  const sent = chainTx.computeOk && chainTx.outCount > 0;
  const { rows } = await tx.query<{ id: bigint; amount: bigint }>(
    `UPDATE hot_wallet_sweeps SET status = $4, tx_hash = $5, updated_at = now(),
       note = CASE WHEN $4 = 'failed' THEN 'the hot wallet ran the sweep but sent nothing' ELSE note END
     WHERE chain = $1 AND query_id = $2 AND created_at_chain = $3 AND status = 'sent' RETURNING id, amount`,
    [chainId, queryId, createdAt, sent ? 'done' : 'failed', chainTx.hash],
  );
  const row = rows[0];
  if (!row) return null;
  return { kind: sent ? 'sweep-done' : 'sweep-failed', sweepId: row.id, amount: row.amount };
}

/** Sweeps whose message can no longer execute (the watcher caught up past its validity unseen): nothing left the wallet. */
export async function expireSweeps(db: Queryable, ton: Ton, syncedChainTime: number): Promise<SweepOutcome[]> {
  const { rows } = await db.query<{ id: bigint; amount: bigint }>(
    `UPDATE hot_wallet_sweeps SET status = 'expired', updated_at = now(), note = 'never seen on chain before its message expired: nothing was sent'
     WHERE status = 'sent' AND chain = $1 AND created_at_chain + $2 < $3 RETURNING id, amount`,
    [ton.chainId, ton.hotWallet.timeout + productConfig.wallet.expiryMarginSeconds, syncedChainTime],
  );
  return rows.map((row) => ({ kind: 'sweep-expired' as const, sweepId: row.id, amount: row.amount }));
}
