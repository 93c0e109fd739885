import { useEffect, useState } from 'react';
import type { PlayerT } from '../../i18n/bonus-texts';

export interface WaitParts {
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole hours, minutes and seconds left (rounded up to the second, never negative). */
export function waitParts(ms: number): WaitParts {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60), seconds: total % 60 };
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * The {time} of 'Available in {time}': "5 h 03 min" from an hour on, "4 min 09 s" below it,
 * "12 s" in the last minute.
 */
export function waitText(ms: number, pt: PlayerT): string {
  const { hours, minutes, seconds } = waitParts(ms);
  if (hours > 0) return pt('player.time.hoursMinutes', { hours, minutes: two(minutes) });
  if (minutes > 0) return pt('player.time.minutesSeconds', { minutes, seconds: two(seconds) });
  return pt('player.time.seconds', { seconds });
}

/** Milliseconds until a Unix time (seconds), against a clock in milliseconds. */
export function msUntil(unixSeconds: number, nowMs: number): number {
  return Math.max(0, unixSeconds * 1000 - nowMs);
}

/** The clock, re-read every `intervalMs` while `active`. */
export function useNow(active: boolean, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    // The clock may have stood still while inactive: catch up at once, then tick.
    const first = window.setTimeout(tick, 0);
    const timer = window.setInterval(tick, intervalMs);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [active, intervalMs]);
  return now;
}
