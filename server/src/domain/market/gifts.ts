import type { Gift } from '@arcade/api-client/market';
import { fromNano } from '@arcade/api-client/money';
import type { Queryable } from '../../db/db';

export interface GiftRow {
  id: bigint;
  collection_id: string;
  collection_name: string;
  number: number;
  model: string;
  model_rarity: number;
  backdrop: string;
  backdrop_rarity: number;
  backdrop_center: string;
  backdrop_edge: string;
  symbol: string;
  symbol_rarity: number;
  rarity: bigint;
  owner_id: bigint | null;
  telegram_gift_id: string | null;
  locked_until: Date | null;
  status: 'held' | 'withdrawing' | 'withdrawn';
  price: bigint | null;
  listed_at: Date | null;
}

/** Gifts with their collection and, when for sale, their listing. */
export const GIFT_SELECT = `SELECT g.*, c.name AS collection_name, l.price, l.listed_at
  FROM gifts g JOIN gift_collections c ON c.id = g.collection_id LEFT JOIN listings l ON l.gift_id = g.id`;

export function toGift(row: GiftRow, viewer: bigint | null): Gift {
  return {
    id: row.id.toString(),
    collection: { id: row.collection_id, name: row.collection_name },
    number: row.number,
    model: { name: row.model, rarityPerMille: row.model_rarity },
    backdrop: { name: row.backdrop, rarityPerMille: row.backdrop_rarity, center: row.backdrop_center, edge: row.backdrop_edge },
    symbol: { name: row.symbol, rarityPerMille: row.symbol_rarity },
    rarity: Number(row.rarity),
    price: row.price === null ? null : fromNano(row.price),
    listedAt: row.listed_at ? row.listed_at.toISOString() : null,
    mine: viewer !== null && row.owner_id === viewer,
    lockedUntil: row.locked_until ? row.locked_until.toISOString() : null,
  };
}

export async function giftById(db: Queryable, giftId: bigint, lock = false): Promise<GiftRow | null> {
  const { rows } = await db.query<GiftRow>(`${GIFT_SELECT} WHERE g.id = $1${lock ? ' FOR NO KEY UPDATE OF g' : ''}`, [giftId]);
  return rows[0] ?? null;
}
