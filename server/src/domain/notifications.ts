import { fromNano } from '@arcade/api-client/money';
import type { Queryable } from '../db/db';
import type { BotApi } from '../adapters/telegram/bot-api';

/** What the bot tells a player, in the player's language. */
const texts = {
  depositCredited: {
    en: (amount: string) => `💎 Your deposit of ${amount} TON has arrived. Good luck at the tables!`,
    ru: (amount: string) => `💎 Ваш депозит ${amount} TON зачислен. Удачи за столами!`,
  },
  withdrawalDone: {
    en: (amount: string) => `✅ Your withdrawal of ${amount} TON has been sent to your wallet.`,
    ru: (amount: string) => `✅ Вывод ${amount} TON отправлен на ваш кошелёк.`,
  },
  referralEarnings: {
    en: (amount: string) => `🤝 Your friends played: ${amount} TON of referral earnings are ready to claim.`,
    ru: (amount: string) => `🤝 Ваши друзья играли: ${amount} TON реферального дохода можно забрать.`,
  },
} as const;

export type Notice = keyof typeof texts;

/**
 * Sends a notice through the bot to a player who allowed messages (the host's write access).
 * Best effort: a failed message is logged by the caller and never undoes the money movement.
 */
export async function notify(db: Queryable, bot: BotApi, userId: bigint, notice: Notice, amount: bigint): Promise<boolean> {
  const { rows } = await db.query<{ allows_write_to_pm: boolean; lang: 'ru' | 'en' }>('SELECT allows_write_to_pm, lang FROM users WHERE id = $1', [userId]);
  const player = rows[0];
  if (!player?.allows_write_to_pm) return false;
  await bot.sendMessage(userId, texts[notice][player.lang](fromNano(amount)));
  return true;
}
