import type { ShareWin } from '@arcade/api-client/bonus';
import { multiplierText } from '@arcade/api-client/fair';
import { formatMultiplier, formatTon } from '@arcade/api-client/format';
import { fromNano } from '@arcade/api-client/money';
import type { FastifyBaseLogger } from 'fastify';
import type { BotApi } from '../../adapters/telegram/bot-api';
import type { BotLanguage } from '../../adapters/telegram/bot-texts';
import type { Queryable } from '../../db/db';
import { serverTexts } from '../../i18n';
import { referralLink } from '../bonus/referral';
import { DomainError } from '../errors';
import { SHOWN_NAME_SQL } from '../live/live-feed';
import { accountMessages } from '../users';

const GAME_NAMES = { flip: 'Flip', roll: 'Roll', road: 'Road' } as const;

/**
 * A win's card for the player to share: their own round's (from its result) or anyone's the live
 * feed shows (under the name the feed shows, never more). The words are the server's, in the
 * sharer's language and with the product's number formatter, and carry the sharer's referral
 * link: a player chooses the round, never the text the bot sends in their name. The bot prepares
 * the message for Telegram's shareMessage; if it cannot, the app copies the same words and link.
 */
export async function shareWin(
  deps: { db: Queryable; bot: BotApi; miniAppUrl: string; log?: FastifyBaseLogger },
  userId: bigint,
  roundId: bigint,
): Promise<ShareWin> {
  const { db, bot } = deps;
  const found = await db.query<{
    user_id: bigint;
    game: keyof typeof GAME_NAMES;
    currency: 'ton' | 'bonus';
    payout: bigint;
    multiplier: bigint;
    status: string;
    name: string | null;
  }>(
    `SELECT r.user_id, r.game, r.currency, r.payout, r.multiplier, r.status, ${SHOWN_NAME_SQL} AS name
       FROM game_rounds r JOIN users u ON u.id = r.user_id WHERE r.id = $1`,
    [roundId],
  );
  const round = found.rows[0];
  if (!round) throw new DomainError('not-found', 'No such round', 'share.not-found');
  if ((round.status !== 'won' && round.status !== 'cashed') || round.payout <= 0n)
    throw new DomainError('conflict', 'Only a win can be shared', 'share.not-a-win');

  const sharer = await db.query<{ lang: BotLanguage; referral_code: string }>('SELECT lang, referral_code FROM users WHERE id = $1', [
    userId,
  ]);
  const me = sharer.rows[0];
  if (!me) throw new DomainError('unauthenticated', accountMessages.unknown);
  const lang: BotLanguage = me.lang === 'en' ? 'en' : 'ru';
  const t = serverTexts(lang);
  const values = {
    amount: formatTon(fromNano(round.payout), lang),
    unit: t(round.currency === 'ton' ? 'bot.share.ton' : 'bot.share.bonus'),
    multiplier: formatMultiplier(multiplierText(Number(round.multiplier)), lang),
    game: GAME_NAMES[round.game],
    name: round.name ?? t('bot.share.hidden'),
  };
  const text = t(round.user_id === userId ? 'bot.share.own' : 'bot.share.other', values);
  const link = referralLink(deps.miniAppUrl, me.referral_code);

  let preparedMessageId: string | null = null;
  try {
    preparedMessageId = await bot.savePreparedInlineMessage(userId, {
      id: `win-${roundId}`,
      title: t('bot.share.title', values),
      text,
      button: { text: t('bot.open'), url: link },
    });
  } catch (error) {
    // The app copies the words and the link instead: nothing of the player's is lost.
    deps.log?.warn({ err: error }, 'share: the bot could not prepare the message');
  }
  return { preparedMessageId, text, link };
}
