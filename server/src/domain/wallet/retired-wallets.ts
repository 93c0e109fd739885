import type { Queryable } from '../../db/db';
import type { Ton } from '../../adapters/chain/open-chain';

/**
 * The wallets a rotation (rotation.ts) left behind, as the rest of the wallet code sees them: the
 * watcher watches them until empty, transfers between our wallets are not deposits, no withdrawal
 * goes to one, and an old seed signs nothing more.
 */

export interface RotationRow {
  id: bigint;
  chain: string;
  old_address: string;
  old_friendly: string;
  new_address: string;
  requested_by: string;
  empty_since: bigint | null;
  emptied_at: Date | null;
  created_at: Date;
}

/** The old wallets still watched on this chain (rotated away, not yet seen empty long enough). */
export async function retiringWallets(db: Queryable, chainId: string): Promise<RotationRow[]> {
  const { rows } = await db.query<RotationRow>('SELECT * FROM hot_wallet_rotations WHERE chain = $1 AND emptied_at IS NULL ORDER BY id', [
    chainId,
  ]);
  return rows;
}

/** Every wallet of ours on this chain, raw: the hot wallet and each rotation's old and new one. A transfer between them is never a deposit. */
export async function ownAccounts(db: Queryable, ton: Ton): Promise<string[]> {
  const { rows } = await db.query<{ old_address: string; new_address: string }>(
    'SELECT old_address, new_address FROM hot_wallet_rotations WHERE chain = $1',
    [ton.chainId],
  );
  return [...new Set([ton.hotWallet.address.toRawString(), ...rows.flatMap((row) => [row.old_address, row.new_address])])];
}

/** The wallets rotated away on this chain, raw: no withdrawal goes to one, and their seed signs nothing more. */
export async function retiredAddresses(db: Queryable, chainId: string): Promise<string[]> {
  const { rows } = await db.query<{ old_address: string }>('SELECT old_address FROM hot_wallet_rotations WHERE chain = $1', [chainId]);
  return rows.map((row) => row.old_address);
}

/** This process's hot wallet was rotated away: it must not sign (withdrawals, sweeps) with the old seed. */
export class RetiredWalletError extends Error {
  override readonly name = 'RetiredWalletError';
}

export async function refuseRetiredSigner(db: Queryable, ton: Ton): Promise<void> {
  const { rows } = await db.query<{ new_address: string }>(
    'SELECT new_address FROM hot_wallet_rotations WHERE chain = $1 AND old_address = $2',
    [ton.chainId, ton.hotWallet.address.toRawString()],
  );
  const rotation = rows[0];
  if (rotation) {
    throw new RetiredWalletError(
      `this hot wallet was rotated away to ${rotation.new_address}: sign with the new wallet's HOT_WALLET_SEED (wallet:rotate moves what the old one holds)`,
    );
  }
}
