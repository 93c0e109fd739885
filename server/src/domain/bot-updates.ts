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
