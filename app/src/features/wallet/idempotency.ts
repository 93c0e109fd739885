import { ApiError } from '@arcade/api-client/errors';

/** A fresh key for one money action (the contract allows letters, digits, "-", "_" and ":"). */
export function newIdempotencyKey(): string {
  return `app:${crypto.randomUUID()}`;
}

/**
 * Holds the idempotency key of the money action in flight. The same action (same fingerprint)
 * retried after its outcome stayed unknown gets the same key, so the server moves money once;
 * any other action, or any action after the server answered, gets a new one.
 */
export interface ActionKeys {
  /** The key to send for this action. */
  keyFor(fingerprint: string): string;
  /** The server answered (done or refused): the next press is a new action. */
  settle(): void;
}

export function createActionKeys(makeKey: () => string = newIdempotencyKey): ActionKeys {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor(fingerprint) {
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: makeKey() };
      return current.key;
    },
    settle() {
      current = null;
    },
  };
}

/** True when a call may or may not have reached the server: a network failure or a 5xx. */
export function outcomeUnknown(error: unknown): boolean {
  if (ApiError.is(error)) return error.kind === 'request';
  // An aborted or otherwise failed fetch outside the client.
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError');
}

/** Runs one money call with the action's key; the key is kept only when the outcome is unknown. */
export async function runWithKey<T>(keys: ActionKeys, fingerprint: string, call: (key: string) => Promise<T>): Promise<T> {
  const key = keys.keyFor(fingerprint);
  try {
    const result = await call(key);
    keys.settle();
    return result;
  } catch (error) {
    if (!outcomeUnknown(error)) keys.settle();
    throw error;
  }
}
