import { useState, type ReactNode } from 'react';
import { CrossIcon } from '../../components/icons';
import { BottomSheet } from '../../components/sheet';
import { toNano } from '@arcade/api-client/money';
import { useClosedReason } from '../../components/play-pause-banner';
import { formatTon } from '../../lib/format';
import { autoProblemValues, checkAutoForm, type AutoBetForm, type AutoBetSettings, type AutoBetState, type AutoField } from './auto-bet';
import type { BetError } from './bet-errors';
import { BetNotice } from './bet-result';
import { useGamesT } from './games-texts';
import { DecimalInput } from '../../components/decimal-input';
import { Choices } from './game-parts';
import { PACES, type Pace } from './pace';
import type { AutoPlay } from './use-auto-bet';
import '../../components/field.css';
import './games.css';
import './auto-bet-panel.css';

/** Two arrows in a circle: the same bet again and again. */
function RepeatIcon() {
  return (
    <svg className="auto-toggle__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M4 12a8 8 0 0 1 13.7-5.6L20 8.7M20 4v4.7h-4.7M20 12a8 8 0 0 1-13.7 5.6L4 15.3M4 20v-4.7h4.7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The button beside Play that opens the auto-bet settings. */
export function AutoBetButton({ disabled, onPress }: { disabled: boolean; onPress: () => void }) {
  const { gt } = useGamesT();
  return (
    <button
      type="button"
      className="tile tile--raised auto-toggle"
      disabled={disabled}
      aria-label={gt('play.auto.openLabel')}
      aria-haspopup="dialog"
      data-testid="auto-open"
      onClick={onPress}
    >
      <RepeatIcon />
      <span className="auto-toggle__label">{gt('play.auto.open')}</span>
    </button>
  );
}

/** What happens to the stake after a win or a loss: back to the first, or changed by a percentage. */
const AUTO_MODES = ['reset', 'change'] as const;

/** Normal, fast or instant: a row of three (the auto-bet sheet). */
export function PacePicker({ pace, onPace, disabled = false }: { pace: Pace; onPace: (pace: Pace) => void; disabled?: boolean }) {
  const { gt } = useGamesT();
  return (
    <Choices
      className="tile game-segmented pace-picker"
      label={gt('play.pace.label')}
      options={PACES}
      chosen={pace}
      disabled={disabled}
      testId={(value) => `pace-${value}`}
      onChoose={onPace}
    >
      {(value) => gt(`play.pace.${value}`)}
    </Choices>
  );
}

interface AutoBetSheetProps {
  form: AutoBetForm;
  onForm: (form: AutoBetForm) => void;
  pace: Pace;
  onPace: (pace: Pace) => void;
  /** The first round's stake as shown (the stake field's), or null when the stake is not valid. */
  stake: string | null;
  /** Why a responsible-play pause closes auto-bet, or null. */
  closed?: string | null;
  onStart: (settings: AutoBetSettings) => void;
  onClose: () => void;
}

/** The auto-bet settings over the page: rounds, the stop rules, the stake after a win and after a loss, the speed. */
export function AutoBetSheet({ form, onForm, pace, onPace, stake, closed = null, onStart, onClose }: AutoBetSheetProps) {
  const { gt, locale } = useGamesT();
  const [submitted, setSubmitted] = useState(false);
  const checked = checkAutoForm(form, stake === null ? null : toNano(stake));
  const wrong: AutoField | null = submitted && !checked.ok ? checked.field : null;

  const set = (patch: Partial<AutoBetForm>) => onForm({ ...form, ...patch });
  const problem = checked.ok ? null : gt(`play.auto.problem.${checked.problem}`, autoProblemValues(checked.problem, stake, locale));

  const field = (name: AutoField, label: string, unit: string, placeholder: string, hint?: string): ReactNode => (
    <div className="field auto-field">
      <label className="field__label auto-field__label" htmlFor={`auto-${name}`}>
        {label}
      </label>
      <div className={`field__control auto-field__control${wrong === name ? ' is-invalid' : ''}`}>
        <DecimalInput
          id={`auto-${name}`}
          className="field__input auto-field__input"
          inputMode={name === 'rounds' ? 'numeric' : 'decimal'}
          placeholder={placeholder}
          value={form[name]}
          invalid={wrong === name}
          aria-describedby={wrong === name ? 'auto-problem' : hint ? `auto-${name}-hint` : undefined}
          testId={`auto-${name}`}
          onChange={(text) => set({ [name]: text })}
        />
        <span className="field__unit auto-field__unit" aria-hidden="true">
          {unit}
        </span>
      </div>
      {hint ? (
        <span className="visually-hidden" id={`auto-${name}-hint`}>
          {hint}
        </span>
      ) : null}
    </div>
  );

  const change = (which: 'onWin' | 'onLoss') => {
    const percentField = which === 'onWin' ? 'onWinPercent' : 'onLossPercent';
    return (
      <fieldset className="auto-change">
        <legend className="field__label auto-change__legend">{gt(`play.auto.${which}`)}</legend>
        <div className="auto-change__row">
          <Choices
            className="tile game-segmented auto-change__modes"
            label={gt(`play.auto.${which}`)}
            options={AUTO_MODES}
            chosen={form[which]}
            testId={(mode) => `auto-${which}-${mode}`}
            onChoose={(mode) => set({ [which]: mode })}
          >
            {(mode) => gt(`play.auto.${mode}`)}
          </Choices>
          {form[which] === 'change' ? (
            <div className={`field__control auto-field__control auto-change__percent${wrong === percentField ? ' is-invalid' : ''}`}>
              <DecimalInput
                className="field__input auto-field__input"
                aria-label={`${gt(`play.auto.${which}`)}: ${gt('play.auto.percent')}`}
                invalid={wrong === percentField}
                value={form[percentField]}
                testId={`auto-${percentField}`}
                onChange={(text) => set({ [percentField]: text })}
              />
              <span className="field__unit auto-field__unit" aria-hidden="true">
                %
              </span>
            </div>
          ) : null}
        </div>
      </fieldset>
    );
  };

  return (
    <BottomSheet
      title={gt('play.auto.title')}
      onClose={onClose}
      closeLabel={gt('play.auto.close')}
      closeTestId="auto-close"
      testId="auto-sheet"
      className="auto-sheet"
      bodyClassName="auto-sheet__body"
      footer={
        <button
          type="button"
          className="button button--primary button--block"
          disabled={stake === null || closed !== null}
          data-testid="auto-start"
          onClick={() => {
            setSubmitted(true);
            if (checked.ok && closed === null) onStart(checked.settings);
          }}
        >
          {gt('play.auto.start')}
        </button>
      }
    >
      <div className="auto-grid">
        {field('rounds', gt('play.auto.rounds'), '', gt('play.auto.endless'), gt('play.auto.roundsHint'))}
        {field('stopProfit', gt('play.auto.stopProfit'), 'TON', gt('play.auto.optional'))}
        {field('stopLoss', gt('play.auto.stopLoss'), 'TON', gt('play.auto.optional'))}
        {field('stopWinAbove', gt('play.auto.stopWinAbove'), 'TON', gt('play.auto.optional'))}
      </div>
      {change('onWin')}
      {change('onLoss')}
      <div className="auto-pace">
        <span className="field__label">{gt('play.pace.label')}</span>
        <PacePicker pace={pace} onPace={onPace} />
      </div>
      <p className="auto-sheet__note" data-testid="auto-stake-note">
        {stake ? gt('play.auto.stake', { stake: formatTon(stake, locale) }) : gt('play.auto.needStake')}
      </p>
      {closed ? (
        <p className="field__error auto-sheet__problem" role="alert" data-testid="auto-closed">
          {closed}
        </p>
      ) : null}
      {wrong && problem ? (
        <p className="field__error auto-sheet__problem" id="auto-problem" role="alert" data-testid="auto-problem">
          {problem}
        </p>
      ) : null}
    </BottomSheet>
  );
}

interface AutoBetStatusProps {
  state: AutoBetState;
  /** Rounds asked for, or null: until stopped. */
  total: number | null;
  onDismiss: () => void;
}

/** The running counters over Play: the round, the net, the last result, the next stake, the last rounds; why it stopped. */
export function AutoBetStatus({ state, total, onDismiss }: AutoBetStatusProps) {
  const { gt, locale } = useGamesT();
  const last = state.recent[0] ?? null;
  const reason = state.stopReason;
  const netTone = state.net > 0n ? ' is-up' : state.net < 0n ? ' is-down' : '';
  return (
    <section
      className="tile tile--raised auto-status"
      data-testid="auto-status"
      data-running={state.running}
      data-rounds={state.rounds}
      data-net={state.net.toString()}
      data-stop-reason={reason ?? undefined}
      aria-label={state.running ? gt('play.auto.running') : gt('play.auto.stopped')}
    >
      <div className="auto-status__head">
        <span className="auto-status__count" data-testid="auto-rounds">
          {total === null
            ? gt('play.auto.roundsEndless', { count: state.rounds })
            : gt('play.auto.roundsCount', { count: state.rounds, total })}
        </span>
        <span className={`auto-status__net${netTone}`} data-testid="auto-net">
          {gt('play.auto.net')} {formatTon(state.net, locale, { signed: true })}
        </span>
        {!state.running ? (
          <button
            type="button"
            className="auto-status__dismiss"
            aria-label={gt('play.auto.dismiss')}
            data-testid="auto-dismiss"
            onClick={onDismiss}
          >
            <CrossIcon />
          </button>
        ) : null}
      </div>
      <ol className="auto-status__list" aria-label={gt('play.auto.results')} data-testid="auto-results">
        {state.recent.map((round) => (
          <li
            key={round.id}
            className={`auto-status__round ${round.won ? 'is-won' : 'is-lost'}`}
            data-testid="auto-result"
            data-round-id={round.id}
            title={round.won ? gt('play.auto.won') : gt('play.auto.lost')}
          >
            {formatTon(round.payout - round.stake, locale, { signed: true })}
          </li>
        ))}
      </ol>
      {reason ? (
        <p className="auto-status__reason" role="status" data-testid="auto-reason">
          {gt(`play.auto.reason.${reason}`)}
        </p>
      ) : (
        <p className="auto-status__line">
          {last ? (
            <span>
              {gt('play.auto.last')}: {last.won ? gt('play.auto.won') : gt('play.auto.lost')}
            </span>
          ) : null}
          <span>
            {gt('play.auto.next')}: {formatTon(state.stake, locale)} TON
          </span>
        </p>
      )}
    </section>
  );
}

interface AutoBetDockProps {
  autoPlay: AutoPlay;
  /** The last bet's refusal or failure, shown over the buttons. */
  error: BetError | null;
  currency: 'ton' | 'bonus';
  /** A bet is under way: the auto-bet button waits. */
  locked: boolean;
  /** The screen's Play button; Stop takes its place while auto-bet runs. */
  play: ReactNode;
  pace: Pace;
  onPace: (pace: Pace) => void;
  /** The first round's stake as shown, or null when the stake is not valid. */
  stake: string | null;
  onStart: (settings: AutoBetSettings) => void;
}

/** The bottom of flip and roll: auto-bet's counters, the bet's notice, Auto and Play (or Stop), and the auto-bet sheet. */
export function AutoBetDock({ autoPlay, error, currency, locked, play, pace, onPace, stake, onStart }: AutoBetDockProps) {
  const { gt } = useGamesT();
  const { auto } = autoPlay;
  // A responsible-play pause closes auto-bet as it closes Play (the reason shows on Play and in the sheet).
  const { reason: closed } = useClosedReason('play');
  return (
    <>
      {auto.state ? <AutoBetStatus state={auto.state} total={autoPlay.total} onDismiss={auto.dismiss} /> : null}
      {error ? <BetNotice error={error} currency={currency} /> : null}
      <div className="auto-dock">
        {auto.running ? (
          <button type="button" className="button auto-stop" data-testid="auto-stop" onClick={() => auto.stop('player')}>
            {gt('play.auto.stop')}
          </button>
        ) : (
          <>
            <AutoBetButton disabled={locked || closed !== null} onPress={() => autoPlay.setSheetOpen(true)} />
            {play}
          </>
        )}
      </div>
      {autoPlay.sheetOpen ? (
        <AutoBetSheet
          form={autoPlay.form}
          onForm={autoPlay.setForm}
          pace={pace}
          onPace={onPace}
          stake={stake}
          closed={closed}
          onStart={onStart}
          onClose={() => autoPlay.setSheetOpen(false)}
        />
      ) : null}
    </>
  );
}
