/** The longest a deferred task waits for the browser to be idle. */
export const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `task` when the main thread is idle (or after IDLE_TIMEOUT_MS at the latest); iOS
 * WebViews have no requestIdleCallback and get a short timeout instead. Returns a cancel.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => task(), { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 200);
  return () => window.clearTimeout(timer);
}

/** Runs `task` once the next frame has been painted. Returns a cancel. */
export function afterNextPaint(task: () => void): () => void {
  let timer: number | undefined;
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(task, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}
