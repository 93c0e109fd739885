import { sign } from '@ton/crypto';
import {
  beginCell,
  Cell,
  comment as commentCell,
  contractAddress,
  external,
  internal,
  SendMode,
  storeMessage,
  storeMessageRelaxed,
  type Address,
  type StateInit,
} from '@ton/core';
import { HIGHLOAD_WALLET_V3_CODE_HEX } from '@tonkite/highload-wallet-v3/dist/highload-wallet-v3-code.js';
import { readHighloadExternalQuery, type HighloadExternalQuery } from './message-body';

/**
 * Our hot wallet: highload wallet v3 (github.com/ton-blockchain/highload-wallet-contract-v3).
 * Messages are signed offline with a query id and creation time the caller stores first, so a
 * withdrawal can be re-broadcast byte for byte until the chain shows it, and never runs twice.
 */

/** The official build; @tonkite/highload-wallet-v3 embeds it (its index does not export it). */
export const HIGHLOAD_WALLET_V3_CODE: Cell = Cell.fromHex(HIGHLOAD_WALLET_V3_CODE_HEX);
/** Hash of `build/HighloadWalletV3.compiled.json` in the official repository. */
export const HIGHLOAD_WALLET_V3_CODE_HASH = '11acad7955844090f283bf238bc1449871f783e7cc0979408d3f4859483e8525';
/** The subwallet id the contract's README recommends. */
export const HIGHLOAD_SUBWALLET_ID = 0x10ad;

/** The contract marks bits 0..1022 of a 1023-bit cell per shift. */
export const MAX_BIT_NUMBER = 1022;
export const MAX_SHIFT = 8191;
/** Distinct query ids per timeout window. */
export const QUERY_IDS_PER_WINDOW = (MAX_SHIFT + 1) * (MAX_BIT_NUMBER + 1);
/** Largest timeout the contract stores (u22 seconds, about 48 days). */
export const MAX_TIMEOUT = 2 ** 22 - 1;

/** Pay the forward fees from the wallet balance, and ignore errors (the contract forces +2 anyway). */
export const HIGHLOAD_SEND_MODE = SendMode.PAY_GAS_SEPARATELY | SendMode.IGNORE_ERRORS;
/** Everything the wallet holds goes with the message (its fees taken from it): a rotation's sweep. */
export const HIGHLOAD_SEND_ALL_MODE = SendMode.CARRY_ALL_REMAINING_BALANCE | SendMode.IGNORE_ERRORS;

export interface HighloadWalletParams {
  publicKey: Buffer;
  /** Seconds a signed message stays valid (and replay-protected): 1 h to 24 h is usual. */
  timeout: number;
  subwalletId?: number;
  workchain?: number;
}

export interface HighloadWalletKeys {
  publicKey: Buffer;
  secretKey: Buffer;
  subwalletId?: number;
  workchain?: number;
}

/** One payment out of the hot wallet. */
export interface HighloadTransfer {
  /** u23: `shift << 10 | bitNumber`; see `queryIdFromSequence`. */
  queryId: number;
  /** Unix seconds by the chain's clock; valid while `createdAt <= now < createdAt + timeout`. */
  createdAt: number;
  timeout: number;
  to: Address | string;
  /** Nanoton. */
  amount: bigint;
  bounce: boolean;
  comment?: string | null;
  /** HIGHLOAD_SEND_MODE unless given (HIGHLOAD_SEND_ALL_MODE sends the whole balance; `amount` is then ignored). */
  sendMode?: number;
}

export interface SignedExternal {
  /** The whole external message, base64 BOC: what is stored and (re)broadcast. */
  boc: string;
  /** Hash of that message cell, hex. */
  messageHash: string;
  /** TEP-467 normalized hash, hex: how explorers and toncenter find an external message. */
  normalizedHash: string;
  wallet: Address;
  queryId: number;
  createdAt: number;
}

function checkTimeout(timeout: number): void {
  if (!Number.isInteger(timeout) || timeout <= 0 || timeout > MAX_TIMEOUT) {
    throw new RangeError(`highload timeout must be an integer in 1..${MAX_TIMEOUT}, got ${timeout}`);
  }
}

export function highloadWalletStateInit(params: HighloadWalletParams): StateInit {
  checkTimeout(params.timeout);
  if (params.publicKey.length !== 32) throw new RangeError('public key must be 32 bytes');
  const data = beginCell()
    .storeBuffer(params.publicKey)
    .storeUint(params.subwalletId ?? HIGHLOAD_SUBWALLET_ID, 32)
    .storeDict(null) // old_queries
    .storeDict(null) // queries
    .storeUint(0, 64) // last_clean_time
    .storeUint(params.timeout, 22)
    .endCell();
  return { code: HIGHLOAD_WALLET_V3_CODE, data };
}

