import { type } from 'arktype';
import { lazy } from './lazy';
import { TonAmount } from './schemas';

/** A share in basis points (ten-thousandths): 500 is 5%. */
const BasisPoints = lazy(() => type('0 <= number.integer <= 10000'));

/**
 * Every figure the terms of use quote, as the server's product configuration has it: the app
 * writes them into the text, so the terms say what the server does and cannot drift from it.
 */
export const LegalFigures = lazy(() =>
  type({
    wallet: {
      minDeposit: TonAmount,
      maxDeposit: TonAmount,
      minWithdrawal: TonAmount,
      withdrawalFee: TonAmount,
      /** Per player and UTC day. */
      dailyWithdrawalLimit: TonAmount,
      /** From this amount on a withdrawal waits for an operator's approval. */
      reviewThreshold: TonAmount,
    },
    games: {
      minBet: TonAmount,
      maxBet: TonAmount,
      maxBonusBet: TonAmount,
      maxPayout: TonAmount,
      houseEdge: { flip: BasisPoints, roll: BasisPoints, road: BasisPoints },
    },
    bonus: {
      /** All bonus a player can ever be given. */
      lifetimeCap: TonAmount,
      /** Each bonus credit adds this many times its amount to the wagering requirement. */
      wageringFactor: 'number.integer >= 0',
    },
    referral: {
      /** Share of the house edge of a referee's settled TON bets. */
      shareOfEdge: BasisPoints,
      minClaim: TonAmount,
    },
    market: {
      sellerFee: BasisPoints,
      giftSendFee: TonAmount,
      minPrice: TonAmount,
      maxPrice: TonAmount,
    },
  }),
);
export type LegalFigures = typeof LegalFigures.infer;
