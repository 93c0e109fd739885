import { type } from 'arktype';
import { Currency, GameName } from './games';
import { lazy } from './lazy';
import { TonAmount } from './schemas';

/**
 * The live feed: a POST (with the app key and the session's bearer token, like every call) whose
 * answer is a Server-Sent Events stream, not a JSON envelope. Its events:
 * - `recent`: the last rounds (LiveRecent), newest first, on connecting and whenever the server
 *   had to read them again;
 * - `round`: one round just settled (LiveRound), in the order they committed;
 * - `names`: rounds whose player changed what shows of them (LiveNames);
 * - comment lines (`:`) as a heartbeat.
 * Each event has an `id:`, a feed position every replica shares; a stream opened with the last one
 * as `Last-Event-ID` (or `?lastEventId=`) starts with what was missed instead of `recent`, when
 * the server still has it all (LiveFeedCursor in live-stream.ts keeps it; the rule is at the top of
 * server/src/domain/live/live-feed.ts). The server may end a stream at any time (a restart, its
 * age): the client connects again.
 */
export const LIVE_FEED_PATH = '/api/v3/games/live';

const Multiplier = lazy(() => type(/^\d+(\.\d{1,4})?$/));

/** A settled round as everyone may see it: never the player's id, only the name they let show. */
export const LiveRound = lazy(() =>
  type({
    id: 'string',
    game: GameName,
    currency: Currency,
    stake: TonAmount,
    /** 0 for a loss. */
    payout: TonAmount,
    /** The multiplier paid, e.g. "1.98"; "0" for a loss. */
    multiplier: Multiplier,
    /** When it settled (ISO 8601). */
    at: 'string',
    /** The player's first name; null when they chose to hide it (the app shows "Hidden"). */
    name: 'string | null',
    /** A big win by the server's rule (LiveRecent's bigWin). */
    big: 'boolean',
  }),
);
export type LiveRound = typeof LiveRound.infer;

export const LiveRecent = lazy(() =>
  type({
    rounds: LiveRound.array(),
    /** What makes a win big: a multiplier from this one, or a payout from this amount. */
    bigWin: { multiplier: Multiplier, payout: TonAmount },
  }),
);
export type LiveRecent = typeof LiveRecent.infer;

export const LiveNames = lazy(() => type({ rounds: 'string[]', name: 'string | null' }));
export type LiveNames = typeof LiveNames.infer;

export type LiveEvent = { type: 'recent'; data: LiveRecent } | { type: 'round'; data: LiveRound } | { type: 'names'; data: LiveNames };

export const LeaderboardWagered = lazy(() =>
  type({ place: 'number.integer >= 1', name: 'string | null', mine: 'boolean', wagered: TonAmount }),
);
export const LeaderboardBest = lazy(() =>
  type({ place: 'number.integer >= 1', name: 'string | null', mine: 'boolean', multiplier: Multiplier }),
);

/** This week's leaders (the week starts at midnight UTC on Monday), from the settled rounds. */
export const Leaderboard = lazy(() =>
  type({
    /** The week's first moment and the next week's (ISO 8601, UTC). */
    weekStart: 'string',
    resetsAt: 'string',
    wagered: LeaderboardWagered.array(),
    best: LeaderboardBest.array(),
  }),
);
export type Leaderboard = typeof Leaderboard.infer;

/** Whether the player's first name shows in the live feed and on the leaderboard (default: it does). */
export const PrivacyState = lazy(() => type({ showName: 'boolean' }));
export type PrivacyState = typeof PrivacyState.infer;
export const PrivacyRequest = lazy(() => type({ showName: 'boolean' }));
