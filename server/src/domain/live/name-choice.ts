import type { PrivacyState } from '@arcade/api-client/live';
import type { Db } from '../../db/db';
import { DomainError } from '../errors';

const UNKNOWN_PLAYER = 'Unknown player, log in again';

/** Whether the player's first name shows in the live feed and on the leaderboard. */
export async function nameChoice(db: Db, userId: bigint): Promise<PrivacyState> {
  const { rows } = await db.query<{ name_hidden: boolean }>('SELECT name_hidden FROM users WHERE id = $1', [userId]);
  const row = rows[0];
  if (!row) throw new DomainError('unauthenticated', UNKNOWN_PLAYER);
  return { showName: !row.name_hidden };
}

/**
 * Shows or hides the player's first name. Setting what is already set changes nothing; a change
 * reaches every replica's feed when it commits (migration 024's trigger), and the rounds still
 * on show take the new name.
 */
export async function chooseName(db: Db, userId: bigint, showName: boolean): Promise<PrivacyState> {
  const { rows } = await db.query<{ name_hidden: boolean }>('UPDATE users SET name_hidden = $2 WHERE id = $1 RETURNING name_hidden', [
    userId,
    !showName,
  ]);
  const row = rows[0];
  if (!row) throw new DomainError('unauthenticated', UNKNOWN_PLAYER);
  return { showName: !row.name_hidden };
}
