import type { FastifyInstance } from 'fastify';
import type { LegalFigures } from '@arcade/api-client/legal';
import { fromNano } from '@arcade/api-client/money';
import { productConfig } from '../domain/product-config';
import { publicCall } from './call';

/**
 * The figures the terms of use quote, straight from the product configuration the server runs
 * on: the app writes them into the text, so the terms cannot say another fee or limit.
 */
export function legalFigures(config = productConfig): LegalFigures {
  const { wallet, games, bonus, referral, market, houseEdge } = config;
  return {
    wallet: {
      minDeposit: fromNano(wallet.minDepositNano),
      maxDeposit: fromNano(wallet.maxDepositNano),
      minWithdrawal: fromNano(wallet.minWithdrawalNano),
      withdrawalFee: fromNano(wallet.withdrawalFeeNano),
      dailyWithdrawalLimit: fromNano(wallet.dailyWithdrawalLimitNano),
      reviewThreshold: fromNano(wallet.reviewThresholdNano),
    },
    games: {
      minBet: fromNano(games.minBetNano),
      maxBet: fromNano(games.maxBetNano),
      maxBonusBet: fromNano(games.maxBonusBetNano),
      maxPayout: fromNano(games.maxPayoutNano),
      houseEdge: { flip: Number(houseEdge.flip), roll: Number(houseEdge.roll), road: Number(houseEdge.road) },
    },
    bonus: { lifetimeCap: fromNano(bonus.lifetimeCapNano), wageringFactor: Number(bonus.wageringFactor) },
    referral: { shareOfEdge: Number(referral.shareOfEdge), minClaim: fromNano(referral.minClaimNano) },
    market: {
      sellerFee: Number(market.sellerFee),
      giftSendFee: fromNano(market.giftWithdrawalFeeNano),
      minPrice: fromNano(market.minPriceNano),
      maxPrice: fromNano(market.maxPriceNano),
    },
  };
}

/**
 * The terms of use and the privacy policy are the app's own screens (/terms, /privacy: the paths
 * the TON Connect manifest names, served as the app like any other page); they ask here, before
 * any login, for the figures they quote.
 */
export function registerLegalRoutes(app: FastifyInstance): void {
  const figures = legalFigures();
  publicCall(app, 'legalFigures', () => Promise.resolve(figures));
}
