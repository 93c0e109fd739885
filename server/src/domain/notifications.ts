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

/**
 * How long a pass holds a queued message it is sending: longer than a send can take (10 s a try,
 * up to 3 repeats after waits of at most a minute each), so no other pass takes it meanwhile.
 */
const CLAIM_SECONDS = 300;

/**
 * Sends the queued messages, oldest first; a failed one is retried on a later pass.
 *
 * A message goes out at most once per attempt, and is marked sent only after Telegram accepted it:
 * - a pass claims a row before sending it (`claimed_until`, set only where no live claim is): two
 *   passes at once (two replicas, a kick during a pass) cannot both send it;
 * - the Bot API client repeats a call only after Telegram's 429 "retry after N", which Telegram
 *   sends for a message it did not send; a 5xx or a network failure, after which the message may
 *   have gone out, is not repeated in place but left to a later pass, like any failure;
 * - `sent_at` is set after the send succeeded, never before; a failed send gives the claim back.
 */
export async function sendQueuedNotices(db: Queryable, bot: BotApi, limit = 50): Promise<OutboxPass> {
  const { rows } = await db.query<{ id: bigint; user_id: bigint; notice: Notice; amount: bigint }>(
    `SELECT id, user_id, notice, amount FROM bot_outbox
     WHERE sent_at IS NULL AND attempts < $1 AND (claimed_until IS NULL OR claimed_until < now()) ORDER BY id LIMIT $2`,
    [MAX_ATTEMPTS, limit],
  );
  const pass: OutboxPass = { sent: 0, skipped: 0, failed: 0 };
  for (const row of rows) {
    const claimed = await db.query(
      `UPDATE bot_outbox SET attempts = attempts + 1, claimed_until = now() + make_interval(secs => $2)
       WHERE id = $1 AND sent_at IS NULL AND attempts < $3 AND (claimed_until IS NULL OR claimed_until < now())`,
      [row.id, CLAIM_SECONDS, MAX_ATTEMPTS],
    );
    // Another pass holds it (and sends it, or has sent it).
    if (claimed.rowCount === 0) continue;
    let delivered: boolean;
    try {
      delivered = await notify(db, bot, row.user_id, row.notice, row.amount);
    } catch {
      await db.query('UPDATE bot_outbox SET claimed_until = NULL WHERE id = $1', [row.id]);
      pass.failed += 1;
      continue;
    }
    await db.query('UPDATE bot_outbox SET sent_at = now(), claimed_until = NULL WHERE id = $1', [row.id]);
    if (delivered) pass.sent += 1;
    else pass.skipped += 1;
  }
  return pass;
}
