/**
 * The one view of the TON chain the deposit watcher and the withdrawal sender depend on. Two
 * implementations: `ToncenterChain` (toncenter API v3, the real network) and `SandboxChain`
 * (@ton/sandbox: real contracts on an emulated chain, for tests and the offline start mode).
 */

/** One transaction of a watched account, as far as crediting and withdrawals care. */
export interface ChainTx {
  /** Transaction hash, lowercase hex (64 characters). */
  hash: string;
  lt: bigint;
  /** Unix seconds of the block that holds it. */
  utime: number;
  /** What started it: a message from another account, a signed external message, or nothing (tick-tock). */
  inKind: 'internal' | 'external-in' | 'none';
  /** Sender of the inbound internal message, raw `0:<hex>`; null for externals. */
  src: string | null;
  /** Nanoton carried by the inbound message (0 for externals). */
  value: bigint;
  /** The inbound message asked to bounce on failure. */
  bounce: boolean;
  /** The inbound message is itself a bounce of something this account sent. */
  bounced: boolean;
  /** First 32 bits of the inbound body, when it has them. */
  op: number | null;
  /** Text comment (op 0) of the inbound body. */
  comment: string | null;
  /** Outbound messages created: a deposit that bounced back has 1, a paid withdrawal has 1, a skipped one 0. */
  outCount: number;
  aborted: boolean;
  /** The compute phase ran and succeeded (false when skipped, e.g. on an undeployed account). */
  computeOk: boolean;
  /** Parsed from a highload wallet v3 external body: identifies which withdrawal this was. */
  externalQuery?: { queryId: number; createdAt: number };
}

export interface ChainCursor {
  lt: bigint;
  /** Hex hash of the transaction at `lt`, checked against what the chain says. */
  hash: string;
}

export type AccountStatus = 'active' | 'uninit' | 'frozen' | 'nonexist';

export interface ChainAdapter {
  /**
   * Finalized transactions of `account` (any address form) strictly after the cursor, ascending
   * by lt, at most `limit`. Never skips over a transaction that is not final yet: the list stops
   * before it, so moving a cursor to the last returned item never loses one.
   */
  getTransactionsAfter(account: string, after: ChainCursor | null, limit: number): Promise<ChainTx[]>;
  /** Broadcasts a signed external message (base64 BOC). A message the account refuses throws ChainRejectedError. */
  sendExternalMessage(boc: string): Promise<void>;
  getAccountState(address: string): Promise<{ status: AccountStatus; balance: bigint }>;
  /** The chain's idea of now (unix seconds): what highload `created_at` and expiry are measured against. */
  chainTime(): Promise<number>;
}

export class ChainError extends Error {}

/** The chain could not be asked (network, timeout, rate limit, 5xx, a reply we cannot read). Try again later. */
export class ChainUnavailableError extends ChainError {
  override readonly name = 'ChainUnavailableError';
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * The chain refused a message. For a highload wallet, exit code 36 means this query id was already
 * executed, 35 that created_at is outside the window (expired or from the future), 33 a bad signature.
 */
export class ChainRejectedError extends ChainError {
  override readonly name = 'ChainRejectedError';
  constructor(
    message: string,
    readonly exitCode?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
