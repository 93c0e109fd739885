import type { FastifyInstance } from 'fastify';
import {
  FLIP_MULTIPLIER,
  formatHundredths,
  multiplierText,
  ROAD_TRAPS,
  roadLadder,
  roadLanes,
  ROLL_MAX_CHANCE,
  ROLL_MIN_CHANCE,
  type RoadDifficulty,
} from '@arcade/api-client/fair';
import type { GamesConfig } from '@arcade/api-client/games';
import { fromNano } from '@arcade/api-client/money';
import { cashOutRoad, playFlip, playRoll, startRoad, stepRoad } from '../domain/games/bets';
import { setBetBatching } from '../domain/games/bet-batches';
import { openRoadOf, roundsOf } from '../domain/games/rounds';
import { revealedPairs, rotateSeeds, seedsInfo } from '../domain/games/seeds';
import { productConfig } from '../domain/product-config';
import { playerCall } from './call';
import type { RouteDeps } from './deps';

function gamesConfig(): GamesConfig {
  const { games } = productConfig;
  const road = (difficulty: RoadDifficulty) => ({
    lanes: roadLanes(difficulty),
    traps: ROAD_TRAPS[difficulty],
    ladder: roadLadder(difficulty).map(multiplierText),
  });
  return {
    minBet: fromNano(games.minBetNano),
    maxBet: fromNano(games.maxBetNano),
    maxBonusBet: fromNano(games.maxBonusBetNano),
    maxPayout: fromNano(games.maxPayoutNano),
    flip: { multiplier: multiplierText(FLIP_MULTIPLIER) },
    roll: { minChance: formatHundredths(ROLL_MIN_CHANCE), maxChance: formatHundredths(ROLL_MAX_CHANCE) },
    road: { easy: road('easy'), medium: road('medium'), hard: road('hard'), hardcore: road('hardcore') },
  };
}

export function registerGameRoutes(app: FastifyInstance, { db, sessions, now, config: serverConfig }: RouteDeps): void {
  setBetBatching(db, serverConfig.betBatching);
  const config = gamesConfig();
  playerCall(app, sessions, 'gamesConfig', () => Promise.resolve(config));
  // The session's player and the declared fields, each by name: nothing else of a body reaches a bet.
  playerCall(app, sessions, 'gamesFlip', ({ userId, body, money }) =>
    playFlip(db, { userId, stake: body.stake, currency: body.currency, side: body.side, money, now: now() }),
  );
  playerCall(app, sessions, 'gamesRoll', ({ userId, body, money }) =>
    playRoll(db, { userId, stake: body.stake, currency: body.currency, target: body.target, direction: body.direction, money, now: now() }),
  );
  playerCall(app, sessions, 'gamesRoadStart', ({ userId, body, money }) =>
    startRoad(db, { userId, stake: body.stake, currency: body.currency, difficulty: body.difficulty, money, now: now() }),
  );
  playerCall(app, sessions, 'gamesRoadStep', ({ userId, body, money }) =>
    stepRoad(db, { userId, roundId: BigInt(body.roundId), lane: body.lane, money, now: now() }),
  );
  playerCall(app, sessions, 'gamesRoadCashout', ({ userId, body, money }) =>
    cashOutRoad(db, { userId, roundId: BigInt(body.roundId), money, now: now() }),
  );
  playerCall(app, sessions, 'gamesRoadCurrent', async ({ userId }) => ({ round: await openRoadOf(db, userId) }));
  playerCall(app, sessions, 'gamesRounds', ({ userId, body }) =>
    roundsOf(db, userId, {
      ...(body.game ? { game: body.game } : {}),
      ...(body.cursor ? { cursor: BigInt(body.cursor) } : {}),
      limit: body.limit ?? 20,
    }),
  );
  playerCall(app, sessions, 'fairnessSeeds', ({ userId, body }) => db.transaction((tx) => seedsInfo(tx, userId, body.clientSeed)));
  playerCall(app, sessions, 'fairnessRevealed', ({ userId, body }) =>
    revealedPairs(db, userId, { ...(body.before ? { before: BigInt(body.before) } : {}), limit: body.limit ?? 50 }),
  );
  playerCall(app, sessions, 'fairnessRotate', ({ userId, body }) =>
    db.transaction((tx) => rotateSeeds(tx, userId, body.clientSeed, now())),
  );
}
