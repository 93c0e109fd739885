import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ChatMemberStatus } from './bot-api';

/** What the local fake keeps: who is in which chat, and every message the bot sent. */
export interface FakeBotState {
  members: Map<string, ChatMemberStatus>;
  /** Every message sent, with its inline keyboard (reply_markup) when it had one. */
  outbox: Array<{ chatId: number; text: string; at: string; replyMarkup?: unknown }>;
  /**
   * Gifts the relayer account holds, in Bot API OwnedGiftUnique shape, and where transferred ones
   * went (through which business connection, for how many Stars). A gift without its own
   * `can_be_transferred` and `transfer_star_count` is answered with true and FAKE_TRANSFER_STARS.
   */
  relayerGifts: Array<Record<string, unknown> & { owned_gift_id: string }>;
  transferred: Array<{ ownedGiftId: string; to: number; connectionId: string; stars: number }>;
  /** The relayer account's Star balance (getBusinessAccountStarBalance); transfers pay from it. */
  relayerStars: number;
  /** The last setWebhook and setChatMenuButton calls, as sent. */
  webhook: { url: string; secret_token?: string; allowed_updates?: string[] } | null;
  menuButton: unknown;
  /** Calls to answer with 429 "retry after N" once each (Telegram's flood control), then normally. */
  floods: Array<{ method: string; retryAfter: number }>;
  /** Every method called, in order (a retried call shows twice). */
  calls: string[];
  /** Messages prepared for users to share (savePreparedInlineMessage), with the ids answered. */
  prepared: Array<{ id: string; userId: number; result: Record<string, unknown> }>;
}

/** What Telegram charges to move a collectible gift today (25 Stars), unless a gift says otherwise. */
export const FAKE_TRANSFER_STARS = 25;

export function fakeBotState(): FakeBotState {
  return {
    members: new Map(),
    outbox: [],
    relayerGifts: [],
    transferred: [],
    relayerStars: 10_000,
    webhook: null,
    menuButton: null,
    floods: [],
    calls: [],
    prepared: [],
  };
}

/** A relayer gift as Telegram answers it: transferable for FAKE_TRANSFER_STARS unless it says otherwise. */
const asOwned = (gift: FakeBotState['relayerGifts'][number]) => ({
  can_be_transferred: true,
  transfer_star_count: FAKE_TRANSFER_STARS,
  ...gift,
});

const memberKey = (chatId: string, userId: number | string) => `${chatId}|${userId}`;

/**
 * A local stand-in for the Telegram Bot API (tests and the offline start mode): getChatMember,
 * sendMessage, savePreparedInlineMessage, the relayer's business-account methods (getBusinessAccountGifts with each gift's
 * transfer_star_count, getBusinessAccountStarBalance, transferGift), setWebhook and
 * setChatMenuButton answer in Telegram's own shapes for the given bot token, and control routes
 * let a test or a developer make a user a member, read what was sent, hand the relayer a gift, or
 * make the next call of a method hit flood control (429 with retry_after).
 */
