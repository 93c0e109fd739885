import type { DemoBetResult, DemoRound, DemoState } from '@arcade/api-client/demo';
import type { BetResult, GameName, Round } from '@arcade/api-client/games';
import type { ApiClient } from '@arcade/api-client/client';
import type { QueryClient } from '@tanstack/query-core';
import type { Getter } from 'jotai';
import { atomWithMutation, atomWithQuery } from 'jotai-tanstack-query';
import { newClientSeed } from '../../../lib/client-seed';
import { demoKeys, demoModeAtom } from '../../../state/demo';
import { readSignedIn, required, signedInQuery } from '../../../state/signed-in';

export { demoKeys, demoModeAtom, demoShownAtom, demoStateQueryAtom, noMoneyAtom } from '../../../state/demo';

/**
 * Demo play in the app. The server keeps the demo balance and decides every demo round
 * (server/src/domain/games/demo.ts); the app only chooses which calls a game screen's bets go to.
 * A demo reply enters the game screens as a bet result whose round says currency "demo", and
 * whose balance is the demo balance: `applyDemoResult` takes it into the demo queries only, never
 * into the real balances.
 */

export const demoRoundsQueryAtom = atomWithQuery((get: Getter) => ({
  ...signedInQuery(
    get,
    demoKeys.rounds,
    async ({ api }, { signal }): Promise<DemoRound[]> => (await api.demo.rounds({ limit: 5 }, { signal })).items,
  ),
  enabled: get(demoModeAtom),
}));

export const demoRefillAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['demo', 'refill'],
    mutationFn: (): Promise<DemoState> => required(signedIn).api.demo.refill(),
    onSuccess: (data: DemoState) => signedIn?.client.setQueryData(demoKeys.state(signedIn.userId), data),
  };
});

export const demoRotateAtom = atomWithMutation((get) => {
  const signedIn = readSignedIn(get);
  return {
    mutationKey: ['demo', 'rotate'],
    mutationFn: (): Promise<DemoState> => required(signedIn).api.demo.rotate({ clientSeed: newClientSeed() }),
    onSuccess: (data: DemoState) => {
      if (!signedIn) return;
      signedIn.client.setQueryData(demoKeys.state(signedIn.userId), data);
      void signedIn.client.invalidateQueries({ queryKey: demoKeys.rounds(signedIn.userId) });
    },
  };
});

// ---- Demo replies as the game screens' bet results ----

/** Whether a round the screens hold is a demo round (its currency says so). */
export function isDemoRound(round: Pick<Round, 'currency'> | Pick<DemoRound, 'currency'>): boolean {
  return (round.currency as string) === 'demo';
}

/** A demo round in the shape the game screens draw; its currency stays "demo" (isDemoRound). */
export function asScreenRound(round: DemoRound): Round {
  return round as unknown as Round;
}

/** A demo reply as a bet result: the demo balance in the place of the TON balance, for the stake checks. */
export function asBetResult(reply: DemoBetResult): BetResult {
  return { round: asScreenRound(reply.round), balance: { ton: reply.demoBalance, bonusTon: '0' } };
}

/** The game calls, each to its demo call (the key and the currency stay behind: a demo call takes neither). */
export const demoCalls = {
  flip: async (api: ApiClient, call: { stake: string; side: 'heads' | 'tails' }) =>
    asBetResult(await api.demo.flip({ stake: call.stake, side: call.side })),
  roll: async (api: ApiClient, call: { stake: string; target: string; direction: 'under' | 'over' }) =>
    asBetResult(await api.demo.roll({ stake: call.stake, target: call.target, direction: call.direction })),
  roadStart: async (api: ApiClient, call: { stake: string; difficulty: 'easy' | 'medium' | 'hard' | 'hardcore' }) =>
    asBetResult(await api.demo.roadStart({ stake: call.stake, difficulty: call.difficulty })),
  roadStep: async (api: ApiClient, call: { roundId: string; lane: number }) =>
    asBetResult(await api.demo.roadStep({ roundId: call.roundId, lane: call.lane })),
  roadCashout: async (api: ApiClient, call: { roundId: string }) => asBetResult(await api.demo.roadCashout({ roundId: call.roundId })),
  roadCurrent: async (api: ApiClient, signal?: AbortSignal): Promise<Round | null> => {
    const { round } = await api.demo.roadCurrent(signal ? { signal } : undefined);
    return round ? asScreenRound(round) : null;
  },
};

/** Takes a demo bet's reply into the demo queries: the demo balance, the open demo road, the demo rounds and seeds. */
export function applyDemoResult(client: QueryClient, userId: string, game: GameName, result: BetResult): void {
  client.setQueryData<DemoState>(demoKeys.state(userId), (old) =>
    old
      ? {
          ...old,
          demoBalance: result.balance.ton,
          seeds: { ...old.seeds, nonce: Math.max(old.seeds.nonce, result.round.fairness.nonce + 1) },
        }
      : old,
  );
  if (game === 'road') client.setQueryData(demoKeys.roadCurrent(userId), result.round.status === 'open' ? result.round : null);
  void client.invalidateQueries({ queryKey: demoKeys.rounds(userId) });
}
