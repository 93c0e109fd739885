import type { BotUpdateHandlers } from '../adapters/telegram/bot';
import type { Queryable } from '../db/db';
import { saveBusinessConnection } from './business-connections';
import { referralCodeFromStartParam } from './users';

/** What the bot's updates do in the product: a /start referral is recognised, a business connection stored. */
export function botUpdateHandlers(db: Queryable): BotUpdateHandlers {
  return {
    isReferralStartParam: (payload) => referralCodeFromStartParam(payload) !== null,
    saveBusinessConnection: (updateId, connection) => saveBusinessConnection(db, updateId, connection),
  };
}

/**
 * Claims an update for handling (migration 030): true for the first delivery of this update_id
 * on any replica, false for every other one, including a redelivery that arrives while the first
 * is still being handled. The claim is its own statement, committed before the handling starts.
 */
export async function claimBotUpdate(db: Queryable, updateId: number): Promise<boolean> {
  const { rowCount } = await db.query('INSERT INTO bot_update_ids (update_id) VALUES ($1) ON CONFLICT (update_id) DO NOTHING', [
    BigInt(updateId),
  ]);
  return rowCount === 1;
}

/** Gives a claim back when its handling failed, so Telegram's next delivery of the update is handled. */
export async function releaseBotUpdate(db: Queryable, updateId: number): Promise<void> {
  await db.query('DELETE FROM bot_update_ids WHERE update_id = $1', [BigInt(updateId)]);
}
