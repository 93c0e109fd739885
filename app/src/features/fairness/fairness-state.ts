import type { Round, RoundsPage, SeedsInfo } from '@arcade/api-client/games';
import type { Getter } from 'jotai';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { newClientSeed } from '../../lib/client-seed';
import { seedsKey } from '../../state/seeds';
import { readSignedIn, required, signedInQuery } from '../../state/signed-in';

type RoundsPageData = typeof RoundsPage.infer;

export const fairnessKeys = {
  all: ['fairness'] as const,
  seeds: seedsKey,
  round: (userId: string | null, id: string) => ['fairness', 'round', userId, id] as const,
  recent: (userId: string | null) => ['fairness', 'recent', userId] as const,
};

/** The game screens' round lists live under this key: a rotation reveals their seeds. */
const GAME_ROUNDS_KEY = ['games', 'rounds'] as const;

export const RECENT_LIMIT = 8;

/** The last rounds of every game, to pick one to verify. */
export const recentRoundsQueryAtom = atomWithQuery((get: Getter) =>
  signedInQuery(get, fairnessKeys.recent, ({ api }, { signal }): Promise<RoundsPageData> =>
    api.games.rounds({ limit: RECENT_LIMIT }, { signal }),
  ),
);

/** The cursor that starts a page right at round `id` (pages hold rounds with smaller ids than the cursor). */
export function cursorAt(id: string): string {
  return (BigInt(id) + 1n).toString();
}

/** One of the player's rounds by id (null when it is not theirs or does not exist). */
export function roundQueryAtom(id: string) {
  return atomWithQuery((get: Getter) =>
    signedInQuery(
      get,
      (userId) => fairnessKeys.round(userId, id),
      async ({ api }, { signal }): Promise<Round | null> => {
        const page = await api.games.rounds({ cursor: cursorAt(id), limit: 1 }, { signal });
        const round = page.items[0];
        return round?.id === id ? round : null;
      },
    ),
  );
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
