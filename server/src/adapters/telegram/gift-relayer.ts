import { type } from 'arktype';
import type { Api } from 'grammy';
import type { Queryable } from '../../db/db';
import { BotApiError, botCall, telegramApi } from './bot-api';

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

/**
 * Moves gifts in and out of the market's relayer account (a Telegram business account run by the
 * bot). `db` is where the relayer reads which business connection to use: the caller's own
 * transaction when there is one (a withdrawal), so no second connection is needed.
 */
export interface GiftRelayer {
  transferGift(ownedGiftId: string, toUserId: bigint, db: Queryable): Promise<void>;
  receivedGifts(offset: string | null, db: Queryable): Promise<{ gifts: ReceivedGift[]; nextOffset: string | null }>;
}

/** The relayer account's Stars cannot pay Telegram's price for moving this gift: nothing was sent. */
export class RelayerStarsError extends Error {
  override readonly name = 'RelayerStarsError';
  constructor(
    readonly needed: number,
    readonly available: number,
  ) {
    super(`The relayer account has ${available} Stars, the transfer costs ${needed}`);
  }
}

const Attribute = type({ name: 'string', rarity_per_mille: 'number' });
const OwnedGifts = type({
  total_count: 'number',
  gifts: type({
    type: 'string',
    'owned_gift_id?': 'string',
    'sender_user?': { id: 'number' },
    'next_transfer_date?': 'number',
    'can_be_transferred?': 'boolean',
    'transfer_star_count?': 'number.integer >= 0',
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
type OwnedGift = (typeof OwnedGifts.infer)['gifts'][number];
const StarAmount = type({ amount: 'number.integer', 'nanostar_amount?': 'number.integer' });

const hex = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

/** Only collectible (unique) gifts: the market trades nothing else. */
const UNIQUE_ONLY = {
  exclude_unique: false,
  exclude_unlimited: true,
  exclude_limited_upgradable: true,
  exclude_limited_non_upgradable: true,
} as const;

export interface HttpGiftRelayerOptions {
  token: string;
  baseUrl: string;
  /** BUSINESS_CONNECTION_ID: used when `connection` knows none. */
  businessConnectionId: string | null;
  /** The newest usable connection Telegram reported (business_connection updates), read from `db`. */
  connection?: (db: Queryable) => Promise<string | null>;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
  maxRetryDelaySeconds?: number;
}

/**
 * The relayer over the Bot API (getBusinessAccountGifts, getBusinessAccountStarBalance,
 * transferGift), as Telegram or the local fake serves it, through grammY (429s waited out).
 */
export class HttpGiftRelayer implements GiftRelayer {
  private readonly api: Api;
  constructor(private readonly options: HttpGiftRelayerOptions) {
    this.api = telegramApi(options);
  }

  /** The business connection to act through: the newest one Telegram reported, else BUSINESS_CONNECTION_ID. */
  async connectionId(db: Queryable): Promise<string | null> {
    return (await this.options.connection?.(db)) ?? this.options.businessConnectionId;
  }

  private async page(connection: string, offset: string | null) {
    const reply = await botCall('getBusinessAccountGifts', () =>
      this.api.raw.getBusinessAccountGifts({
        business_connection_id: connection,
        ...UNIQUE_ONLY,
        ...(offset ? { offset } : {}),
        limit: 100,
      }),
    );
    const result = OwnedGifts(reply);
    if (result instanceof type.errors) throw new BotApiError(`getBusinessAccountGifts answered an unknown shape: ${result.summary}`, 200);
    return result;
  }

  /** The gift as the relayer account holds it (Telegram has no lookup by id: the pages are read until it shows). */
  private async ownedGift(connection: string, ownedGiftId: string): Promise<OwnedGift | null> {
    let offset: string | null = null;
    do {
      const page: typeof OwnedGifts.infer = await this.page(connection, offset);
      const found = page.gifts.find((gift) => gift.owned_gift_id === ownedGiftId);
      if (found) return found;
      offset = page.next_offset || null;
    } while (offset);
    return null;
  }

  /**
   * Sends a gift to a player, paying Telegram's price for it (the gift's own transfer_star_count)
   * from the relayer account's Stars. Refused before anything is sent when the account does not
   * hold the gift, Telegram does not let it transfer the gift, or its Stars cannot cover the price
   * (RelayerStarsError).
   */
  async transferGift(ownedGiftId: string, toUserId: bigint, db: Queryable): Promise<void> {
    const connection = await this.connectionId(db);
    if (!connection)
      throw new BotApiError('no business connection: connect the relayer account to the bot, or set BUSINESS_CONNECTION_ID', null);
    const gift = await this.ownedGift(connection, ownedGiftId);
    if (!gift) throw new BotApiError(`the relayer account does not hold gift ${ownedGiftId}`, null);
    // Telegram omits the price when the bot may not transfer the gift.
    if (gift.can_be_transferred !== true || gift.transfer_star_count === undefined)
      throw new BotApiError(`Telegram does not let the relayer transfer gift ${ownedGiftId}`, null);
    const price = gift.transfer_star_count;
    if (price > 0) {
      const balance = StarAmount(
        await botCall('getBusinessAccountStarBalance', () =>
          this.api.raw.getBusinessAccountStarBalance({ business_connection_id: connection }),
        ),
      );
      if (balance instanceof type.errors)
        throw new BotApiError(`getBusinessAccountStarBalance answered an unknown shape: ${balance.summary}`, 200);
      if (balance.amount < price) throw new RelayerStarsError(price, balance.amount);
    }
    await botCall('transferGift', () =>
      this.api.raw.transferGift({
        business_connection_id: connection,
        owned_gift_id: ownedGiftId,
        new_owner_chat_id: Number(toUserId),
        star_count: price,
      }),
    );
  }

  async receivedGifts(offset: string | null, db: Queryable): Promise<{ gifts: ReceivedGift[]; nextOffset: string | null }> {
    const connection = await this.connectionId(db);
    // No relayer account connected yet: nothing can have been received.
    if (!connection) return { gifts: [], nextOffset: null };
    const result = await this.page(connection, offset);
    const gifts: ReceivedGift[] = [];
    for (const owned of result.gifts) {
      const { gift } = owned;
      if (
        owned.type !== 'unique' ||
        !owned.owned_gift_id ||
        !owned.sender_user ||
        !gift?.model ||
        !gift.symbol ||
        !gift.backdrop ||
        !gift.base_name ||
        !gift.number
      )
        continue;
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
