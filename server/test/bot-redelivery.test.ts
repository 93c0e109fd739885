import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBotApi, fakeBotState, type FakeBotState } from '../src/adapters/telegram/fake-bot-api';
import { openDb, type Db } from '../src/db/db';
import { databases, newUserId, startServer, TEST_BOT_TOKEN } from './helpers';

const SECRET = 'test-webhook-secret-of-at-least-32-characters_0123';

let updates = 900_000_000;
function startUpdate(userId: number, updateId = ++updates) {
  return {
    update_id: updateId,
    message: {
      message_id: updateId,
      from: { id: userId, is_bot: false, first_name: 'Player', language_code: 'en' },
      chat: { id: userId, first_name: 'Player', type: 'private' },
      date: Math.floor(Date.now() / 1000),
      text: '/start',
      entities: [{ offset: 0, length: 6, type: 'bot_command' }],
    },
  };
}

/**
 * Telegram delivers an update again when the answer is slow or lost, to whichever replica the
 * load balancer picks: each update_id is handled once. Two servers here share the database (on
 * PostgreSQL through pools of their own), as two replicas do.
 */
describe.each(databases())('a bot update delivered again is handled once, on $name', (database) => {
  let db: Db;
  let second: Db;
  let drop: () => Promise<void>;
  let replicas: [FastifyInstance, FastifyInstance];
  let fake: FastifyInstance;
  let bot: FakeBotState;

  const deliver = (replica: FastifyInstance, update: unknown) =>
    replica.inject({
      method: 'POST',
      url: '/telegram/webhook',
      headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
      payload: JSON.stringify(update),
    });
  const sentTo = (userId: number) => bot.outbox.filter((message) => message.chatId === userId);

  beforeAll(async () => {
    let url: string | null;
    ({ db, url, drop } = await database.create());
    second = url ? await openDb({ kind: 'postgres', url, maxConnections: 5 }) : db;
    bot = fakeBotState();
    fake = Fastify();
    await fake.register(fakeBotApi(TEST_BOT_TOKEN, bot));
    const env = { BOT_API_URL: await fake.listen({ port: 0, host: '127.0.0.1' }), BOT_WEBHOOK_SECRET: SECRET };
    replicas = [await startServer(db, { env }), await startServer(second, { env })];
  });
  afterAll(async () => {
    for (const replica of replicas ?? []) await replica.close();
    await fake?.close();
    if (second && second !== db) await second.close();
    await drop?.();
  });
  beforeEach(() => {
    bot.outbox.length = 0;
    bot.calls.length = 0;
  });

  it('a /start delivered twice, to the same replica or the other one, is answered once', async () => {
    const user = newUserId();
    const update = startUpdate(user);
    for (const replica of [replicas[0], replicas[0], replicas[1]]) expect((await deliver(replica, update)).statusCode).toBe(200);
    expect(sentTo(user)).toHaveLength(1);
    // Another update of the same player is another /start: answered.
    expect((await deliver(replicas[1], startUpdate(user))).statusCode).toBe(200);
    expect(sentTo(user)).toHaveLength(2);
  });

  it('a redelivery that arrives at the other replica while the first is still answering is not answered again', async () => {
    const user = newUserId();
    const update = startUpdate(user);
    // The first answer waits out a 429 for a second: Telegram's redelivery comes meanwhile.
    bot.floods.push({ method: 'sendMessage', retryAfter: 1 });
    const first = deliver(replicas[0], update);
    await vi.waitFor(() => expect(bot.calls).toContain('sendMessage'), { timeout: 5_000, interval: 10 });
    const again = await Promise.all([deliver(replicas[1], update), deliver(replicas[1], update), deliver(replicas[0], update)]);
    expect(again.map((response) => response.statusCode)).toEqual([200, 200, 200]);
    expect(sentTo(user)).toHaveLength(0);
    expect((await first).statusCode).toBe(200);
    expect(sentTo(user)).toHaveLength(1);
    expect(bot.calls).toEqual(['sendMessage', 'sendMessage']);
  });

  it('many deliveries of one update at once, across both replicas, are answered once', async () => {
    const user = newUserId();
    const update = startUpdate(user);
    const responses = await Promise.all(Array.from({ length: 8 }, (_, i) => deliver(replicas[i % 2]!, update)));
    expect(responses.every((response) => response.statusCode === 200)).toBe(true);
    expect(sentTo(user)).toHaveLength(1);
  });

  it('an update whose handling failed is handled when Telegram delivers it again', async () => {
    const updateId = ++updates;
    const connection = { id: 'redelivered-connection', user: { id: 6100000001 }, user_chat_id: 6100000001, date: 1_700_000_000 };
    // Refused (400): not handled, so its update_id stays free.
    const broken = await deliver(replicas[0], {
      update_id: updateId,
      business_connection: { ...connection, user: null, is_enabled: true },
    });
    expect(broken.statusCode).toBe(400);
    const stored = () => db.query("SELECT id FROM business_connections WHERE id = 'redelivered-connection'");
    expect((await stored()).rowCount).toBe(0);
    expect((await deliver(replicas[1], { update_id: updateId, business_connection: { ...connection, is_enabled: true } })).statusCode).toBe(
      200,
    );
    expect((await stored()).rowCount).toBe(1);
  });
});
