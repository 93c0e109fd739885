import type { FastifyInstance } from 'fastify';
import { DomainError } from '../domain/errors';
import { giftById, toGift } from '../domain/market/gifts';
import { giftMarketInfo, listMarket, marketFacets } from '../domain/market/list';
import { checkout, inventory, listGift, unlistGift, withdrawGift } from '../domain/market/trade';
import { playerCall } from './call';
import type { RouteDeps } from './deps';

export function registerMarketRoutes(app: FastifyInstance, { db, sessions, now, relayer }: RouteDeps): void {
  playerCall(app, sessions, 'marketList', ({ userId, body }) => listMarket(db, body, userId));
  playerCall(app, sessions, 'marketFacets', ({ body }) => marketFacets(db, body));
  playerCall(app, sessions, 'marketGift', async ({ userId, body }) => {
    const gift = await giftById(db, BigInt(body.giftId));
    if (!gift) throw new DomainError('not-found', 'No such gift', 'market.gift.unknown');
    return toGift(gift, userId);
  });
  playerCall(app, sessions, 'marketGiftInfo', async ({ body }) => {
    const info = await giftMarketInfo(db, BigInt(body.giftId));
    if (!info) throw new DomainError('not-found', 'No such gift', 'market.gift.unknown');
    return info;
  });
  playerCall(app, sessions, 'marketCheckout', ({ userId, body, money }) => checkout(db, userId, body.items, money, now()));
  playerCall(app, sessions, 'giftsInventory', ({ userId }) => inventory(db, userId));
  playerCall(app, sessions, 'giftsList', ({ userId, body }) => listGift(db, userId, BigInt(body.giftId), body.price, now()));
  playerCall(app, sessions, 'giftsUnlist', ({ userId, body }) => unlistGift(db, userId, BigInt(body.giftId)));
  playerCall(app, sessions, 'giftsWithdraw', ({ userId, body, money }) =>
    withdrawGift(db, relayer, userId, BigInt(body.giftId), money, now()),
  );
}
