import { ApiError } from '@arcade/api-client/errors';

/** A fresh key for one bet action (the contract allows letters, digits, "-", "_" and ":"). */
export function newIdempotencyKey(): string {
  return `bet:${crypto.randomUUID()}`;
}

/**
 * Holds the idempotency key of the bet action in flight. The same action (same fingerprint:
 * game, stake, balance, choice, round and lane) pressed again after its outcome stayed unknown
 * gets the same key, so the server places it once; anything else gets a new key.
 */
export interface BetKeys {
  keyFor(fingerprint: string): string;
  /** The server answered (placed or refused): the next press is a new action. */
  settle(): void;
}

export function createBetKeys(makeKey: () => string = newIdempotencyKey): BetKeys {
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
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError');
}

/** Runs one bet call with the action's key; the key is kept for a retry only when the outcome is unknown. */
export async function withBetKey<T>(keys: BetKeys, fingerprint: string, call: (key: string) => Promise<T>): Promise<T> {
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
