import { type } from 'arktype';

/** What Telegram says of a user in a chat (Bot API ChatMember.status). */
export type ChatMemberStatus = 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';

/** The part of the Telegram Bot API the product uses; a real HTTP client and a local fake serve it. */
export interface BotApi {
  /** Whether the user is in the chat: creator, administrator, member, or restricted but still a member. */
  isChatMember(chatId: string, userId: bigint): Promise<boolean>;
  sendMessage(chatId: bigint, text: string): Promise<void>;
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

const Reply = type({
  ok: 'boolean',
  'result?': 'unknown',
  'error_code?': 'number',
  'description?': 'string',
});
const ChatMember = type({ status: "'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked'", 'is_member?': 'boolean' });

export interface HttpBotApiOptions {
  token: string;
  /** https://api.telegram.org, or the local fake's address. */
  baseUrl: string;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
}

/** The Bot API over HTTP, as Telegram serves it (and the local fake imitates). */
export class HttpBotApi implements BotApi {
  private readonly fetch: typeof globalThis.fetch;
  constructor(private readonly options: HttpBotApiOptions) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  private async call(method: string, params: Record<string, string | number>): Promise<{ ok: boolean; result?: unknown; error_code?: number; description?: string }> {
    const url = `${this.options.baseUrl.replace(/\/+$/, '')}/bot${this.options.token}/${method}`;
    let response: Response;
    try {
      response = await this.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new BotApiError(`Bot API ${method} unreachable: ${String(error)}`, null);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new BotApiError(`Bot API ${method} answered ${response.status} with a body that is not JSON`, response.status);
    }
    const reply = Reply(body);
    if (reply instanceof type.errors) throw new BotApiError(`Bot API ${method} answered an unknown shape: ${reply.summary}`, response.status);
    return reply;
  }

  async isChatMember(chatId: string, userId: bigint): Promise<boolean> {
    const reply = await this.call('getChatMember', { chat_id: chatId, user_id: Number(userId) });
    if (!reply.ok) {
      // Telegram answers 400 "user not found" for someone who never joined: not a member.
      if (reply.error_code === 400 && /user not found|member not found|PARTICIPANT_ID_INVALID/i.test(reply.description ?? '')) return false;
      throw new BotApiError(`getChatMember failed: ${reply.error_code ?? '?'} ${reply.description ?? ''}`, reply.error_code ?? null);
    }
    const member = ChatMember(reply.result);
    if (member instanceof type.errors) throw new BotApiError(`getChatMember answered an unknown member: ${member.summary}`, 200);
    return member.status === 'creator' || member.status === 'administrator' || member.status === 'member' || (member.status === 'restricted' && member.is_member === true);
  }

  async sendMessage(chatId: bigint, text: string): Promise<void> {
    const reply = await this.call('sendMessage', { chat_id: Number(chatId), text });
    if (!reply.ok) throw new BotApiError(`sendMessage failed: ${reply.error_code ?? '?'} ${reply.description ?? ''}`, reply.error_code ?? null);
  }
}
