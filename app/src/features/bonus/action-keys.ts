import { ApiError } from '@arcade/api-client/errors';

/** A fresh key for one reward claim (the contract allows letters, digits, "-", "_" and ":"). */
export function newClaimKey(): string {
  return `app:${crypto.randomUUID()}`;
}

/** True when a call may or may not have reached the server: a network failure or a 5xx. */
export function outcomeUnknown(error: unknown): boolean {
  if (ApiError.is(error)) return error.kind === 'request';
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'AbortError');
}

/**
 * Keeps one idempotency key per claim (daily reward, a task, referral earnings). A claim
 * retried after its outcome stayed unknown reuses its key, so the server credits once; once
 * the server has answered, the next press is a new claim with a new key.
 */
export class ClaimKeys {
  private readonly keys = new Map<string, string>();

  constructor(private readonly makeKey: () => string = newClaimKey) {}

  async run<T>(claim: string, call: (idempotencyKey: string) => Promise<T>): Promise<T> {
    let key = this.keys.get(claim);
    if (key === undefined) {
      key = this.makeKey();
      this.keys.set(claim, key);
    }
    try {
      const result = await call(key);
      this.keys.delete(claim);
      return result;
    } catch (error) {
      if (!outcomeUnknown(error)) this.keys.delete(claim);
      throw error;
    }
  }
}
