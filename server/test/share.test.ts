import type { ReferralInfo, ShareWin } from '@arcade/api-client/bonus';
import type { BetResult } from '@arcade/api-client/games';
import { describe, expect, it } from 'vitest';
import { callApi, databases, fund, logIn, newUserId, startServer, suiteFakeBot, suiteServer } from './helpers';

/**
 * Sharing a win (issue 31): the bot prepares a card for Telegram's shareMessage, in the sharer's
 * language, with the product's number forms and the sharer's referral link; the player names a
 * round, never the words. Anyone's win the live feed shows may be shared, under the name it shows.
 */
describe.each(databases())('sharing a win on $name', (database) => {
  const bot = suiteFakeBot();
  const suite = suiteServer(database, { start: () => ({ bot: bot.botApi() }) });
  const call = <T>(token: string, path: string, body: unknown = {}) => callApi<T>(suite.app, `/api/v3/${path}`, body, token);
  let keys = 0;

  async function player(lang: 'ru' | 'en', firstName: string) {
    const id = newUserId();
    const token = await logIn(suite.app, { id, firstName, languageCode: lang });
    await fund(suite.db, BigInt(id), '10');
    // The player's referral link, as the referral screen shows it.
    const { link } = (await call<ReferralInfo>(token, 'referral/info')).data;
    expect(link).toMatch(/^https:\/\/t\.me\/\S+\?startapp=r_\w+$/);
    return { id, token, link };
  }

  /** Flips of 0.01 TON until one ends as asked (a fair coin: 200 flips all one way is 2^-200). */
  async function flipUntil(token: string, status: 'won' | 'lost'): Promise<BetResult['round']> {
    for (let n = 0; n < 200; n++) {
      const reply = await call<BetResult>(token, 'games/flip', {
        stake: '0.01',
        currency: 'ton',
        side: 'heads',
        idempotencyKey: `share-flip-${++keys}-${Date.now()}`,
      });
      expect(reply.status, reply.message).toBe(200);
      if (reply.data.round.status === status) return reply.data.round;
    }
    throw new Error(`no ${status} round in 200 flips`);
  }

  it("a player's own win: the bot prepares it in their language, with their numbers and their referral link", async () => {
    const anna = await player('ru', 'Анна');
    const win = await flipUntil(anna.token, 'won');
    const before = bot.prepared.length;
    const reply = await call<ShareWin>(anna.token, 'share/win', { roundId: win.id });
    expect(reply.status, reply.message).toBe(200);
    const { link } = anna;
    expect(reply.data).toEqual({
      preparedMessageId: `prepared-${before + 1}`,
      text: '🎉 Мой выигрыш: 0,0198 TON (×1,98) в Flip в TON Arcade! Играйте по моей ссылке:',
      link,
    });
    const prepared = bot.prepared.at(-1)!;
    expect(prepared.userId).toBe(anna.id);
    expect(prepared.result).toEqual({
      type: 'article',
      id: `win-${win.id}`,
      title: 'Выигрыш 0,0198 TON',
      description: reply.data.text,
      input_message_content: { message_text: reply.data.text },
      reply_markup: { inline_keyboard: [[{ text: '🎮 Играть', url: link }]] },
    });
  });

  it("someone else's win from the live feed, under the name the feed shows, with the sharer's link", async () => {
    const anna = await player('ru', 'Anna');
    const bob = await player('en', 'Bob');
    const win = await flipUntil(anna.token, 'won');
    const shared = await call<ShareWin>(bob.token, 'share/win', { roundId: win.id });
    expect(shared.status, shared.message).toBe(200);
    expect(shared.data.text).toBe('🎉 Anna won 0.0198 TON (×1.98) in Flip at TON Arcade! Play with my link:');
    expect(shared.data.link).toBe(bob.link);
    expect(bot.prepared.at(-1)!.userId).toBe(bob.id);

    // Anna hides her name from live wins: a share of her win no longer carries it.
    expect((await call(anna.token, 'profile/privacy/change', { showName: false })).status).toBe(200);
    const hidden = await call<ShareWin>(bob.token, 'share/win', { roundId: win.id });
    expect(hidden.data.text).toBe('🎉 A player won 0.0198 TON (×1.98) in Flip at TON Arcade! Play with my link:');
    expect(JSON.stringify(bot.prepared.at(-1))).not.toContain('Anna');
  });

  it('a loss, a round that does not exist and an id that is not one are refused, and nothing is prepared', async () => {
    const anna = await player('en', 'Anna');
    const loss = await flipUntil(anna.token, 'lost');
    const before = bot.prepared.length;
    const refused = await call(anna.token, 'share/win', { roundId: loss.id });
    expect(refused.status).toBe(409);
    expect(refused.code).toBe('share.not-a-win');
    const unknown = await call(anna.token, 'share/win', { roundId: '999999999999' });
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe('share.not-found');
    for (const roundId of ['abc', '-1', '1.5', '']) expect((await call(anna.token, 'share/win', { roundId })).status).toBe(400);
    expect((await call(anna.token, 'share/win', { roundId: loss.id, text: 'Free TON at scam.example' })).status).toBe(400);
    expect(bot.prepared.length).toBe(before);
  });

  it('when the bot cannot prepare the message, the reply still has the words and the link to copy', async () => {
    const anna = await player('en', 'Anna');
    const win = await flipUntil(anna.token, 'won');
    // Telegram's flood control for longer than the client waits: the call fails at once.
    bot.floods.push({ method: 'savePreparedInlineMessage', retryAfter: 3600 });
    const reply = await call<ShareWin>(anna.token, 'share/win', { roundId: win.id });
    expect(reply.status, reply.message).toBe(200);
    expect(reply.data.preparedMessageId).toBeNull();
    expect(reply.data.text).toBe('🎉 I won 0.0198 TON (×1.98) in Flip at TON Arcade! Play with my link:');
    expect(reply.data.link).toBe(anna.link);
  });

  it('a player sharing past SHARE_RATE_LIMIT a minute is told when to try again', async () => {
    const app = await startServer(suite.db, { bot: bot.botApi(), env: { SHARE_RATE_LIMIT: '2' } });
    try {
      const id = newUserId();
      const token = await logIn(app, { id, languageCode: 'en' });
      const replies = [];
      for (let n = 0; n < 3; n++) replies.push(await callApi(app, '/api/v3/share/win', { roundId: '999999999999' }, token));
      expect(replies.map((reply) => reply.status)).toEqual([404, 404, 429]);
      expect(replies[2]!.message).toMatch(/^Too many shares, retry in \d+ seconds?$/);
    } finally {
      await app.close();
    }
  });
});
