import type { Balance } from '@arcade/api-client';
import { atom } from 'jotai';
import { profileAtom } from './profile';

/** TON and bonus balances as the server last reported them (decimal strings). */
export const balancesAtom = atom((get): Balance | null => get(profileAtom)?.balance ?? null);
