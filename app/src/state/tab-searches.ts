import { atom } from 'jotai';

/**
 * The search each tab root was last left with (`/market` → `?sort=discount-desc&backdrop=Ruby`):
 * the bottom bar brings the player back to the sort and filters they chose, not to the defaults.
 */
export const tabSearchesAtom = atom<Readonly<Record<string, string>>>({});
