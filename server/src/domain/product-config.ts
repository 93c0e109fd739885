import { HOUSE_EDGE } from '@arcade/api-client/fair';
import { toNano } from '@arcade/api-client/money';
import { marketRules } from '@arcade/api-client/market';
import { playRules } from '@arcade/api-client/play';

/**
 * Every product number the server uses, in one place (design/PRODUCT.md). Amounts are
 * written as TON decimal strings and converted to nanotons here, never with floats.
 */
export const productConfig = {
  session: {
    /** A session token lives this long; the app logs in again on 401. */
    tokenLifetimeSeconds: 60 * 60,
  },
  launchData: {
    /** Desktop clients may hand out cached launch data, so allow a few hours. */
    maxAgeSeconds: 6 * 60 * 60,
    /** Tolerated clock skew for launch data dated ahead of the server. */
    maxFutureSeconds: 60,
  },
  profile: {
    defaultLanguage: 'ru' as const,
  },
  referral: {
    /** A referral arrives as the signed start_param `r_<code>`. */
    startParamPrefix: 'r_',
    codeLength: 8,
    /** Share of the house edge of a referee's settled TON bets, in ten-thousandths (20%). */
    shareOfEdge: 2_000n,
    minClaimNano: toNano('0.1'),
    /** A referee is active when they bet in this many days. */
    activeDays: 30,
  },
  dailyReward: {
    /** Day 1..7 of the UTC-day ladder, credited to the bonus balance. */
    ladderNano: ['0.1', '0.2', '0.3', '0.5', '0.7', '1', '2'].map(toNano),
  },
  wallet: {
    minDepositNano: toNano('0.1'),
    /** The largest deposit a player may ask for (the TON Connect transfer, the test deposit). */
    maxDepositNano: toNano('100000'),
    minWithdrawalNano: toNano('0.1'),
    withdrawalFeeNano: toNano('0.05'),
    /** Per player and UTC day, counting every withdrawal not refunded or rejected. */
    dailyWithdrawalLimitNano: toNano('1000'),
    /** From this amount on a withdrawal waits for an operator's approval. */
    reviewThresholdNano: toNano('100'),
    /** A sent withdrawal not yet seen on chain is broadcast again after this many seconds. */
    resendAfterSeconds: 10,
    /** created_at is set this far behind chain time: a validator's now() may lag the last block. */
    createdAtLagSeconds: 30,
    /** Past created_at + timeout + this margin, an unseen message can no longer execute. */
    expiryMarginSeconds: 60,
    /** Transactions the watcher reads per page. */
    watcherPageSize: 100,
  },
  games: {
    minBetNano: toNano('0.01'),
    maxBetNano: toNano('50'),
    /** Stakes from the bonus balance are smaller. */
    maxBonusBetNano: toNano('1'),
    maxPayoutNano: toNano('500'),
    defaultClientSeedLength: 16,
  },
  bonus: {
    /** All bonus a player can ever be given: tasks, daily rewards, achievements. */
    lifetimeCapNano: toNano('70'),
    /** Each bonus credit adds this many times its amount to the wagering requirement. */
    wageringFactor: 25n,
  },
  responsiblePlay: {
    /** The largest limit a player may set on themself. */
    maxLimitNano: toNano(playRules.maxLimit),
    /** A raise or a removal of a limit waits this long before it is in force. */
    limitRaiseDelayHours: playRules.limitRaiseDelayHours,
    /** How long each break lasts. */
    pauseHours: playRules.pauseHours,
  },
  liveFeed: {
    /** A win is big (marked in the live feed) from this multiplier, in ten-thousandths... */
    bigWinMultiplier: 100_000n,
    /** ...or from this payout. */
    bigWinPayoutNano: toNano('50'),
    /** Settled rounds a feed shows on opening. */
    recentRounds: 20,
    /** Places on each of the weekly leaderboard's lists. */
    leaderboardPlaces: 10,
  },
  /** House edge per game in ten-thousandths: 1 - RTP (set in the fair rules, which derive the payouts from it). */
  houseEdge: { flip: BigInt(HOUSE_EDGE.flip), roll: BigInt(HOUSE_EDGE.roll), road: BigInt(HOUSE_EDGE.road) },
  achievements: {
    rounds: [
      { threshold: 1n, rewardNano: toNano('0.01') },
      { threshold: 100n, rewardNano: toNano('0.1') },
      { threshold: 1000n, rewardNano: toNano('1') },
    ],
    /** Thresholds in nanotons wagered. */
    wagered: [
      { threshold: toNano('10'), rewardNano: toNano('0.05') },
      { threshold: toNano('100'), rewardNano: toNano('0.5') },
      { threshold: toNano('1000'), rewardNano: toNano('5') },
    ],
    /** Thresholds in ten-thousandths of a multiplier. */
    bestWin: [
      { threshold: 100_000n, rewardNano: toNano('0.05') },
      { threshold: 1_000_000n, rewardNano: toNano('0.5') },
      { threshold: 10_000_000n, rewardNano: toNano('5') },
    ],
  },
  market: {
    minPriceNano: toNano(marketRules.minPrice),
    maxPriceNano: toNano(marketRules.maxPrice),
    /** Seller fee on a completed sale, in ten-thousandths (5%). */
    sellerFee: BigInt(marketRules.sellerFeeBasisPoints),
    maxCartItems: marketRules.maxCartItems,
    giftWithdrawalFeeNano: toNano(marketRules.giftWithdrawalFee),
    pageSize: 24,
  },
};