export function highloadWalletAddress(params: HighloadWalletParams): Address {
  return contractAddress(params.workchain ?? 0, highloadWalletStateInit(params));
}

/** Splits the u23 query id the contract reads as `shift:u13 bit_number:u10`. */
export function splitQueryId(queryId: number): { shift: number; bitNumber: number } {
  return { shift: queryId >> 10, bitNumber: queryId & 1023 };
}

export function isValidQueryId(queryId: number): boolean {
  return Number.isInteger(queryId) && queryId >= 0 && queryId < 2 ** 23 && splitQueryId(queryId).bitNumber <= MAX_BIT_NUMBER;
}

/**
 * Maps a counter 0, 1, 2, … (e.g. a database sequence, taken modulo QUERY_IDS_PER_WINDOW) to a
 * query id: `shift = n / 1023`, `bitNumber = n % 1023`, skipping the unusable bit 1023.
 */
export function queryIdFromSequence(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n >= QUERY_IDS_PER_WINDOW) {
    throw new RangeError(`query sequence number must be an integer in 0..${QUERY_IDS_PER_WINDOW - 1}, got ${n}`);
  }
  const shift = Math.floor(n / (MAX_BIT_NUMBER + 1));
  const bitNumber = n % (MAX_BIT_NUMBER + 1);
  return (shift << 10) | bitNumber;
}

/**
 * Builds and signs, without touching the network, the external message that makes the hot wallet
 * pay `transfer`. `deploy` attaches the state init (the first message to the wallet deploys it).
 */
export function signHighloadTransfer(
  keys: HighloadWalletKeys,
  transfer: HighloadTransfer,
  options: { deploy?: boolean } = {},
): SignedExternal {
  if (transfer.amount < 0n) throw new RangeError('amount must not be negative');
  const outgoing = internal({
    to: transfer.to,
    value: transfer.amount,
    bounce: transfer.bounce,
    body: transfer.comment ? commentCell(transfer.comment) : null,
  });
  return signHighloadMessage(keys, { ...transfer, message: beginCell().store(storeMessageRelaxed(outgoing)).endCell() }, options);
}

/**
 * Deploys the hot wallet: its first external message, carrying the state init, and sending an
 * empty zero-value message to itself (the contract must send exactly one message). Fund the
 * address first with a non-bounceable transfer.
 */
export function signHighloadDeploy(
  keys: HighloadWalletKeys,
  query: { queryId: number; createdAt: number; timeout: number },
): SignedExternal {
  const params = { publicKey: keys.publicKey, timeout: query.timeout, subwalletId: keys.subwalletId, workchain: keys.workchain };
  const self = highloadWalletAddress(params);
  return signHighloadTransfer(keys, { ...query, to: self, amount: 0n, bounce: false }, { deploy: true });
}

function signHighloadMessage(
  keys: HighloadWalletKeys,
  query: { queryId: number; createdAt: number; timeout: number; message: Cell; sendMode?: number },
  options: { deploy?: boolean },
): SignedExternal {
  if (!isValidQueryId(query.queryId)) throw new RangeError(`invalid highload query id ${query.queryId}`);
  if (!Number.isInteger(query.createdAt) || query.createdAt <= 0) throw new RangeError(`invalid createdAt ${query.createdAt}`);
  const subwalletId = keys.subwalletId ?? HIGHLOAD_SUBWALLET_ID;
  const init = highloadWalletStateInit({ publicKey: keys.publicKey, timeout: query.timeout, subwalletId });
  const wallet = contractAddress(keys.workchain ?? 0, init);

  const signed = beginCell()
    .storeUint(subwalletId, 32)
    .storeRef(query.message)
    .storeUint(query.sendMode ?? HIGHLOAD_SEND_MODE, 8)
    .storeUint(query.queryId, 23)
    .storeUint(query.createdAt, 64)
    .storeUint(query.timeout, 22)
    .endCell();
  const body = beginCell().storeBuffer(sign(signed.hash(), keys.secretKey)).storeRef(signed).endCell();

  const message = beginCell()
    .store(storeMessage(external({ to: wallet, init: options.deploy ? init : null, body })))
    .endCell();
  const normalized = beginCell()
    .store(storeMessage(external({ to: wallet, body }), { forceRef: true }))
    .endCell();
  return {
    boc: message.toBoc().toString('base64'),
    messageHash: message.hash().toString('hex'),
    normalizedHash: normalized.hash().toString('hex'),
    wallet,
    queryId: query.queryId,
    createdAt: query.createdAt,
  };
}

/** What the watcher reads back from a hot wallet external body (a Cell or a base64 BOC). */
export function parseExternalQuery(body: Cell | string): HighloadExternalQuery | null {
  try {
    return readHighloadExternalQuery(typeof body === 'string' ? Cell.fromBase64(body) : body);
  } catch {
    return null;
  }
}
