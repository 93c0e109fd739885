import type { BetResult, Currency, GamesConfig, Round } from '@arcade/api-client/games';
import { fromNano } from '@arcade/api-client/money';
import { useState } from 'react';
import { AutoBetDock } from './auto-bet-panel';
import type { AutoBetSettings } from './auto-bet';
import type { BetError } from './bet-errors';
import { BetOutcome, announceRound } from './bet-result';
import { PlayButton } from './game-parts';
import { GameStage, useEngineHandle } from './game-stage';
import { useGamesT } from './games-texts';
import type { Pace } from './pace';
import type { useStake } from './stake-panel';
import { useAutoPlay, type AutoPlaced } from './use-auto-bet';
import { useBetFlow } from './use-bet-flow';

type InstantGame = 'flip' | 'roll';

/** A bet as the screen's choices make it, for a stake and a currency: its request's fingerprint, the call, and how the stage shows its round. */
export interface Order {
  fingerprint: string;
  call: (idempotencyKey: string) => Promise<BetResult>;
  show: (round: Round) => Promise<void>;
}
type Ordering = (stake: string, currency: Currency) => Order;

/**
 * What flip and roll share around their bets: the bet flow with the stage's animation and the
 * announcement, the last round, the pace, Play and auto-bet (whose rounds are such bets, each
 * with its own key). The screen says how a bet is made from its choices (`Ordering`).
 */
export function useInstantRounds<G extends InstantGame>(game: G, stake: ReturnType<typeof useStake>, config: GamesConfig | null) {
  const { gt, locale } = useGamesT();
  const engine = useEngineHandle<G>();
  const flow = useBetFlow(game);
  const [last, setLast] = useState<Round | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [pace, setPace] = useState<Pace>('normal');
  const autoPlay = useAutoPlay();
  const locked = flow.busy || autoPlay.auto.running;

  /** One bet of `stakeNano` as the screen orders it. */
  const bet = async (stakeNano: bigint, inAuto: boolean, ordering: Ordering): Promise<AutoPlaced> => {
    const currency = stake.currency;
    const order = ordering(fromNano(stakeNano), currency);
    const failure: { error: BetError | null } = { error: null };
    if (!inAuto) setLast(null);
    const result = await flow.run({
      fingerprint: order.fingerprint,
      currency,
      call: order.call,
      show: ({ round }) => order.show(round),
      done: ({ round }) => {
        setSubmitted(false);
        setLast(round);
        if (!inAuto) announceRound(round, gt, locale);
      },
      onError: (error) => (failure.error = error),
    });
    return result ? { result } : { error: failure.error };
  };

  /** Play: one bet, once the stake and the screen's own choices (`ready`) check out; `going` runs just before it. */
  const play = async (ordering: Ordering, ready = true, going?: () => void) => {
    setSubmitted(true);
    if (!stake.check?.ok || !ready || locked) return;
    going?.();
    engine.bringIntoView();
    await bet(stake.check.nano, false, ordering);
  };

  /** Starts auto-bet from the current stake; `scaledMultiplier` is what a win pays, for its stop rules. */
  const startAuto = (
    settings: AutoBetSettings,
    ordering: Ordering,
    scaledMultiplier: number | undefined,
    ready = true,
    going?: () => void,
  ) => {
    if (!stake.check?.ok || !ready || !config || locked) return;
    const currency = stake.currency;
    const balance = stake.balance;
    going?.();
    flow.clearError();
    engine.bringIntoView();
    autoPlay.start({
      stake: stake.check.nano,
      settings,
      place: (nano) => bet(nano, true, ordering),
      context: (next) => ({
        currency,
        limits: config,
        balance: next ?? balance,
        ...(scaledMultiplier !== undefined ? { scaledMultiplier } : {}),
      }),
    });
  };

  return { engine, flow, last, submitted, pace, setPace, autoPlay, locked, play, startAuto };
}

export type InstantRounds<G extends InstantGame> = ReturnType<typeof useInstantRounds<G>>;

/** The game's stage with the last round's result over it (during auto-bet too). */
export function InstantStage<G extends InstantGame>({
  game,
  rounds,
  detail,
}: {
  game: G;
  rounds: InstantRounds<G>;
  /** What the result says beside won or lost ("Landed on heads"). */
  detail: (round: Round) => string | null;
}) {
  const { last, flow, autoPlay } = rounds;
  return (
    <GameStage
      game={game}
      engine={rounds.engine}
      animating={flow.phase === 'animating'}
      pace={rounds.pace}
      onPace={rounds.setPace}
      result={last && (!flow.busy || autoPlay.auto.running) ? <BetOutcome round={last} detail={detail(last)} /> : null}
    />
  );
}

/** The dock under the stage: Play with what a win pays, and auto-bet. */
export function InstantDock<G extends InstantGame>({
  game,
  rounds,
  currency,
  hint,
  stake,
  onPlay,
  onStart,
}: {
  game: G;
  rounds: InstantRounds<G>;
  currency: Currency;
  hint: string | null;
  /** The stake auto-bet would start from, when it checks out. */
  stake: string | null;
  onPlay: () => void;
  onStart: (settings: AutoBetSettings) => void;
}) {
  const { gt } = useGamesT();
  const { flow } = rounds;
  return (
    <AutoBetDock
      autoPlay={rounds.autoPlay}
      error={flow.error}
      currency={currency}
      locked={rounds.locked}
      play={
        <PlayButton
          busy={flow.busy}
          waiting={flow.phase === 'betting'}
          label={gt('play.play')}
          hint={hint}
          onPress={onPlay}
          testId={`${game}-play`}
        />
      }
      pace={rounds.pace}
      onPace={rounds.setPace}
      stake={stake}
      onStart={onStart}
    />
  );
}
