import { Address } from '@ton/core';
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/db';
import { DomainError } from '../errors';
import { checkTonProof, PROOF_WINDOW_SECONDS, proofMessages, type TonProof } from '../ton/ton-proof';
import type { TonNetwork } from '../../adapters/chain/address';

/** A fresh single-use payload for the next TON Connect connect with ton_proof. */
export async function newProofPayload(db: Db, userId: bigint, now: Date): Promise<{ payload: string; expiresAt: number }> {
  const payload = randomBytes(32).toString('hex');
  const expiresAt = Math.floor(now.getTime() / 1000) + PROOF_WINDOW_SECONDS;
  await db.query('INSERT INTO ton_proof_payloads (payload, user_id, expires_at) VALUES ($1, $2, $3)', [
    payload,
    userId,
    new Date(expiresAt * 1000),
  ]);
  return { payload, expiresAt };
}

export function friendlyWallet(raw: string, network: TonNetwork): string {
  return Address.parse(raw).toString({ urlSafe: true, bounceable: false, testOnly: network === 'testnet' });
}

/** The wallet the player linked, user-friendly, or null. */
export async function linkedWalletOf(db: Queryable, userId: bigint, network: TonNetwork): Promise<string | null> {
  const { rows } = await db.query<{ linked_wallet: string | null }>('SELECT linked_wallet FROM users WHERE id = $1', [userId]);
  const raw = rows[0]?.linked_wallet ?? null;
  return raw ? friendlyWallet(raw, network) : null;
}

/** Links the wallet a player proved they own; the payload is used up in the same transaction. */
export async function linkWallet(
  db: Db,
  userId: bigint,
  input: TonProof,
  options: { network: TonNetwork; domains: readonly string[]; now: Date },
): Promise<{ linkedWallet: string }> {
  const nowSeconds = Math.floor(options.now.getTime() / 1000);
  const checked = checkTonProof(input, { network: options.network, domains: options.domains, nowSeconds });
  if (!checked.ok) throw new DomainError('invalid', proofMessages[checked.reason], `link.${checked.reason}`);
  const raw = checked.address.toRawString();
  await db.transaction(async (tx) => {
    const used = await tx.query(
      `UPDATE ton_proof_payloads SET used_at = $3 WHERE payload = $1 AND user_id = $2 AND used_at IS NULL AND expires_at > $3`,
      [input.proof.payload, userId, options.now],
    );
    if (used.rowCount === 0) throw new DomainError('invalid', proofMessages['payload-unknown'], 'link.payload-unknown');
    await tx.query('UPDATE users SET linked_wallet = $2 WHERE id = $1', [userId, raw]);
  });
  return { linkedWallet: friendlyWallet(raw, options.network) };
}
