import type { AuthResult, LightProfile } from '@arcade/api-client/schemas';
import type { createStore } from 'jotai';
import { queryClientAtom } from 'jotai-tanstack-query';
import { prefetchBonusStateAtom } from '../features/bonus/bonus-state';
import { changeAppLanguage, i18n, toAppLanguage } from '../i18n/i18n';
import type { AppApi } from '../lib/api';
import { createQueryClient } from '../lib/query-client';
import { fullProfileOptions, lightProfileOptions, profileKeys } from '../state/profile';
import { canonicalPath } from './route-paths';

/** The first screens whose own data loads beside the full profile. */
const SCREEN_DATA: Readonly<Record<string, typeof prefetchBonusStateAtom>> = {
  '/': prefetchBonusStateAtom,
  '/bonus': prefetchBonusStateAtom,
};

/**
 * Start-up's data (app/start.tsx, steps 3 and 4): the query cache and what goes into it before
 * the first screen shows. It comes with the first screen's code (vite.config.ts), not the
 * splash's, which paints without the query library.
 */
export function startData(store: ReturnType<typeof createStore>) {
  const queryClient = createQueryClient();
  store.set(queryClientAtom, queryClient);
  return {
    /**
     * The light profile from the login's reply (asked for only from a server whose reply lacks
     * it) and its language; then, once onboarding is completed, the full profile and the first
     * screen's data side by side while the language's texts load: round trip 2.
     */
    async load(api: AppApi, userId: string, auth: AuthResult): Promise<void> {
      if (auth.profile) queryClient.setQueryData(profileKeys.light(userId), auth.profile);
      const light: LightProfile = auth.profile ?? (await queryClient.fetchQuery(lightProfileOptions(api, userId)));
      const screenData = SCREEN_DATA[canonicalPath(window.location.pathname)];
      await Promise.all([
        changeAppLanguage(i18n, toAppLanguage(light.lang)),
        light.onboardingCompleted ? queryClient.fetchQuery(fullProfileOptions(api, userId)) : null,
        light.onboardingCompleted && screenData ? store.set(screenData) : null,
      ]);
    },
  };
}
