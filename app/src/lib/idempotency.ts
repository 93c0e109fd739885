import { ApiError } from '@arcade/api-client/errors';

/** A fresh key for one money action (the contract allows letters, digits, "-", "_" and ":"). */
export function newIdempotencyKey(): string {
  return `app:${crypto.randomUUID()}`;
}

/** True when a call may or may not have reached the server: a network failure or a 5xx. */
export function outcomeUnknown(error: unknown): boolean {
  if (ApiError.is(error)) return error.kind === 'request';
  // An aborted or otherwise failed fetch outside the client.
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * Holds the idempotency key of the money action in flight (a bet, a withdrawal, a checkout, a
 * claim). The same action (same fingerprint) pressed again after its outcome stayed unknown gets
 * the same key, so the server moves money once; any other action, or any action after the server
 * answered, gets a new key. Actions that may wait side by side (each reward's claim) keep their
 * keys apart by lane.
 */
export interface ActionKeys {
  /** Runs one money call with the action's key; the key is kept only when the outcome is unknown. */
  run<T>(fingerprint: string, call: (key: string) => Promise<T>, lane?: string): Promise<T>;
}

export function createActionKeys(makeKey: () => string = newIdempotencyKey): ActionKeys {
  const held = new Map<string, { fingerprint: string; key: string }>();
  return {
    async run(fingerprint, call, lane = '') {
      const kept = held.get(lane);
      const action = kept?.fingerprint === fingerprint ? kept : { fingerprint, key: makeKey() };
      held.set(lane, action);
      const settle = () => {
        if (held.get(lane) === action) held.delete(lane);
      };
      try {
        const result = await call(action.key);
        settle();
        return result;
      } catch (error) {
        if (!outcomeUnknown(error)) settle();
        throw error;
      }
    },
  };
}

/** `keys.run(…)`: one money call with its action's key. */
export function runWithKey<T>(keys: ActionKeys, fingerprint: string, call: (key: string) => Promise<T>, lane?: string): Promise<T> {
  return keys.run(fingerprint, call, lane);
}
