import { type } from 'arktype';
import { IdempotencyKey, PositiveTonAmount } from './keys';
import { lazy } from './lazy';
import { Balance, Id, TonAmount } from './schemas';

export { IDEMPOTENCY_KEY_FORM, IdempotencyKey, PositiveTonAmount } from './keys';

/** What the wallet screens need before the player does anything. */
export const WalletInfo = lazy(() =>
  type({
    balance: Balance,
    /** The player's deposit memo: the comment that tells the server whose TON arrived. */
    depositMemo: 'string',
    /** The hot wallet deposits go to, user-friendly. */
    depositAddress: 'string',
    network: "'mainnet' | 'testnet'",
    /** The server can send an emulated test deposit (development and the offline start mode). */
    testDeposits: 'boolean',
    limits: {
      minDeposit: TonAmount,
      maxDeposit: TonAmount,
      minWithdrawal: TonAmount,
      withdrawalFee: TonAmount,
      dailyWithdrawalLimit: TonAmount,
      /** What is left of today's limit (UTC day). */
      dailyWithdrawalLeft: TonAmount,
    },
    /** The TON Connect wallet linked with ton_proof, offered as the withdrawal address. */
    linkedWallet: 'string | null',
  }),
);
export type WalletInfo = typeof WalletInfo.infer;

export const DepositRequest = lazy(() =>
  type({
    amount: PositiveTonAmount,
  }),
);

/** The TON Connect `sendTransaction` request, built by the server so the app ships no TON library. */
export const DepositTransfer = lazy(() =>
  type({
    validUntil: 'number.integer > 0',
    network: "'-239' | '-3'",
    messages: type({
      address: 'string',
      amount: /^\d+$/,
      payload: 'string',
    })
      .array()
      .exactlyLength(1),
  }),
);
export type DepositTransfer = typeof DepositTransfer.infer;

export const TestDepositRequest = lazy(() =>
  type({
    amount: PositiveTonAmount,
    idempotencyKey: IdempotencyKey,
  }),
);

export const TestDepositResult = lazy(() =>
  type({
    /** The emulated chain transaction that carries the deposit; the watcher credits it. */
    txHash: 'string',
  }),
);

export const WithdrawalStatus = lazy(() => type("'review' | 'queued' | 'sent' | 'done' | 'refunded' | 'rejected'"));
export type WithdrawalStatus = typeof WithdrawalStatus.infer;

export const Withdrawal = lazy(() =>
  type({
    id: 'string',
    status: WithdrawalStatus,
    /** Friendly, non-bounceable form of the destination. */
    address: 'string',
    /** What arrives in the destination wallet. */
    amount: TonAmount,
    fee: TonAmount,
    /** amount + fee: what left the player's balance. */
    total: TonAmount,
    createdAt: 'string',
    /** Chain transaction that paid it, once done. */
    txHash: 'string | null',
  }),
);
export type Withdrawal = typeof Withdrawal.infer;

export const WithdrawRequest = lazy(() =>
  type({
    address: '0 < string <= 200',
    amount: '0 < string <= 40',
    idempotencyKey: IdempotencyKey,
  }),
);

export const WithdrawalRequest = lazy(() =>
  type({
    id: Id,
  }),
);

/** The player's latest withdrawals, newest first: the ones still on their way and the finished ones. */
export const WithdrawalList = lazy(() => type({ items: Withdrawal.array() }));

export const HistoryKind = lazy(() =>
  type(
    "'deposit' | 'withdrawal' | 'withdrawal_refund' | 'bet' | 'payout' | 'reward' | 'referral' | 'referral_claim' | 'bonus_release' | 'play_release' | 'purchase' | 'sale' | 'gift_withdrawal' | 'other'",
  ),
);
export type HistoryKind = typeof HistoryKind.infer;

