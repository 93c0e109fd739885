import { createHash, timingSafeEqual } from 'node:crypto';
import { type } from 'arktype';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { BotError } from 'grammy';
import type { Update } from 'grammy/types';
import { createTelegramBot, WEBHOOK_PATH } from '../adapters/telegram/bot';
import { botUpdateHandlers, claimBotUpdate, releaseBotUpdate } from '../domain/bot-updates';
import type { RouteDeps } from './deps';
import { HttpError } from './errors';

export const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

export const webhookMessages = {
  wrongSecret: 'Missing or wrong X-Telegram-Bot-Api-Secret-Token',
  notAnUpdate: 'The body is not a Telegram update (an object with a whole update_id)',
} as const;

/** What every Telegram update has; the rest is read by the handler that takes it. */
const UpdateShape = type({ update_id: '0 <= number.integer <= 9007199254740991' });

const sha256 = (value: string): Buffer => createHash('sha256').update(value).digest();

/**
 * POST /telegram/webhook: Telegram's updates for the bot. The secret header is checked before the
 * body is read (hashing both sides gives equal lengths, so the comparison takes the same time for
 * any guess); a missing or wrong one is a 401 and the update is dropped. An update is answered 200
 * once handled; a failure of our own (the database) is a 5xx, so Telegram delivers it again.
 * Telegram also delivers an update again when our answer is slow, to either replica: an update is
 * handled at most once per update_id (claimBotUpdate), every other delivery answered 200 unhandled.
 */
export function registerTelegramWebhook(app: FastifyInstance, deps: Pick<RouteDeps, 'config' | 'db'>): void {
  const bot = createTelegramBot({ config: deps.config, handlers: botUpdateHandlers(deps.db), log: app.log });
  const expected = sha256(deps.config.botWebhookSecret);

  const checkSecret = (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    const sent = request.headers[SECRET_HEADER];
    const right = typeof sent === 'string' && timingSafeEqual(sha256(sent), expected);
    done(right ? undefined : new HttpError(401, webhookMessages.wrongSecret));
  };

  app.post(WEBHOOK_PATH, { onRequest: checkSecret }, async (request) => {
    const update = UpdateShape(request.body);
    if (update instanceof type.errors) throw new HttpError(400, webhookMessages.notAnUpdate);
    if (!(await claimBotUpdate(deps.db, update.update_id))) {
      request.log.info({ updateId: update.update_id }, 'a bot update delivered again: already handled or being handled');
      return { ok: true };
    }
    try {
      await bot.handleUpdate(request.body as Update);
    } catch (error) {
      // Not handled: the claim goes back, so Telegram's next delivery is handled. When even that
      // fails (the database is gone), the handler's error is still the answer, and the stuck
      // claim is logged: that update would never be handled otherwise, and nobody would know.
      await releaseBotUpdate(deps.db, update.update_id).catch((releaseError: unknown) => {
        request.log.error(
          { err: releaseError, updateId: update.update_id },
          'a failed bot update keeps its claim: Telegram will not get it handled',
        );
      });
      // A handler's refusal (a malformed business connection: DomainError) or our failure, as itself.
      throw error instanceof BotError ? error.error : error;
    }
    return { ok: true };
  });
}
