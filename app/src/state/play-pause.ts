import type { PlayState } from '@arcade/api-client';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { playStateQueryAtom } from './play';

/** A break (cool-off, `until` its end) or a self-exclusion (`until` null: for good) in force. */
export type ActivePause = NonNullable<PlayState['pause']>;

/**
 * The pause in force at `now`: a self-exclusion always, a cool-off until its end. Null without
 * one, or before the play state has arrived (the server refuses what a pause closes either way).
 */
export function activePause(state: PlayState | null | undefined, now: number): ActivePause | null {
  const pause = state?.pause ?? null;
  if (!pause) return null;
  if (pause.until === null) return pause;
  const end = Date.parse(pause.until);
  return Number.isNaN(end) || end > now ? pause : null;
}

/** setTimeout's longest wait; a break longer than this is re-checked then (and whenever the app comes back into view). */
const MAX_TIMER_MS = 2_147_483_647;

/** The moment pauses are judged at: moved on when the app comes into view and when a break ends. */
const pauseClockAtom = atom(Date.now());

/** The pause in force, for the screens it closes (games, deposit, rewards); null without one. */
export function usePlayPause(): ActivePause | null {
  const query = useAtomValue(playStateQueryAtom);
  return activePause(query.data, useAtomValue(pauseClockAtom));
}

/**
 * Keeps the pause current while a screen it closes is open (its banner runs this): the play
 * state is asked again whenever the app comes back into view (the query's own focus refetch), and a break that ends while the
 * app is open lifts at its end time (then the server is asked to confirm it).
 */
export function usePauseWatch(): void {
  const { refetch } = useAtomValue(playStateQueryAtom);
  const setNow = useSetAtom(pauseClockAtom);
  const pause = usePlayPause();
  const until = pause?.until ?? null;

  useEffect(() => {
    setNow(Date.now());
    // The query itself is asked again when the app comes back into view (TanStack's focus
    // refetch: its data is never fresh); here only the moment pauses are judged at moves on.
    const recheck = () => {
      if (document.visibilityState !== 'hidden') setNow(Date.now());
    };
    document.addEventListener('visibilitychange', recheck);
    return () => document.removeEventListener('visibilitychange', recheck);
  }, [setNow]);

  useEffect(() => {
    if (until === null) return;
    const wait = Math.min(Math.max(Date.parse(until) - Date.now(), 0) + 250, MAX_TIMER_MS);
    const timer = window.setTimeout(() => {
      setNow(Date.now());
      void refetch();
    }, wait);
    return () => window.clearTimeout(timer);
  }, [until, refetch, setNow]);
}