export const HistoryItem = lazy(() =>
  type({
    id: 'string',
    kind: HistoryKind,
    currency: "'ton' | 'bonus' | 'referral'",
    /** Signed decimal: what this movement did to the player's balance. */
    amount: /^-?(0|[1-9]\d*)(\.\d{1,9})?$/,
    balanceAfter: TonAmount,
    createdAt: 'string',
    /** A bet or a payout: the game of its round. */
    'game?': "'flip' | 'roll' | 'road'",
    /** A bet or a payout: how its round stands (open: a road round not finished yet). */
    'outcome?': "'open' | 'won' | 'lost' | 'cashed'",
    /** A won or cashed round: the multiplier paid, as a decimal ("1.98"). */
    'multiplier?': /^\d+(\.\d{1,4})?$/,
    /** A purchase, a sale or a gift sent to Telegram: the gift's collection and number. */
    'gift?': { name: 'string', number: 'number.integer > 0' },
    /** A deposit or a paid withdrawal: its chain transaction's hash. */
    'txHash?': 'string',
    /** Referral commissions are one row per day: how many it sums. */
    'count?': 'number.integer > 0',
    /**
     * TON that moved on the locked balance (responsible play: credited during a break or beyond a
     * deposit limit, or withdrawn from it): balanceAfter is the locked balance, not the playable one.
     */
    'locked?': 'true',
  }),
);
export type HistoryItem = typeof HistoryItem.infer;

export const HistoryRequest = lazy(() =>
  type({
    'cursor?': Id,
    'limit?': '1 <= number.integer <= 100',
  }),
);

export const HistoryPage = lazy(() =>
  type({
    items: HistoryItem.array(),
    nextCursor: 'string | null',
  }),
);
export type HistoryPage = typeof HistoryPage.infer;

/**
 * Why a wallet call was refused: the `code` of the failure envelope. The app shows each next to
 * its field in the player's language; the server's English message is the fallback.
 */
export const walletRefusals = [
  'withdraw.address.empty',
  'withdraw.address.invalid',
  'withdraw.address.workchain',
  'withdraw.address.testnet',
  'withdraw.address.own-wallet',
  'withdraw.amount.invalid',
  'withdraw.amount.min',
  'withdraw.amount.balance',
  'withdraw.amount.daily-limit',
  'deposit.amount.invalid',
  'deposit.amount.min',
  'deposit.amount.max',
  'deposit.test-unavailable',
  'account.banned',
  'link.proof-invalid',
  'link.payload-unknown',
  'link.expired',
  'link.domain',
  'link.network',
] as const;
export type WalletRefusal = (typeof walletRefusals)[number];

/** A single-use ton_proof payload for linking the connected wallet; valid for 15 minutes. */
export const ProofPayload = lazy(() =>
  type({
    payload: /^[0-9a-f]{64}$/,
    /** Unix seconds. */
    expiresAt: 'number.integer > 0',
  }),
);

/** What TON Connect returns after a connect with a ton_proof request, passed on as is. */
export const LinkWalletRequest = lazy(() =>
  type({
    /** Raw `0:<hex>` address of the connected wallet (TON Connect's account.address). */
    address: '0 < string <= 100',
    /** TON Connect chain id: '-239' mainnet, '-3' testnet. */
    network: "'-239' | '-3'",
    /** Hex ed25519 public key (account.publicKey). */
    publicKey: /^[0-9a-fA-F]{64}$/,
    proof: {
      timestamp: 'number.integer > 0',
      domain: { lengthBytes: 'number.integer >= 0', value: '0 < string <= 253' },
      payload: '0 < string <= 128',
      /** Base64 ed25519 signature. */
      signature: '0 < string <= 200',
      /** Base64 BOC of the wallet's state init (account.walletStateInit). */
      stateInit: '0 < string <= 4096',
    },
  }),
);

export const LinkedWallet = lazy(() =>
  type({
    /** User-friendly, non-bounceable: offered as the withdrawal address. */
    linkedWallet: 'string',
  }),
);
