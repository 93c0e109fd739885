import type { FullProfile, LightProfile } from '@arcade/api-client';
import type { QueryFunctionContext } from '@tanstack/query-core';
import { atom, type Getter } from 'jotai';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { changeAppLanguage, i18n, toAppLanguage, type AppLanguage } from '../i18n/i18n';
import type { AppApi } from '../lib/api';
import { readSignedIn, required, signedInQuery } from './signed-in';

export const profileKeys = {
  all: ['profile'] as const,
  light: (userId: string | null) => ['profile', 'light', userId] as const,
  full: (userId: string | null) => ['profile', 'full', userId] as const,
};

// Start-up loads both profiles just before the first screen mounts their atoms; a short
// freshness window keeps that mount from asking the server for the same data again.
const PROFILE_FRESH_MS = 10_000;

export function lightProfileOptions(api: AppApi, userId: string) {
  return {
    queryKey: profileKeys.light(userId),
    queryFn: ({ signal }: QueryFunctionContext) => api.profile.light({ signal }),
    staleTime: PROFILE_FRESH_MS,
  };
}

export function fullProfileOptions(api: AppApi, userId: string) {
  return {
    queryKey: profileKeys.full(userId),
    queryFn: ({ signal }: QueryFunctionContext) => api.profile.full({ signal }),
    staleTime: PROFILE_FRESH_MS,
  };
}

export const lightProfileQueryAtom = atomWithQuery((get: Getter) => ({
  ...signedInQuery(get, profileKeys.light, ({ api, userId }, context) => lightProfileOptions(api, userId).queryFn(context)),
  staleTime: PROFILE_FRESH_MS,
}));

/** Loaded only once onboarding is completed (spec section 4). */
export const fullProfileQueryAtom = atomWithQuery((get: Getter) => ({
  ...signedInQuery(get, profileKeys.full, ({ api, userId }, context) => fullProfileOptions(api, userId).queryFn(context)),
  enabled: get(lightProfileQueryAtom).data?.onboardingCompleted === true,
  staleTime: PROFILE_FRESH_MS,
}));

export function toLightProfile(profile: FullProfile | LightProfile): LightProfile {
  return {
    balance: profile.balance,
    name: profile.name,
    avatarUrl: profile.avatarUrl,
    onboardingCompleted: profile.onboardingCompleted,
    onboardingWalletCompleted: profile.onboardingWalletCompleted,
    lang: profile.lang,
  };
}

/** The freshest of the two profiles, as a light profile (both carry these fields). */
export const profileAtom = atom((get): LightProfile | null => {
  const light = get(lightProfileQueryAtom);
  const full = get(fullProfileQueryAtom);
  if (full.data && full.dataUpdatedAt >= light.dataUpdatedAt) return toLightProfile(full.data);
  return light.data ?? null;
});

export const fullProfileAtom = atom((get): FullProfile | null => get(fullProfileQueryAtom).data ?? null);

/** Marks onboarding done, then loads the full profile (which reveals the main content). */
export const completeOnboardingAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['profile', 'onboarding'],
    mutationFn: async (): Promise<FullProfile> => {
      const { api, userId, client } = required(signedIn);
      await api.profile.completeOnboarding();
      const full = await client.fetchQuery({ ...fullProfileOptions(api, userId), staleTime: 0 });
      client.setQueryData(profileKeys.light(userId), toLightProfile(full));
      return full;
    },
  };
});

/** Saves the interface language on the server, then switches the texts. */
export const setLanguageAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['profile', 'language'],
    mutationFn: async (lang: AppLanguage): Promise<LightProfile> => {
      const { api, userId, client } = required(signedIn);
      const light = await api.profile.setLanguage(lang);
      client.setQueryData(profileKeys.light(userId), light);
      client.setQueryData<FullProfile>(profileKeys.full(userId), (old) => (old ? { ...old, ...light } : old));
      await changeAppLanguage(i18n, toAppLanguage(light.lang));
      return light;
    },
  };
});

/** Saves the bot-notifications choice; the full profile's flag follows the server's answer. */
export const setNotificationsAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['profile', 'notifications'],
    mutationFn: async (enabled: boolean) => {
      const { api, client, userId } = required(signedIn);
      const state = await api.profile.setNotifications(enabled);
      client.setQueryData<FullProfile>(profileKeys.full(userId), (old) =>
        old ? { ...old, telegram: { ...old.telegram, isAllowsWriteToPm: state.enabled } } : old,
      );
      return state;
    },
  };
});
