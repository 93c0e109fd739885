import type { SeedsInfo } from '@arcade/api-client/games';
import type { Getter } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';
import { firstClientSeed } from '../lib/client-seed';
import { signedInQuery } from './signed-in';

/** Under the fairness screen's key: a bet or a rotation there invalidates it too. */
export const seedsKey = (userId: string | null) => ['fairness', 'seeds', userId] as const;

/**
 * The player's seed pair (the server seed's hash, the client seed, the nonce), shown by the
 * fairness screen and the profile. A player without a pair gets one now, with the client seed
 * this browser made.
 */
export const seedsQueryAtom = atomWithQuery((get: Getter) =>
  signedInQuery(get, seedsKey, ({ api }, { signal }): Promise<SeedsInfo> =>
    api.fairness.seeds({ clientSeed: firstClientSeed() }, { signal }),
  ),
);
