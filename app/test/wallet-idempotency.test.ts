import { ApiError } from '@arcade/api-client/errors';
import { IdempotencyKey } from '@arcade/api-client/wallet';
import { type } from 'arktype';
import { describe, expect, it } from 'vitest';
import { createActionKeys, newIdempotencyKey, outcomeUnknown, runWithKey } from '../src/lib/idempotency';

const networkDown = () => new ApiError('request', 'Network request failed', null, '/api/v3/wallet/withdraw');
const serverDown = () => new ApiError('request', 'Request failed with status 502', 502, '/api/v3/wallet/withdraw');
const refused = () => new ApiError('failure', 'Not enough TON', 400, '/api/v3/wallet/withdraw', undefined, 'withdraw.amount.balance');

/** A money call that fails as told, recording the key of every attempt. */
function moneyCall(failures: Array<() => Error>) {
  const keys: string[] = [];
  const call = (key: string) => {
    keys.push(key);
    const failure = failures.shift();
    return failure ? Promise.reject(failure()) : Promise.resolve({ id: '1' });
  };
  return { keys, call };
}

describe('idempotency keys', () => {
  it('are fresh and valid for the contract', () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).not.toBe(b);
    expect(IdempotencyKey(a)).not.toBeInstanceOf(type.errors);
  });

  it('a withdrawal retried after a network error is sent with the same key', async () => {
    const keys = createActionKeys();
    const server = moneyCall([networkDown, serverDown]);
    await expect(runWithKey(keys, 'UQ…|0.5', server.call)).rejects.toThrow('Network request failed');
    await expect(runWithKey(keys, 'UQ…|0.5', server.call)).rejects.toThrow('502');
    await expect(runWithKey(keys, 'UQ…|0.5', server.call)).resolves.toEqual({ id: '1' });
    expect(server.keys).toHaveLength(3);
    expect(new Set(server.keys).size).toBe(1);
  });

  it('a new action after success gets a new key', async () => {
    const keys = createActionKeys();
    const server = moneyCall([]);
    await runWithKey(keys, 'UQ…|0.5', server.call);
    await runWithKey(keys, 'UQ…|0.5', server.call);
    expect(server.keys[0]).not.toBe(server.keys[1]);
  });

  it('a refused action is settled: pressing again is a new action', async () => {
    const keys = createActionKeys();
    const server = moneyCall([refused]);
    await expect(runWithKey(keys, 'UQ…|5', server.call)).rejects.toThrow('Not enough TON');
    await runWithKey(keys, 'UQ…|5', server.call);
    expect(server.keys[0]).not.toBe(server.keys[1]);
  });

  it('changing the amount or address after a network error is a different action', async () => {
    const keys = createActionKeys();
    const server = moneyCall([networkDown]);
    await expect(runWithKey(keys, 'UQ…|0.5', server.call)).rejects.toThrow();
    await runWithKey(keys, 'UQ…|0.6', server.call);
    expect(server.keys[0]).not.toBe(server.keys[1]);
  });

  it('only network failures and 5xx leave the outcome unknown', () => {
    expect(outcomeUnknown(networkDown())).toBe(true);
    expect(outcomeUnknown(serverDown())).toBe(true);
    expect(outcomeUnknown(refused())).toBe(false);
    expect(outcomeUnknown(new ApiError('invalid-data', 'Invalid data', 200, '/x'))).toBe(false);
    expect(outcomeUnknown(new TypeError('Failed to fetch'))).toBe(true);
  });
});
