import type { PlayState } from '@arcade/api-client';
import type { QueryFunctionContext } from '@tanstack/query-core';
import type { Getter } from 'jotai';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { readSignedIn, required, signedInQuery } from './signed-in';

/**
 * The player's responsible play settings (limits, pause, reality check, 18+ confirmation). Kept
 * here rather than in the play feature because the onboarding asks the 18+ question too, and
 * features do not import each other.
 */
export const playKey = (userId: string | null) => ['play', 'state', userId] as const;

export const playStateQueryAtom = atomWithQuery((get: Getter) =>
  signedInQuery(get, playKey, ({ api }, { signal }: QueryFunctionContext): Promise<PlayState> => api.call('playState', {}, { signal })),
);

/** Records that the player said they are 18 or older; the state follows the server's answer. */
export const confirmAgeAtom = atomWithMutation((get: Getter) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['play', 'age'],
    mutationFn: async (): Promise<PlayState> => {
      const { api, client, userId } = required(signedIn);
      const state = await api.call('playAgeConfirm', {});
      client.setQueryData(playKey(userId), state);
      return state;
    },
  };
});
