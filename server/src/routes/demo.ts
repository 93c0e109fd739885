import type { FastifyInstance } from 'fastify';
import {
  demoFlip,
  demoRoadCashout,
  demoRoadCurrent,
  demoRoadStart,
  demoRoadStep,
  demoRoll,
  demoRounds,
  demoState,
  refillDemo,
  rotateDemo,
} from '../domain/games/demo';
import { playerCall } from './call';
import type { RouteDeps } from './deps';
import { perPlayerRateLimit } from './rate-limits';

/**
 * Demo play (domain/games/demo.ts): the session's player and the declared fields, each by name.
 * No demo handler is given a currency, an account or a money key, so none can reach the ledger.
 * Demo bets write rows, so they count against a budget like the money calls' (a separate one).
 */
export function registerDemoRoutes(app: FastifyInstance, { db, sessions, now, config }: RouteDeps): void {
  const limited = { config: { rateLimit: perPlayerRateLimit(sessions, config.moneyRateLimit, 'demo bets') } };
  playerCall(app, sessions, 'demoState', ({ userId, body }) => demoState(db, userId, body.clientSeed));
  playerCall(app, sessions, 'demoRefill', ({ userId }) => refillDemo(db, userId), limited);
  playerCall(app, sessions, 'demoRotate', ({ userId, body }) => rotateDemo(db, userId, body.clientSeed, now()), limited);
  playerCall(
    app,
    sessions,
    'demoFlip',
    ({ userId, body }) => demoFlip(db, { userId, stake: body.stake, side: body.side, now: now() }),
    limited,
  );
  playerCall(
    app,
    sessions,
    'demoRoll',
    ({ userId, body }) => demoRoll(db, { userId, stake: body.stake, target: body.target, direction: body.direction, now: now() }),
    limited,
  );
  playerCall(
    app,
    sessions,
    'demoRoadStart',
    ({ userId, body }) => demoRoadStart(db, { userId, stake: body.stake, difficulty: body.difficulty, now: now() }),
    limited,
  );
  playerCall(
    app,
    sessions,
    'demoRoadStep',
    ({ userId, body }) => demoRoadStep(db, { userId, roundId: BigInt(body.roundId), lane: body.lane, now: now() }),
    limited,
  );
  playerCall(
    app,
    sessions,
    'demoRoadCashout',
    ({ userId, body }) => demoRoadCashout(db, { userId, roundId: BigInt(body.roundId), now: now() }),
    limited,
  );
  playerCall(app, sessions, 'demoRoadCurrent', ({ userId }) => demoRoadCurrent(db, userId));
  playerCall(app, sessions, 'demoRounds', ({ userId, body }) =>
    demoRounds(db, userId, {
      ...(body.game ? { game: body.game } : {}),
      ...(body.cursor ? { cursor: BigInt(body.cursor) } : {}),
      limit: body.limit ?? 20,
    }),
  );
}
