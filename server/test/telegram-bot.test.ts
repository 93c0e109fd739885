import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Gift, MarketPage } from '@arcade/api-client/market';
import { HttpBotApi, telegramApi } from '../src/adapters/telegram/bot-api';
import { FAKE_TRANSFER_STARS } from '../src/adapters/telegram/fake-bot-api';
import { relayerConnectionId } from '../src/domain/business-connections';
import { audit } from '../src/domain/ledger';
import { seedMarketCatalogue } from '../src/domain/market/catalogue-generator';
import { queueNotice, sendQueuedNotices } from '../src/domain/notifications';
import { runBotOperator } from '../src/operator-bot';
import {
  databases,
  envelope,
  fund,
  logIn,
  newUserId,
  post,
  PUBLIC_URL,
  suiteFakeBot,
  suiteServer,
  TEST_BOT_TOKEN,
  testConfig,
} from './helpers';

const SECRET = 'test-webhook-secret-of-at-least-32-characters_0123';
const MINI_APP_URL = 'https://t.me/arcade_test_bot/play';
const RELAYER_ACCOUNT = 6100000001;
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`./fixtures/bot-api/${name}.json`, import.meta.url), 'utf8')) as Record<string, unknown>;

let updates = 800_000_000;
/** A message update as Telegram posts it: /start with an optional payload. */
function startUpdate(userId: number, payload: string | null, languageCode = 'en') {
  const text = payload === null ? '/start' : `/start ${payload}`;
  return {
    update_id: ++updates,
    message: {
      message_id: updates,
      from: { id: userId, is_bot: false, first_name: 'Player', language_code: languageCode },
      chat: { id: userId, first_name: 'Player', type: 'private' },
      date: Math.floor(Date.now() / 1000),
      text,
      entities: [{ offset: 0, length: 6, type: 'bot_command' }],
    },
  };
}

/** A business_connection update, from the recorded one, with the given changes. */
function connectionUpdate(change: {
  id?: string;
  user?: number;
  enabled?: boolean;
  date?: number;
  rights?: Record<string, boolean> | null;
  updateId?: number;
}) {
  const recorded = fixture('update.business-connection') as { business_connection: Record<string, unknown> };
  const { rights: _rights, ...rest } = recorded.business_connection;
  const rights = change.rights === undefined ? recorded.business_connection.rights : change.rights;
  return {
    update_id: change.updateId ?? ++updates,
    business_connection: {
      ...rest,
      ...(change.id ? { id: change.id } : {}),
      ...(change.user ? { user: { id: change.user, is_bot: false, first_name: 'Someone' }, user_chat_id: change.user } : {}),
      ...(change.date ? { date: change.date } : {}),
      ...(rights === null ? {} : { rights }),
      is_enabled: change.enabled ?? true,
    },
  };
}

