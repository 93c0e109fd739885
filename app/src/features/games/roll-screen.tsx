import { formatDecimal, formatHundredths, formatTimes, formatTon } from '../../lib/format';
import { DecimalInput } from '../../components/decimal-input';
import { payoutOf, type RollDirection } from '@arcade/api-client/fair';
import type { Currency } from '@arcade/api-client/games';
import { fromNano } from '@arcade/api-client/money';
import { useAtomValue } from 'jotai';
import { useEffect, useEffectEvent, useState, type CSSProperties } from 'react';
import { useValidatedSearch } from '../../lib/validated-search';
import { DEFAULT_AUTO_FORM } from './auto-bet';
import { Choices, ConfigProblem } from './game-parts';
import { InstantDock, InstantStage, useInstantRounds, type Order } from './instant-game';
import { FairnessRow, GameScreen } from './game-screen';
import { useRememberedSettings } from './game-settings';
import { gamesConfigQueryAtom, rollBetAtom } from './games-state';
import { useGamesT } from './games-texts';
import { RecentRounds } from './recent-rounds';
import {
  chanceBounds,
  clampTarget,
  DEFAULT_TARGET,
  HUNDREDTHS,
  hundredthsText,
  mirrorTarget,
  parseHundredths,
  rollQuote,
  targetBounds,
} from './roll-quote';
import { RollSearch } from './roll-search';
import { StakePanel, useStake } from './stake-panel';
import { haptics } from '../../telegram/haptics';
import '../../components/card.css';
import './games.css';
import './roll-screen.css';

const DIRECTIONS: readonly RollDirection[] = ['under', 'over'];
/** The slider moves in halves; the field and the ± buttons reach every hundredth. */
const SLIDER_STEP = 50;

