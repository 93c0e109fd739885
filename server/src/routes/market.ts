import type { FastifyInstance } from 'fastify';
import type { LagTolerantReads } from '../domain/database';
import { DomainError } from '../domain/errors';
import { giftById, toGift } from '../domain/market/gifts';
import { giftMarketInfo, listMarket, marketFacets } from '../domain/market/list';
import { checkout, inventory, listGift, unlistGift, withdrawGift } from '../domain/market/trade';
import { playerCall } from './call';
import type { RouteDeps } from './deps';

/**
 * A player's market write, then its fence: until the read replica has replayed it, the player's
 * lag-tolerant reads come from the primary. Fenced when it fails too: a checkout may have bought
 * some of its gifts before failing.
 */
async function fenced<T>(reads: LagTolerantReads, userId: bigint, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    await reads.wrote(userId);
  }
}

export function registerMarketRoutes(app: FastifyInstance, { db, reads, sessions, now, relayer }: RouteDeps): void {
  // What every player sees alike tolerates lag: from the read replica when there is one (db/read-replica.ts).
  playerCall(app, sessions, 'marketList', ({ userId, body }) => reads.read(userId, (from) => listMarket(from, body, userId, db)));
  playerCall(app, sessions, 'marketFacets', ({ userId, body }) => reads.read(userId, (from) => marketFacets(from, body, db)));
  playerCall(app, sessions, 'marketGiftInfo', async ({ userId, body }) => {
    const info = await reads.read(userId, (from) => giftMarketInfo(from, BigInt(body.giftId)));
    if (!info) throw new DomainError('not-found', 'No such gift', 'market.gift.unknown');
    return info;
  });
  // The gift a player acts on (its owner, its price for buy-now) and their own gifts: the primary's.
  playerCall(app, sessions, 'marketGift', async ({ userId, body }) => {
    const gift = await giftById(db, BigInt(body.giftId));
    if (!gift) throw new DomainError('not-found', 'No such gift', 'market.gift.unknown');
    return toGift(gift, userId);
  });
  playerCall(app, sessions, 'giftsInventory', ({ userId }) => inventory(db, userId));
  playerCall(app, sessions, 'marketCheckout', ({ userId, body, money }) =>
    fenced(reads, userId, () => checkout(db, userId, body.items, money, now())),
  );
  playerCall(app, sessions, 'giftsList', ({ userId, body }) =>
    fenced(reads, userId, () => listGift(db, userId, BigInt(body.giftId), body.price, now())),
  );
  playerCall(app, sessions, 'giftsUnlist', ({ userId, body }) => fenced(reads, userId, () => unlistGift(db, userId, BigInt(body.giftId))));
  playerCall(app, sessions, 'giftsWithdraw', ({ userId, body, money }) =>
    fenced(reads, userId, () => withdrawGift(db, relayer, userId, BigInt(body.giftId), money, now())),
  );
}
