import { ApiError } from '@arcade/api-client/errors';
import type { BetResult } from '@arcade/api-client/games';
import { IdempotencyKey } from '@arcade/api-client/wallet';
import { act, cleanup, renderHook } from '@testing-library/react';
import { type } from 'arktype';
import { createStore, Provider } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { explainBetError } from '../src/features/games/bet-errors';
import { createActionKeys as createBetKeys, newIdempotencyKey, outcomeUnknown, runWithKey as withBetKey } from '../src/lib/idempotency';
import { gamesT, registerGamesTexts } from '../src/features/games/games-texts';
import { useBetFlow } from '../src/features/games/use-bet-flow';
import { createI18n } from './i18n-helper';
import { createQueryClient } from '../src/lib/query-client';

afterEach(cleanup);

const networkDown = () => new ApiError('request', 'Network request failed', null, '/api/v3/games/flip');
const refused = (code: string) =>
  new ApiError('failure', 'Your balance is not enough for this stake', 409, '/api/v3/games/flip', undefined, code);

function betResult(id = '1'): BetResult {
  return {
    round: {
      id,
      game: 'flip',
      currency: 'ton',
      stake: '0.1',
      payout: '0.198',
      multiplier: '1.98',
      status: 'won',
      createdAt: '2026-01-01T00:00:00.000Z',
      fairness: { serverSeedHash: 'a'.repeat(64), serverSeed: null, clientSeed: 'abc', nonce: 0 },
      flip: { choice: 'heads', side: 'heads' },
    },
    balance: { ton: '1.098', bonusTon: '0' },
  };
}

/** A bet call that fails as told, recording the key of every attempt. */
function server(failures: Array<() => Error>) {
  const keys: string[] = [];
  const call = (key: string) => {
    keys.push(key);
    const failure = failures.shift();
    return failure ? Promise.reject(failure()) : Promise.resolve(betResult(String(keys.length)));
  };
  return { keys, call };
}

describe('bet idempotency keys', () => {
  it('are fresh and valid for the contract', () => {
    const a = newIdempotencyKey();
    expect(a).not.toBe(newIdempotencyKey());
    expect(IdempotencyKey(a)).not.toBeInstanceOf(type.errors);
  });

  it('a bet retried after a network error is sent with the same key', async () => {
    const keys = createBetKeys();
    const api = server([networkDown, networkDown]);
    await expect(withBetKey(keys, 'flip|0.1|ton|heads', api.call)).rejects.toThrow('Network request failed');
    await expect(withBetKey(keys, 'flip|0.1|ton|heads', api.call)).rejects.toThrow('Network request failed');
    await withBetKey(keys, 'flip|0.1|ton|heads', api.call);
    expect(api.keys).toHaveLength(3);
    expect(new Set(api.keys).size).toBe(1);
  });

  it('a new press after an answer, a refusal or a changed bet gets a new key', async () => {
    const keys = createBetKeys();
    const api = server([() => refused('game.balance'), networkDown]);
    await expect(withBetKey(keys, 'a', api.call)).rejects.toThrow();
    await expect(withBetKey(keys, 'a', api.call)).rejects.toThrow();
    await withBetKey(keys, 'b', api.call);
    await withBetKey(keys, 'b', api.call);
    expect(new Set(api.keys).size).toBe(4);
  });

  it('only network failures and 5xx leave the outcome unknown', () => {
    expect(outcomeUnknown(networkDown())).toBe(true);
    expect(outcomeUnknown(new ApiError('request', 'Request failed with status 502', 502, '/x'))).toBe(true);
    expect(outcomeUnknown(refused('game.balance'))).toBe(false);
    expect(outcomeUnknown(new TypeError('Failed to fetch'))).toBe(true);
  });
});

describe('bet errors', () => {
  const i18n = createI18n('en');
  registerGamesTexts(i18n);
  const gt = gamesT(i18n.t);

  it('explains a refusal in the player’s language and offers a deposit when TON is short', async () => {
    expect(explainBetError(refused('game.balance'), gt)).toEqual({
      code: 'game.balance',
      text: 'Your balance is not enough for this stake.',
      action: 'deposit',
      retry: false,
    });
    expect(explainBetError(refused('game.balance'), gt, 'bonus').action).toBe('bonus');
    expect(explainBetError(refused('fairness.road-open'), gt).action).toBe('road');
    await i18n.changeLanguage('ru');
    expect(explainBetError(refused('game.stake.min'), gt).text).toBe('Ставка меньше минимальной.');
    await i18n.changeLanguage('en');
  });

  it('falls back to the server’s words for a code it does not know, and says a lost connection can be retried', () => {
    expect(explainBetError(refused('game.new-rule'), gt).text).toBe('Your balance is not enough for this stake');
    expect(explainBetError(networkDown(), gt)).toMatchObject({ code: 'network', retry: true });
  });
});

describe('one bet at a time', () => {
  function wrapper() {
    const store = createStore();
    store.set(queryClientAtom, createQueryClient());
    const i18n = createI18n('en');
    return ({ children }: { children: ReactNode }) => (
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
      </Provider>
    );
  }

  it('a double tap places one bet', async () => {
    const api = server([]);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { result } = renderHook(() => useBetFlow('flip'), { wrapper: wrapper() });
    const action = {
      fingerprint: 'flip|0.1|ton|heads',
      currency: 'ton' as const,
      call: async (key: string) => {
        await gate;
        return api.call(key);
      },
    };
    let first: Promise<BetResult | null> = Promise.resolve(null);
    let second: Promise<BetResult | null> = Promise.resolve(null);
    act(() => {
      first = result.current.run(action);
      second = result.current.run(action);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => {
      release();
      await Promise.all([first, second]);
    });
    expect(await second).toBeNull();
    expect((await first)?.round.id).toBe('1');
    expect(api.keys).toHaveLength(1);
    expect(result.current.busy).toBe(false);
  });

  it('a press after a network error retries the same bet with the same key, and the error is shown meanwhile', async () => {
    const api = server([networkDown]);
    const { result } = renderHook(() => useBetFlow('flip'), { wrapper: wrapper() });
    const action = { fingerprint: 'flip|0.1|ton|tails', currency: 'ton' as const, call: api.call };
    await act(async () => {
      await result.current.run(action);
    });
    expect(result.current.error).toMatchObject({ code: 'network', retry: true });
    let shown = false;
    await act(async () => {
      await result.current.run({ ...action, show: () => Promise.resolve().then(() => void (shown = true)) });
    });
    expect(result.current.error).toBeNull();
    expect(shown).toBe(true);
    expect(api.keys).toHaveLength(2);
    expect(api.keys[0]).toBe(api.keys[1]);
  });
});
