import type { RequestOf } from '@arcade/api-client/calls';
import { ApiError } from '@arcade/api-client/errors';
import type { ParseKeys } from 'i18next';
import { readRefusal } from './refusals';

/** The body of `api.wallet.link`. */
export type LinkWalletRequest = RequestOf<'walletLink'>;

/**
 * The parts of a TON Connect `Wallet` that linking reads (see @tonconnect/sdk): the account and the
 * reply to the ton_proof connect item, a proof or an error.
 */
export interface ConnectedWalletLike {
  account: {
    /** Raw "<wc>:<hex>". */
    address: string;
    /** '-239' mainnet, '-3' testnet. */
    chain: string;
    /** Base64 BOC. */
    walletStateInit: string;
    /** Hex, no 0x; some wallets leave it out. */
    publicKey?: string;
  };
  connectItems?: {
    tonProof?:
      | {
          name: 'ton_proof';
          proof: { timestamp: number; domain: { lengthBytes: number; value: string }; payload: string; signature: string };
        }
      | { name: 'ton_proof'; error: { code: number; message?: string } };
  };
}

/** Why a connected wallet cannot be linked without connecting again. */
export type LinkProblem =
  /** Connected without a ton_proof request (a restored session, or no payload was ready). */
  | 'no-proof'
  /** The wallet answered the ton_proof request with an error. */
  | 'proof-error'
  /** Neither mainnet nor testnet. */
  | 'network'
  /** The wallet did not share its public key, which the server checks the proof with. */
  | 'no-public-key';

export type LinkCheck = { ok: true; request: LinkWalletRequest } | { ok: false; problem: LinkProblem };

function isNetwork(chain: string): chain is LinkWalletRequest['network'] {
  return chain === '-239' || chain === '-3';
}

/** The link request for the wallet TON Connect connected, passed on as the server checks it. */
export function linkRequestOf(wallet: ConnectedWalletLike): LinkCheck {
  const reply = wallet.connectItems?.tonProof;
  if (!reply) return { ok: false, problem: 'no-proof' };
  if (!('proof' in reply)) return { ok: false, problem: 'proof-error' };
  const { account } = wallet;
  if (!isNetwork(account.chain)) return { ok: false, problem: 'network' };
  if (!account.publicKey) return { ok: false, problem: 'no-public-key' };
  const { proof } = reply;
  return {
    ok: true,
    request: {
      address: account.address,
      network: account.chain,
      publicKey: account.publicKey,
      proof: {
        timestamp: proof.timestamp,
        domain: { lengthBytes: proof.domain.lengthBytes, value: proof.domain.value },
        payload: proof.payload,
        signature: proof.signature,
        stateInit: account.walletStateInit,
      },
    },
  };
}

/** The payload a connected wallet signed, or null without a proof. */
export function proofPayloadOf(wallet: ConnectedWalletLike): string | null {
  const reply = wallet.connectItems?.tonProof;
  return reply && 'proof' in reply ? reply.proof.payload : null;
}

function fromBase64Url(text: string): Uint8Array | null {
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (char) => char.charCodeAt(0));
  } catch {
    return null;
  }
}

/** "<wc>:<hex>" of a user-friendly address (flags, workchain, hash, checksum in base64), or null. */
export function rawAddressOf(friendly: string): string | null {
  if (!/^[A-Za-z0-9+/_-]{48}$/.test(friendly)) return null;
  const bytes = fromBase64Url(friendly);
  if (!bytes || bytes.length !== 36) return null;
  const workchain = (bytes[1] ?? 0) > 127 ? (bytes[1] ?? 0) - 256 : (bytes[1] ?? 0);
  const hash = Array.from(bytes.subarray(2, 34), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${workchain}:${hash}`;
}

/**
 * True when the linked wallet (user-friendly, from the server) is the connected account (raw, from
 * TON Connect); the bounceable and test-only flags do not matter.
 */
export function isSameAccount(linkedWallet: string | null | undefined, rawAddress: string): boolean {
  if (!linkedWallet) return false;
  return rawAddressOf(linkedWallet)?.toLowerCase() === rawAddress.trim().toLowerCase();
}

type WalletKey = Extract<ParseKeys, `wallet.${string}`>;

/** The text of a link problem found before anything is sent. */
export function linkProblemKey(problem: LinkProblem): WalletKey {
  switch (problem) {
    case 'no-proof':
      return 'wallet.link.notLinkedText';
    case 'proof-error':
      return 'wallet.link.proofError';
    case 'network':
      return 'wallet.refusal.linkNetwork';
    case 'no-public-key':
      return 'wallet.link.noPublicKey';
  }
}

export interface LinkFailure {
  /** The text's key, or null to show `message` (a refusal this app does not know). */
  key: WalletKey | 'toast.somethingWentWrong' | null;
  message: string;
  /** The request may not have reached the server: sending it again is worth a try. */
  retryable: boolean;
}

/** How a failed `api.wallet.link` is told to the player. */
export function explainLinkFailure(error: unknown): LinkFailure {
  const refusal = readRefusal(error);
  if (refusal) return { key: refusal.key, message: refusal.message, retryable: false };
  if (ApiError.is(error, 'request')) return { key: 'wallet.toast.network', message: '', retryable: true };
  return { key: 'toast.somethingWentWrong', message: '', retryable: false };
}
