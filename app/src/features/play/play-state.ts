import type { PlayLimitKind, PlayPauseLength, PlayState } from '@arcade/api-client';
import type { Getter } from 'jotai';
import { atomWithMutation } from 'jotai-tanstack-query';
import { createActionKeys, runWithKey } from '../../lib/idempotency';
import { playKey } from '../../state/play';
import { readSignedIn, required } from '../../state/signed-in';

export { confirmAgeAtom, playStateQueryAtom } from '../../state/play';

/** A change in flight keeps its idempotency key until the server has answered (a retry is the same change). */
const limitKeys = createActionKeys();
const pauseKeys = createActionKeys();

export interface LimitChange {
  kind: PlayLimitKind;
  /** null removes the limit. */
  amount: string | null;
}

/** Sets, lowers, raises or removes a limit; the screen follows the server's answer (a raise comes back pending). */
export const setLimitAtom = atomWithMutation((get: Getter) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['play', 'limit'],
    mutationFn: async ({ kind, amount }: LimitChange): Promise<PlayState> => {
      const { api, client, userId } = required(signedIn);
      const state = await runWithKey(limitKeys, `${kind}:${amount ?? 'none'}`, (idempotencyKey) =>
        api.call('playLimitSet', { kind, amount, idempotencyKey }),
      );
      client.setQueryData(playKey(userId), state);
      return state;
    },
  };
});

/** Starts a break (cool-off) or a self-exclusion ('permanent'). */
export const pauseAtom = atomWithMutation((get: Getter) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['play', 'pause'],
    mutationFn: async (length: PlayPauseLength): Promise<PlayState> => {
      const { api, client, userId } = required(signedIn);
      const state = await runWithKey(pauseKeys, length, (idempotencyKey) => api.call('playPause', { length, idempotencyKey }));
      client.setQueryData(playKey(userId), state);
      return state;
    },
  };
});

/** Sets the reality check's interval in minutes (null = off). */
export const realityCheckAtom = atomWithMutation((get: Getter) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['play', 'reality-check'],
    mutationFn: async (minutes: 15 | 30 | 60 | 120 | null): Promise<PlayState> => {
      const { api, client, userId } = required(signedIn);
      const state = await api.call('playRealityCheck', { minutes });
      client.setQueryData(playKey(userId), state);
      return state;
    },
  };
});
