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
  const { rows } = await db.query<{ wanted: boolean; lang: 'ru' | 'en' }>(
    'SELECT allows_write_to_pm AND NOT notifications_muted AS wanted, lang FROM users WHERE id = $1',
    [userId],
  );
  const player = rows[0];
  if (!player?.wanted) return false;
  await bot.sendMessage(userId, texts[notice][player.lang](fromNano(amount)));
  return true;
}

/** After this many failed sends a queued message is dropped (the money is already there). */
const MAX_ATTEMPTS = 5;

/**
 * Queues a message inside the money transaction that causes it; the workers send it once the
 * transaction has committed. One message per `reference`.
 */
export async function queueNotice(tx: Queryable, userId: bigint, notice: Notice, amount: bigint, reference: string): Promise<void> {
  await tx.query('INSERT INTO bot_outbox (user_id, notice, amount, reference) VALUES ($1, $2, $3, $4) ON CONFLICT (reference) DO NOTHING', [
    userId,
    notice,
    amount,
    reference,
  ]);
}

export interface OutboxPass {
  sent: number;
  skipped: number;
  failed: number;
}

/** Sends the queued messages, oldest first; a failed one is retried on a later pass. */
export async function sendQueuedNotices(db: Queryable, bot: BotApi, limit = 50): Promise<OutboxPass> {
  const { rows } = await db.query<{ id: bigint; user_id: bigint; notice: Notice; amount: bigint }>(
    `SELECT id, user_id, notice, amount FROM bot_outbox WHERE sent_at IS NULL AND attempts < $1 ORDER BY id LIMIT $2`,
    [MAX_ATTEMPTS, limit],
  );
  const pass: OutboxPass = { sent: 0, skipped: 0, failed: 0 };
  for (const row of rows) {
    try {
      const delivered = await notify(db, bot, row.user_id, row.notice, row.amount);
      await db.query('UPDATE bot_outbox SET sent_at = now(), attempts = attempts + 1 WHERE id = $1', [row.id]);
      if (delivered) pass.sent += 1;
      else pass.skipped += 1;
    } catch {
      await db.query('UPDATE bot_outbox SET attempts = attempts + 1 WHERE id = $1', [row.id]);
      pass.failed += 1;
    }
  }
  return pass;
}
