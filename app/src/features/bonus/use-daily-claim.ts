import type { DailyState } from '@arcade/api-client/bonus';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { toastBonusProblem, toastRewardCredited } from '../../lib/bonus-refusals';
import { claimDailyAtom, refreshBonusStateAtom } from './bonus-state';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import { msUntil, useNow, waitText } from './countdown';

export interface DailyClaim {
  claim: () => void;
  pending: boolean;
  /** Today's reward is taken: the button is disabled and says when the next one opens. */
  waiting: boolean;
  /** 'Available in {time}', counting down; null while a claim is open. */
  waitLabel: string | null;
}

/** The daily reward's claim, shared by its card and its task. */
export function useDailyClaim(daily: DailyState | null, cap: string): DailyClaim {
  const { pt } = usePlayerTexts();
  const mutation = useAtomValue(claimDailyAtom);
  const refresh = useSetAtom(refreshBonusStateAtom);
  const waiting = daily?.claimedToday ?? false;
  const now = useNow(waiting);
  const left = daily ? msUntil(daily.nextClaimAt, now) : 0;

  // A new UTC day has begun while the card was open: ask the server for the new ladder, once.
  const refreshedFor = useRef<number | null>(null);
  const nextClaimAt = daily?.nextClaimAt ?? null;
  useEffect(() => {
    if (!waiting || left > 0 || nextClaimAt === null || refreshedFor.current === nextClaimAt) return;
    refreshedFor.current = nextClaimAt;
    void refresh();
  }, [waiting, left, nextClaimAt, refresh]);

  const claim = () => {
    if (!daily || waiting || mutation.isPending) return;
    mutation.mutate(undefined, {
      onSuccess: () => toastRewardCredited(),
      onError: (error) => {
        const problem = toastBonusProblem(error, { cap });
        if (problem.kind === 'refusal') void refresh();
      },
    });
  };

  return {
    claim,
    pending: mutation.isPending,
    waiting,
    waitLabel: waiting ? pt('player.daily.availableIn', { time: waitText(left, pt) }) : null,
  };
}
