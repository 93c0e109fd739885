import { type } from 'arktype';
import { lazy } from './lazy';
import { Id, TonAmount } from './schemas';
import { PositiveTonAmount } from './keys';
import { ClientSeed, Difficulty, Direction, GameName, Hundredths, Round, SeedsInfo, Side } from './games';

/**
 * Demo play: the three games with play chips, never money. Every demo call has a path of its own
 * (/api/v3/demo/…), a reply of its own, and no currency field in its request: a demo call can
 * only ever name the demo balance, so no body can steer it at an account. Demo bets carry no
 * idempotency key: nothing of value moves, so a repeated tap is one more demo round at worst (a
 * road step already answers a lane it has crossed as it is).
 */

/** A demo round: a round of the games' shape whose currency is always "demo". */
export const DemoRound = lazy(() => Round.omit('currency').merge({ currency: "'demo'" }));
export type DemoRound = typeof DemoRound.infer;

export const DemoBetResult = lazy(() =>
  type({
    round: DemoRound,
    /** The demo balance after the bet: play chips, not TON. */
    demoBalance: TonAmount,
  }),
);
export type DemoBetResult = typeof DemoBetResult.infer;

export const DemoState = lazy(() =>
  type({
    /** Play chips left. */
    demoBalance: TonAmount,
    /** What a refill sets the demo balance back to. */
    refillTo: TonAmount,
    /** The demo seed pair: its own commitment and nonces, apart from the real pair's. */
    seeds: SeedsInfo,
  }),
);
export type DemoState = typeof DemoState.infer;

/** A player who has no demo pair yet gets one now, with this client seed (made by their browser). */
export const DemoStateRequest = lazy(() => type({ 'clientSeed?': ClientSeed }));
export const DemoRotateRequest = lazy(() => type({ 'clientSeed?': ClientSeed }));

export const DemoFlipRequest = lazy(() => type({ stake: PositiveTonAmount, side: Side }));
export const DemoRollRequest = lazy(() => type({ stake: PositiveTonAmount, target: Hundredths, direction: Direction }));
export const DemoRoadStartRequest = lazy(() => type({ stake: PositiveTonAmount, difficulty: Difficulty }));
export const DemoRoadStepRequest = lazy(() => type({ roundId: Id, lane: '1 <= number.integer <= 25' }));
export const DemoRoadCashoutRequest = lazy(() => type({ roundId: Id }));
export const DemoCurrentRoad = lazy(() => type({ round: DemoRound.or('null') }));

export const DemoRoundsRequest = lazy(() =>
  type({
    'game?': GameName,
    'cursor?': Id,
    'limit?': '1 <= number.integer <= 100',
  }),
);
export const DemoRoundsPage = lazy(() => type({ items: DemoRound.array(), nextCursor: 'string | null' }));

export const demoRefusals = ['demo.balance', 'demo.round'] as const;
export type DemoRefusal = (typeof demoRefusals)[number];
