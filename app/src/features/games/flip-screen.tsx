import { formatMultiplier, formatTon } from '../../lib/format';
import { fromNano } from '@arcade/api-client/money';
import { payoutOf } from '@arcade/api-client/fair';
import type { Round } from '@arcade/api-client/games';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { CrownIcon, TonMark } from '../../components/icons';
import { AutoBetDock } from './auto-bet-panel';
import { DEFAULT_AUTO_FORM, type AutoBetSettings } from './auto-bet';
import type { BetError } from './bet-errors';
import { BetOutcome, announceRound } from './bet-result';
import { FairnessRow, GameScreen } from './game-screen';
import { useRememberedSettings } from './game-settings';
import { GameStage, useEngineHandle } from './game-stage';
import { Choices, ConfigProblem, PlayButton } from './game-parts';
import { multiplierUnits } from './games-format';
import { flipBetAtom, gamesConfigQueryAtom } from './games-state';
import { useGamesT } from './games-texts';
import { RecentRounds } from './recent-rounds';
import { StakePanel, useStake } from './stake-panel';
import type { Pace } from './pace';
import { useAutoPlay, type AutoPlaced } from './use-auto-bet';
import { useBetFlow } from './use-bet-flow';
import { haptics } from '../../telegram/haptics';
import '../../components/card.css';
import './games.css';
import './flip-screen.css';

type Side = 'heads' | 'tails';
const SIDES: readonly Side[] = ['heads', 'tails'];

export function Component() {
  const { gt, locale } = useGamesT();
  const configQuery = useAtomValue(gamesConfigQueryAtom);
  const config = configQuery.data ?? null;
  const scaledMultiplier = config ? multiplierUnits(config.flip.multiplier) : undefined;
  const stake = useStake(config, scaledMultiplier);
  const engine = useEngineHandle<'flip'>();
  const flow = useBetFlow('flip');
  const { mutateAsync: flip } = useAtomValue(flipBetAtom);
  const [side, setSide] = useState<Side>('heads');
  const [last, setLast] = useState<Round | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [pace, setPace] = useState<Pace>('normal');
  const autoPlay = useAutoPlay();
  const { auto } = autoPlay;
  const locked = flow.busy || auto.running;
  useRememberedSettings('flip', { stake: stake.input, currency: stake.currency, side, pace, auto: autoPlay.form }, (saved) => {
    if (saved.stake !== undefined) stake.setInput(saved.stake);
    if (saved.currency) stake.setCurrency(saved.currency);
    if (saved.side) setSide(saved.side);
    if (saved.pace) setPace(saved.pace);
    if (saved.auto) autoPlay.setForm({ ...DEFAULT_AUTO_FORM, ...saved.auto });
  });

  const winPays = stake.check?.ok && scaledMultiplier ? formatTon(payoutOf(stake.check.nano, scaledMultiplier), locale) : null;

  /** One bet of `stakeNano` on the chosen side (auto-bet's rounds are such bets, each with its own key). */
  const bet = async (stakeNano: bigint, inAuto: boolean): Promise<AutoPlaced> => {
    const request = { stake: fromNano(stakeNano), currency: stake.currency, side };
    const failure: { error: BetError | null } = { error: null };
    if (!inAuto) setLast(null);
    const result = await flow.run({
      fingerprint: `flip|${request.stake}|${request.currency}|${request.side}`,
      currency: request.currency,
      call: (idempotencyKey) => flip({ ...request, idempotencyKey }),
      show: async ({ round }) => {
        const handle = engine.live();
        if (handle && round.flip) await handle.play({ side: round.flip.side, win: round.status === 'won' });
      },
      done: ({ round }) => {
        setSubmitted(false);
        setLast(round);
        if (!inAuto) announceRound(round, gt, locale);
      },
      onError: (error) => (failure.error = error),
    });
    return result ? { result } : { error: failure.error };
  };

  const play = async () => {
    setSubmitted(true);
    if (!stake.check?.ok || locked) return;
    engine.bringIntoView();
    await bet(stake.check.nano, false);
  };

  const startAuto = (settings: AutoBetSettings) => {
    if (!stake.check?.ok || !config || locked) return;
    const currency = stake.currency;
    const balance = stake.balance;
    flow.clearError();
    engine.bringIntoView();
    autoPlay.start({
      stake: stake.check.nano,
      settings,
      place: (nano) => bet(nano, true),
      context: (next) => ({ currency, limits: config, balance: next ?? balance, ...(scaledMultiplier ? { scaledMultiplier } : {}) }),
    });
  };

  return (
    <GameScreen
      game="flip"
      dock={
        config ? (
          <AutoBetDock
            autoPlay={autoPlay}
            error={flow.error}
            currency={stake.currency}
            locked={locked}
            play={
              <PlayButton
                busy={flow.busy}
                waiting={flow.phase === 'betting'}
                label={gt('play.play')}
                hint={
                  winPays
                    ? `${stake.currency === 'bonus' ? gt('play.flip.payoutOnWinBonus', { amount: winPays }) : `${gt('play.flip.payoutOnWin')} ${winPays} TON`} · ${formatMultiplier(config.flip.multiplier, locale)}×`
                    : null
                }
                onPress={() => void play()}
                testId="flip-play"
              />
            }
            pace={pace}
            onPace={setPace}
            stake={stake.check?.ok ? fromNano(stake.check.nano) : null}
            onStart={startAuto}
          />
        ) : null
      }
    >
      <GameStage
        game="flip"
        engine={engine}
        animating={flow.phase === 'animating'}
        pace={pace}
        onPace={setPace}
        result={
          last && (!flow.busy || auto.running) ? (
            <BetOutcome round={last} detail={last.flip ? gt('play.flip.landed', { side: gt(`play.side.${last.flip.side}`) }) : null} />
          ) : null
        }
      />
      {config ? (
        <div className="card bet-card">
          <Choices
            className="side-picker"
            label={gt('play.flip.choose')}
            options={SIDES}
            chosen={side}
            optionClass={(value) => `tile side-picker__option side-picker__option--${value}`}
            disabled={locked}
            testId={(value) => `flip-side-${value}`}
            onChoose={(value) => {
              if (value !== side) haptics.tick();
              setSide(value);
              flow.clearError();
            }}
          >
            {(value) => (
              <>
                <span className="side-picker__coin" aria-hidden="true">
                  {value === 'heads' ? <TonMark className="side-picker__mark" /> : <CrownIcon className="side-picker__mark" />}
                </span>
                {gt(`play.side.${value}`)}
              </>
            )}
          </Choices>
          <StakePanel stake={stake} disabled={locked} submitted={submitted} onChange={flow.clearError} />
        </div>
      ) : (
        <ConfigProblem query={configQuery} />
      )}
      <RecentRounds game="flip" />
      <FairnessRow />
    </GameScreen>
  );
}
