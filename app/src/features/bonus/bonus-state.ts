import type { AchievementsState, BonusState, DailyState, ReferralInfo, Task } from '@arcade/api-client/bonus';
import type { SeedsInfo } from '@arcade/api-client/games';
import type { Balance, FullProfile, LightProfile } from '@arcade/api-client/schemas';
import type { WalletInfo } from '@arcade/api-client/wallet';
import { skipToken, type Query, type QueryClient, type QueryFunctionContext } from '@tanstack/query-core';
import { atom, type Getter } from 'jotai';
import { atomWithMutation, atomWithQuery, queryClientAtom } from 'jotai-tanstack-query';
import type { AppApi } from '../../lib/api';
import { profileKeys, readSignedIn, required } from '../../state/profile';
import { apiAtom, sessionAtom } from '../../state/session';
import { ClaimKeys } from './action-keys';
import { firstClientSeed } from '../fairness/client-seed';

export const bonusKeys = {
  state: (userId: string | null) => ['bonus', 'state', userId] as const,
  achievements: (userId: string | null) => ['bonus', 'achievements', userId] as const,
  referral: (userId: string | null) => ['referral', 'info', userId] as const,
  // The wallet screens read the same call under the same key: one cache entry for both.
  walletInfo: (userId: string | null) => ['wallet', 'info', userId] as const,
  seeds: (userId: string | null) => ['fairness', 'seeds', userId] as const,
};

/** The referral numbers move while friends play: re-read them this often while shown. */
export const REFERRAL_POLL_MS = 30_000;

/**
 * A reply carried the balances: everything that shows them (the top bar reads the profiles)
 * takes them at once, without another round trip.
 */
export function applyBalance(client: QueryClient, userId: string, balance: Balance): void {
  const differs = (held: { balance: Balance } | undefined) =>
    held !== undefined && (held.balance.ton !== balance.ton || held.balance.bonusTon !== balance.bonusTon);
  if (differs(client.getQueryData<LightProfile>(profileKeys.light(userId)))) {
    client.setQueryData<LightProfile>(profileKeys.light(userId), (old) => (old ? { ...old, balance } : old));
  }
  if (differs(client.getQueryData<FullProfile>(profileKeys.full(userId)))) {
    client.setQueryData<FullProfile>(profileKeys.full(userId), (old) => (old ? { ...old, balance } : old));
  }
  if (differs(client.getQueryData<BonusState>(bonusKeys.state(userId)))) {
    client.setQueryData<BonusState>(bonusKeys.state(userId), (old) => (old ? { ...old, balance } : old));
  }
}

/** The state with one task replaced by the server's newer copy of it. */
export function withTask(state: BonusState, task: Task): BonusState {
  return { ...state, tasks: state.tasks.map((held) => (held.id === task.id ? task : held)) };
}

/** The state after a daily claim: the new ladder, and the daily task marked claimed. */
export function withDaily(state: BonusState, daily: DailyState): BonusState {
  return {
    ...state,
    daily,
    tasks: state.tasks.map((task) =>
      task.kind === 'DailyReward' ? { ...task, state: daily.claimedToday ? 'claimed' : task.state } : task,
    ),
  };
}

/** Claims in flight keep their idempotency key until the server has answered. */
const claimKeys = new ClaimKeys();

// ---- Bonus state: balances, cap, wagering, the daily ladder and the tasks ----

/** The bonus state's query: its answer also updates the balances shown elsewhere. */
export function bonusStateOptions(api: AppApi, client: QueryClient, userId: string) {
  return {
    queryKey: bonusKeys.state(userId),
    queryFn: async ({ signal }: QueryFunctionContext): Promise<BonusState> => {
      const state = await api.bonus.state({ signal });
      applyBalance(client, userId, state.balance);
      return state;
    },
  };
}

/**
 * When start-up loaded the bonus state (it is the first screen, prefetchBonusState), the screen
 * mounting right after takes that answer instead of asking again at once. Only that first
 * showing: once the screen has been left (releaseStartupBonusState), and for any later answer
 * (a refetch, a claim's invalidation), the state is stale at once and read again on return,
 * as before.
 */
const STARTUP_FRESH_MS = 10_000;
let startupAnswerAt: number | null = null;

/** The bonus screen was left: coming back reads the state again. */
export function releaseStartupBonusState(): void {
  startupAnswerAt = null;
}

/** Start-up loads the first screen's data with the full profile, so the screen shows it at once. */
export async function prefetchBonusState(api: AppApi, client: QueryClient, userId: string): Promise<void> {
  await client.prefetchQuery(bonusStateOptions(api, client, userId));
  const query = client.getQueryState(bonusKeys.state(userId));
  if (query?.status === 'success') startupAnswerAt = query.dataUpdatedAt;
}

export const bonusStateQueryAtom = atomWithQuery((get: Getter) => {
  const session = get(sessionAtom);
  const api = get(apiAtom);
  const client = get(queryClientAtom);
  return {
    queryKey: bonusKeys.state(session?.userId ?? null),
    queryFn: session && api ? bonusStateOptions(api, client, session.userId).queryFn : skipToken,
    staleTime: (query: Query<BonusState, Error, BonusState, readonly unknown[]>) =>
      query.state.dataUpdatedAt === startupAnswerAt ? STARTUP_FRESH_MS : 0,
  };
});

/**
 * Subscribe tasks the server confirmed on "Check" this session. The task list does not ask
 * Telegram (only "Check" and the claim do), so a re-read would show them as to-do again.
 */
