import type { BetResult } from '@arcade/api-client/games';
import { toNano } from '@arcade/api-client/money';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useOnAppHidden } from '../../telegram/app-hidden';
import {
  DEFAULT_AUTO_FORM,
  recordRound,
  startAutoBet,
  stopAutoBet,
  type AutoBetForm,
  type AutoBetSettings,
  type AutoBetState,
  type StopReason,
} from './auto-bet';
import type { BetError } from './bet-errors';
import type { StakeContext } from './stake';

/** A short pause between rounds, so each result is seen and the bets stay well within the rate limit. */
export const AUTO_ROUND_GAP_MS = 250;

/** One round's bet: the result, or the error the bet flow showed (null: the table was busy). */
export type AutoPlaced = { result: BetResult } | { error: BetError | null };

export interface AutoBetRun {
  /** The stake of the first round (nanotons). */
  stake: bigint;
  settings: AutoBetSettings;
  /** Places one ordinary bet (its own idempotency key) with this stake. */
  place: (stake: bigint) => Promise<AutoPlaced>;
  /** The limits and balance the next stake must fit, from the balance the last reply brought. */
  context: (balance: BetResult['balance'] | null) => StakeContext;
}

/** Why a failed bet stops the run: an unknown outcome, or any refusal (a play limit among them). */
function reasonOf(error: BetError | null): StopReason {
  if (!error) return 'refused';
  return error.code === 'network' ? 'failed' : 'refused';
}

/**
 * Runs auto-bet rounds one after another until a stop rule, the Stop button, a refusal, a
 * balance too low for the next stake, or the app leaving the player's sight (the background,
 * the host deactivating it, the screen left).
 */
export function useAutoBet() {
  const [state, setState] = useState<AutoBetState | null>(null);
  const current = useRef<AutoBetState | null>(null);
  const mounted = useRef(true);

  const update = useCallback((next: AutoBetState | null) => {
    current.current = next;
    if (mounted.current) setState(next);
  }, []);

  const stop = useCallback(
    (reason: StopReason) => {
      const now = current.current;
      if (now?.running) update(stopAutoBet(now, reason));
    },
    [update],
  );

  useOnAppHidden(() => stop('hidden'));
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const now = current.current;
      if (now?.running) current.current = stopAutoBet(now, 'hidden');
    };
  }, []);

  const start = useCallback(
    async (run: AutoBetRun) => {
      if (current.current?.running) return;
      let state = startAutoBet(run.stake, run.context(null), run.settings.stopLoss);
      update(state);
      while (state.running) {
        const placed = await run.place(state.stake);
        const now = current.current ?? state;
        if ('error' in placed) {
          state = now.running ? stopAutoBet(now, reasonOf(placed.error)) : now;
          update(state);
          break;
        }
        const { round, balance } = placed.result;
        state = recordRound(
          now,
          run.settings,
          { id: round.id, won: round.status === 'won', stake: toNano(round.stake), payout: toNano(round.payout) },
          run.context(balance),
        );
        update(state);
        if (!state.running) break;
        await new Promise((resolve) => setTimeout(resolve, AUTO_ROUND_GAP_MS));
        state = current.current ?? state;
      }
    },
    [update],
  );

  const dismiss = useCallback(() => {
    if (!current.current?.running) {
      update(null);
    }
  }, [update]);

  return { state, running: state?.running ?? false, start, stop, dismiss };
}

/** A game screen's auto-bet: the run, the sheet's form, whether the sheet is open, the rounds asked for. */
export function useAutoPlay() {
  const auto = useAutoBet();
  const [form, setForm] = useState<AutoBetForm>(DEFAULT_AUTO_FORM);
  const [sheetOpen, setSheetOpen] = useState(false);
  const [total, setTotal] = useState<number | null>(null);
  /** Closes the sheet and runs the rounds. */
  const start = (run: AutoBetRun) => {
    setSheetOpen(false);
    setTotal(run.settings.rounds);
    void auto.start(run);
  };
  return { auto, form, setForm, sheetOpen, setSheetOpen, total, start };
}

export type AutoPlay = ReturnType<typeof useAutoPlay>;
