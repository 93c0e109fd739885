import { type } from 'arktype';
import { lazy } from './lazy';
import { Balance, Id, TonAmount } from './schemas';
import { IdempotencyKey, PositiveTonAmount } from './wallet';

export const Currency = lazy(() => type("'ton' | 'bonus'"));
export type Currency = typeof Currency.infer;
export const GameName = lazy(() => type("'flip' | 'roll' | 'road'"));
export type GameName = typeof GameName.infer;
export const Side = lazy(() => type("'heads' | 'tails'"));
export const Direction = lazy(() => type("'under' | 'over'"));
export const Difficulty = lazy(() => type("'easy' | 'medium' | 'hard' | 'hardcore'"));
export type Difficulty = typeof Difficulty.infer;

/** A percentage with at most 2 decimals, as the roll shows it: "50", "49.5", "0.01". */
export const Hundredths = lazy(() => type(/^(100|[1-9]?\d)(\.\d{1,2})?$/).describe('a number from 0 to 100 with at most 2 decimals'));

const Multiplier = lazy(() => type(/^\d+(\.\d{1,4})?$/));

/** How to check a round: the seed pair's commitment, and the seed itself once rotated. */
export const RoundFairness = lazy(() =>
  type({
    serverSeedHash: /^[0-9a-f]{64}$/,
    /** Revealed after the pair was rotated; null while it is in use. */
    serverSeed: 'string | null',
    clientSeed: 'string',
    nonce: 'number.integer >= 0',
  }),
);

export const Round = lazy(() =>
  type({
    id: 'string',
    game: GameName,
    currency: Currency,
    stake: TonAmount,
    /** What the player got back: 0 for a loss and while a road round is open. */
    payout: TonAmount,
    /** The multiplier paid (or reached so far on the road), e.g. "1.98". */
    multiplier: Multiplier,
    status: "'open' | 'won' | 'lost' | 'cashed'",
    createdAt: 'string',
    fairness: RoundFairness,
    'flip?': { choice: Side, side: Side },
    'roll?': { target: Hundredths, direction: Direction, chance: Hundredths, roll: Hundredths },
    'road?': {
      difficulty: Difficulty,
      lanes: 'number.integer > 0',
      /** Safe lanes crossed. */
      passed: 'number.integer >= 0',
      /** The lane that had the trap, when the round was lost on it. */
      'hitLane?': 'number.integer > 0',
      /** Trap lanes (1-based), shown only after the round is over. */
      traps: 'number.integer[] | null',
    },
  }),
);
export type Round = typeof Round.infer;

export const BetResult = lazy(() =>
  type({
    round: Round,
    balance: Balance,
  }),
);
export type BetResult = typeof BetResult.infer;

const Bet = {
  stake: PositiveTonAmount,
  currency: Currency,
  idempotencyKey: IdempotencyKey,
};

export const FlipRequest = lazy(() => type({ ...Bet, side: Side }));
export const RollRequest = lazy(() => type({ ...Bet, target: Hundredths, direction: Direction }));
export const RoadStartRequest = lazy(() => type({ ...Bet, difficulty: Difficulty }));
export const RoadStepRequest = lazy(() => type({ roundId: Id, lane: '1 <= number.integer <= 25', idempotencyKey: IdempotencyKey }));
export const RoadCashoutRequest = lazy(() => type({ roundId: Id, idempotencyKey: IdempotencyKey }));
export const CurrentRoad = lazy(() => type({ round: Round.or('null') }));

export const RoundsRequest = lazy(() =>
  type({
    'game?': GameName,
    'cursor?': Id,
    'limit?': '1 <= number.integer <= 100',
  }),
);
export const RoundsPage = lazy(() => type({ items: Round.array(), nextCursor: 'string | null' }));

export const GamesConfig = lazy(() =>
  type({
    minBet: TonAmount,
    maxBet: TonAmount,
    maxBonusBet: TonAmount,
    maxPayout: TonAmount,
    flip: { multiplier: Multiplier },
    roll: { minChance: Hundredths, maxChance: Hundredths },
    road: {
      easy: { lanes: 'number.integer', traps: 'number.integer', ladder: Multiplier.array() },
      medium: { lanes: 'number.integer', traps: 'number.integer', ladder: Multiplier.array() },
      hard: { lanes: 'number.integer', traps: 'number.integer', ladder: Multiplier.array() },
      hardcore: { lanes: 'number.integer', traps: 'number.integer', ladder: Multiplier.array() },
    },
  }),
);
export type GamesConfig = typeof GamesConfig.infer;

export const ClientSeed = lazy(() => type(/^[A-Za-z0-9_-]{1,64}$/).describe('1 to 64 letters, digits, "-" or "_"'));

/** A seed pair rotated out: its server seed is public now. */
export const RevealedPair = lazy(() =>
  type({
    /** The pair's id: the cursor of the page after it. */
    id: Id,
    serverSeed: 'string',
    serverSeedHash: 'string',
    clientSeed: 'string',
    /** Bets made with the pair: nonces 0 .. bets-1. */
    bets: 'number.integer >= 0',
    rotatedAt: 'string',
  }),
);
export type RevealedPair = typeof RevealedPair.infer;

export const SeedsInfo = lazy(() =>
  type({
    /** SHA-256 of the server seed in use: the commitment shown before any bet. */
    serverSeedHash: /^[0-9a-f]{64}$/,
    /** The commitment of the seed that comes after the next rotation. */
    nextServerSeedHash: /^[0-9a-f]{64}$/,
    clientSeed: 'string',
    /** The nonce of the next bet. */
    nonce: 'number.integer >= 0',
    /** The latest revealed pairs, newest first; the rest page by page (fairnessRevealed from revealedNext). */
    revealed: RevealedPair.array(),
    revealedNext: 'string | null',
  }),
);
export type SeedsInfo = typeof SeedsInfo.infer;

/**
 * Asks for the seeds in use. A player who has no pair yet gets one now, with this client seed
 * (made by their browser); once the pair exists the field is ignored.
 */
export const SeedsRequest = lazy(() => type({ 'clientSeed?': ClientSeed }));

/** A page of revealed pairs: those older than `before` (none: from the newest). */
export const RevealedRequest = lazy(() =>
  type({
    'before?': Id,
    'limit?': '1 <= number.integer <= 100',
  }),
);
export const RevealedPage = lazy(() => type({ items: RevealedPair.array(), next: 'string | null' }));
export type RevealedPage = typeof RevealedPage.infer;

export const RotateRequest = lazy(() => type({ 'clientSeed?': ClientSeed }));

export const gameRefusals = [
  'game.stake.min',
  'game.stake.max',
  'game.stake.bonus-max',
  'game.payout.max',
  'game.balance',
  'game.roll.chance',
  'game.road.open',
  'game.road.not-open',
  'game.road.lane',
  'game.road.nothing-to-cash',
  'fairness.road-open',
  'account.banned',
] as const;
export type GameRefusal = (typeof gameRefusals)[number];
