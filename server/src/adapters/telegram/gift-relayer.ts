import { type } from 'arktype';
import { BotApiError } from './bot-api';

/** A collectible gift the relayer (business) account received from a player. */
export interface ReceivedGift {
  ownedGiftId: string;
  fromUserId: bigint;
  collection: string;
  number: number;
  model: { name: string; rarityPerMille: number };
  backdrop: { name: string; rarityPerMille: number; center: string; edge: string };
  symbol: { name: string; rarityPerMille: number };
  /** Telegram's trade lock (next_transfer_date). */
  transferableAt: Date | null;
}

/** Moves gifts in and out of the market's relayer account (a Telegram business account run by the bot). */
export interface GiftRelayer {
  transferGift(ownedGiftId: string, toUserId: bigint): Promise<void>;
  receivedGifts(offset: string | null): Promise<{ gifts: ReceivedGift[]; nextOffset: string | null }>;
}

const Reply = type({ ok: 'boolean', 'result?': 'unknown', 'error_code?': 'number', 'description?': 'string' });
const Attribute = type({ name: 'string', rarity_per_mille: 'number' });
const OwnedGifts = type({
  total_count: 'number',
  gifts: type({
    type: 'string',
    'owned_gift_id?': 'string',
    'sender_user?': { id: 'number' },
    'next_transfer_date?': 'number',
    'gift?': {
      'base_name?': 'string',
      'number?': 'number',
      'model?': Attribute,
      'symbol?': Attribute,
      'backdrop?': Attribute.and({ colors: { center_color: 'number', edge_color: 'number' } }),
    },
  }).array(),
  'next_offset?': 'string',
});

const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/** The relayer over the Bot API (transferGift, getBusinessAccountGifts), as Telegram or the local fake serves it. */
export class HttpGiftRelayer implements GiftRelayer {
  private readonly fetch: typeof globalThis.fetch;
  constructor(private readonly options: { token: string; baseUrl: string; businessConnectionId: string; fetch?: typeof globalThis.fetch }) {
    this.fetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  }

  private async call(method: string, params: Record<string, unknown>): Promise<unknown> {
    let response: Response;
    try {
      response = await this.fetch(`${this.options.baseUrl.replace(/\/+$/, '')}/bot${this.options.token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ business_connection_id: this.options.businessConnectionId, ...params }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new BotApiError(`Bot API ${method} unreachable: ${String(error)}`, null);
    }
    const reply = Reply(await response.json().catch(() => null));
    if (reply instanceof type.errors) throw new BotApiError(`Bot API ${method} answered an unknown shape`, response.status);
    if (!reply.ok) throw new BotApiError(`${method} failed: ${reply.error_code ?? '?'} ${reply.description ?? ''}`, reply.error_code ?? null);
    return reply.result;
  }

  async transferGift(ownedGiftId: string, toUserId: bigint): Promise<void> {
    await this.call('transferGift', { owned_gift_id: ownedGiftId, new_owner_chat_id: Number(toUserId), star_count: 25 });
  }

  async receivedGifts(offset: string | null): Promise<{ gifts: ReceivedGift[]; nextOffset: string | null }> {
    const result = OwnedGifts(await this.call('getBusinessAccountGifts', { exclude_unique: false, exclude_unlimited: true, exclude_limited_upgradable: true, exclude_limited_non_upgradable: true, ...(offset ? { offset } : {}), limit: 100 }));
    if (result instanceof type.errors) throw new BotApiError(`getBusinessAccountGifts answered an unknown shape: ${result.summary}`, 200);
    const gifts: ReceivedGift[] = [];
    for (const owned of result.gifts) {
      const { gift } = owned;
      if (owned.type !== 'unique' || !owned.owned_gift_id || !owned.sender_user || !gift?.model || !gift.symbol || !gift.backdrop || !gift.base_name || !gift.number) continue;
      gifts.push({
        ownedGiftId: owned.owned_gift_id,
        fromUserId: BigInt(owned.sender_user.id),
        collection: gift.base_name,
        number: gift.number,
        model: { name: gift.model.name, rarityPerMille: gift.model.rarity_per_mille },
        backdrop: {
          name: gift.backdrop.name,
          rarityPerMille: gift.backdrop.rarity_per_mille,
          center: hex(gift.backdrop.colors.center_color),
          edge: hex(gift.backdrop.colors.edge_color),
        },
        symbol: { name: gift.symbol.name, rarityPerMille: gift.symbol.rarity_per_mille },
        transferableAt: owned.next_transfer_date ? new Date(owned.next_transfer_date * 1000) : null,
      });
    }
    return { gifts, nextOffset: result.next_offset || null };
  }
}
