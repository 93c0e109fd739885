import { ApiError } from '@arcade/api-client/errors';
import type { WalletRefusal } from '@arcade/api-client/wallet';
import type { walletEn } from '../../i18n/resources/wallet-en';

/** Where a refusal is shown: next to its field, or as a toast. */
export type RefusalPlace = 'address' | 'amount' | 'toast';

export type RefusalKey = `wallet.refusal.${Extract<keyof (typeof walletEn)['refusal'], string>}`;

/** Every refusal code of the contract and the text that explains it in the player's language. */
export const refusalKeys = {
  'withdraw.address.empty': 'wallet.refusal.addressEmpty',
  'withdraw.address.invalid': 'wallet.refusal.addressInvalid',
  'withdraw.address.workchain': 'wallet.refusal.addressWorkchain',
  'withdraw.address.testnet': 'wallet.refusal.addressTestnet',
  'withdraw.address.own-wallet': 'wallet.refusal.addressOwnWallet',
  'withdraw.amount.invalid': 'wallet.refusal.amountInvalid',
  'withdraw.amount.min': 'wallet.refusal.amountMin',
  'withdraw.amount.balance': 'wallet.refusal.amountBalance',
  'withdraw.amount.daily-limit': 'wallet.refusal.amountDailyLimit',
  'deposit.amount.invalid': 'wallet.refusal.depositAmountInvalid',
  'deposit.amount.min': 'wallet.refusal.depositAmountMin',
  'deposit.amount.max': 'wallet.refusal.depositAmountMax',
  'deposit.test-unavailable': 'wallet.refusal.testUnavailable',
  'account.banned': 'wallet.refusal.banned',
  'link.proof-invalid': 'wallet.refusal.linkProofInvalid',
  'link.payload-unknown': 'wallet.refusal.linkPayloadUnknown',
  'link.expired': 'wallet.refusal.linkExpired',
  'link.domain': 'wallet.refusal.linkDomain',
  'link.network': 'wallet.refusal.linkNetwork',
} as const satisfies Record<WalletRefusal, RefusalKey>;

/** The text key of a refusal code, or null for a code this app does not know. */
export function refusalKey(code: string): RefusalKey | null {
  const keys: Readonly<Record<string, RefusalKey | undefined>> = refusalKeys;
  return Object.hasOwn(keys, code) ? (keys[code] ?? null) : null;
}

export function refusalPlace(code: string): RefusalPlace {
  if (code.startsWith('withdraw.address.')) return 'address';
  if (code.startsWith('withdraw.amount.') || code.startsWith('deposit.amount.')) return 'amount';
  return 'toast';
}

export interface Refusal {
  place: RefusalPlace;
  /** The translated text's key; null for a code this app does not know (show `message`). */
  key: RefusalKey | null;
  /** The server's English words, the fallback. */
  message: string;
}

/** A business refusal of a wallet call, or null for any other error. */
export function readRefusal(error: unknown): Refusal | null {
  if (!ApiError.is(error, 'failure')) return null;
  const code = error.code ?? '';
  return {
    place: refusalPlace(code),
    key: refusalKey(code),
    message: error.message,
  };
}
