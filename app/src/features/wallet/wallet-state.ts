import type { DepositTransfer, HistoryPage, WalletInfo, Withdrawal, WithdrawalStatus } from '@arcade/api-client/wallet';
import type { QueryClient, QueryFunctionContext } from '@tanstack/query-core';
import { atom, type Getter } from 'jotai';
import { atomWithInfiniteQuery, atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { profileKeys } from '../../state/profile';
import { sessionAtom } from '../../state/session';
import { readSignedIn, required, signedInQuery } from '../../state/signed-in';
import { walletInfoKey } from '../../state/wallet-info';
import type { ProofPayload } from './proof-payload';
import type { LinkWalletRequest } from './wallet-link';

export const walletKeys = {
  all: ['wallet'] as const,
  info: walletInfoKey,
  history: (userId: string | null) => ['wallet', 'history', userId] as const,
  withdrawal: (userId: string | null, id: string | null) => ['wallet', 'withdrawal', userId, id] as const,
  withdrawals: (userId: string | null) => ['wallet', 'withdrawals', userId] as const,
};

/** How often a withdrawal's status is re-read until it is final. */
export const WITHDRAWAL_POLL_MS = 1500;
export const HISTORY_PAGE_SIZE = 20;

/**
 * After any money call: the balances everyone shows (the top bar reads the light profile),
 * the wallet info and the history are re-read. Mounted queries refetch now, the rest on mount.
 */
export async function refreshBalances(client: QueryClient, userId: string): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: profileKeys.light(userId) }),
    client.invalidateQueries({ queryKey: walletKeys.info(userId) }),
    client.invalidateQueries({ queryKey: walletKeys.history(userId) }),
  ]);
}

/** `set(refreshBalancesAtom)` from a component or another atom. */
export const refreshBalancesAtom = atom(null, async (get) => {
  const signedIn = readSignedIn(get);
  if (signedIn) await refreshBalances(signedIn.client, signedIn.userId);
});

// ---- Deposits ----

/** Asks the server for the TON Connect transfer of a deposit (moves no money by itself). */
export const depositTransferAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['wallet', 'deposit'],
    mutationFn: (amount: string): Promise<DepositTransfer> => required(signedIn).api.wallet.deposit({ amount }),
  };
});

export interface TestDepositCall {
  amount: string;
  idempotencyKey: string;
}

/** Development only: the server sends a real transfer on its emulated chain; its watcher credits it. */
export const testDepositAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['wallet', 'test-deposit'],
    mutationFn: async (call: TestDepositCall) => {
      const { api, client, userId } = required(signedIn);
      const result = await api.wallet.testDeposit(call);
      void refreshBalances(client, userId);
      return result;
    },
  };
});

// ---- Withdrawals ----

export const FINAL_WITHDRAWAL_STATUSES: ReadonlySet<WithdrawalStatus> = new Set(['done', 'refunded', 'rejected']);

export function isFinalWithdrawal(status: WithdrawalStatus | undefined): boolean {
  return status !== undefined && FINAL_WITHDRAWAL_STATUSES.has(status);
}

/** Where the withdrawal on /withdraw is remembered, so its card is shown again after a reload. */
export const ACTIVE_WITHDRAWAL_STORAGE_KEY = 'arcade:wallet:active-withdrawal';

/** The withdrawal id this player was watching before the page was reloaded (session storage). */
export function storedWithdrawalId(userId: string): string | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(ACTIVE_WITHDRAWAL_STORAGE_KEY) ?? 'null') as unknown;
    if (typeof saved !== 'object' || saved === null) return null;
    const { userId: owner, id } = saved as { userId?: unknown; id?: unknown };
    return owner === userId && typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

function storeWithdrawalId(userId: string, id: string | null): void {
  try {
    if (id === null) sessionStorage.removeItem(ACTIVE_WITHDRAWAL_STORAGE_KEY);
    else sessionStorage.setItem(ACTIVE_WITHDRAWAL_STORAGE_KEY, JSON.stringify({ userId, id }));
  } catch {
    // No storage (private mode): the server's list still brings an in-flight withdrawal back.
  }
}

const activeWithdrawalBaseAtom = atom<string | null>(null);

/**
 * Whether /withdraw has looked for a withdrawal to show again (once per page load): after that,
 * the player's own choices decide, and an old one under review does not take the form's place.
 */
export const withdrawalResumeCheckedAtom = atom(false);

/**
 * The withdrawal whose status card /withdraw shows; kept while the player looks elsewhere and,
 * in session storage, across a reload.
 */