export const verifiedTasksAtom = atom<ReadonlySet<string>>(new Set<string>());

export const markVerifiedAtom = atom(null, (get, set, taskId: string) => {
  const held = get(verifiedTasksAtom);
  if (!held.has(taskId)) set(verifiedTasksAtom, new Set([...held, taskId]));
});

/** Re-reads the bonus state (and the profile's copy of the daily ladder) after a claim. */
function refreshAfterClaim(client: QueryClient, userId: string): void {
  void client.invalidateQueries({ queryKey: bonusKeys.state(userId) });
  void client.invalidateQueries({ queryKey: profileKeys.full(userId) });
}

export const claimDailyAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['bonus', 'daily-claim'],
    mutationFn: async () => {
      const { api, client, userId } = required(signedIn);
      const result = await claimKeys.run('daily', (idempotencyKey) => api.bonus.claimDaily({ idempotencyKey }));
      client.setQueryData<BonusState>(bonusKeys.state(userId), (old) => (old ? withDaily(old, result.daily) : old));
      applyBalance(client, userId, result.balance);
      refreshAfterClaim(client, userId);
      return result;
    },
  };
});

export const checkTaskAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['bonus', 'task-check'],
    mutationFn: async (taskId: string) => {
      const { api, client, userId } = required(signedIn);
      const result = await api.bonus.checkTask({ taskId });
      client.setQueryData<BonusState>(bonusKeys.state(userId), (old) => (old ? withTask(old, result.task) : old));
      applyBalance(client, userId, result.balance);
      return result;
    },
  };
});

export const claimTaskAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['bonus', 'task-claim'],
    mutationFn: async (taskId: string) => {
      const { api, client, userId } = required(signedIn);
      const result = await claimKeys.run(`task:${taskId}`, (idempotencyKey) => api.bonus.claimTask({ taskId, idempotencyKey }));
      client.setQueryData<BonusState>(bonusKeys.state(userId), (old) => (old ? withTask(old, result.task) : old));
      applyBalance(client, userId, result.balance);
      refreshAfterClaim(client, userId);
      return result;
    },
  };
});

/** `set(refreshBonusStateAtom)`: re-read the state now (a refused claim, a new UTC day). */
export const refreshBonusStateAtom = atom(null, async (get) => {
  const signedIn = readSignedIn(get);
  if (signedIn) await signedIn.client.invalidateQueries({ queryKey: bonusKeys.state(signedIn.userId) });
});

// ---- Achievements ----

export const achievementsQueryAtom = atomWithQuery((get: Getter) => {
  const session = get(sessionAtom);
  const api = get(apiAtom);
  return {
    queryKey: bonusKeys.achievements(session?.userId ?? null),
    queryFn: session && api ? ({ signal }: QueryFunctionContext): Promise<AchievementsState> => api.bonus.achievements({ signal }) : skipToken,
  };
});

// ---- Referrals ----

export const referralQueryAtom = atomWithQuery((get: Getter) => {
  const session = get(sessionAtom);
  const api = get(apiAtom);
  return {
    queryKey: bonusKeys.referral(session?.userId ?? null),
    queryFn: session && api ? ({ signal }: QueryFunctionContext): Promise<ReferralInfo> => api.referral.info({ signal }) : skipToken,
    refetchInterval: REFERRAL_POLL_MS,
  };
});

export const claimReferralAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['referral', 'claim'],
    mutationFn: async () => {
      const { api, client, userId } = required(signedIn);
      const result = await claimKeys.run('referral', (idempotencyKey) => api.referral.claim({ idempotencyKey }));
      client.setQueryData(bonusKeys.referral(userId), result.referral);
      applyBalance(client, userId, result.balance);
      void client.invalidateQueries({ queryKey: profileKeys.full(userId) });
      return result;
    },
  };
});

// ---- Profile additions: linked wallet, fairness seeds, bot notifications ----

export const walletInfoQueryAtom = atomWithQuery((get: Getter) => {
  const session = get(sessionAtom);
  const api = get(apiAtom);
  const client = get(queryClientAtom);
  return {
    queryKey: bonusKeys.walletInfo(session?.userId ?? null),
    queryFn:
      session && api
        ? async ({ signal }: QueryFunctionContext): Promise<WalletInfo> => {
            const info = await api.wallet.info({ signal });
            applyBalance(client, session.userId, info.balance);
            return info;
          }
        : skipToken,
  };
});

export const seedsQueryAtom = atomWithQuery((get: Getter) => {
  const session = get(sessionAtom);
  const api = get(apiAtom);
  return {
    queryKey: bonusKeys.seeds(session?.userId ?? null),
    queryFn: session && api ? ({ signal }: QueryFunctionContext): Promise<SeedsInfo> => api.fairness.seeds({ clientSeed: firstClientSeed() }, { signal }) : skipToken,
  };
});

/** Saves the bot-notifications choice; the full profile's flag follows the server's answer. */
export const setNotificationsAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['profile', 'notifications'],
    mutationFn: async (enabled: boolean) => {
      const { api, client, userId } = required(signedIn);
      const state = await api.profile.setNotifications(enabled);
      client.setQueryData<FullProfile>(profileKeys.full(userId), (old) =>
        old ? { ...old, telegram: { ...old.telegram, isAllowsWriteToPm: state.enabled } } : old,
      );
      return state;
    },
  };
});
