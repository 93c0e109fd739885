import { describe, expect, it } from 'vitest';
import { BotApiError, HttpBotApi } from '../src/adapters/telegram/bot-api';

/** Replies as Telegram's Bot API sends them (shapes from core.telegram.org/bots/api). */
const recorded = {
  member: { ok: true, result: { user: { id: 5000001, is_bot: false, first_name: 'Ada', language_code: 'en' }, status: 'member' } },
  creator: { ok: true, result: { user: { id: 5000001, is_bot: false, first_name: 'Ada' }, status: 'creator', is_anonymous: false } },
  left: { ok: true, result: { user: { id: 5000001, is_bot: false, first_name: 'Ada' }, status: 'left' } },
  restrictedOut: {
    ok: true,
    result: { user: { id: 5000001, is_bot: false, first_name: 'Ada' }, status: 'restricted', is_member: false, until_date: 0 },
  },
  restrictedIn: {
    ok: true,
    result: { user: { id: 5000001, is_bot: false, first_name: 'Ada' }, status: 'restricted', is_member: true, until_date: 0 },
  },
  userNotFound: { ok: false, error_code: 400, description: 'Bad Request: user not found' },
  notAdmin: { ok: false, error_code: 400, description: 'Bad Request: member list is inaccessible' },
  botKicked: { ok: false, error_code: 403, description: 'Forbidden: bot is not a member of the channel chat' },
  flood: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 5', parameters: { retry_after: 5 } },
  sent: {
    ok: true,
    result: {
      message_id: 42,
      from: { id: 7000000001, is_bot: true, first_name: 'Arcade' },
      chat: { id: 5000001, type: 'private' },
      date: 1795000000,
      text: 'hi',
    },
  },
};

function api(status: number, body: unknown) {
  const requests: Array<{ url: string; body: unknown }> = [];
  const fetch = (url: string, init: { body: string }) => {
    requests.push({ url, body: JSON.parse(init.body) });
    return Promise.resolve(new Response(typeof body === 'string' ? body : JSON.stringify(body), { status }));
  };
  // A 429 asking for more than a second is an error at once here (the retries have their own tests).
  return {
    bot: new HttpBotApi({
      token: '7000000001:AAE-test',
      baseUrl: 'https://api.telegram.org',
      fetch: fetch as unknown as typeof globalThis.fetch,
      maxRetryDelaySeconds: 1,
    }),
    requests,
  };
}

describe('the Bot API over HTTP, against recorded replies', () => {
  it('asks getChatMember with the bot token in the path', async () => {
    const { bot, requests } = api(200, recorded.member);
    expect(await bot.isChatMember('@ton_arcade_news', 5000001n)).toBe(true);
    expect(requests[0]).toEqual({
      url: 'https://api.telegram.org/bot7000000001:AAE-test/getChatMember',
      body: { chat_id: '@ton_arcade_news', user_id: 5000001 },
    });
  });

  it.each([
    ['member', recorded.member, true],
    ['creator', recorded.creator, true],
    ['restricted but in the chat', recorded.restrictedIn, true],
    ['restricted and out', recorded.restrictedOut, false],
    ['left', recorded.left, false],
  ])('%s', async (_name, reply, member) => {
    expect(await api(200, reply).bot.isChatMember('@c', 1n)).toBe(member);
  });

  it('"user not found" means never joined', async () => {
    expect(await api(400, recorded.userNotFound).bot.isChatMember('@c', 1n)).toBe(false);
  });

  it.each([
    ['the bot cannot see members', 400, recorded.notAdmin],
    ['the bot was removed from the channel', 403, recorded.botKicked],
    ['flood control', 429, recorded.flood],
    ['an HTML error page', 502, '<html>Bad Gateway</html>'],
    ['an unknown shape', 200, { result: 'member' }],
  ])('%s is an error, not a "no"', async (_name, status, reply) => {
    await expect(api(status, reply).bot.isChatMember('@c', 1n)).rejects.toBeInstanceOf(BotApiError);
  });

  it('sends a message and refuses a failed send', async () => {
    const ok = api(200, recorded.sent);
    await ok.bot.sendMessage(5000001n, 'hi');
    expect(ok.requests[0]).toEqual({
      url: 'https://api.telegram.org/bot7000000001:AAE-test/sendMessage',
      body: { chat_id: 5000001, text: 'hi' },
    });
    await expect(
      api(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }).bot.sendMessage(1n, 'x'),
    ).rejects.toThrow('blocked');
  });

  it('a network failure is an error', async () => {
    const bot = new HttpBotApi({
      token: 't',
      baseUrl: 'https://api.telegram.org',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(bot.isChatMember('@c', 1n)).rejects.toThrow('unreachable');
  });
});
