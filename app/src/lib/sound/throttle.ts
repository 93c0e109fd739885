/** Tells whether one more sound may play now: at most `limit` within any `windowMs`. */
export interface SoundThrottle {
  take(): boolean;
}

/**
 * A sliding window of the last plays. Auto-bet at instant speed settles several rounds a
 * second; past the limit the extra sounds are dropped, not queued, so they never pile up.
 */
export function createThrottle(limit: number, windowMs: number, now: () => number = () => performance.now()): SoundThrottle {
  const played: number[] = [];
  return {
    take() {
      const at = now();
      while (played.length > 0 && at - (played[0] as number) >= windowMs) played.shift();
      if (played.length >= limit) return false;
      played.push(at);
      return true;
    },
  };
}
