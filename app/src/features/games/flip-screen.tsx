import { formatMultiplier, formatTon } from '../../lib/format';
import { fromNano } from '@arcade/api-client/money';
import { payoutOf } from '@arcade/api-client/fair';
import type { Round } from '@arcade/api-client/games';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { TonMark } from '../../components/icons';
import { BetNotice, BetOutcome, announceRound } from './bet-result';
import { FairnessRow, GameScreen } from './game-screen';
import { useRememberedSettings } from './game-settings';
import { GameStage, useEngineHandle } from './game-stage';
import { CrownIcon } from './games-icons';
import { ConfigProblem, PlayButton } from './game-parts';
import { multiplierUnits } from './games-format';
import { flipBetAtom, gamesConfigQueryAtom } from './games-state';
import { useGamesT } from './games-texts';
import { RecentRounds } from './recent-rounds';
import { StakePanel, useStake } from './stake-panel';
import { useBetFlow } from './use-bet-flow';
import { haptics } from '../../telegram/haptics';

type Side = 'heads' | 'tails';
const SIDES: readonly Side[] = ['heads', 'tails'];

export function Component() {
  const { gt, locale } = useGamesT();
  const configQuery = useAtomValue(gamesConfigQueryAtom);
  const config = configQuery.data ?? null;
  const multiplier4 = config ? multiplierUnits(config.flip.multiplier) : undefined;
  const stake = useStake(config, multiplier4);
  const engine = useEngineHandle<'flip'>();
  const flow = useBetFlow('flip');
  const { mutateAsync: flip } = useAtomValue(flipBetAtom);
  const [side, setSide] = useState<Side>('heads');
  const [last, setLast] = useState<Round | null>(null);
  const [submitted, setSubmitted] = useState(false);
  useRememberedSettings('flip', { stake: stake.input, currency: stake.currency, side }, (saved) => {
    if (saved.stake !== undefined) stake.setInput(saved.stake);
    if (saved.currency) stake.setCurrency(saved.currency);
    if (saved.side) setSide(saved.side);
  });

  const winPays = stake.check?.ok && multiplier4 ? formatTon(payoutOf(stake.check.nano, multiplier4), locale) : null;

  const play = async () => {
    setSubmitted(true);
    if (!stake.check?.ok || flow.busy) return;
    const request = { stake: fromNano(stake.check.nano), currency: stake.currency, side };
    setLast(null);
    engine.bringIntoView();
    await flow.run({
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
        announceRound(round, gt, locale);
      },
    });
  };

  return (
    <GameScreen
      game="flip"
      dock={
        config ? (
          <>
            {flow.error ? <BetNotice error={flow.error} currency={stake.currency} /> : null}
            <PlayButton
              busy={flow.busy}
              waiting={flow.phase === 'betting'}
              label={gt('play.play')}
              hint={winPays ? `${gt('play.flip.payoutOnWin')} ${winPays} TON · ${formatMultiplier(config.flip.multiplier, locale)}×` : null}
              onPress={() => void play()}
              testId="flip-play"
            />
          </>
        ) : null
      }
    >
      <GameStage
        game="flip"
        state={engine.state}
        onReady={engine.onReady}
        onFailed={engine.onFailed}
        stageRef={engine.stage}
        handle={engine.handle}
        animating={flow.phase === 'animating'}
        onSkip={() => engine.live()?.skip()}
      />
      {last && !flow.busy ? (
        <BetOutcome round={last} detail={last.flip ? gt('play.flip.landed', { side: gt(`play.side.${last.flip.side}`) }) : null} />
      ) : null}
      {config ? (
        <div className="card bet-card">
          <div className="side-picker" role="radiogroup" aria-label={gt('play.flip.choose')}>
            {SIDES.map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={side === value}
                className={`side-picker__option side-picker__option--${value}${side === value ? ' is-active' : ''}`}
                disabled={flow.busy}
                data-testid={`flip-side-${value}`}
                onClick={() => {
                  if (value !== side) haptics.tick();
                  setSide(value);
                  flow.clearError();
                }}
              >
                <span className="side-picker__coin" aria-hidden="true">
                  {value === 'heads' ? <TonMark className="side-picker__mark" /> : <CrownIcon className="side-picker__mark" />}
                </span>
                {gt(`play.side.${value}`)}
              </button>
            ))}
          </div>
          <StakePanel stake={stake} disabled={flow.busy} submitted={submitted} onChange={flow.clearError} />
        </div>
      ) : (
        <ConfigProblem query={configQuery} />
      )}
      <RecentRounds game="flip" />
      <FairnessRow />
    </GameScreen>
  );
}
