import type { AchievementsState } from '@arcade/api-client/bonus';
import type { Getter } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';
import { signedInQuery } from '../../state/signed-in';

export const achievementsKey = (userId: string | null) => ['bonus', 'achievements', userId] as const;

/** The player's achievement ladders and where they stand on each. */
export const achievementsQueryAtom = atomWithQuery((get: Getter) =>
  signedInQuery(get, achievementsKey, ({ api }, { signal }): Promise<AchievementsState> => api.bonus.achievements({ signal })),
);
