import type { Round, RoundsPage, SeedsInfo } from '@arcade/api-client/games';
import { skipToken, type QueryFunctionContext } from '@tanstack/query-core';
import type { Getter } from 'jotai';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { readSignedIn, required } from '../../state/profile';
import { apiAtom, sessionAtom } from '../../state/session';
import { firstClientSeed, newClientSeed } from './client-seed';

type RoundsPageData = typeof RoundsPage.infer;

export const fairnessKeys = {
  all: ['fairness'] as const,
  seeds: (userId: string | null) => ['fairness', 'seeds', userId] as const,
  round: (userId: string | null, id: string) => ['fairness', 'round', userId, id] as const,
  recent: (userId: string | null) => ['fairness', 'recent', userId] as const,
};

/** The game screens' round lists live under this key: a rotation reveals their seeds. */
const GAME_ROUNDS_KEY = ['games', 'rounds'] as const;

export const RECENT_LIMIT = 8;

export const seedsQueryAtom = atomWithQuery((get: Getter) => {
  const session = get(sessionAtom);
  const api = get(apiAtom);
  return {
    queryKey: fairnessKeys.seeds(session?.userId ?? null),
    // A player without a pair gets one now, with the client seed this browser made.
    queryFn: session && api ? ({ signal }: QueryFunctionContext): Promise<SeedsInfo> => api.fairness.seeds({ clientSeed: firstClientSeed() }, { signal }) : skipToken,
  };
});

/** The last rounds of every game, to pick one to verify. */
export const recentRoundsQueryAtom = atomWithQuery((get: Getter) => {
  const session = get(sessionAtom);
  const api = get(apiAtom);
  return {
    queryKey: fairnessKeys.recent(session?.userId ?? null),
    queryFn:
      session && api ? ({ signal }: QueryFunctionContext): Promise<RoundsPageData> => api.games.rounds({ limit: RECENT_LIMIT }, { signal }) : skipToken,
  };
});

/** The cursor that starts a page right at round `id` (pages hold rounds with smaller ids than the cursor). */
export function cursorAt(id: string): string {
  return (BigInt(id) + 1n).toString();
}

/** One of the player's rounds by id (null when it is not theirs or does not exist). */
export function roundQueryAtom(id: string) {
  return atomWithQuery((get: Getter) => {
    const session = get(sessionAtom);
    const api = get(apiAtom);
    return {
      queryKey: fairnessKeys.round(session?.userId ?? null, id),
      queryFn:
        session && api
          ? async ({ signal }: QueryFunctionContext): Promise<Round | null> => {
              const page = await api.games.rounds({ cursor: cursorAt(id), limit: 1 }, { signal });
              const round = page.items[0];
              return round?.id === id ? round : null;
            }
          : skipToken,
    };
  });
}

/**
 * Rotates the seed pair, with the client seed the player typed or (null) a new one this browser
 * makes: the old server seed is revealed, so every round it decided can now be verified.
 */
export const rotateSeedsAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['fairness', 'rotate'],
    mutationFn: async (clientSeed: string | null): Promise<SeedsInfo> => {
      const { api, client, userId } = required(signedIn);
      const seeds = await api.fairness.rotate({ clientSeed: clientSeed ?? newClientSeed() });
      client.setQueryData(fairnessKeys.seeds(userId), seeds);
      void client.invalidateQueries({ queryKey: ['fairness', 'round', userId] });
      void client.invalidateQueries({ queryKey: fairnessKeys.recent(userId) });
      void client.invalidateQueries({ queryKey: GAME_ROUNDS_KEY });
      return seeds;
    },
  };
});
