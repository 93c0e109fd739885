import type { DemoState } from '@arcade/api-client/demo';
import { atom, type Getter } from 'jotai';
import { atomWithQuery } from 'jotai-tanstack-query';
import { newClientSeed } from '../lib/client-seed';
import { balancesAtom } from './balances';
import { sessionAtom } from './session';
import { signedInQuery } from './signed-in';

/**
 * Demo play's switch and balance, read by the top bar as well as the game screens (the rest of
 * demo play is in features/demo). The demo balance lives on the server, in a table of its own
 * (server/src/domain/games/demo.ts): play chips, never money.
 */

export const demoKeys = {
  all: ['demo'] as const,
  state: (userId: string | null) => ['demo', 'state', userId] as const,
  rounds: (userId: string | null) => ['demo', 'rounds', userId] as const,
  roadCurrent: (userId: string | null) => ['demo', 'road-current', userId] as const,
};

/** Where a player's demo switch is kept on this device. */
const demoChoiceKey = (userId: string) => `arcade:demo-play:${userId}`;

function storedDemoChoice(userId: string): boolean {
  try {
    return globalThis.localStorage?.getItem(demoChoiceKey(userId)) === 'on';
  } catch {
    return false;
  }
}

/** This session's switches, by player, over what storage holds. */
const demoChoicesAtom = atom<Readonly<Record<string, boolean>>>({});

/**
 * Demo play switched on (by the player; the game screens offer it to a player with no balance).
 * Kept for that player on this device, so a reload stays in demo play until they switch it off.
 */
export const demoModeAtom = atom(
  (get) => {
    const userId = get(sessionAtom)?.userId;
    if (!userId) return false;
    return get(demoChoicesAtom)[userId] ?? storedDemoChoice(userId);
  },
  (get, set, on: boolean) => {
    const userId = get(sessionAtom)?.userId;
    if (!userId) return;
    try {
      globalThis.localStorage?.setItem(demoChoiceKey(userId), on ? 'on' : 'off');
    } catch {
      // Private mode or a full storage: the switch holds for this session.
    }
    set(demoChoicesAtom, { ...get(demoChoicesAtom), [userId]: on });
  },
);

/** How many game screens are showing now: the DEMO balance replaces the real one only there. */
export const demoScreensAtom = atom(0);

/** Demo play is on and a game screen is up: the demo balance is the one shown. */
export const demoShownAtom = atom((get) => get(demoModeAtom) && get(demoScreensAtom) > 0);

const ZERO = /^0(\.0*)?$/;

/** Both real balances are known and zero: the game screens offer demo play. */
export const noMoneyAtom = atom((get) => {
  const balances = get(balancesAtom);
  return balances !== null && ZERO.test(balances.ton) && ZERO.test(balances.bonusTon);
});

let pageDemoSeed: string | null = null;
/** The client seed this page offers for a first demo pair: made by the browser, apart from the real pair's. */
function demoClientSeed(): string {
  pageDemoSeed ??= newClientSeed();
  return pageDemoSeed;
}

/** The demo balance and the demo seed pair's commitment (a first pair is made now, with this browser's seed). */
export const demoStateQueryAtom = atomWithQuery((get: Getter) =>
  signedInQuery(get, demoKeys.state, ({ api }, { signal }): Promise<DemoState> =>
    api.demo.state({ clientSeed: demoClientSeed() }, { signal }),
  ),
);
