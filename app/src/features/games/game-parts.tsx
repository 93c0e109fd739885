import type { ReactNode } from 'react';
import { PAUSE_BANNER_TEXT_ID, useClosedReason } from '../../components/play-pause-banner';
import { useGamesT } from './games-texts';
import { useDemoPlayLabel } from './demo/demo-parts';
import { BusyButton } from '../../components/busy-button';
import { RetryNote } from '../../components/retry-note';
import '../../components/skeleton.css';
import '../../components/spinner.css';
import './games.css';
import './game-parts.css';

/** The big button that places a bet: a spinner while the bet is in flight or animating. */
export function PlayButton({
  busy,
  waiting = busy,
  label,
  hint,
  onPress,
  testId,
  disabled = false,
  tone = 'primary',
  newBet = true,
}: {
  /** Disabled: a bet is in flight or animating. */
  busy: boolean;
  /** Spinner and "Betting…": the server has not answered yet (default: while busy). */
  waiting?: boolean;
  label: string;
  hint?: string | null;
  onPress: () => void;
  testId: string;
  disabled?: boolean;
  tone?: 'primary' | 'gold';
  /** It places a new bet: a responsible-play pause closes it, and it says so (going on in or cashing out of a round does not). */
  newBet?: boolean;
}) {
  const { gt } = useGamesT();
  const closed = useClosedReason('play');
  const reason = newBet ? closed.reason : null;
  // Demo play: the button says it is a demo bet, and what it pays is counted in DEMO, not TON.
  const demo = useDemoPlayLabel();
  const shownHint = reason ?? (demo && hint ? hint.replace(/\bTON\b/g, demo.unit) : hint);
  const shownLabel = newBet && demo ? demo.label : label;
  return (
    <BusyButton
      className={`button button--${tone} button--block play-button`}
      disabled={disabled || reason !== null}
      busy={busy}
      aria-describedby={reason ? PAUSE_BANNER_TEXT_ID : undefined}
      testId={testId}
      data-closed={reason ? 'pause' : undefined}
      onClick={() => {
        if (reason === null) onPress();
      }}
    >
      {waiting ? <span className="spinner spinner--small spinner--light" aria-hidden="true" /> : null}
      <span className="play-button__text">
        <span className="play-button__label">{waiting ? gt('play.playing') : shownLabel}</span>
        {shownHint && !waiting ? (
          <span className="play-button__hint" data-testid={reason ? `${testId}-closed` : undefined}>
            {shownHint}
          </span>
        ) : null}
      </span>
    </BusyButton>
  );
}

/** Where the controls go while the games config loads, or why it did not. */
export function ConfigProblem({ query }: { query: { isError: boolean; refetch: () => unknown } }) {
  const { gt } = useGamesT();
  if (!query.isError) {
    return (
      <div className="card bet-card bet-card--skeleton" aria-busy="true" data-testid="games-skeleton">
        <span className="skeleton skeleton--soft game-skeleton game-skeleton--tall" />
        <span className="skeleton skeleton--soft game-skeleton game-skeleton--tall" />
        <span className="skeleton skeleton--soft game-skeleton" />
      </div>
    );
  }
  return (
    <RetryNote
      className="card bet-card bet-card--error"
      message={gt('play.errors.config')}
      onRetry={query.refetch}
      alert
      testId="games-config-error"
    />
  );
}

/** One of a few choices as a row of radio buttons: a side, a direction, a difficulty, a pace, a currency, a rule. */
export function Choices<T extends string>({
  label,
  options,
  chosen,
  onChoose,
  disabled,
  className,
  optionClass = () => 'game-segmented__option',
  testId,
  children,
}: {
  label: string;
  options: readonly T[];
  chosen: T;
  onChoose: (option: T) => void;
  disabled?: boolean;
  /** The row's classes. */
  className: string;
  /** An option's classes (is-active is added to the chosen one's). */
  optionClass?: (option: T) => string;
  testId: (option: T) => string;
  /** What an option's button shows. */
  children: (option: T) => ReactNode;
}) {
  return (
    <div className={className} role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={chosen === option}
          className={`${optionClass(option)}${chosen === option ? ' is-active' : ''}`}
          disabled={disabled}
          data-testid={testId(option)}
          onClick={() => onChoose(option)}
        >
          {children(option)}
        </button>
      ))}
    </div>
  );
}
