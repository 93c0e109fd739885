import { Address } from '@ton/core';
import { toNano } from '@arcade/api-client/money';
import { isUniqueViolation, type Db, type Queryable } from '../../db/db';
import { ChainRejectedError, type AccountStatus } from '../../adapters/chain/chain-adapter';
import { signingKeys, type Ton } from '../../adapters/chain/open-chain';
import { HIGHLOAD_SEND_ALL_MODE, signHighloadTransfer } from '../../adapters/chain/highload-wallet';
import { parseWithdrawalAddress } from '../../adapters/chain/address';
import { productConfig } from '../product-config';
import { liabilitiesOf } from './hot-wallet';
import { SWEEP_LOCK_KEY, SweepInputError, type BroadcastFailure, type SweepRow } from './sweeps';
import { nextQueryId, SENDER_LOCK_KEY } from './withdrawals';
import type { RotationRow } from './retired-wallets';

/**
 * Rotating the hot wallet (a new seed is a new wallet): `wallet:rotate <new address>`, run with the
 * old seed, records the rotation and sweeps the old wallet's whole balance to the new one (a sweep
 * recorded like the others, `from_address` the old wallet). The watcher then watches the old
 * address too, crediting deposits still sent there, until the chain shows it empty for longer
 * than a signed message lives; a late deposit makes it non-empty again (run `wallet:rotate` again
 * to move it).
 */

/** Below this an old wallet counts as empty: less than a sweep of it would cost. */
export const EMPTY_BELOW = toNano('0.05');
/**
 * After the watcher applied an old wallet's transactions: `balance` was read before them. Empty
 * (below EMPTY_BELOW, no rotation sweep on its way out of it) since a chain time more than a signed
 * message's life ago: no longer watched. Coins arriving clear the mark. Answers true when it stops.
 */
export async function noteEmptiness(db: Queryable, ton: Ton, rotation: RotationRow, balance: bigint, chainTime: number): Promise<boolean> {
  const { rows } = await db.query<{ n: bigint }>(
    "SELECT count(*) AS n FROM hot_wallet_sweeps WHERE chain = $1 AND from_address = $2 AND status = 'sent'",
    [ton.chainId, rotation.old_address],
  );
  const empty = balance < EMPTY_BELOW && (rows[0]?.n ?? 0n) === 0n;
  if (!empty) {
    if (rotation.empty_since !== null) {
      await db.query('UPDATE hot_wallet_rotations SET empty_since = NULL, updated_at = now() WHERE id = $1', [rotation.id]);
    }
    return false;
  }
  if (rotation.empty_since === null) {
    await db.query('UPDATE hot_wallet_rotations SET empty_since = $2, updated_at = now() WHERE id = $1', [rotation.id, chainTime]);
    return false;
  }
  const long = ton.hotWallet.timeout + productConfig.wallet.expiryMarginSeconds;
  if (chainTime - Number(rotation.empty_since) <= long) return false;
  const { rowCount } = await db.query(
    'UPDATE hot_wallet_rotations SET emptied_at = now(), updated_at = now() WHERE id = $1 AND emptied_at IS NULL',
    [rotation.id],
  );
  return rowCount > 0;
}

export interface RotationPlan {
  old: { raw: string; friendly: string; status: AccountStatus; balance: bigint };
  new: { raw: string; friendly: string; status: AccountStatus };
  liabilities: bigint;
  /** Withdrawals signed and not yet seen on chain: one that runs after the sweep finds the old wallet empty and is refunded. */
  withdrawalsOnTheirWay: number;
  /** A rotation of this wallet already recorded, and its sweep on its way, if any. */
  existing: RotationRow | null;
  sweepOnItsWay: SweepRow | null;
  refusal: string | null;
}

async function openRotationSweep(db: Queryable, chainId: string, oldRaw: string): Promise<SweepRow | null> {
  const { rows } = await db.query<SweepRow>(
    "SELECT * FROM hot_wallet_sweeps WHERE chain = $1 AND from_address = $2 AND status = 'sent' ORDER BY id DESC LIMIT 1",
    [chainId, oldRaw],
  );
  return rows[0] ?? null;
}

/** What `wallet:rotate <new address>` would do, read from the chain and the book now. */
export async function planRotation(db: Db, ton: Ton, input: { to: string }): Promise<RotationPlan> {
  const old = ton.hotWallet.address;
  const target = parseWithdrawalAddress(input.to, { network: ton.network, ownAddresses: [old] });
  if (!target.ok) throw new SweepInputError(`new wallet: ${target.reason}`);
  const oldRaw = old.toRawString();
  const [oldState, newState, liabilities, sent, existing, sweep] = await Promise.all([
    ton.chain.getAccountState(oldRaw),
    ton.chain.getAccountState(target.raw),
    liabilitiesOf(db),
    db.query<{ n: bigint }>("SELECT count(*) AS n FROM withdrawals WHERE status = 'sent'"),
    db.query<RotationRow>('SELECT * FROM hot_wallet_rotations WHERE chain = $1 AND old_address = $2', [ton.chainId, oldRaw]),
    openRotationSweep(db, ton.chainId, oldRaw),
  ]);
  const recorded = existing.rows[0] ?? null;
  let refusal: string | null = null;
  if (recorded !== null && recorded.new_address !== target.raw) refusal = `this wallet was already rotated to ${recorded.new_address}`;
  else if (newState.status !== 'active') {
    refusal = `the new wallet is ${newState.status}: deploy it first (wallet:deploy with its HOT_WALLET_SEED), which also proves you hold its seed`;
  }
  return {
    old: { raw: oldRaw, friendly: ton.hotWallet.friendly, status: oldState.status, balance: oldState.balance },
    new: { raw: target.raw, friendly: target.friendly, status: newState.status },
    liabilities: liabilities.total,
    withdrawalsOnTheirWay: Number(sent.rows[0]?.n ?? 0n),
    existing: recorded,
    sweepOnItsWay: sweep,
    refusal,
  };
}

