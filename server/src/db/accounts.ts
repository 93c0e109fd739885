import type { Queryable } from './db';

export type PlayerAccountKind = 'ton' | 'bonus';

/** A player's two balances, both starting at zero; created in the player's own transaction. */
export async function createPlayerAccounts(db: Queryable, userId: bigint): Promise<void> {
  await db.query(
    `INSERT INTO accounts (user_id, kind, balance)
     VALUES ($1, 'ton', 0), ($1, 'bonus', 0)`,
    [userId],
  );
}
