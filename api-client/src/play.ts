import { type } from 'arktype';
import { IdempotencyKey } from './keys';
import { lazy } from './lazy';
import { TonAmount } from './schemas';

/**
 * Responsible play: the limits a player sets on themself, pauses (cool-off and self-exclusion),
 * the reality check and the 18+ confirmation. The server enforces every rule; these calls only
 * read and change the player's own settings (identity from the session, never the body).
 */

/**
 * Which limit. Every limit counts over UTC calendar windows (the day from 00:00 UTC, the week
 * from Monday 00:00 UTC, the month from the 1st 00:00 UTC): deposits, losses and wagers (every
 * stake, TON or bonus). A sign-in never starts a window again.
 */
export const PlayLimitKind = lazy(() =>
  type(
    "'deposit-day' | 'deposit-week' | 'deposit-month' | 'loss-day' | 'loss-week' | 'loss-month' | 'wager-day' | 'wager-week' | 'wager-month'",
  ),
);
export type PlayLimitKind = typeof PlayLimitKind.infer;

export const playLimitKinds = [
  'deposit-day',
  'deposit-week',
  'deposit-month',
  'loss-day',
  'loss-week',
  'loss-month',
  'wager-day',
  'wager-week',
  'wager-month',
] as const satisfies readonly PlayLimitKind[];

/** A signed TON decimal ("-1.5", "0", "2.25"). */
const SignedTonAmount = lazy(() => type(/^-?(0|[1-9]\d*)(\.\d{1,9})?$/).describe('a signed TON amount such as "-1.5"'));

export const PlayLimit = lazy(() =>
  type({
    kind: PlayLimitKind,
    /** The limit in force; null = none. */
    amount: 'string | null',
    /** Deposited, lost (stakes minus payouts, never below 0) or wagered in the current window; "0" when none. */
    used: TonAmount,
    /** A raise or a removal (amount null) that takes effect at effectiveAt (ISO 8601), playRules.limitRaiseDelayHours after it was asked. */
    pending: type({ amount: 'string | null', effectiveAt: 'string' }).or('null'),
  }),
);
export type PlayLimit = typeof PlayLimit.infer;

export const PlayPauseKind = lazy(() => type("'cool-off' | 'self-exclusion'"));
export type PlayPauseKind = typeof PlayPauseKind.infer;

export const PlayState = lazy(() =>
  type({
    /** One entry per kind, in playLimitKinds order. */
    limits: PlayLimit.array(),
    /**
     * The pause in force: no bets, no deposit requests, no bonus, reward or referral claims (the
     * bonus, tasks and daily screens read it here). until null = self-exclusion (lifted only by an operator).
     */
    pause: type({ kind: PlayPauseKind, startedAt: 'string', until: 'string | null' }).or('null'),
    /** Remind the player every this many minutes of play; null = off. */
    realityCheckMinutes: 'number.integer > 0 | null',
    /** When the player confirmed being 18 or older; null = not yet (bets are refused). */
    ageConfirmedAt: 'string | null',
    /**
     * TON that arrived during a pause or beyond a deposit limit: the player's, withdrawable, but
     * not for bets. Released to the balance when the pause ends (never after self-exclusion).
     */
    lockedBalance: TonAmount,
    /** The signed-in session: when it started, what was wagered in it, payouts minus stakes (may be negative). */
    session: { startedAt: 'string', wagered: TonAmount, net: SignedTonAmount },
  }),
);
export type PlayState = typeof PlayState.infer;

export const PlayLimitRequest = lazy(() =>
  type({
    kind: PlayLimitKind,
    /** The new limit; null removes it. Lowering (or a first limit) is at once; raising or removing waits 24 hours. */
    amount: TonAmount.or('null'),
    idempotencyKey: IdempotencyKey,
  }),
);
export type PlayLimitRequest = typeof PlayLimitRequest.infer;

export const PlayPauseLength = lazy(() => type("'24h' | '7d' | '30d' | 'permanent'"));
export type PlayPauseLength = typeof PlayPauseLength.infer;

export const PlayPauseRequest = lazy(() =>
  type({
    /** 'permanent' is self-exclusion. A pause cannot be shortened or ended; a longer one replaces a shorter one. */
    length: PlayPauseLength,
    idempotencyKey: IdempotencyKey,
  }),
);
export type PlayPauseRequest = typeof PlayPauseRequest.infer;

export const playRealityCheckMinutes = [15, 30, 60, 120] as const;

export const PlayRealityCheckRequest = lazy(() =>
  type({
    minutes: '15 | 30 | 60 | 120 | null',
  }),
);
export type PlayRealityCheckRequest = typeof PlayRealityCheckRequest.infer;

/** Responsible play's fixed numbers, shared by the server that enforces them and the app that shows them. */
export const playRules = {
  /** The largest limit a player may set, TON: any limit above it is refused (play.limit.max). */
  maxLimit: '1000000',
  /** A raise or a removal of a limit waits this many hours before it is in force (PlayLimit.pending). */
  limitRaiseDelayHours: 24,
  /** How long each break lasts, in hours: the app names it in days from whole days on. */
  pauseHours: { '24h': 24, '7d': 7 * 24, '30d': 30 * 24 } satisfies Record<Exclude<PlayPauseLength, 'permanent'>, number>,
} as const;

/** Why a call was refused for responsible-play reasons: the `code` of the failure envelope. */
export const playRefusals = [
  /** A bet before the player confirmed 18+. */
  'play.age-unconfirmed',
  /** A bet, a deposit request or a bonus, reward or referral claim during a cool-off; the message says when it ends. */
  'play.paused',
  /** A bet, a deposit request or a bonus, reward or referral claim after self-exclusion. */
  'play.excluded',
  /** The stake would take the day's, week's or month's losses beyond the limit. */
  'play.limit.loss',
  /** The stake would take the day's, week's or month's wagering beyond the limit. */
  'play.limit.wager',
  /** The deposit would go beyond a deposit limit; the message says what is left. */
  'play.limit.deposit',
  /** A limit above the largest one a player may set (playRules.maxLimit). */
  'play.limit.max',
  /** A pause shorter than the one in force (it cannot be shortened). */
  'play.pause.shorter',
] as const;
export type PlayRefusal = (typeof playRefusals)[number];
