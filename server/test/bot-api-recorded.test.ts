import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Update } from 'grammy/types';
import { BotApiError, HttpBotApi, telegramApi } from '../src/adapters/telegram/bot-api';
import { createTelegramBot, setMenuButton, setWebhook } from '../src/adapters/telegram/bot';
import { HttpGiftRelayer, RelayerStarsError } from '../src/adapters/telegram/gift-relayer';
import type { Queryable } from '../src/db/db';
import { botUpdateHandlers } from '../src/domain/bot-updates';

/**
 * The real Bot API client (grammY with auto-retry underneath) against replies recorded in
 * Telegram's own shapes (test/fixtures/bot-api), served by a fetch stub: what it asks, and what it
 * makes of each answer.
 */
const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/bot-api/${name}.json`, import.meta.url), 'utf8'));

const TOKEN = '7000000001:AAE-recorded';
const ROOT = 'https://api.telegram.org';

interface Sent {
  method: string;
  body: Record<string, unknown>;
}

/** Answers each method with its queue of recorded replies (the last one repeats); keeps every request. */
function telegram(replies: Record<string, Array<unknown>>) {
  const sent: Sent[] = [];
  const fetch = (url: string, init: { body: string }) => {
    const match = new RegExp(`^${ROOT}/bot${TOKEN}/(\\w+)$`).exec(url);
    if (!match) return Promise.reject(new Error(`unexpected URL ${url}`));
    const method = match[1]!;
    sent.push({ method, body: JSON.parse(init.body) as Record<string, unknown> });
    const queue = replies[method];
    if (!queue?.length) return Promise.reject(new Error(`no recorded reply for ${method}`));
    const reply = queue.length > 1 ? queue.shift() : queue[0];
    if (reply instanceof Error) return Promise.reject(reply);
    const status = (reply as { error_code?: number }).error_code ?? 200;
    return Promise.resolve(new Response(JSON.stringify(reply), { status, headers: { 'content-type': 'application/json' } }));
  };
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent, calls: (method: string) => sent.filter((s) => s.method === method) };
}

/** The relayer's connection comes from the options here: it never reads the database. */
const noDb = {} as Queryable;

describe('the gift relayer pays each gift its own Telegram price', () => {
  const relayer = (replies: Record<string, Array<unknown>>) => {
    const t = telegram(replies);
    return {
      ...t,
      relayer: new HttpGiftRelayer({ token: TOKEN, baseUrl: ROOT, businessConnectionId: 'AQADbizconnRelayer01xYzA', fetch: t.fetch }),
    };
  };

  it('reads transfer_star_count from getBusinessAccountGifts, checks the Star balance, and transfers for exactly that', async () => {
    const t = relayer({
      getBusinessAccountGifts: [fixture('getBusinessAccountGifts')],
      getBusinessAccountStarBalance: [fixture('getBusinessAccountStarBalance')],
      transferGift: [fixture('transferGift')],
    });
    await t.relayer.transferGift('bizgift_7300112233', 5000009n, noDb);
    expect(t.sent.map((s) => s.method)).toEqual(['getBusinessAccountGifts', 'getBusinessAccountStarBalance', 'transferGift']);
    expect(t.calls('getBusinessAccountGifts')[0]!.body).toMatchObject({
      business_connection_id: 'AQADbizconnRelayer01xYzA',
      exclude_unique: false,
      limit: 100,
    });
    expect(t.calls('getBusinessAccountStarBalance')[0]!.body).toEqual({ business_connection_id: 'AQADbizconnRelayer01xYzA' });
    // 50 Stars, the gift's own price, not a flat 25.
    expect(t.calls('transferGift')[0]!.body).toEqual({
      business_connection_id: 'AQADbizconnRelayer01xYzA',
      owned_gift_id: 'bizgift_7300112233',
      new_owner_chat_id: 5000009,
      star_count: 50,
    });
  });

  it('refuses before transferring when the Star balance cannot cover the price', async () => {
    const t = relayer({
      getBusinessAccountGifts: [fixture('getBusinessAccountGifts')],
      getBusinessAccountStarBalance: [fixture('getBusinessAccountStarBalance.low')],
      transferGift: [fixture('transferGift')],
    });
    const refusal = await t.relayer.transferGift('bizgift_7300112233', 5000009n, noDb).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RelayerStarsError);
    expect(refusal).toMatchObject({ needed: 50, available: 30 });
    expect(t.calls('transferGift')).toHaveLength(0);
  });

  it('a gift Telegram gives no price for (the bot may not move it), or one the account does not hold, is refused without a transfer', async () => {
    const t = relayer({ getBusinessAccountGifts: [fixture('getBusinessAccountGifts')], transferGift: [fixture('transferGift')] });
    await expect(t.relayer.transferGift('bizgift_7300445566', 5000009n, noDb)).rejects.toThrow('does not let the relayer transfer');
    await expect(t.relayer.transferGift('bizgift_not_here', 5000009n, noDb)).rejects.toThrow('does not hold gift');
    expect(t.calls('transferGift')).toHaveLength(0);
  });

  it('without any business connection it refuses to transfer and has received nothing', async () => {
    const t = telegram({});
    const none = new HttpGiftRelayer({
      token: TOKEN,
      baseUrl: ROOT,
      businessConnectionId: null,
      connection: () => Promise.resolve(null),
      fetch: t.fetch,
    });
    await expect(none.transferGift('bizgift_7300112233', 1n, noDb)).rejects.toThrow('no business connection');
    expect(await none.receivedGifts(null, noDb)).toEqual({ gifts: [], nextOffset: null });
    expect(t.sent).toHaveLength(0);
  });

  it('reads the received gifts from the recorded page', async () => {
    const t = relayer({ getBusinessAccountGifts: [fixture('getBusinessAccountGifts')] });
    const { gifts, nextOffset } = await t.relayer.receivedGifts(null, noDb);
    expect(nextOffset).toBeNull();
    expect(gifts.map((g) => [g.ownedGiftId, g.fromUserId, g.collection, g.number])).toEqual([
      ['bizgift_7300112233', 5000001n, 'Plush Pepe', 1204],
      ['bizgift_7300445566', 5000002n, 'Jelly Bunny', 777],
    ]);
    expect(gifts[0]!.backdrop).toMatchObject({ center: '#383838', edge: '#161616' });
  });
});

describe('a card to share is prepared with savePreparedInlineMessage', () => {
  const card = {
    id: 'win-41-5000001',
    title: 'A win of 2.47 TON',
    text: '🎉 I won 2.47 TON (×2.47) at Roll in TON Arcade!',
    button: { text: '🎮 Play', url: 'https://t.me/arcade_test_bot/app?startapp=r_abc123' },
  };

  it('sends an article with the text and one link button, for every kind of chat, and answers the id', async () => {
    const t = telegram({ savePreparedInlineMessage: [fixture('savePreparedInlineMessage')] });
    const id = await new HttpBotApi({ token: TOKEN, baseUrl: ROOT, fetch: t.fetch }).savePreparedInlineMessage(5000001n, card);
    expect(id).toBe('UFM7x9Qk2bAAAAAAJrZq1w');
    expect(t.calls('savePreparedInlineMessage')).toEqual([
      {
        method: 'savePreparedInlineMessage',
        body: {
          user_id: 5000001,
          result: {
            type: 'article',
            id: card.id,
            title: card.title,
            description: card.text,
            input_message_content: { message_text: card.text },
            reply_markup: { inline_keyboard: [[{ text: card.button.text, url: card.button.url }]] },
          },
          allow_user_chats: true,
          allow_bot_chats: true,
          allow_group_chats: true,
          allow_channel_chats: true,
        },
      },
    ]);
  });

  it("a refusal is a BotApiError with Telegram's words, sent once", async () => {
    const t = telegram({ savePreparedInlineMessage: [fixture('savePreparedInlineMessage.invalid')] });
    const api = new HttpBotApi({ token: TOKEN, baseUrl: ROOT, fetch: t.fetch });
    const error = await api.savePreparedInlineMessage(5000001n, card).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BotApiError);
    expect((error as BotApiError).message).toBe('savePreparedInlineMessage failed: 400 Bad Request: RESULT_ID_INVALID');
    expect(t.calls('savePreparedInlineMessage')).toHaveLength(1);
  });

  it('an answer of another shape is refused, not taken for an id', async () => {
    const t = telegram({ savePreparedInlineMessage: [{ ok: true, result: { expiration_date: 1796083200 } }] });
    const api = new HttpBotApi({ token: TOKEN, baseUrl: ROOT, fetch: t.fetch });
    await expect(api.savePreparedInlineMessage(5000001n, card)).rejects.toThrow(/unknown shape/);
  });
});

describe("Telegram's flood control (429 retry_after) is waited out, and nothing else is repeated", () => {
  it('sendMessage after a 429 with retry_after 1 is sent again once, after the wait', async () => {
    const t = telegram({ sendMessage: [fixture('too-many-requests'), fixture('sendMessage')] });
    const started = Date.now();
    await new HttpBotApi({ token: TOKEN, baseUrl: ROOT, fetch: t.fetch }).sendMessage(5000001n, 'hi');
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(t.calls('sendMessage')).toHaveLength(2);
  });

  it('a 429 asking for longer than the limit is an error at once', async () => {
    const t = telegram({ sendMessage: [fixture('too-many-requests.long')] });
    await expect(
      new HttpBotApi({ token: TOKEN, baseUrl: ROOT, fetch: t.fetch, maxRetryDelaySeconds: 30 }).sendMessage(1n, 'x'),
    ).rejects.toThrow('429 Too Many Requests');
    expect(t.sent).toHaveLength(1);
  });

  it('a 500 or a network failure (the message may have gone out) is not repeated', async () => {
    const failed = telegram({ sendMessage: [fixture('internal-server-error')] });
    const error = await new HttpBotApi({ token: TOKEN, baseUrl: ROOT, fetch: failed.fetch }).sendMessage(1n, 'x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BotApiError);
    expect(error).toMatchObject({ status: 500 });
    expect(failed.sent).toHaveLength(1);

    const cut = telegram({ sendMessage: [new TypeError('socket hang up')] });
    await expect(new HttpBotApi({ token: TOKEN, baseUrl: ROOT, fetch: cut.fetch }).sendMessage(1n, 'x')).rejects.toThrow('unreachable');
    expect(cut.sent).toHaveLength(1);
  });

  it('a transfer hit by flood control is made once, after the wait', async () => {
    const t = telegram({
      getBusinessAccountGifts: [fixture('getBusinessAccountGifts')],
      getBusinessAccountStarBalance: [fixture('getBusinessAccountStarBalance')],
      transferGift: [fixture('too-many-requests'), fixture('transferGift')],
    });
    await new HttpGiftRelayer({ token: TOKEN, baseUrl: ROOT, businessConnectionId: 'c', fetch: t.fetch }).transferGift(
      'bizgift_7300112233',
      1n,
      noDb,
    );
    expect(t.calls('transferGift')).toHaveLength(2);
  });
});

describe('the operator commands and /start, against recorded replies', () => {
  const config = { publicUrl: 'https://arcade.example', botWebhookSecret: 'w'.repeat(40) };

  it('setWebhook sends the URL, the secret and the updates the bot handles', async () => {
    const t = telegram({ setWebhook: [fixture('setWebhook')] });
    expect(await setWebhook(telegramApi({ token: TOKEN, baseUrl: ROOT, fetch: t.fetch }), config)).toBe(
      'https://arcade.example/telegram/webhook',
    );
    expect(t.calls('setWebhook')[0]!.body).toEqual({
      url: 'https://arcade.example/telegram/webhook',
      secret_token: 'w'.repeat(40),
      allowed_updates: ['message', 'business_connection'],
    });
  });

  it("Telegram's refusal of a webhook is a BotApiError with its description", async () => {
    const t = telegram({ setWebhook: [fixture('setWebhook.not-https')] });
    await expect(
      setWebhook(telegramApi({ token: TOKEN, baseUrl: ROOT, fetch: t.fetch }), { ...config, publicUrl: 'http://localhost:8080' }),
    ).rejects.toThrow('setWebhook failed: 400 Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
  });

  it('setChatMenuButton sets a web_app button to the app', async () => {
    const t = telegram({ setChatMenuButton: [fixture('setChatMenuButton')] });
    await setMenuButton(telegramApi({ token: TOKEN, baseUrl: ROOT, fetch: t.fetch }), config);
    expect(t.calls('setChatMenuButton')[0]!.body).toEqual({
      menu_button: { type: 'web_app', text: 'TON Arcade', web_app: { url: 'https://arcade.example/' } },
    });
  });

  it('/start r_<code> from a Ukrainian client is answered in Russian with the link carrying the start parameter', async () => {
    const t = telegram({ sendMessage: [fixture('sendMessage')] });
    const bot = createTelegramBot({
      config: { botToken: TOKEN, botApiUrl: ROOT, miniAppUrl: 'https://t.me/arcade_test_bot/play', relayerUserId: null },
      handlers: botUpdateHandlers(noDb),
      log: Fastify().log,
      fetch: t.fetch,
    });
    await bot.handleUpdate(fixture('update.start') as Update);
    const [message] = t.calls('sendMessage');
    expect(message!.body).toMatchObject({
      chat_id: 5000003,
      reply_markup: { inline_keyboard: [[{ text: '🎮 Играть', url: 'https://t.me/arcade_test_bot/play?startapp=r_ada42' }]] },
    });
    expect(message!.body.text).toContain('Добро пожаловать');
  });
});
