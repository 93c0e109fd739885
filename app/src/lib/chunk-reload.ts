/** Spec section 2: a failed chunk load reloads the page once per distinct error message. */

export const CHUNK_RELOAD_KEY_PREFIX = 'arcade:chunk-reload:';

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const CHUNK_ERROR =
  /failed to fetch dynamically imported module|importing a module script failed|error loading dynamically imported module|unable to preload css|'text\/html' is not a valid javascript mime type/i;

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return String(error);
}

/** True for the errors browsers raise when a code chunk of an older or newer build is missing. */
export function isChunkLoadError(error: unknown): boolean {
  return CHUNK_ERROR.test(errorMessage(error));
}

/**
 * True (and remembered) the first time a message is seen in this tab, so the caller reloads;
 * false after that, so the second failure reaches the error view instead of a reload loop.
 */
export function claimChunkReload(message: string, storage: KeyValueStorage): boolean {
  const key = `${CHUNK_RELOAD_KEY_PREFIX}${message}`;
  try {
    if (storage.getItem(key) !== null) return false;
    storage.setItem(key, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}

interface ReloadTarget {
  addEventListener(type: 'vite:preloadError', listener: (event: Event & { payload?: unknown }) => void): void;
  location: { reload(): void };
  sessionStorage: KeyValueStorage;
}

/** Vite's preload helper dispatches `vite:preloadError`; the first failure per message reloads. */
export function installChunkReload(target: ReloadTarget = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (claimChunkReload(errorMessage(event.payload), target.sessionStorage)) {
      event.preventDefault();
      target.location.reload();
    }
  });
}

const decisions = new Map<unknown, boolean>();

/**
 * Whether a route error should reload the page: decided once per error object (renders and
 * StrictMode re-runs get the same answer), claimed once per message.
 */
export function reloadDecision(error: unknown, storage: KeyValueStorage): boolean {
  if (!isChunkLoadError(error)) return false;
  let decision = decisions.get(error);
  if (decision === undefined) {
    decision = claimChunkReload(errorMessage(error), storage);
    decisions.set(error, decision);
  }
  return decision;
}
