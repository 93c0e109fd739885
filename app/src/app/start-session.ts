import { ApiError } from '@arcade/api-client/errors';
import type { AuthResult, LightProfile } from '@arcade/api-client/schemas';
import type { QueryClient } from '@tanstack/query-core';
import type { createStore } from 'jotai';
import { toAppLanguage } from '../i18n/i18n';
import type { AppApi } from '../lib/api';
import { fullProfileOptions, lightProfileOptions, profileKeys } from '../state/profile';
import { apiAtom, sessionAtom } from '../state/session';
import { bootAtom, type BootState } from './boot-state';

type Store = ReturnType<typeof createStore>;

export interface SessionDeps {
  store: Store;
  api: AppApi;
  queryClient: QueryClient;
  changeLanguage: (lang: string) => Promise<unknown>;
  /**
   * Loads the first screen's own data into the cache, alongside the full profile (the early
   * calls already asked for both), so the screen's first render shows it. Never throws.
   */
  prefetchScreen?: (userId: string) => Promise<unknown>;
}

export interface SessionLaunch {
  /** The host's raw init data, sent as is. */
  initData: string;
  userId: string;
}

/** The server's own words, when the failure carries them. */
export function serverMessageOf(error: unknown): string | null {
  if (!ApiError.is(error)) return null;
  if (error.kind === 'failure') return error.message || null;
  if (error.kind === 'invalid-response') return error.detail || null;
  return null;
}

/**
 * Spec section 4: log in, load the light profile, take its language, load the full profile
 * when onboarding is done, then mark the app ready. A failed login stops here (error screen);
 * later failures are logged and the gate shows what is missing.
 *
 * Two round trips: the login's reply carries the light profile (AuthResult; asked for only from
 * a server whose reply does not), then the full profile, the first screen's data and the
 * language's texts load side by side.
 */
export async function startSession(deps: SessionDeps, launch: SessionLaunch): Promise<BootState> {
  const { store, api, queryClient } = deps;
  store.set(bootAtom, { phase: 'starting' });
  store.set(apiAtom, api);

  let auth: AuthResult;
  try {
    auth = await api.login(launch.initData);
  } catch (error) {
    console.error('[start] login failed', error);
    store.set(sessionAtom, null);
    const failed: BootState = {
      phase: 'failed',
      message: error instanceof Error ? error.message : String(error),
      serverMessage: serverMessageOf(error),
    };
    store.set(bootAtom, failed);
    return failed;
  }

  if (auth.profile) queryClient.setQueryData(profileKeys.light(launch.userId), auth.profile);
  store.set(sessionAtom, { userId: launch.userId, expiresAt: auth.expired_at });
  try {
    const light: LightProfile = auth.profile ?? (await queryClient.fetchQuery(lightProfileOptions(api, launch.userId)));
    await Promise.all([
      deps.changeLanguage(toAppLanguage(light.lang)),
      light.onboardingCompleted ? queryClient.fetchQuery(fullProfileOptions(api, launch.userId)) : null,
      light.onboardingCompleted ? deps.prefetchScreen?.(launch.userId) : null,
    ]);
  } catch (error) {
    console.error('[start] loading the profile failed', error);
  }

  const ready: BootState = { phase: 'ready' };
  store.set(bootAtom, ready);
  return ready;
}
