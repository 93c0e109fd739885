import type { Type } from 'arktype';
import {
  AnyData,
  AuthRequest,
  AuthResult,
  EmptyRequest,
  FullProfile,
  LanguageRequest,
  LightProfile,
} from './schemas';
import {
  DepositRequest,
  DepositTransfer,
  HistoryPage,
  HistoryRequest,
  LinkedWallet,
  LinkWalletRequest,
  ProofPayload,
  TestDepositRequest,
  TestDepositResult,
  WalletInfo,
  Withdrawal,
  WithdrawalList,
  WithdrawalRequest,
  WithdrawRequest,
} from './wallet';
import {
  BetResult,
  CurrentRoad,
  FlipRequest,
  GamesConfig,
  RoadCashoutRequest,
  RoadStartRequest,
  RoadStepRequest,
  RollRequest,
  RotateRequest,
  RoundsPage,
  RoundsRequest,
  SeedsInfo,
} from './games';
import {
  AchievementsState,
  BonusState,
  DailyClaimRequest,
  DailyClaimResult,
  NotificationsRequest,
  NotificationsState,
  ReferralClaimRequest,
  ReferralClaimResult,
  ReferralInfo,
  TaskClaimRequest,
  TaskRequest,
  TaskResult,
} from './bonus';
import {
  CheckoutRequest,
  CheckoutResult,
  Gift,
  GiftRequest,
  GiftWithdrawal,
  InventoryPage,
  ListGiftRequest,
  MarketFacets,
  MarketFilter,
  MarketListRequest,
  MarketPage,
  WithdrawGiftRequest,
} from './market';

export interface CallSpec<Req extends Type = Type, Res extends Type = Type> {
  /** Path below the API host; every call is a POST. */
  path: string;
  request: Req;
  reply: Res;
  /** Sent before login, without a bearer token. */
  public?: boolean;
  /** A `success: false` reply is a broken contract ('invalid response'), not a business refusal. */
  strict?: boolean;
}

function call<Req extends Type, Res extends Type>(spec: CallSpec<Req, Res>): CallSpec<Req, Res> {
  return spec;
}

/** Every call of the API: the one list the server registers routes from and the client calls. */
export const calls = {
  auth: call({ path: '/api/v3/auth', request: AuthRequest, reply: AuthResult, public: true }),
  profileLight: call({ path: '/api/v3/profile/light', request: EmptyRequest, reply: LightProfile, strict: true }),
  profileFull: call({ path: '/api/v3/profile/full', request: EmptyRequest, reply: FullProfile, strict: true }),
  profileOnboarding: call({ path: '/api/v3/profile/onboarding', request: EmptyRequest, reply: AnyData }),
  profileLanguage: call({ path: '/api/v3/profile/language', request: LanguageRequest, reply: LightProfile, strict: true }),
  walletInfo: call({ path: '/api/v3/wallet/info', request: EmptyRequest, reply: WalletInfo }),
  walletDeposit: call({ path: '/api/v3/wallet/deposit', request: DepositRequest, reply: DepositTransfer }),
  walletTestDeposit: call({ path: '/api/v3/wallet/test-deposit', request: TestDepositRequest, reply: TestDepositResult }),
  walletWithdraw: call({ path: '/api/v3/wallet/withdraw', request: WithdrawRequest, reply: Withdrawal }),
  walletWithdrawals: call({ path: '/api/v3/wallet/withdrawals', request: EmptyRequest, reply: WithdrawalList }),
  walletWithdrawal: call({ path: '/api/v3/wallet/withdrawal', request: WithdrawalRequest, reply: Withdrawal }),
  walletProofPayload: call({ path: '/api/v3/wallet/proof-payload', request: EmptyRequest, reply: ProofPayload }),
  walletLink: call({ path: '/api/v3/wallet/link', request: LinkWalletRequest, reply: LinkedWallet }),
  gamesConfig: call({ path: '/api/v3/games/config', request: EmptyRequest, reply: GamesConfig }),
  gamesFlip: call({ path: '/api/v3/games/flip', request: FlipRequest, reply: BetResult }),
  gamesRoll: call({ path: '/api/v3/games/roll', request: RollRequest, reply: BetResult }),
  gamesRoadStart: call({ path: '/api/v3/games/road/start', request: RoadStartRequest, reply: BetResult }),
  gamesRoadStep: call({ path: '/api/v3/games/road/step', request: RoadStepRequest, reply: BetResult }),
  gamesRoadCashout: call({ path: '/api/v3/games/road/cashout', request: RoadCashoutRequest, reply: BetResult }),
  gamesRoadCurrent: call({ path: '/api/v3/games/road/current', request: EmptyRequest, reply: CurrentRoad }),
  gamesRounds: call({ path: '/api/v3/games/rounds', request: RoundsRequest, reply: RoundsPage }),
  fairnessSeeds: call({ path: '/api/v3/fairness/seeds', request: EmptyRequest, reply: SeedsInfo }),
  fairnessRotate: call({ path: '/api/v3/fairness/rotate', request: RotateRequest, reply: SeedsInfo }),
  bonusState: call({ path: '/api/v3/bonus/state', request: EmptyRequest, reply: BonusState }),
  bonusDailyClaim: call({ path: '/api/v3/bonus/daily/claim', request: DailyClaimRequest, reply: DailyClaimResult }),
  tasksCheck: call({ path: '/api/v3/tasks/check', request: TaskRequest, reply: TaskResult }),
  tasksClaim: call({ path: '/api/v3/tasks/claim', request: TaskClaimRequest, reply: TaskResult }),
  referralInfo: call({ path: '/api/v3/referral/info', request: EmptyRequest, reply: ReferralInfo }),
  referralClaim: call({ path: '/api/v3/referral/claim', request: ReferralClaimRequest, reply: ReferralClaimResult }),
  achievements: call({ path: '/api/v3/achievements', request: EmptyRequest, reply: AchievementsState }),
  profileNotifications: call({ path: '/api/v3/profile/notifications', request: NotificationsRequest, reply: NotificationsState }),
  marketList: call({ path: '/api/v3/market/list', request: MarketListRequest, reply: MarketPage }),
  marketFacets: call({ path: '/api/v3/market/facets', request: MarketFilter, reply: MarketFacets }),
  marketGift: call({ path: '/api/v3/market/gift', request: GiftRequest, reply: Gift }),
  marketCheckout: call({ path: '/api/v3/market/checkout', request: CheckoutRequest, reply: CheckoutResult }),
  giftsInventory: call({ path: '/api/v3/gifts/inventory', request: EmptyRequest, reply: InventoryPage }),
  giftsList: call({ path: '/api/v3/gifts/list', request: ListGiftRequest, reply: Gift }),
  giftsUnlist: call({ path: '/api/v3/gifts/unlist', request: GiftRequest, reply: Gift }),
  giftsWithdraw: call({ path: '/api/v3/gifts/withdraw', request: WithdrawGiftRequest, reply: GiftWithdrawal }),
  walletHistory: call({ path: '/api/v3/wallet/history', request: HistoryRequest, reply: HistoryPage }),
} as const;

export type Calls = typeof calls;
export type CallName = keyof Calls;
export type RequestOf<N extends CallName> = Calls[N]['request']['inferIn'];
export type ReplyOf<N extends CallName> = Calls[N]['reply']['infer'];