export const activeWithdrawalIdAtom = atom(
  (get) => get(activeWithdrawalBaseAtom),
  (get, set, id: string | null) => {
    set(activeWithdrawalBaseAtom, id);
    set(withdrawalResumeCheckedAtom, true);
    const session = get(sessionAtom);
    if (session) storeWithdrawalId(session.userId, id);
  },
);

/**
 * One withdrawal, polled every 1.5 s until done, refunded or rejected. A card makes its own
 * (useMemo): the atom goes with the card, the data stays in the query cache under its key.
 */
export function withdrawalQueryAtom(id: string) {
  return atomWithQuery((get: Getter) => ({
    ...signedInQuery(
      get,
      (userId) => walletKeys.withdrawal(userId, id),
      ({ api }, { signal }) => api.wallet.withdrawal(id, { signal }),
    ),
    refetchInterval: (query: { state: { data: Withdrawal | undefined } }) =>
      isFinalWithdrawal(query.state.data?.status) ? false : WITHDRAWAL_POLL_MS,
    // Keep following it while the messenger is in the background: money is moving.
    refetchIntervalInBackground: true,
  }));
}

/** The player's latest withdrawals, newest first; each also fills its own withdrawal's cache. */
export const withdrawalsQueryAtom = atomWithQuery((get: Getter) => ({
  ...signedInQuery(get, walletKeys.withdrawals, async ({ api, client, userId }, { signal }): Promise<Withdrawal[]> => {
    const { items } = await api.wallet.withdrawals({ signal });
    for (const item of items) {
      const key = walletKeys.withdrawal(userId, item.id);
      // A card polling it already has a fresher copy.
      if (client.getQueryData(key) === undefined) client.setQueryData(key, item);
    }
    return items;
  }),
  // Read when a screen opens; the cards poll their own withdrawal meanwhile.
  refetchOnWindowFocus: false,
}));

/** The withdrawals that are still on their way (review, queued, sent), newest first. */
export function inFlightWithdrawals(items: readonly Withdrawal[] | undefined): Withdrawal[] {
  return (items ?? []).filter((item) => !isFinalWithdrawal(item.status));
}

/**
 * Which withdrawal /withdraw shows when it opens with none active: the one this tab was watching
 * before a reload (even if it has finished since), else the newest still in progress on the server.
 */
export function withdrawalToResume(stored: string | null, items: readonly Withdrawal[] | undefined): string | null {
  if (stored !== null) return stored;
  return inFlightWithdrawals(items)[0]?.id ?? null;
}

export interface WithdrawCall {
  address: string;
  amount: string;
  idempotencyKey: string;
}

/** Debits the balance and queues the transfer; the reply is the withdrawal's first status. */
export const withdrawAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['wallet', 'withdraw'],
    mutationFn: async (call: WithdrawCall): Promise<Withdrawal> => {
      const { api, client, userId } = required(signedIn);
      const withdrawal = await api.wallet.withdraw(call);
      client.setQueryData(walletKeys.withdrawal(userId, withdrawal.id), withdrawal);
      void refreshBalances(client, userId);
      return withdrawal;
    },
  };
});

// ---- Linking the wallet (ton_proof) ----

/** Asks the server for a single-use ton_proof payload; null while signed out. */
export const proofPayloadFetcherAtom = atom((get) => {
  const signedIn = readSignedIn(get);
  return signedIn ? (signal: AbortSignal): Promise<ProofPayload> => signedIn.api.wallet.proofPayload({ signal }) : null;
});

/** Sends the connected wallet's proof; the linked wallet becomes the withdrawal address on offer. */
export const linkWalletAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['wallet', 'link'],
    mutationFn: async (request: LinkWalletRequest): Promise<string> => {
      const { api, client, userId } = required(signedIn);
      const { linkedWallet } = await api.wallet.link(request);
      client.setQueryData<WalletInfo>(walletKeys.info(userId), (old) => (old ? { ...old, linkedWallet } : old));
      void client.invalidateQueries({ queryKey: walletKeys.info(userId) });
      return linkedWallet;
    },
  };
});

// ---- History ----

export const walletHistoryQueryAtom = atomWithInfiniteQuery((get: Getter) => ({
  ...signedInQuery(
    get,
    walletKeys.history,
    ({ api }, { pageParam, signal }: QueryFunctionContext<readonly unknown[], string | null>): Promise<HistoryPage> =>
      api.wallet.history(pageParam ? { cursor: pageParam, limit: HISTORY_PAGE_SIZE } : { limit: HISTORY_PAGE_SIZE }, { signal }),
  ),
  initialPageParam: null as string | null,
  getNextPageParam: (last: HistoryPage) => last.nextCursor,
}));
