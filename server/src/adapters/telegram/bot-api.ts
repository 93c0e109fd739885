import { autoRetry } from '@grammyjs/auto-retry';
import { type } from 'arktype';
import { Api, GrammyError, HttpError, type ApiClientOptions } from 'grammy';
import { botApiErrors } from '../../metrics';

/** What Telegram says of a user in a chat (Bot API ChatMember.status). */
export type ChatMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

/** The part of the Telegram Bot API the product uses; a real HTTP client and a local fake serve it. */
export interface BotApi {
  /** Whether the user is in the chat: creator, administrator, member, or restricted but still a member. */
  isChatMember(chatId: string, userId: bigint): Promise<boolean>;
  sendMessage(chatId: bigint, text: string): Promise<void>;
  /**
   * Stores a message the user may send to any chat from the mini app (savePreparedInlineMessage,
   * opened by the app's shareMessage): an article card with its text and one link button.
   * Answers the prepared message's id.
   */
  savePreparedInlineMessage(userId: bigint, card: PreparedCard): Promise<string>;
}

/** A card to share: its title and text, and a button that opens `url`. */
export interface PreparedCard {
  /** Up to 64 bytes, unique for the user (Telegram's InlineQueryResult id). */
  id: string;
  title: string;
  text: string;
  button: { text: string; url: string };
}

export class BotApiError extends Error {
  override readonly name = 'BotApiError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

const PreparedInlineMessage = type({ id: 'string > 0', expiration_date: 'number.integer' });
const ChatMember = type({ status: "'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked'", 'is_member?': 'boolean' });

export interface HttpBotApiOptions {
  token: string;
  /** https://api.telegram.org, or the local fake's address. */
  baseUrl: string;
  /** Tests feed recorded replies through it; by default grammY's own (node-fetch). */
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  /** The longest `retry_after` of a 429 waited out in place (default 60 s); a longer one is an error. */
  maxRetryDelaySeconds?: number;
}

/** Times a call is repeated after Telegram's "Too Many Requests: retry after N". */
export const MAX_FLOOD_RETRIES = 3;

/**
 * What grammY's auto-retry may repeat: only a 429 with `retry_after`, which Telegram sends for a
 * call it did not carry out, so a repeated sendMessage or transferGift cannot happen twice. A 5xx
 * or a network failure (the call may have gone through) is never repeated here: the caller
 * decides (the outbox tries again on a later pass, a withdrawal rolls back).
 */
export function floodRetry(maxDelaySeconds = 60) {
  return autoRetry({ maxRetryAttempts: MAX_FLOOD_RETRIES, maxDelaySeconds, rethrowInternalServerErrors: true, rethrowHttpErrors: true });
}

/** grammY's client options for a Bot API at `baseUrl` (Telegram, or the local fake). */
export function apiClientOptions(options: Pick<HttpBotApiOptions, 'baseUrl' | 'fetch' | 'timeoutMs'>): ApiClientOptions {
  return {
    apiRoot: options.baseUrl.replace(/\/+$/, ''),
    timeoutSeconds: Math.max(1, Math.ceil((options.timeoutMs ?? 10_000) / 1000)),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
}

/** The Bot API through grammY, 429s waited out and repeated (floodRetry). */
export function telegramApi(options: HttpBotApiOptions): Api {
  const api = new Api(options.token, apiClientOptions(options));
  api.config.use(floodRetry(options.maxRetryDelaySeconds));
  return api;
}

/** Any failure of a Bot API call as a BotApiError: Telegram's code and description, never the URL (it holds the token). */
export function toBotApiError(method: string, error: unknown): BotApiError {
  if (error instanceof BotApiError) return error;
  botApiErrors.inc({ method });
  if (error instanceof GrammyError) {
    if (typeof error.error_code !== 'number') return new BotApiError(`Bot API ${method} answered an unknown shape`, null);
    return new BotApiError(`${method} failed: ${error.error_code} ${error.description}`, error.error_code);
  }
  if (error instanceof HttpError) {
    const cause = error.error as { code?: unknown; type?: unknown } | undefined;
    const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
    return new BotApiError(`Bot API ${method} unreachable: ${error.message}${code}`, null);
  }
  return new BotApiError(`Bot API ${method} failed: ${error instanceof Error ? error.name : 'unknown error'}`, null);
}

/** Runs one Bot API call, its failures as BotApiError. */
export async function botCall<T>(method: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toBotApiError(method, error);
  }
}

/** The Bot API over HTTP, as Telegram serves it (and the local fake imitates), through grammY. */
export class HttpBotApi implements BotApi {
  readonly api: Api;
  constructor(options: HttpBotApiOptions) {
    this.api = telegramApi(options);
  }

  async isChatMember(chatId: string, userId: bigint): Promise<boolean> {
    let result: unknown;
    try {
      result = await this.api.raw.getChatMember({ chat_id: chatId, user_id: Number(userId) });
    } catch (error) {
      // Telegram answers 400 "user not found" for someone who never joined: not a member.
      if (
        error instanceof GrammyError &&
        error.error_code === 400 &&
        /user not found|member not found|PARTICIPANT_ID_INVALID/i.test(error.description)
      )
        return false;
      throw toBotApiError('getChatMember', error);
    }
    const member = ChatMember(result);
    if (member instanceof type.errors) throw new BotApiError(`getChatMember answered an unknown member: ${member.summary}`, 200);
    return (
      member.status === 'creator' ||
      member.status === 'administrator' ||
      member.status === 'member' ||
      (member.status === 'restricted' && member.is_member === true)
    );
  }

  async sendMessage(chatId: bigint, text: string): Promise<void> {
    await botCall('sendMessage', () => this.api.raw.sendMessage({ chat_id: Number(chatId), text }));
  }

  async savePreparedInlineMessage(userId: bigint, card: PreparedCard): Promise<string> {
    const result = await botCall('savePreparedInlineMessage', () =>
      this.api.raw.savePreparedInlineMessage({
        user_id: Number(userId),
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
      }),
    );
    const prepared = PreparedInlineMessage(result);
    if (prepared instanceof type.errors)
      throw new BotApiError(`savePreparedInlineMessage answered an unknown shape: ${prepared.summary}`, 200);
    return prepared.id;
  }
}
