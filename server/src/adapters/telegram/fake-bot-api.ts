import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { ChatMemberStatus } from './bot-api';

/** What the local fake keeps: who is in which chat, and every message the bot sent. */
export interface FakeBotState {
  members: Map<string, ChatMemberStatus>;
  outbox: Array<{ chatId: number; text: string; at: string }>;
  /** Gifts the relayer account holds, in Bot API OwnedGiftUnique shape, and where transferred ones went. */
  relayerGifts: Array<Record<string, unknown> & { owned_gift_id: string }>;
  transferred: Array<{ ownedGiftId: string; to: number }>;
}

export function fakeBotState(): FakeBotState {
  return { members: new Map(), outbox: [], relayerGifts: [], transferred: [] };
}

const memberKey = (chatId: string, userId: number | string) => `${chatId}|${userId}`;

/**
 * A local stand-in for the Telegram Bot API (tests and the offline start mode): getChatMember
 * and sendMessage answer in Telegram's own shapes for the given bot token, and two control
 * routes let a test or a developer make a user a member and read what was sent.
 */
export function fakeBotApi(token: string, state: FakeBotState = fakeBotState()): FastifyPluginAsync {
  return (app: FastifyInstance) => {
    app.post<{ Params: { bot: string; method: string }; Body: Record<string, unknown> | undefined }>('/:bot/:method', (request, reply) => {
      const { bot, method } = request.params;
      if (bot !== `bot${token}`) return reply.code(401).send({ ok: false, error_code: 401, description: 'Unauthorized' });
      const body = request.body ?? {};
      if (method === 'getChatMember') {
        const chatId = typeof body.chat_id === 'string' || typeof body.chat_id === 'number' ? String(body.chat_id) : '';
        const userId = Number(body.user_id);
        if (!chatId || !Number.isInteger(userId)) return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: chat_id and user_id are required' });
        const status = state.members.get(memberKey(chatId, userId));
        if (!status) return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: user not found' });
        return { ok: true, result: { status, user: { id: userId, is_bot: false, first_name: 'Player' }, ...(status === 'restricted' ? { is_member: true } : {}) } };
      }
      if (method === 'sendMessage') {
        const chatId = Number(body.chat_id);
        const text = typeof body.text === 'string' ? body.text : '';
        if (!Number.isInteger(chatId) || !text) return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
        state.outbox.push({ chatId, text, at: new Date().toISOString() });
        return { ok: true, result: { message_id: state.outbox.length, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' }, text } };
      }
      if (method === 'getBusinessAccountGifts') {
        const offset = Number(typeof body.offset === 'string' ? body.offset : '0') || 0;
        const page = state.relayerGifts.slice(offset, offset + 100);
        const next = offset + page.length;
        return { ok: true, result: { total_count: state.relayerGifts.length, gifts: page, ...(next < state.relayerGifts.length ? { next_offset: String(next) } : {}) } };
      }
      if (method === 'transferGift') {
        const id = typeof body.owned_gift_id === 'string' ? body.owned_gift_id : '';
        const to = Number(body.new_owner_chat_id);
        const index = state.relayerGifts.findIndex((g) => g.owned_gift_id === id);
        if (index < 0) return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: gift not found' });
        const next = state.relayerGifts[index]!.next_transfer_date;
        if (typeof next === 'number' && next * 1000 > Date.now()) return reply.code(400).send({ ok: false, error_code: 400, description: 'Bad Request: STARGIFT_TRANSFER_TOO_EARLY' });
        state.relayerGifts.splice(index, 1);
        state.transferred.push({ ownedGiftId: id, to });
        return { ok: true, result: true };
      }
      return reply.code(404).send({ ok: false, error_code: 404, description: 'Not Found: method not found' });
    });

    app.post<{ Body: { chatId?: string; userId?: number | string; status?: ChatMemberStatus } }>('/control/member', (request, reply) => {
      const { chatId, userId, status } = request.body ?? {};
      if (!chatId || userId === undefined || !status) return reply.code(400).send({ ok: false, description: 'chatId, userId and status are required' });
      state.members.set(memberKey(chatId, userId), status);
      return { ok: true };
    });
    app.get('/control/outbox', () => ({ ok: true, result: state.outbox }));
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
