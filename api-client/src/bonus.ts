import { type } from 'arktype';
import { IdempotencyKey } from './keys';
import { lazy } from './lazy';
import { Balance, Id, TonAmount } from './schemas';

// The bonus screen's own schemas (the first screen's calls) are in tasks.ts.
export * from './tasks';

export const ReferralInfo = lazy(() =>
  type({
    code: 'string',
    /** The messenger link that opens the app with the player's code. */
    link: 'string',
    totalReferrals: 'number.integer >= 0',
    activeReferrals: 'number.integer >= 0',
    /** Earnings waiting to be claimed to TON. */
    available: TonAmount,
    totalEarned: TonAmount,
    minClaim: TonAmount,
    /** A referee is active when they bet in this many days (activeReferrals). */
    activeDays: 'number.integer > 0',
  }),
);
export type ReferralInfo = typeof ReferralInfo.infer;
/** A settled win to share: the player's own (a round's result) or anyone's the live feed shows. */
export const ShareWinRequest = lazy(() => type({ roundId: Id }));
/**
 * The card to share: the message the bot prepared for this player (Telegram's shareMessage opens
 * it; null when the bot could not prepare one), and the same words with the player's referral
 * link, for a plain browser to copy.
 */
export const ShareWin = lazy(() => type({ preparedMessageId: 'string | null', text: 'string', link: 'string' }));
export type ShareWin = typeof ShareWin.infer;
export const ReferralClaimRequest = lazy(() => type({ idempotencyKey: IdempotencyKey }));
export const ReferralClaimResult = lazy(() => type({ referral: ReferralInfo, claimed: TonAmount, balance: Balance }));

export const AchievementsState = lazy(() =>
  type({
    ladders: type({
      id: "'rounds' | 'wagered' | 'bestWin'",
      /** Rounds played, TON wagered, or the best multiplier won. */
      value: 'string',
      tiers: type({ tier: 'number.integer', threshold: 'string', reward: TonAmount, earned: 'boolean' }).array(),
    }).array(),
  }),
);
export type AchievementsState = typeof AchievementsState.infer;

export const bonusRefusals = [
  'task.not-completed',
  'task.conditions',
  'task.claimed',
  'task.unknown',
  'daily.too-early',
  'bonus.cap',
  'referral.min',
  'account.banned',
] as const;
export type BonusRefusal = (typeof bonusRefusals)[number];
