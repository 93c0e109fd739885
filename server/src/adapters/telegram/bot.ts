import { serverTexts } from '../../i18n';
import type { FastifyBaseLogger } from 'fastify';
import { Bot, InlineKeyboard, type Api } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Config } from '../../config';
import { apiClientOptions, botCall, floodRetry, toBotApiError } from './bot-api';

/** Where Telegram posts the bot's updates (operator bot:webhook points it at PUBLIC_URL + this). */
export const WEBHOOK_PATH = '/telegram/webhook';
/** What the webhook asks Telegram for: /start, and the relayer account's business connection. */
export const WEBHOOK_UPDATES = ['message', 'business_connection'] as const;
/**
 * The longest 429 a webhook update waits out: Telegram sends the update again when the answer is
 * slow, so a longer wait would bring the same /start twice.
 */
const WEBHOOK_MAX_RETRY_DELAY_SECONDS = 10;

import type { BotLanguage } from './bot-texts';

export type { BotLanguage } from './bot-texts';

/** Russian for Russian, Ukrainian, Belarusian and Kazakh clients, English for everyone else. */
export function botLanguage(languageCode: string | undefined): BotLanguage {
  const base = (languageCode ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return ['ru', 'uk', 'be', 'kk'].includes(base) ? 'ru' : 'en';
}

export { botTexts } from './bot-texts';

/**
 * The menu button's label. Telegram keeps one default menu button for every user (no language),
 * so it carries the product's name, which needs no translation.
 */
export const MENU_BUTTON_TEXT = 'TON Arcade';

/**
 * The mini app's direct link, with the start parameter when there is one: Telegram hands it to the
 * app inside the signed launch data (start_param), which is where the referral is read from. A
 * web_app button could not carry it (its launch data has no start_param), so /start answers with
 * this link.
 */
export function miniAppLink(miniAppUrl: string, startParam: string | null): string {
  if (!startParam) return miniAppUrl;
  const url = new URL(miniAppUrl);
  url.searchParams.set('startapp', startParam);
  return url.toString();
}

/**
 * The bot's own description, from the configuration instead of getMe (no call to Telegram at
 * start or in tests): the id is the token's number, the username the mini app link's bot.
 */
export function botInfoFromConfig(config: Pick<Config, 'botToken' | 'miniAppUrl'>): UserFromGetMe {
  const username = /^https:\/\/t\.me\/([A-Za-z0-9_]{4,32})(?:[/?#]|$)/.exec(config.miniAppUrl)?.[1] ?? 'ton_arcade_bot';
  return {
    id: Number(config.botToken.split(':')[0]),
    is_bot: true,
    first_name: 'TON Arcade',
    username,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: true,
    has_main_web_app: true,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
}

/** A business connection as stored: what the bot logs of it. */
export interface StoredBusinessConnection {
  id: string;
  user: { id: number };
  is_enabled: boolean;
}

/** What the bot's updates do in the product, given by the caller: the bot itself keeps nothing. */
export interface BotUpdateHandlers {
  /** Whether a /start payload is a referral start parameter (only those are passed on to the app). */
  isReferralStartParam(payload: string): boolean;
  /** Stores a business_connection update's connection; rejects a malformed one, storing nothing. */
  saveBusinessConnection(updateId: number, connection: unknown): Promise<StoredBusinessConnection>;
}

export interface TelegramBotDeps {
  config: Pick<Config, 'botToken' | 'botApiUrl' | 'miniAppUrl' | 'relayerUserId'>;
  handlers: BotUpdateHandlers;
  log: FastifyBaseLogger;
  /** Tests route the Bot API calls through it; by default grammY's own. */
  fetch?: typeof globalThis.fetch;
}

/**
 * The bot on grammY, fed by the webhook (bot.handleUpdate): /start answers with a button that opens
 * the mini app (keeping a referral start parameter), and business_connection updates are stored
 * so the gift relayer knows its connection. Its API is config.botApiUrl (the local fake in
 * development and tests), 429s waited out.
 */
export function createTelegramBot(deps: TelegramBotDeps): Bot {
  const { config, handlers, log } = deps;
  const bot = new Bot(config.botToken, {
    botInfo: botInfoFromConfig(config),
    client: apiClientOptions({ baseUrl: config.botApiUrl, ...(deps.fetch ? { fetch: deps.fetch } : {}) }),
  });
  bot.api.config.use(floodRetry(WEBHOOK_MAX_RETRY_DELAY_SECONDS));

  bot.command('start', async (ctx) => {
    const lang = botLanguage(ctx.from?.language_code);
    const payload = ctx.match.trim();
    // Only a referral is passed on; anything else after /start opens the app plainly.
    const startParam = handlers.isReferralStartParam(payload) ? payload : null;
    const t = serverTexts(lang);
    const text = startParam ? `${t('bot.welcome')}\n\n${t('bot.invited')}` : t('bot.welcome');
    try {
      await ctx.reply(text, { reply_markup: new InlineKeyboard().url(t('bot.open'), miniAppLink(config.miniAppUrl, startParam)) });
    } catch (error) {
      // Answered 200 all the same: Telegram would send the same /start again and again.
      log.warn({ err: toBotApiError('sendMessage', error) }, 'the /start answer was not sent');
    }
  });

  bot.on('business_connection', async (ctx) => {
    const connection = await handlers.saveBusinessConnection(ctx.update.update_id, ctx.update.business_connection);
    const trusted = config.relayerUserId === null || BigInt(connection.user.id) === config.relayerUserId;
    log.info(
      { businessConnection: connection.id, account: String(connection.user.id), enabled: connection.is_enabled, trusted },
      'business connection stored',
    );
    if (!trusted)
      log.warn(
        { account: String(connection.user.id) },
        'a business account other than RELAYER_USER_ID connected the bot: the relayer does not use it',
      );
  });

  return bot;
}

/** Operator bot:webhook: Telegram posts updates to PUBLIC_URL/telegram/webhook with the secret. */
export async function setWebhook(api: Api, config: Pick<Config, 'publicUrl' | 'botWebhookSecret'>): Promise<string> {
  const url = `${config.publicUrl}${WEBHOOK_PATH}`;
  await botCall('setWebhook', () =>
    api.raw.setWebhook({ url, secret_token: config.botWebhookSecret, allowed_updates: [...WEBHOOK_UPDATES] }),
  );
  return url;
}

/** Operator bot:menu: the bot's menu button opens the mini app (PUBLIC_URL) for every user. */
export async function setMenuButton(api: Api, config: Pick<Config, 'publicUrl'>): Promise<string> {
  const url = `${config.publicUrl}/`;
  await botCall('setChatMenuButton', () =>
    api.raw.setChatMenuButton({ menu_button: { type: 'web_app', text: MENU_BUTTON_TEXT, web_app: { url } } }),
  );
  return url;
}