describe.each(databases())('the bot on its webhook, against the local fake Bot API, on $name', (database) => {
  let keys = 0;
  const env = () => ({
    BOT_API_URL: bot.url,
    BOT_WEBHOOK_SECRET: SECRET,
    MINI_APP_URL,
    RELAYER_USER_ID: String(RELAYER_ACCOUNT),
    BUSINESS_CONNECTION_ID: 'typed-connection',
  });

  const webhook = (body: unknown, secret: string | null = SECRET, headers: Record<string, string> = {}) =>
    suite.app.inject({
      method: 'POST',
      url: '/telegram/webhook',
      headers: {
        'content-type': 'application/json',
        ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
        ...headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });

  const bot = suiteFakeBot();
  const suite = suiteServer(database, {
    prepare: (db) => seedMarketCatalogue(db, { perCollection: 2 }),
    start: () => ({ env: env() }),
  });
  beforeEach(() => {
    bot.outbox.length = 0;
    bot.calls.length = 0;
    bot.transferred.length = 0;
    bot.floods.length = 0;
  });

  it('/start r_<code> with the right secret is answered with a button that opens the app with that start parameter', async () => {
    const user = newUserId();
    const response = await webhook(startUpdate(user, 'r_ada42'));
    expect(response.statusCode).toBe(200);
    expect(bot.outbox).toHaveLength(1);
    const [message] = bot.outbox;
    expect(message).toMatchObject({
      chatId: user,
      replyMarkup: { inline_keyboard: [[{ text: '🎮 Play', url: `${MINI_APP_URL}?startapp=r_ada42` }]] },
    });
    expect(message!.text).toContain('A friend invited you');
  });

  it('/start alone, or with anything but a referral, opens the app plainly; Russian for ru, uk, be and kk clients', async () => {
    for (const [payload, lang] of [
      [null, 'ru'],
      ['hello', 'kk'],
      ['r_NOT-a-code', 'be-BY'],
    ] as const) {
      bot.outbox.length = 0;
      expect((await webhook(startUpdate(newUserId(), payload, lang))).statusCode).toBe(200);
      expect(bot.outbox[0]).toMatchObject({ replyMarkup: { inline_keyboard: [[{ text: '🎮 Играть', url: MINI_APP_URL }]] } });
      expect(bot.outbox[0]!.text).toContain('Добро пожаловать');
    }
  });

  it('a wrong or missing secret is a 401 and the update is dropped: nothing sent, nothing stored', async () => {
    const before = await suite.db.query('SELECT id FROM business_connections');
    for (const secret of [null, '', 'x', SECRET.slice(0, -1), `${SECRET}x`, SECRET.toUpperCase()]) {
      const start = await webhook(startUpdate(newUserId(), 'r_ada42'), secret);
      expect(start.statusCode, String(secret)).toBe(401);
      expect(envelope(start)).toMatchObject({ success: false, message: 'Missing or wrong X-Telegram-Bot-Api-Secret-Token' });
      expect((await webhook(connectionUpdate({ id: 'forged-connection' }), secret)).statusCode).toBe(401);
    }
    // Not even a body that is not JSON gets past the secret.
    expect((await webhook('{"update_id": 1, ', 'wrong')).statusCode).toBe(401);
    expect(bot.calls).toEqual([]);
    expect(bot.outbox).toEqual([]);
    expect((await suite.db.query('SELECT id FROM business_connections')).rows).toEqual(before.rows);
  });

  it('with the right secret, what is not an update is a 400 and changes nothing', async () => {
    for (const body of ['[]', '"start"', '{}', '{"update_id": -1}', '{"update_id": 1.5}', '{"update_id": "7"}']) {
      const response = await webhook(body);
      expect(response.statusCode, body).toBe(400);
      expect(envelope(response).success).toBe(false);
    }
    expect((await webhook('{"update_id": ')).statusCode).toBe(400);
    // A business connection that is not one: refused, not stored.
    const broken = await webhook({ update_id: ++updates, business_connection: { id: 'broken', is_enabled: true } });
    expect(broken.statusCode).toBe(400);
    expect((await suite.db.query("SELECT id FROM business_connections WHERE id = 'broken'")).rowCount).toBe(0);
    expect(bot.calls).toEqual([]);
  });

  it('a 429 on the answer is waited out (retry_after) and the message is sent once', async () => {
    bot.floods.push({ method: 'sendMessage', retryAfter: 1 });
    const user = newUserId();
    const response = await webhook(startUpdate(user, null));
    expect(response.statusCode).toBe(200);
    expect(bot.calls).toEqual(['sendMessage', 'sendMessage']);
    expect(bot.outbox.filter((m) => m.chatId === user)).toHaveLength(1);
  });

  /** A player with a gift bought from the house stock, which the fake relayer account holds. */
  async function playerWithGift(): Promise<{ token: string; userId: bigint; gift: Gift }> {
    const id = newUserId();
    const token = await logIn(suite.app, { id });
    await fund(suite.db, BigInt(id), '20');
    const call = async <T>(path: string, body: unknown) =>
      envelope(await post(suite.app, `/api/v3/${path}`, body, { token })) as { success: boolean; data: T; code?: string; message?: string };
    const page = await call<MarketPage>('market/list', { sort: 'price-asc', limit: 20 });
    for (const gift of page.data.items) {
      const bought = await call<{ items: Array<{ result: string }> }>('market/checkout', {
        items: [{ giftId: gift.id, price: gift.price }],
        idempotencyKey: `bot-buy-${++keys}-${Date.now()}`,
      });
      if (bought.success && bought.data.items[0]?.result === 'bought') {
        const row = (
          await suite.db.query<{ telegram_gift_id: string }>('SELECT telegram_gift_id FROM gifts WHERE id = $1', [BigInt(gift.id)])
        ).rows[0]!;
        bot.relayerGifts.push({ type: 'unique', owned_gift_id: row.telegram_gift_id });
        return { token, userId: BigInt(id), gift };
      }
    }
    throw new Error('no gift could be bought');
  }
  const withdraw = async (token: string, giftId: string) =>
    envelope(
      await post(suite.app, '/api/v3/gifts/withdraw', { giftId, idempotencyKey: `bot-withdraw-${++keys}-${Date.now()}` }, { token }),
    ) as {
      success: boolean;
      code?: string;
      message?: string;
    };
  const tonOf = async (userId: bigint) =>
    (await suite.db.query<{ balance: bigint }>("SELECT balance FROM accounts WHERE user_id = $1 AND kind = 'ton'", [userId])).rows[0]!
      .balance;

  it('a business_connection is stored and the relayer then transfers through it, paying the gift its own price; disabled, the typed id is used again', async () => {
    // Before Telegram reported any connection: BUSINESS_CONNECTION_ID.
    const first = await playerWithGift();
    expect((await withdraw(first.token, first.gift.id)).success).toBe(true);
    expect(bot.transferred.at(-1)).toMatchObject({
      connectionId: 'typed-connection',
      to: Number(first.userId),
      stars: FAKE_TRANSFER_STARS,
    });

    const recorded = fixture('update.business-connection');
    expect((await webhook(recorded)).statusCode).toBe(200);
    const id = (recorded.business_connection as { id: string }).id;
    const { rows } = await suite.db.query<{
      user_id: bigint;
      is_enabled: boolean;
      can_transfer_gifts: boolean;
      can_transfer_stars: boolean;
    }>('SELECT user_id, is_enabled, can_transfer_gifts, can_transfer_stars FROM business_connections WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ user_id: BigInt(RELAYER_ACCOUNT), is_enabled: true, can_transfer_gifts: true, can_transfer_stars: true });

    // A gift Telegram prices at 40 Stars is paid 40.
    const second = await playerWithGift();
    Object.assign(bot.relayerGifts.at(-1)!, { transfer_star_count: 40 });
    const starsBefore = bot.relayerStars;
    expect((await withdraw(second.token, second.gift.id)).success).toBe(true);
    expect(bot.transferred.at(-1)).toMatchObject({ connectionId: id, to: Number(second.userId), stars: 40 });
    expect(bot.relayerStars).toBe(starsBefore - 40);

    // Disabled: marked so, and the relayer falls back to the typed id.
    expect((await webhook(connectionUpdate({ enabled: false }))).statusCode).toBe(200);
    expect(
      (await suite.db.query<{ is_enabled: boolean }>('SELECT is_enabled FROM business_connections WHERE id = $1', [id])).rows[0]!
        .is_enabled,
    ).toBe(false);
    const third = await playerWithGift();
    expect((await withdraw(third.token, third.gift.id)).success).toBe(true);
    expect(bot.transferred.at(-1)).toMatchObject({ connectionId: 'typed-connection' });
    expect((await audit(suite.db)).problems).toEqual([]);
  });

  it('the relayer uses the newest enabled connection of the relayer account that may transfer gifts; an older update delivered again changes nothing', async () => {
    const account = { relayerUserId: BigInt(RELAYER_ACCOUNT) };
    const now = Math.floor(Date.now() / 1000);
    const post200 = async (update: unknown) => expect((await webhook(update)).statusCode).toBe(200);
    await post200(connectionUpdate({ id: 'conn-old', date: now - 1000 }));
    await post200(connectionUpdate({ id: 'conn-new', date: now }));
    // Newer, but: a stranger's account, a connection without the right to move gifts.
    await post200(connectionUpdate({ id: 'conn-stranger', user: 6100000099, date: now + 10 }));
    await post200(connectionUpdate({ id: 'conn-no-gifts', date: now + 20, rights: { can_reply: true, can_view_gifts_and_stars: true } }));
    expect(await relayerConnectionId(suite.db, account.relayerUserId)).toBe('conn-new');
    // A connection whose update says nothing of rights (an older Bot API) is not refused.
    await post200(connectionUpdate({ id: 'conn-no-rights-said', date: now + 30, rights: null }));
    expect(await relayerConnectionId(suite.db, account.relayerUserId)).toBe('conn-no-rights-said');
    const disable = connectionUpdate({ id: 'conn-no-rights-said', date: now + 30, rights: null, enabled: false });
    await post200(disable);
    expect(await relayerConnectionId(suite.db, account.relayerUserId)).toBe('conn-new');
    // The enabling update delivered again after the disabling one: still disabled.
    await post200(connectionUpdate({ id: 'conn-no-rights-said', date: now + 30, rights: null, updateId: disable.update_id - 1 }));
    expect(await relayerConnectionId(suite.db, account.relayerUserId)).toBe('conn-new');
    // Without RELAYER_USER_ID: anyone's in development, nobody's in production.
    expect(await relayerConnectionId(suite.db, 'any')).toBe('conn-stranger');
    expect(await relayerConnectionId(suite.db, null)).toBeNull();
    await post200(connectionUpdate({ id: 'conn-new', enabled: false, date: now }));
    await post200(connectionUpdate({ id: 'conn-old', enabled: false, date: now - 1000 }));
  });

  it("when the relayer account's Stars cannot pay the gift's price, the withdrawal is refused with a clear reason and nothing is charged or sent", async () => {
    const player = await playerWithGift();
    const stars = bot.relayerStars;
    bot.relayerStars = FAKE_TRANSFER_STARS - 1;
    try {
      const before = await tonOf(player.userId);
      const refused = await withdraw(player.token, player.gift.id);
      expect(refused).toMatchObject({ success: false, code: 'market.relayer.stars' });
      expect(refused.message).toContain('nothing was charged');
      expect(await tonOf(player.userId)).toBe(before);
      expect(bot.transferred).toEqual([]);
      expect(bot.calls).not.toContain('transferGift');
      const inventory = envelope(await post(suite.app, '/api/v3/gifts/inventory', {}, { token: player.token })).data as { items: Gift[] };
      expect(inventory.items.map((g) => g.id)).toContain(player.gift.id);
    } finally {
      bot.relayerStars = stars;
    }
    expect((await withdraw(player.token, player.gift.id)).success).toBe(true);
  });

  it('the outbox sends a queued message once through a 429, marks it sent only after the send, and two passes at once send it once', async () => {
    const id = newUserId();
    await logIn(suite.app, { id, allowsWriteToPm: true });
    const api = new HttpBotApi({ token: TEST_BOT_TOKEN, baseUrl: bot.url });
    await queueNotice(suite.db, BigInt(id), 'referralEarnings', 1_000_000_000n, `bot-test-${id}-1`);
    bot.floods.push({ method: 'sendMessage', retryAfter: 1 });
    expect(await sendQueuedNotices(suite.db, api)).toEqual({ sent: 1, skipped: 0, failed: 0 });
    expect(bot.calls).toEqual(['sendMessage', 'sendMessage']);
    expect(bot.outbox.filter((m) => m.chatId === id)).toHaveLength(1);
    const row = await suite.db.query<{ attempts: number; sent: boolean }>(
      'SELECT attempts, sent_at IS NOT NULL AS sent FROM bot_outbox WHERE reference = $1',
      [`bot-test-${id}-1`],
    );
    expect(row.rows[0]).toEqual({ attempts: 1, sent: true });

    // Telegram down: not marked sent, tried again later.
    const down = new HttpBotApi({ token: TEST_BOT_TOKEN, baseUrl: 'http://127.0.0.1:1' });
    await queueNotice(suite.db, BigInt(id), 'referralEarnings', 2_000_000_000n, `bot-test-${id}-2`);
    expect(await sendQueuedNotices(suite.db, down)).toMatchObject({ sent: 0, failed: 1 });
    expect(
      (await suite.db.query('SELECT id FROM bot_outbox WHERE reference = $1 AND sent_at IS NULL', [`bot-test-${id}-2`])).rowCount,
    ).toBe(1);

    await queueNotice(suite.db, BigInt(id), 'referralEarnings', 3_000_000_000n, `bot-test-${id}-3`);
    bot.outbox.length = 0;
    const passes = await Promise.all([
      sendQueuedNotices(suite.db, api),
      sendQueuedNotices(suite.db, api),
      sendQueuedNotices(suite.db, api),
    ]);
    expect(passes.reduce((sum, p) => sum + p.sent, 0)).toBe(2);
    expect(bot.outbox.filter((m) => m.chatId === id)).toHaveLength(2);
    expect((await suite.db.query('SELECT id FROM bot_outbox WHERE user_id = $1 AND sent_at IS NULL', [BigInt(id)])).rowCount).toBe(0);
  });

  it('operator bot:webhook and bot:menu set the webhook (with the secret) and the menu button; Telegram refusing is exit code 2', async () => {
    const config = testConfig(env());
    const lines: string[] = [];
    expect(await runBotOperator(config, ['bot:webhook'], (line) => lines.push(line))).toBe(0);
    expect(bot.webhook).toEqual({
      url: `${PUBLIC_URL}/telegram/webhook`,
      secret_token: SECRET,
      allowed_updates: ['message', 'business_connection'],
    });
    expect(await runBotOperator(config, ['bot:menu'], (line) => lines.push(line))).toBe(0);
    expect(bot.menuButton).toEqual({ type: 'web_app', text: 'TON Arcade', web_app: { url: `${PUBLIC_URL}/` } });
    expect(lines.join('\n')).not.toContain(SECRET);
    expect(lines).toEqual([
      `webhook set: Telegram posts message and business_connection updates to ${PUBLIC_URL}/telegram/webhook, with the BOT_WEBHOOK_SECRET header`,
      `menu button set: it opens ${PUBLIC_URL}/ for every user`,
    ]);

    const refused: string[] = [];
    expect(await runBotOperator(config, ['bot:menu', 'extra'], (line) => refused.push(line))).toBe(2);
    const wrongToken = telegramApi({ token: '1:wrong', baseUrl: bot.url });
    expect(await runBotOperator(config, ['bot:webhook'], (line) => refused.push(line), wrongToken)).toBe(2);
    expect(refused).toEqual(['refused: bot:menu takes no arguments', 'refused: setWebhook failed: 401 Unauthorized']);
  });
});