export function Component() {
  const { gt, locale } = useGamesT();
  const search = useValidatedSearch(RollSearch);
  const configQuery = useAtomValue(gamesConfigQueryAtom);
  const config = configQuery.data ?? null;
  const bounds = chanceBounds(config?.roll ?? { minChance: '1', maxChance: '95' });
  const [direction, setDirection] = useState<RollDirection>('under');
  const [target, setTarget] = useState(() => (search.target === undefined ? DEFAULT_TARGET : search.target * HUNDREDTHS));
  // What the player is typing into the target field; null shows the target itself.
  const [typed, setTyped] = useState<string | null>(null);
  const clamped = clampTarget(target, direction, bounds);
  const quote = rollQuote(clamped, direction);
  const limits = targetBounds(direction, bounds);
  const typedValue = typed === null ? clamped : parseHundredths(typed);
  const typedBad = typed !== null && (typedValue === null || typedValue < limits.min || typedValue > limits.max);

  const stake = useStake(config, quote.scaledMultiplier);
  const rounds = useInstantRounds('roll', stake, config);
  const { engine, flow, submitted, pace, setPace, autoPlay, locked } = rounds;
  const { mutateAsync: roll } = useAtomValue(rollBetAtom);
  const remembered = { stake: stake.input, currency: stake.currency, target: clamped, direction, pace, auto: autoPlay.form };
  useRememberedSettings('roll', remembered, (saved) => {
    if (saved.pace) setPace(saved.pace);
    if (saved.auto) autoPlay.setForm({ ...DEFAULT_AUTO_FORM, ...saved.auto });
    if (saved.stake !== undefined) stake.setInput(saved.stake);
    if (saved.currency) stake.setCurrency(saved.currency);
    if (saved.direction) setDirection(saved.direction);
    // A link's target (from a shared round) wins over the kept one.
    if (saved.target !== undefined && search.target === undefined) setTarget(saved.target);
  });

  const preview = (value: number, side: RollDirection) => {
    try {
      engine.live()?.preview(value / HUNDREDTHS, side);
    } catch (error) {
      console.warn('[games] roll preview failed', error);
    }
  };
  // Once the engine is up, it shows the current target's winning zone (and again when kept
  // settings arrive from the host after it started).
  const showCurrent = useEffectEvent(() => preview(clamped, direction));
  useEffect(() => {
    if (engine.handle) showCurrent();
  }, [engine.handle, clamped, direction]);

  const chooseTarget = (value: number) => {
    const next = clampTarget(value, direction, bounds);
    if (next !== clamped) haptics.tick();
    setTarget(next);
    flow.clearError();
    preview(next, direction);
  };
  const chooseDirection = (next: RollDirection) => {
    if (next === direction) return;
    haptics.tick();
    const mirrored = clampTarget(mirrorTarget(clamped), next, bounds);
    setDirection(next);
    setTarget(mirrored);
    setTyped(null);
    flow.clearError();
    preview(mirrored, next);
  };
  const typeTarget = (text: string) => {
    setTyped(text);
    const value = parseHundredths(text);
    if (value !== null && value >= limits.min && value <= limits.max) chooseTarget(value);
  };

  const winPays = stake.check?.ok ? formatTon(payoutOf(stake.check.nano, quote.scaledMultiplier), locale) : null;
  const fill = ((clamped - limits.min) / Math.max(1, limits.max - limits.min)) * 100;

  /** A bet on the chosen target. */
  const order = (stakeText: string, currency: Currency): Order => {
    const request = { stake: stakeText, currency, target: hundredthsText(clamped), direction };
    return {
      fingerprint: `roll|${request.stake}|${request.currency}|${request.target}|${request.direction}`,
      call: (idempotencyKey) => roll({ ...request, idempotencyKey }),
      show: async (round) => {
        const handle = engine.live();
        const rolled = round.roll ? parseHundredths(round.roll.roll) : null;
        const aimed = round.roll ? parseHundredths(round.roll.target) : null;
        if (!handle || !round.roll || rolled === null || aimed === null) return;
        await handle.play({
          roll: rolled / HUNDREDTHS,
          target: aimed / HUNDREDTHS,
          direction: round.roll.direction,
          win: round.status === 'won',
        });
      },
    };
  };
  // A typed target leaves its field when the bet goes.
  const leaveField = () => setTyped(null);

  return (
    <GameScreen
      game="roll"
      dock={
        config ? (
          <InstantDock
            game="roll"
            rounds={rounds}
            currency={stake.currency}
            hint={`${direction === 'under' ? gt('play.roll.rollUnder') : gt('play.roll.rollOver')} ${formatHundredths(quote.target, locale, { fixed: 2 })} · ${formatTimes(quote.multiplierText, locale)}`}
            stake={stake.check?.ok && !typedBad ? fromNano(stake.check.nano) : null}
            onPlay={() => void rounds.play(order, !typedBad, leaveField)}
            onStart={(settings) => rounds.startAuto(settings, order, quote.scaledMultiplier, !typedBad, leaveField)}
          />
        ) : null
      }
    >
      <InstantStage
        game="roll"
        rounds={rounds}
        detail={(round) =>
          round.roll
            ? gt(round.roll.direction === 'under' ? 'play.roll.rolledUnder' : 'play.roll.rolledOver', {
                roll: formatDecimal(round.roll.roll, locale, { fixed: 2 }),
                target: formatDecimal(round.roll.target, locale, { fixed: 2 }),
              })
            : null
        }
      />
      {config ? (
        <div className="card bet-card">
          <div className="roll-controls">
            <Choices
              className="tile game-segmented"
              label={gt('play.roll.direction')}
              options={DIRECTIONS}
              chosen={direction}
              disabled={locked}
              testId={(value) => `roll-${value}`}
              onChoose={chooseDirection}
            >
              {(value) => (value === 'under' ? gt('play.roll.rollUnder') : gt('play.roll.rollOver'))}
            </Choices>
            <div className="roll-target">
              <button
                type="button"
                className="soft-button roll-target__step"
                aria-label={gt('play.roll.lower')}
                disabled={locked || clamped <= limits.min}
                onClick={() => {
                  setTyped(null);
                  chooseTarget(clamped - HUNDREDTHS);
                }}
              >
                −
              </button>
              <div className="roll-target__field">
                <label className="roll-target__label" htmlFor="roll-target">
                  {gt('play.roll.target')}
                </label>
                <DecimalInput
                  id="roll-target"
                  className={`roll-target__input${typedBad ? ' is-invalid' : ''}`}
                  aria-label={gt('play.roll.targetInput')}
                  invalid={typedBad}
                  aria-describedby={typedBad ? 'roll-target-error' : undefined}
                  value={typed ?? formatHundredths(quote.target, locale, { fixed: 2 })}
                  disabled={locked}
                  testId="roll-target"
                  onChange={typeTarget}
                  onBlur={() => setTyped(null)}
                />
              </div>
              <button
                type="button"
                className="soft-button roll-target__step"
                aria-label={gt('play.roll.higher')}
                disabled={locked || clamped >= limits.max}
                onClick={() => {
                  setTyped(null);
                  chooseTarget(clamped + HUNDREDTHS);
                }}
              >
                +
              </button>
            </div>
            {typedBad ? (
              <p className="roll-target__error" id="roll-target-error" role="alert">
                {gt('play.roll.targetProblem', { min: formatHundredths(limits.min, locale), max: formatHundredths(limits.max, locale) })}
              </p>
            ) : null}
            <input
              type="range"
              className={`roll-slider roll-slider--${direction}`}
              style={{ '--fill': `${fill}%` } as CSSProperties}
              min={limits.min}
              max={limits.max}
              step={SLIDER_STEP}
              value={clamped}
              disabled={locked}
              aria-label={gt('play.roll.targetInput')}
              aria-valuetext={formatHundredths(quote.target, locale, { fixed: 2 })}
              data-testid="roll-slider"
              onChange={(event) => {
                setTyped(null);
                chooseTarget(Number(event.target.value));
              }}
            />
            <div className="roll-scale" aria-hidden="true">
              <span>{formatHundredths(limits.min, locale)}</span>
              <span>{formatHundredths(limits.max, locale)}</span>
            </div>
            <dl className="game-quote" data-testid="roll-quote">
              <div className="game-quote__item">
                <dt>{gt('play.roll.chance')}</dt>
                <dd data-testid="roll-chance">{formatHundredths(quote.chance, locale)}%</dd>
              </div>
              <div className="game-quote__item">
                <dt>{gt('play.roll.multiplier')}</dt>
                <dd data-testid="roll-multiplier">{formatTimes(quote.multiplierText, locale)}</dd>
              </div>
              <div className="game-quote__item">
                <dt>{gt(stake.currency === 'bonus' ? 'play.roll.payoutOnWinBonus' : 'play.roll.payoutOnWin')}</dt>
                <dd data-testid="roll-payout">{winPays ?? '—'}</dd>
              </div>
            </dl>
          </div>
          <StakePanel stake={stake} disabled={locked} submitted={submitted} onChange={flow.clearError} />
        </div>
      ) : (
        <ConfigProblem query={configQuery} />
      )}
      <RecentRounds game="roll" />
      <FairnessRow />
    </GameScreen>
  );
}
