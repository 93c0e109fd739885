import { type } from 'arktype';
import { lazy } from './lazy';

/** A TON amount as the API carries it: a non-negative decimal string with at most 9 decimals ("12.5"). */
export const TonAmount = lazy(() =>
  type(/^(0|[1-9]\d{0,8})(\.\d{1,9})?$/).describe('a TON amount such as "12.5" (under a billion, at most 9 decimals)'),
);

const MAX_ID = 9_223_372_036_854_775_807n;
/** A database id as the API carries it: a decimal string that fits a signed 64-bit integer. */
export const Id = lazy(() =>
  type(/^\d{1,19}$/)
    .narrow((value, ctx) => BigInt(value) <= MAX_ID || ctx.mustBe('an id that exists'))
    .describe('an id (digits)'),
);
export type TonAmount = typeof TonAmount.infer;

export const Language = lazy(() => type("'ru' | 'en'"));
export type Language = typeof Language.infer;

export const Balance = lazy(() =>
  type({
    ton: TonAmount,
    bonusTon: TonAmount,
  }),
);
export type Balance = typeof Balance.infer;

/** Spec section 3, "Light profile". */
export const LightProfile = lazy(() =>
  type({
    balance: Balance,
    name: 'string',
    avatarUrl: 'string',
    onboardingCompleted: 'boolean',
    onboardingWalletCompleted: 'boolean',
    lang: 'string',
  }),
);
export type LightProfile = typeof LightProfile.infer;

export const Friends = lazy(() =>
  type({
    referralCode: 'string',
    totalReferrals: 'number.integer >= 0',
    activeReferrals: 'number.integer >= 0',
    referralAmount: 'number >= 0',
  }),
);

export const TelegramFlags = lazy(() =>
  type({
    isAddedToAttachmentMenu: 'boolean',
    isAllowsWriteToPm: 'boolean',
  }),
);

export const Achievements = lazy(() =>
  type({
    numberRounds: 'number.integer >= 0',
    betAmount: 'number >= 0',
    maximumWin: 'number >= 0',
  }),
);

export const DailyRewardDay = lazy(() =>
  type({
    day: 'number.integer >= 1',
    reward: 'number >= 0',
    isClaimed: 'boolean',
  }),
);

export const DailyReward = lazy(() =>
  type({
    /** Whether to invite the daily claim: false once claimed today, and during a pause (the claim would be refused). */
    shouldShow: 'boolean',
    currentDay: 'number.integer >= 1',
    rewards: DailyRewardDay.array(),
  }),
);

/** Spec section 3, "Full profile": every light field plus these blocks. */
export const FullProfile = lazy(() =>
  LightProfile.and({
    friends: Friends,
    'isBanned?': 'boolean | null',
    telegram: TelegramFlags,
    achievements: Achievements,
    dailyReward: DailyReward,
  }),
);
export type FullProfile = typeof FullProfile.infer;

/**
 * Spec section 3, "Auth result". expired_at is a Unix time in seconds. The server also sends the
 * player's light profile (the spec's /profile/light answer at the same moment), so start-up has
 * it without a second round trip; optional, so a reply with the spec's two fields alone is valid
 * (start-up then asks /profile/light).
 */
export const AuthResult = lazy(() =>
  type({
    token: 'string > 0',
    expired_at: 'number.integer > 0',
    'profile?': LightProfile,
  }),
);
export type AuthResult = typeof AuthResult.infer;

export const AuthRequest = lazy(() =>
  type({
    initData: '0 < string <= 8192',
  }),
);
export type AuthRequest = typeof AuthRequest.infer;

export const LanguageRequest = lazy(() =>
  type({
    lang: Language,
  }),
);
export type LanguageRequest = typeof LanguageRequest.infer;

/** A call whose request has no body: the app sends `{}` (or nothing). */
export const EmptyRequest = lazy(() => type({}));

/** "success with any data" (spec section 7, onboarding). */
export const AnyData = lazy(() => type('unknown'));

export const Failure = lazy(() =>
  type({
    success: 'false',
    message: 'string',
    /** A stable machine-readable reason (e.g. 'withdraw.address.invalid') the app translates. */
    'code?': 'string',
  }),
);
export type Failure = typeof Failure.infer;

/** Spec section 3, "API reply": either success true with data, or success false with a message. */
export const Envelope = lazy(() =>
  type({
    success: 'boolean',
    'data?': 'unknown',
    'message?': 'string',
    'code?': 'string',
  }),
);
