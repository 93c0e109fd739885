import type { Balance, FullProfile, LightProfile } from '@arcade/api-client';
import type { QueryClient } from '@tanstack/query-core';
import { atom } from 'jotai';
import { profileAtom, profileKeys } from './profile';

/** TON and bonus balances as the server last reported them (decimal strings). */
export const balancesAtom = atom((get): Balance | null => get(profileAtom)?.balance ?? null);

/**
 * A reply carried the balances (a bet, a checkout, a claim, the wallet info): both cached
 * profiles take them, so the top bar and the profile show them at once, without another
 * round trip. A profile that already holds them is left alone; one not cached stays so.
 */
export function shareBalance(client: QueryClient, userId: string, balance: Balance): void {
  const differs = (profile: { balance: Balance } | undefined) =>
    profile !== undefined && (profile.balance.ton !== balance.ton || profile.balance.bonusTon !== balance.bonusTon);
  if (differs(client.getQueryData<LightProfile>(profileKeys.light(userId)))) {
    client.setQueryData<LightProfile>(profileKeys.light(userId), (old) => (old ? { ...old, balance } : old));
  }
  if (differs(client.getQueryData<FullProfile>(profileKeys.full(userId)))) {
    client.setQueryData<FullProfile>(profileKeys.full(userId), (old) => (old ? { ...old, balance } : old));
  }
}
