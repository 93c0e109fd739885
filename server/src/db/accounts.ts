import type { Queryable } from './db';

/**
 * A player's accounts: TON and bonus from the start, referral from their first referral earning,
 * locked from the first deposit that arrives during a pause or beyond a deposit limit (theirs to
 * withdraw, never to stake; migration 026).
 */
export type PlayerAccountKind = 'ton' | 'bonus' | 'referral' | 'locked';

/** A player's two balances, both starting at zero; created in the player's own transaction. */
export async function createPlayerAccounts(db: Queryable, userId: bigint): Promise<void> {
  await db.query(
    `INSERT INTO accounts (user_id, kind, balance)
     VALUES ($1, 'ton', 0), ($1, 'bonus', 0)`,
    [userId],
  );
}