export type RotationSent =
  | { kind: 'refused'; reason: string }
  | { kind: 'recorded'; rotation: RotationRow; sweep: SweepRow | null; already: boolean; broadcast: BroadcastFailure };

/**
 * Records the rotation and, when the old wallet holds anything, its sweep (the whole balance, the
 * signed message stored first), in one transaction; then broadcasts. Refused while a withdrawal
 * signer runs (it would go on signing with the old seed). Running it again: a sweep still on its
 * way is broadcast again, the same message; a late deposit is swept by a new one; an old wallet no
 * longer watched is watched again.
 */
export async function sendRotation(db: Db, ton: Ton, plan: RotationPlan, requestedBy: string): Promise<RotationSent> {
  if (plan.refusal !== null) return { kind: 'refused', reason: plan.refusal };
  const keys = signingKeys(ton.hotWallet);
  let outcome: RotationSent;
  try {
    outcome = await db.transaction(async (tx): Promise<RotationSent> => {
      const signer = await tx.query<{ free: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS free', [SENDER_LOCK_KEY]);
      if (signer.rows[0]?.free !== true) {
        return { kind: 'refused', reason: 'a withdrawal signer is running: stop it first (it signs with the old seed), then rotate' };
      }
      await tx.query('SELECT pg_advisory_xact_lock($1)', [SWEEP_LOCK_KEY]);
      const { rows } = await tx.query<RotationRow>(
        `INSERT INTO hot_wallet_rotations (chain, old_address, old_friendly, new_address, requested_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (chain, old_address) DO UPDATE SET emptied_at = NULL, empty_since = NULL, updated_at = now()
         WHERE hot_wallet_rotations.new_address = EXCLUDED.new_address RETURNING *`,
        [ton.chainId, plan.old.raw, plan.old.friendly, plan.new.raw, requestedBy],
      );
      const rotation = rows[0];
      if (!rotation) return { kind: 'refused', reason: 'this wallet was already rotated to another address' };
      const open = await openRotationSweep(tx, ton.chainId, plan.old.raw);
      if (open !== null) return { kind: 'recorded', rotation, sweep: open, already: true, broadcast: null };
      if (plan.old.balance < EMPTY_BELOW || plan.old.status !== 'active') {
        return { kind: 'recorded', rotation, sweep: null, already: false, broadcast: null };
      }
      const count = await tx.query<{ n: bigint }>('SELECT count(*) AS n FROM hot_wallet_sweeps WHERE chain = $1 AND from_address = $2', [
        ton.chainId,
        plan.old.raw,
      ]);
      const queryId = await nextQueryId(tx);
      const createdAt = (await ton.chain.chainTime()) - productConfig.wallet.createdAtLagSeconds;
      // The new wallet is deployed (checked): bounceable, so a refusal would come back.
      const signed = signHighloadTransfer(keys, {
        queryId,
        createdAt,
        timeout: ton.hotWallet.timeout,
        to: Address.parse(plan.new.raw),
        amount: 0n,
        bounce: true,
        comment: 'TON Arcade hot wallet rotation',
        sendMode: HIGHLOAD_SEND_ALL_MODE,
      });
      const inserted = await tx.query<SweepRow>(
        `INSERT INTO hot_wallet_sweeps (key, chain, to_address, to_friendly, amount, bounce, status, query_id, created_at_chain, boc, message_hash,
           chain_balance, liabilities, float_kept, requested_by, from_address, note)
         VALUES ($1, $2, $3, $4, $5, true, 'sent', $6, $7, $8, $9, $5, $10, 0, $11, $12,
           'rotation: the whole balance of the old wallet (amount: its balance when signed, the fee comes out of it)') RETURNING *`,
        [
          `rotate:${plan.old.raw}:${Number(count.rows[0]?.n ?? 0n) + 1}`,
          ton.chainId,
          plan.new.raw,
          plan.new.friendly,
          plan.old.balance,
          queryId,
          createdAt,
          signed.boc,
          signed.normalizedHash,
          plan.liabilities,
          requestedBy,
          plan.old.raw,
        ],
      );
      return { kind: 'recorded', rotation, sweep: inserted.rows[0]!, already: false, broadcast: null };
    });
  } catch (error) {
    // Two runs at once: the other one's record stands; run the command again to see it.
    if (isUniqueViolation(error))
      return { kind: 'refused', reason: 'another wallet:rotate ran at the same moment: run it again to see its record' };
    throw error;
  }
  if (outcome.kind !== 'recorded' || outcome.sweep === null || outcome.sweep.status !== 'sent') return outcome;
  try {
    await ton.chain.sendExternalMessage(outcome.sweep.boc);
    return outcome;
  } catch (error) {
    const exitCode = error instanceof ChainRejectedError ? (error.exitCode ?? null) : null;
    return { ...outcome, broadcast: { message: error instanceof Error ? error.message : String(error), exitCode } };
  }
}
