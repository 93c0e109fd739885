import { marketRules } from '@arcade/api-client/market';

/** The market's numbers as the server enforces them (shared through the api-client). */
export const MIN_LIST_PRICE = marketRules.minPrice;
export const MAX_LIST_PRICE = marketRules.maxPrice;
/** Seller fee on a completed sale, in basis points (5%). */
export const SELLER_FEE_BASIS_POINTS = BigInt(marketRules.sellerFeeBasisPoints);
export const SELLER_FEE_PERCENT = marketRules.sellerFeeBasisPoints / 100;
/** Flat fee for sending a gift to Telegram. */
export const GIFT_WITHDRAWAL_FEE = marketRules.giftWithdrawalFee;
