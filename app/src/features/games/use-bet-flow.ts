import type { BetResult, Currency, GameName } from '@arcade/api-client/games';
import { useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { explainBetError, type BetError } from './bet-errors';
import { settleBetAtom } from './games-state';
import { useGamesT } from './games-texts';
import { createActionKeys, runWithKey } from '../../lib/idempotency';
import { haptics } from '../../telegram/haptics';
import { sounds } from '../../lib/sound/sounds';

/** An animation that never ends (a lost WebGL context) must not hold the table. */
export const ANIMATION_LIMIT_MS = 12_000;

export type BetPhase = 'idle' | 'betting' | 'animating';

export interface BetAction {
  /** Same fingerprint after an unknown outcome = the same action, sent with the same key. */
  fingerprint: string;
  currency: Currency;
  call: (idempotencyKey: string) => Promise<BetResult>;
  /** Hands the server's outcome to the engine; resolves when it has been shown. */
  show?: (result: BetResult) => Promise<void>;
  /** Nothing to hide (a road start, a cash-out): the balances update before the animation. */
  settleFirst?: boolean;
  /** Takes the outcome into the screen once shown, before the balances update (same render). */
  done?: (result: BetResult) => void;
  /** Told of a failure after it is shown (a refusal may mean the screen's data is stale). */
  onError?: (error: BetError) => void;
  /** A new bet (a tap in the hand as it goes out); false for a road step or a cash-out. */
  placesBet?: boolean;
}

/** What the hand feels once a round's outcome is shown: a win, a loss, or one more lane crossed. */
export function feelOutcome(result: BetResult): void {
  const status = result.round.status;
  if (status === 'won' || status === 'cashed') haptics.win();
  else if (status === 'lost') haptics.lose();
  else haptics.tick();
  sounds.outcome(status);
}

/** Runs `show` but never longer than the limit, and never lets an engine error lose the result. */
export async function showSafely(show: (() => Promise<void>) | undefined, limitMs = ANIMATION_LIMIT_MS): Promise<void> {
  if (!show) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([show(), new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)))]);
  } catch (error) {
    console.warn('[games] animation failed; showing the result without it', error);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One bet at a time: a press while a bet is in flight or animating does nothing; the reply's
 * balances reach the top bar once the engine has shown the outcome (or at once when the player
 * leaves the screen mid-animation); a failure becomes a translated error.
 */
export function useBetFlow(game: GameName) {
  const { gt } = useGamesT();
  const settle = useSetAtom(settleBetAtom);
  const [keys] = useState(() => createActionKeys());
  const [phase, setPhase] = useState<BetPhase>('idle');
  const [error, setError] = useState<BetError | null>(null);
  const busy = useRef(false);
  const pending = useRef<BetResult | null>(null);

  const settlePending = useCallback(
    (result: BetResult) => {
      if (pending.current !== result) return;
      pending.current = null;
      settle({ game, result });
    },
    [game, settle],
  );

  // Leaving mid-animation: the reply still reaches the top bar and the lists.
  useEffect(
    () => () => {
      const result = pending.current;
      if (!result) return;
      pending.current = null;
      settle({ game, result });
    },
    [game, settle],
  );

  const run = useCallback(
    async (action: BetAction): Promise<BetResult | null> => {
      if (busy.current) return null;
      busy.current = true;
      setPhase('betting');
      setError(null);
      if (action.placesBet !== false) haptics.bet();
      if (action.placesBet !== false) sounds.bet();
      try {
        let result: BetResult;
        try {
          result = await runWithKey(keys, action.fingerprint, action.call);
        } catch (failure) {
          haptics.lose();
          sounds.lose();
          const explained = explainBetError(failure, gt, action.currency);
          setError(explained);
          action.onError?.(explained);
          return null;
        }
        pending.current = result;
        if (action.settleFirst) settlePending(result);
        setPhase('animating');
        const show = action.show;
        await showSafely(show ? () => show(result) : undefined);
        // A road start only opens the round: the tap as it went out was its feel.
        if (!action.settleFirst || result.round.status !== 'open') feelOutcome(result);
        action.done?.(result);
        settlePending(result);
        return result;
      } finally {
        busy.current = false;
        setPhase('idle');
      }
    },
    [keys, gt, settlePending],
  );

  const clearError = useCallback(() => setError(null), []);

  return { phase, busy: phase !== 'idle', error, clearError, run };
}
