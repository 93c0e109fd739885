import { toNano } from '@arcade/api-client/money';
import type { WalletInfo } from '@arcade/api-client/wallet';
import { atom, type Getter } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';
import { shareBalance } from './balances';
import { signedInQuery } from './signed-in';

export const walletInfoKey = (userId: string | null) => ['wallet', 'info', userId] as const;

/** How often the wallet info is re-read while a deposit is on its way. */
export const DEPOSIT_POLL_MS = 2000;

/** A deposit sent (through the wallet or as a test) and not yet seen on the balance. */
export interface PendingDeposit {
  /** Told apart from the next one, so its arrival is announced once. */
  id: string;
  amount: string;
  /** The TON balance just before it was sent. */
  baseline: string;
  memo: string;
  via: 'wallet' | 'test';
  /** The balance it arrived at, once announced. */
  arrivedAt: string | null;
}

export const pendingDepositAtom = atom<PendingDeposit | null>(null);

/** Any rise of the TON balance over the baseline counts: the deposit (or another one) has landed. */
export function depositArrived(pending: PendingDeposit, info: WalletInfo | undefined | null): boolean {
  return info != null && toNano(info.balance.ton) > toNano(pending.baseline);
}

/**
 * Balances, deposit address, limits and the linked wallet: read by the wallet screens and the
 * profile (its linked wallet), polled while a deposit is on its way.
 */
export const walletInfoQueryAtom = atomWithQuery((get: Getter) => {
  const pending = get(pendingDepositAtom);
  return {
    ...signedInQuery(get, walletInfoKey, async ({ api, client, userId }, { signal }) => {
      const info = await api.wallet.info({ signal });
      // A deposit that landed or a refunded withdrawal reaches the top bar at once.
      shareBalance(client, userId, info.balance);
      return info;
    }),
    refetchInterval: (query: { state: { data: WalletInfo | undefined } }) =>
      pending && !depositArrived(pending, query.state.data) ? DEPOSIT_POLL_MS : false,
  };
});

export const walletInfoAtom = atom((get): WalletInfo | null => get(walletInfoQueryAtom).data ?? null);
