/**
 * Market numbers the contract does not expose yet (server productConfig.market). Shown to the
 * player before a call; the server's answer is what counts (a refusal says the real limit).
 */
export const MIN_LIST_PRICE = '0.1';
/** Seller fee on a completed sale, in basis points (5%). */
export const SELLER_FEE_BASIS_POINTS = 500n;
export const SELLER_FEE_PERCENT = 5;
/** Flat fee for sending a gift to Telegram. */
export const GIFT_WITHDRAWAL_FEE = '0.1';
