import type { BetResult, Currency, Difficulty, GameName, GamesConfig, Round, RoundsPage } from '@arcade/api-client/games';
import type { ApiClient } from '@arcade/api-client/client';

type RoundsPageData = typeof RoundsPage.infer;
import type { QueryClient } from '@tanstack/query-core';
import { atom, type Getter } from 'jotai';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { shareBalance } from '../../state/balances';
import { profileKeys } from '../../state/profile';
import { readSignedIn, required, signedInQuery } from '../../state/signed-in';
import { closingWhileRoadOpen } from '../../telegram/closing-confirmation';
import { applyDemoResult, demoCalls, demoKeys, demoModeAtom, isDemoRound } from './demo/demo-state';

export const gamesKeys = {
  all: ['games'] as const,
  config: (userId: string | null) => ['games', 'config', userId] as const,
  rounds: (userId: string | null, game: GameName) => ['games', 'rounds', userId, game] as const,
  roadCurrent: (userId: string | null) => ['games', 'road-current', userId] as const,
};

/** The fairness screen's queries live under this key: every bet moves the nonce. */
const FAIRNESS_KEY = ['fairness'] as const;

export const RECENT_ROUNDS = 10;

// ---- What the screens read ----

/** Limits and ladders: fixed while the server runs. */
export const gamesConfigQueryAtom = atomWithQuery((get: Getter) => ({
  ...signedInQuery(get, gamesKeys.config, ({ api }, { signal }): Promise<GamesConfig> => api.games.config({ signal })),
  staleTime: Number.POSITIVE_INFINITY,
}));

function recentRoundsAtom(game: GameName) {
  return atomWithQuery((get: Getter) =>
    signedInQuery(
      get,
      (userId) => gamesKeys.rounds(userId, game),
      ({ api }, { signal }): Promise<RoundsPageData> => api.games.rounds({ game, limit: RECENT_ROUNDS }, { signal }),
    ),
  );
}

/** The last rounds of each game, newest first. */
export const recentRoundsAtoms = {
  flip: recentRoundsAtom('flip'),
  roll: recentRoundsAtom('roll'),
  road: recentRoundsAtom('road'),
} as const;

/** The player's open road round (it survives a closed app), or null; in demo play, the open demo round. */
export const roadCurrentQueryAtom = atomWithQuery((get: Getter) =>
  get(demoModeAtom)
    ? signedInQuery(get, demoKeys.roadCurrent, ({ api }, { signal }): Promise<Round | null> => demoCalls.roadCurrent(api, signal))
    : signedInQuery(
        get,
        gamesKeys.roadCurrent,
        async ({ api }, { signal }): Promise<Round | null> => (await api.games.roadCurrent({ signal })).round,
      ),
);

/** The stake typed (null: the screen's default) and the balance it comes from, shared by the three games. */
export const stakeInputAtom = atom<string | null>(null);
export const currencyAtom = atom<Currency>('ton');
export const difficultyAtom = atom<Difficulty>('medium');

// ---- Bets ----

export interface FlipCall {
  stake: string;
  currency: Currency;
  side: 'heads' | 'tails';
  idempotencyKey: string;
}

export interface RollCall {
  stake: string;
  currency: Currency;
  target: string;
  direction: 'under' | 'over';
  idempotencyKey: string;
}

export interface RoadStartCall {
  stake: string;
  currency: Currency;
  difficulty: Difficulty;
  idempotencyKey: string;
}

export interface RoadStepCall {
  roundId: string;
  lane: number;
  idempotencyKey: string;
}

export interface RoadCashoutCall {
  roundId: string;
  idempotencyKey: string;
}

type BetSend<C> = (api: ApiClient, call: C) => Promise<BetResult>;

/**
 * One bet call as a mutation. Demo play sends the same bet to its demo call (demo-state.ts):
 * play chips, never money.
 */
function betAtom<C>(mutationKey: string[], real: BetSend<C>, demo: BetSend<C>) {
  return atomWithMutation((get) => {
    const signedIn = readSignedIn(get);
    const send = get(demoModeAtom) ? demo : real;
    return {
      mutationKey,
      mutationFn: (call: C): Promise<BetResult> => send(required(signedIn).api, call),
    };
  });
}

export const flipBetAtom = betAtom<FlipCall>(['games', 'flip'], (api, call) => api.games.flip(call), demoCalls.flip);

export const rollBetAtom = betAtom<RollCall>(['games', 'roll'], (api, call) => api.games.roll(call), demoCalls.roll);

export const roadStartAtom = betAtom<RoadStartCall>(
  ['games', 'road', 'start'],
  (api, call) => api.games.roadStart(call),
  demoCalls.roadStart,
);

export const roadStepAtom = betAtom<RoadStepCall>(['games', 'road', 'step'], (api, call) => api.games.roadStep(call), demoCalls.roadStep);

export const roadCashoutAtom = betAtom<RoadCashoutCall>(
  ['games', 'road', 'cashout'],
  (api, call) => api.games.roadCashout(call),
  demoCalls.roadCashout,
);

// ---- After a bet ----

/**
 * Takes a bet's reply into the app: the balances, the game's recent rounds, the open road round,
 * and the fairness screen's nonce. The full profile's statistics are re-read when next shown.
 */
export function applyBetResult(client: QueryClient, userId: string, game: GameName, result: BetResult): void {
  if (isDemoRound(result.round)) return applyDemoResult(client, userId, game, result);
  shareBalance(client, userId, result.balance);
  if (game === 'road') {
    client.setQueryData(gamesKeys.roadCurrent(userId), result.round.status === 'open' ? result.round : null);
    closingWhileRoadOpen(result.round.status === 'open');
  }
  void client.invalidateQueries({ queryKey: gamesKeys.rounds(userId, game) });
  void client.invalidateQueries({ queryKey: FAIRNESS_KEY });
  if (result.round.status !== 'open') void client.invalidateQueries({ queryKey: profileKeys.full(userId), refetchType: 'none' });
}

/** `set(settleBetAtom, { game, result })` once the screen has shown the outcome. */
export const settleBetAtom = atom(null, (get, _set, { game, result }: { game: GameName; result: BetResult }) => {
  const signedIn = readSignedIn(get);
  if (signedIn) applyBetResult(signedIn.client, signedIn.userId, game, result);
});

/** Re-reads the open road round (after a refusal says it changed elsewhere). */
export const refreshRoadAtom = atom(null, async (get) => {
  const signedIn = readSignedIn(get);
  if (signedIn) await signedIn.client.invalidateQueries({ queryKey: gamesKeys.roadCurrent(signedIn.userId) });
});
