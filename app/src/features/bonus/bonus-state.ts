import type { BonusState, DailyState, Task } from '@arcade/api-client/bonus';
import type { Query, QueryClient, QueryFunctionContext } from '@tanstack/query-core';
import { atom, type Getter } from 'jotai';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import type { AppApi } from '../../lib/api';
import { createActionKeys, runWithKey } from '../../lib/idempotency';
import { shareBalance } from '../../state/balances';
import { profileKeys } from '../../state/profile';
import { readSignedIn, required, signedInQuery } from '../../state/signed-in';

export const bonusKeys = {
  state: (userId: string | null) => ['bonus', 'state', userId] as const,
};

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

/** Claims in flight keep their idempotency key until the server has answered; each claim in its own lane. */
const claimKeys = createActionKeys();

function runClaim<T>(claim: string, call: (idempotencyKey: string) => Promise<T>): Promise<T> {
  return runWithKey(claimKeys, claim, call, claim);
}

// ---- Bonus state: balances, cap, wagering, the daily ladder and the tasks ----

/** The bonus state's query: its answer also updates the balances shown elsewhere. */
export function bonusStateOptions(api: AppApi, client: QueryClient, userId: string) {
  return {
    queryKey: bonusKeys.state(userId),
    queryFn: async ({ signal }: QueryFunctionContext): Promise<BonusState> => {
      const state = await api.bonus.state({ signal });
      shareBalance(client, userId, state.balance);
      return state;
    },
  };
}

/**
 * When start-up loaded the bonus state (it is the first screen, prefetchBonusStateAtom), the
 * screen mounting right after takes that answer instead of asking again at once. Only that first
 * showing: once the screen has been left (releaseStartupBonusStateAtom), and for any later
 * answer (a refetch, a claim's invalidation), the state is stale at once and read again on
 * return, as before.
 */
const STARTUP_FRESH_MS = 10_000;

/** When start-up's answer came (its dataUpdatedAt) until the bonus screen is first left; null after. */
const startupAnswerAtAtom = atom<number | null>(null);

/** `set(releaseStartupBonusStateAtom)`: the bonus screen was left, coming back reads the state again. */
export const releaseStartupBonusStateAtom = atom(null, (_get, set) => set(startupAnswerAtAtom, null));

/** Start-up loads the first screen's data with the full profile, so the screen shows it at once. */
export const prefetchBonusStateAtom = atom(null, async (get, set) => {
  const signedIn = readSignedIn(get);
  if (!signedIn) return;
  const { api, client, userId } = signedIn;
  await client.prefetchQuery(bonusStateOptions(api, client, userId));
  const query = client.getQueryState(bonusKeys.state(userId));
  if (query?.status === 'success') set(startupAnswerAtAtom, query.dataUpdatedAt);
});

export const bonusStateQueryAtom = atomWithQuery((get: Getter) => {
  const startupAnswerAt = get(startupAnswerAtAtom);
  return {
    ...signedInQuery(get, bonusKeys.state, ({ api, client, userId }, context) => bonusStateOptions(api, client, userId).queryFn(context)),
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
      const result = await runClaim('daily', (idempotencyKey) => api.bonus.claimDaily({ idempotencyKey }));
      client.setQueryData<BonusState>(bonusKeys.state(userId), (old) =>
        old ? { ...withDaily(old, result.daily), balance: result.balance } : old,
      );
      shareBalance(client, userId, result.balance);
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
      client.setQueryData<BonusState>(bonusKeys.state(userId), (old) =>
        old ? { ...withTask(old, result.task), balance: result.balance } : old,
      );
      shareBalance(client, userId, result.balance);
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
      const result = await runClaim(`task:${taskId}`, (idempotencyKey) => api.bonus.claimTask({ taskId, idempotencyKey }));
      client.setQueryData<BonusState>(bonusKeys.state(userId), (old) =>
        old ? { ...withTask(old, result.task), balance: result.balance } : old,
      );
      shareBalance(client, userId, result.balance);
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
