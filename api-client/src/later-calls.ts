import { EmptyRequest } from './schemas';
import { DepositRequest, DepositTransfer, HistoryPage, HistoryRequest, LinkedWallet, LinkWalletRequest, ProofPayload, TestDepositRequest, TestDepositResult, WalletInfo, Withdrawal, WithdrawalList, WithdrawalRequest, WithdrawRequest } from './wallet';
import { BetResult, CurrentRoad, FlipRequest, GamesConfig, RoadCashoutRequest, RoadStartRequest, RoadStepRequest, RollRequest, RevealedPage, RevealedRequest, RotateRequest, RoundsPage, RoundsRequest, SeedsInfo, SeedsRequest } from './games';
import { AchievementsState, ReferralClaimRequest, ReferralClaimResult, ReferralInfo } from './bonus';
import { CheckoutRequest, CheckoutResult, Gift, GiftRequest, GiftWithdrawal, InventoryPage, ListGiftRequest, MarketFacets, MarketFilter, MarketListRequest, MarketPage, WithdrawGiftRequest } from './market';
import { call } from './call-spec';

/** Every call but the first screen's (first-calls.ts): the API client loads these on first use. */
export const laterCalls = {
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
  fairnessSeeds: call({ path: '/api/v3/fairness/seeds', request: SeedsRequest, reply: SeedsInfo }),
  fairnessRevealed: call({ path: '/api/v3/fairness/revealed', request: RevealedRequest, reply: RevealedPage }),
  fairnessRotate: call({ path: '/api/v3/fairness/rotate', request: RotateRequest, reply: SeedsInfo }),
  referralInfo: call({ path: '/api/v3/referral/info', request: EmptyRequest, reply: ReferralInfo }),
  referralClaim: call({ path: '/api/v3/referral/claim', request: ReferralClaimRequest, reply: ReferralClaimResult }),
  achievements: call({ path: '/api/v3/achievements', request: EmptyRequest, reply: AchievementsState }),
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