export function fakeBotApi(token: string, state: FakeBotState = fakeBotState()): FastifyPluginAsync {
  return (app: FastifyInstance) => {
    app.post<{ Params: { bot: string; method: string }; Body: Record<string, unknown> | undefined }>('/:bot/:method', (request, reply) => {
      const { bot, method } = request.params;
      if (bot !== `bot${token}`) return reply.code(401).send({ ok: false, error_code: 401, description: 'Unauthorized' });
      const body = request.body ?? {};
      state.calls.push(method);
      const flood = state.floods.findIndex((f) => f.method === method);
      if (flood >= 0) {
        const { retryAfter } = state.floods.splice(flood, 1)[0]!;
        return reply.code(429).send({
          ok: false,
          error_code: 429,
          description: `Too Many Requests: retry after ${retryAfter}`,
          parameters: { retry_after: retryAfter },
        });
      }
      if (method === 'getChatMember') {
        const chatId = typeof body.chat_id === 'string' || typeof body.chat_id === 'number' ? String(body.chat_id) : '';
        const userId = Number(body.user_id);
        if (!chatId || !Number.isInteger(userId))
          return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: chat_id and user_id are required' });
        const status = state.members.get(memberKey(chatId, userId));
        if (!status) return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: user not found' });
        return {
          ok: true,
          result: {
            status,
            user: { id: userId, is_bot: false, first_name: 'Player' },
            ...(status === 'restricted' ? { is_member: true } : {}),
          },
        };
      }
      if (method === 'sendMessage') {
        const chatId = Number(body.chat_id);
        const text = typeof body.text === 'string' ? body.text : '';
        if (!Number.isInteger(chatId) || !text)
          return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
        state.outbox.push({
          chatId,
          text,
          at: new Date().toISOString(),
          ...(body.reply_markup === undefined ? {} : { replyMarkup: body.reply_markup }),
        });
        return {
          ok: true,
          result: {
            message_id: state.outbox.length,
            date: Math.floor(Date.now() / 1000),
            chat: { id: chatId, type: 'private' },
            text,
            ...(body.reply_markup === undefined ? {} : { reply_markup: body.reply_markup }),
          },
        };
      }
      if (method === 'savePreparedInlineMessage') {
        const userId = Number(body.user_id);
        const result = body.result as Record<string, unknown> | undefined;
        const content = result?.input_message_content as { message_text?: unknown } | undefined;
        if (
          !Number.isInteger(userId) ||
          result?.type !== 'article' ||
          typeof result.id !== 'string' ||
          typeof content?.message_text !== 'string'
        )
          return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: RESULT_INVALID' });
        const id = `prepared-${state.prepared.length + 1}`;
        state.prepared.push({ id, userId, result });
        return { ok: true, result: { id, expiration_date: Math.floor(Date.now() / 1000) + 24 * 3600 } };
      }
      if (method === 'getBusinessAccountGifts') {
        const offset = Number(typeof body.offset === 'string' ? body.offset : '0') || 0;
        const page = state.relayerGifts.slice(offset, offset + 100).map(asOwned);
        const next = offset + page.length;
        return {
          ok: true,
          result: {
            total_count: state.relayerGifts.length,
            gifts: page,
            ...(next < state.relayerGifts.length ? { next_offset: String(next) } : {}),
          },
        };
      }
      if (method === 'transferGift') {
        const id = typeof body.owned_gift_id === 'string' ? body.owned_gift_id : '';
        const to = Number(body.new_owner_chat_id);
        const index = state.relayerGifts.findIndex((g) => g.owned_gift_id === id);
        if (index < 0) return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: gift not found' });
        const next = state.relayerGifts[index]!.next_transfer_date;
        if (typeof next === 'number' && next * 1000 > Date.now())
          return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: STARGIFT_TRANSFER_TOO_EARLY' });
        // Telegram takes the gift's own price, paid from the account's Stars.
        const price = asOwned(state.relayerGifts[index]!).transfer_star_count;
        const stars = Number(body.star_count ?? 0);
        if (stars !== price)
          return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: STARGIFT_TRANSFER_STARS_INVALID' });
        if (state.relayerStars < stars)
          return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: BALANCE_TOO_LOW' });
        state.relayerStars -= stars;
        state.relayerGifts.splice(index, 1);
        state.transferred.push({
          ownedGiftId: id,
          to,
          connectionId: typeof body.business_connection_id === 'string' ? body.business_connection_id : '',
          stars,
        });
        return { ok: true, result: true };
      }
      if (method === 'getBusinessAccountStarBalance') {
        if (typeof body.business_connection_id !== 'string')
          return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: business_connection_id is required' });
        return { ok: true, result: { amount: state.relayerStars } };
      }
      if (method === 'setWebhook') {
        if (typeof body.url !== 'string')
          return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: url is required' });
        state.webhook = {
          url: body.url,
          ...(typeof body.secret_token === 'string' ? { secret_token: body.secret_token } : {}),
          ...(Array.isArray(body.allowed_updates) ? { allowed_updates: body.allowed_updates.map(String) } : {}),
        };
        return { ok: true, result: true, description: 'Webhook was set' };
      }
      if (method === 'setChatMenuButton') {
        state.menuButton = body.menu_button ?? { type: 'default' };
        return { ok: true, result: true };
      }
      return reply.code(404).send({ ok: false, error_code: 404, description: 'Not Found: method not found' });
    });

    app.post<{ Body: { chatId?: string; userId?: number | string; status?: ChatMemberStatus } }>('/control/member', (request, reply) => {
      const { chatId, userId, status } = request.body ?? {};
      if (!chatId || userId === undefined || !status)
        return reply.code(400).send({ ok: false, description: 'chatId, userId and status are required' });
      state.members.set(memberKey(chatId, userId), status);
      return { ok: true };
    });
    app.get('/control/outbox', () => ({ ok: true, result: state.outbox }));
    app.get('/control/prepared', () => ({ ok: true, result: state.prepared }));
    // The next call of a method is refused with 429 "retry after N" (Telegram's flood control).
    app.post<{ Body: { method?: string; retryAfter?: number } }>('/control/flood', (request, reply) => {
      const { method, retryAfter } = request.body ?? {};
      if (!method || typeof retryAfter !== 'number' || !Number.isInteger(retryAfter) || retryAfter < 0)
        return reply.code(400).send({ ok: false, description: 'method and a whole retryAfter are required' });
      state.floods.push({ method, retryAfter });
      return { ok: true };
    });
    // A player sends a collectible gift to the relayer account (what a gift deposit looks like).
    app.post<{ Body: Record<string, unknown> & { owned_gift_id?: string } }>('/control/receive-gift', (request, reply) => {
      const gift = request.body;
      if (!gift?.owned_gift_id) return reply.code(400).send({ ok: false, description: 'owned_gift_id is required' });
      state.relayerGifts.push({ type: 'unique', ...gift, owned_gift_id: gift.owned_gift_id });
      return { ok: true };
    });
    return Promise.resolve();
  };
}
