import { createStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { demoModeAtom } from '../src/state/demo';
import { sessionAtom } from '../src/state/session';

/** The page after a (re)load: a fresh store, signed in as `userId`. */
function pageOf(userId: string | null) {
  const store = createStore();
  if (userId) store.set(sessionAtom, { userId, expiresAt: 2_000_000_000 });
  return store;
}

afterEach(() => localStorage.clear());

describe('the demo switch', () => {
  it('stays on for its player through a reload, and off for another player on the device', () => {
    const before = pageOf('42');
    expect(before.get(demoModeAtom)).toBe(false);
    before.set(demoModeAtom, true);
    expect(before.get(demoModeAtom)).toBe(true);

    expect(pageOf('42').get(demoModeAtom)).toBe(true);
    expect(pageOf('43').get(demoModeAtom)).toBe(false);

    const again = pageOf('42');
    again.set(demoModeAtom, false);
    expect(pageOf('42').get(demoModeAtom)).toBe(false);
  });

  it('is off, and cannot be switched, before a player is signed in', () => {
    const page = pageOf(null);
    page.set(demoModeAtom, true);
    expect(page.get(demoModeAtom)).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});
