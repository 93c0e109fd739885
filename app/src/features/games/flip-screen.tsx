import { formatMultiplier, formatTon } from '../../lib/format';
import { fromNano } from '@arcade/api-client/money';
import { payoutOf } from '@arcade/api-client/fair';
import type { Currency } from '@arcade/api-client/games';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { CrownIcon, TonMark } from '../../components/icons';
import { DEFAULT_AUTO_FORM } from './auto-bet';
import { FairnessRow, GameScreen } from './game-screen';
import { useRememberedSettings } from './game-settings';
import { Choices, ConfigProblem } from './game-parts';
import { InstantDock, InstantStage, useInstantRounds, type Order } from './instant-game';
import { multiplierUnits } from './games-format';
import { flipBetAtom, gamesConfigQueryAtom } from './games-state';
import { useGamesT } from './games-texts';
import { RecentRounds } from './recent-rounds';
import { StakePanel, useStake } from './stake-panel';
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
  const rounds = useInstantRounds('flip', stake, config);
  const { engine, flow, submitted, pace, setPace, autoPlay, locked } = rounds;
  const { mutateAsync: flip } = useAtomValue(flipBetAtom);
  const [side, setSide] = useState<Side>('heads');
  useRememberedSettings('flip', { stake: stake.input, currency: stake.currency, side, pace, auto: autoPlay.form }, (saved) => {
    if (saved.stake !== undefined) stake.setInput(saved.stake);
    if (saved.currency) stake.setCurrency(saved.currency);
    if (saved.side) setSide(saved.side);
    if (saved.pace) setPace(saved.pace);
    if (saved.auto) autoPlay.setForm({ ...DEFAULT_AUTO_FORM, ...saved.auto });
  });

  const winPays = stake.check?.ok && scaledMultiplier ? formatTon(payoutOf(stake.check.nano, scaledMultiplier), locale) : null;

  /** A bet on the chosen side. */
  const order = (stakeText: string, currency: Currency): Order => ({
    fingerprint: `flip|${stakeText}|${currency}|${side}`,
    call: (idempotencyKey) => flip({ stake: stakeText, currency, side, idempotencyKey }),
    show: async (round) => {
      const handle = engine.live();
      if (handle && round.flip) await handle.play({ side: round.flip.side, win: round.status === 'won' });
    },
  });

  return (
    <GameScreen
      game="flip"
      dock={
        config ? (
          <InstantDock
            game="flip"
            rounds={rounds}
            currency={stake.currency}
            hint={
              winPays
                ? `${stake.currency === 'bonus' ? gt('play.flip.payoutOnWinBonus', { amount: winPays }) : `${gt('play.flip.payoutOnWin')} ${winPays} TON`} · ${formatMultiplier(config.flip.multiplier, locale)}×`
                : null
            }
            stake={stake.check?.ok ? fromNano(stake.check.nano) : null}
            onPlay={() => void rounds.play(order)}
            onStart={(settings) => rounds.startAuto(settings, order, scaledMultiplier)}
          />
        ) : null
      }
    >
      <InstantStage
        game="flip"
        rounds={rounds}
        detail={(round) => (round.flip ? gt('play.flip.landed', { side: gt(`play.side.${round.flip.side}`) }) : null)}
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
