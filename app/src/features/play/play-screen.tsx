import { ApiError } from '@arcade/api-client/errors';
import type { PlayLimit, PlayPauseLength, PlayState } from '@arcade/api-client';
import { playRules } from '@arcade/api-client/play';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useRef, useState } from 'react';
import { ClockIcon, LockIcon, WarningIcon } from '../../components/icons';
import { ProgressBar } from '../../components/progress-bar';
import { Screen } from '../../components/screen';
import { playRefusalKey, usePlayT, type PlayT } from '../../i18n/play-texts';
import { formatHours, formatMoment, formatTon } from '../../lib/format';
import { isZero } from '../../lib/amounts';
import { toast } from '../../lib/toast';
import { AgeQuestion } from './age-gate';
import { DialogActions, PlayDialog } from './play-dialog';
import { limitLine, parseLimit, pendingLine, usedShare } from './play-logic';
import { pauseAtom, playStateQueryAtom, realityCheckAtom, setLimitAtom } from './play-state';
import { BusyButton } from '../../components/busy-button';
import { DecimalInput } from '../../components/decimal-input';
import { RetryNote } from '../../components/retry-note';
import { PlaySection } from './play-section';
import '../../components/field.css';
import '../../components/card.css';
import './play.css';

/** The server's own words for a refusal (already in the player's language), or a plain "could not save". */
function failureText(error: unknown, rt: PlayT, locale: string): string {
  if (ApiError.is(error, 'failure')) {
    const key = playRefusalKey(error.code);
    if (key) return rt(key, { max: formatTon(playRules.maxLimit, locale) });
    if (error.message) return error.message;
  }
  return rt('responsible.failed');
}

function LimitRow({ limit }: { limit: PlayLimit }) {
  const { rt, locale } = usePlayT();
  const saving = useAtomValue(setLimitAtom);
  const [editing, setEditing] = useState(false);
  const [input, setInput] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const inputId = useId();
  const name = rt(`responsible.limits.kinds.${limit.kind}`);
  const line = limitLine(limit);
  const pending = pendingLine(limit);
  const busy = saving.isPending;
  const form = useRef<HTMLFormElement>(null);
  // The editor opens under its row, below a small phone's screen: bring it into view, clear of the tabs.
  useEffect(() => {
    if (editing) form.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [editing]);

  const save = (amount: string | null) => {
    saving.mutate(
      { kind: limit.kind, amount },
      {
        onSuccess: (state) => {
          setEditing(false);
          const now = state.limits.find((entry) => entry.kind === limit.kind);
          const waiting = now ? pendingLine(now) : null;
          toast.success(
            waiting ? rt('responsible.limits.savedLater', { time: formatMoment(waiting.at, locale) }) : rt('responsible.limits.saved'),
            { toastId: `play:limit:${limit.kind}` },
          );
        },
        onError: (error) => void toast.error(failureText(error, rt, locale), { toastId: `play:limit-failed:${limit.kind}` }),
      },
    );
  };

  const submit = () => {
    const parsed = parseLimit(input);
    if (!parsed.ok) {
      setProblem(rt(`responsible.limits.problems.${parsed.problem}`));
      return;
    }
    setProblem(null);
    save(parsed.amount);
  };

  return (
    <li className="play-limit" data-testid={`limit-${limit.kind}`} data-amount={limit.amount ?? ''}>
      <div className="play-limit__head">
        <div className="play-limit__text">
          <span className="play-limit__name">{name}</span>
          <span className="play-limit__used" data-testid={`limit-${limit.kind}-used`}>
            {line.kind === 'used'
              ? rt('responsible.limits.used', { used: formatTon(line.used, locale), amount: formatTon(line.amount, locale) })
              : rt('responsible.limits.usedNoLimit', { used: formatTon(line.used, locale) })}
          </span>
        </div>
        {editing ? null : (
          <button
            type="button"
            className="button button--ghost play-limit__edit"
            onClick={() => {
              setInput(limit.amount ?? '');
              setProblem(null);
              setEditing(true);
            }}
            data-testid={`limit-${limit.kind}-edit`}
          >
            {limit.amount === null ? rt('responsible.limits.set') : rt('responsible.limits.edit')}
          </button>
        )}
      </div>
      {limit.amount !== null ? <ProgressBar value={usedShare(limit)} label={name} tone="ton" /> : null}
      {pending ? (
        <p className="play-limit__pending" data-testid={`limit-${limit.kind}-pending`}>
          <ClockIcon aria-hidden="true" />
          <span>
            {pending.kind === 'raise'
              ? rt('responsible.limits.pending', { amount: formatTon(pending.amount, locale), time: formatMoment(pending.at, locale) })
              : rt('responsible.limits.pendingRemove', { time: formatMoment(pending.at, locale) })}
          </span>
        </p>
      ) : null}
      {editing ? (
        <form
          ref={form}
          className="play-limit__form"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="field">
            <label className="field__label" htmlFor={inputId}>
              {rt('responsible.limits.field')}
            </label>
            <div className={`field__control${problem ? ' is-invalid' : ''}`}>
              <DecimalInput
                id={inputId}
                className="field__input field__input--amount"
                placeholder="0"
                value={input}
                disabled={busy}
                invalid={Boolean(problem)}
                aria-describedby={problem ? `${inputId}-problem` : undefined}
                onChange={setInput}
                testId={`limit-${limit.kind}-input`}
              />
              <span className="field__unit" aria-hidden="true">
                {rt('responsible.limits.unit')}
              </span>
            </div>
            {problem ? (
              <p className="field__error" id={`${inputId}-problem`} role="alert">
                {problem}
              </p>
            ) : null}
          </div>
          <div className="play-limit__actions">
            <button type="button" className="button button--ghost" onClick={() => setEditing(false)} disabled={busy}>
              {rt('responsible.limits.cancel')}
            </button>
            <BusyButton type="submit" className="button button--primary play-limit__save" busy={busy} testId={`limit-${limit.kind}-save`}>
              {rt('responsible.limits.save')}
            </BusyButton>
          </div>
          {limit.amount !== null ? (
            <button
              type="button"
              className="play-link-button"
              onClick={() => save(null)}
              disabled={busy}
              data-testid={`limit-${limit.kind}-remove`}
            >
              {rt('responsible.limits.remove')}
            </button>
          ) : null}
        </form>
      ) : null}
    </li>
  );
}

function PauseStatus({ pause }: { pause: NonNullable<PlayState['pause']> }) {
  const { rt, locale } = usePlayT();
  const excluded = pause.kind === 'self-exclusion';
  return (
    <section className="card play-status" role="status" data-testid="play-pause-status" data-kind={pause.kind}>
      <WarningIcon className="play-status__icon" aria-hidden="true" />
      <div className="play-status__text">
        <h2 className="play-status__title">
          {excluded
            ? rt('responsible.exclude.active', { time: formatMoment(pause.startedAt, locale) })
            : rt('responsible.pause.active', { time: pause.until ? formatMoment(pause.until, locale) : '' })}
        </h2>
        <p className="play-status__body">{excluded ? rt('responsible.exclude.activeText') : rt('responsible.pause.activeText')}</p>
      </div>
    </section>
  );
}

const PAUSE_LENGTHS = ['24h', '7d', '30d'] as const satisfies readonly PlayPauseLength[];
const HOUR_MS = 3_600_000;
const PAUSE_HOURS = playRules.pauseHours;

function PauseCard() {
  const { rt, locale } = usePlayT();
  const pausing = useAtomValue(pauseAtom);
  const [asking, setAsking] = useState<PlayPauseLength | null>(null);
  const [askedAt, setAskedAt] = useState(0);
  const [understood, setUnderstood] = useState(false);
  const checkId = useId();

  const start = (length: PlayPauseLength) => {
    pausing.mutate(length, {
      onSuccess: () => {
        setAsking(null);
        toast.success(rt(length === 'permanent' ? 'responsible.exclude.done' : 'responsible.pause.started'), { toastId: 'play:pause' });
      },
      onError: (error) => {
        setAsking(null);
        toast.error(failureText(error, rt, locale), { toastId: 'play:pause-failed' });
      },
    });
  };
  const busy = pausing.isPending;

  return (
    <>
      <PlaySection name="pause" title={rt('responsible.pause.title')} text={rt('responsible.pause.description')}>
        <div className="play-choices play-choices--three">
          {PAUSE_LENGTHS.map((length) => (
            <button
              key={length}
              type="button"
              className="button button--ghost play-choices__option"
              onClick={() => {
                setAskedAt(Date.now());
                setAsking(length);
              }}
              disabled={busy}
              data-testid={`pause-${length}`}
            >
              {formatHours(PAUSE_HOURS[length], locale)}
            </button>
          ))}
        </div>
      </PlaySection>
      <PlaySection name="exclude" title={rt('responsible.exclude.title')} text={rt('responsible.exclude.description')} danger>
        <button
          type="button"
          className="button button--block play-danger-button"
          onClick={() => {
            setUnderstood(false);
            setAsking('permanent');
          }}
          disabled={busy}
          data-testid="exclude"
        >
          {rt('responsible.exclude.button')}
        </button>
      </PlaySection>

      {asking !== null && asking !== 'permanent' ? (
        <PlayDialog
          title={rt('responsible.pause.confirmTitle', { length: formatHours(PAUSE_HOURS[asking], locale) })}
          onClose={() => setAsking(null)}
          testId="pause-confirm"
          footer={
            <DialogActions
              onCancel={() => setAsking(null)}
              cancelLabel={rt('responsible.pause.cancel')}
              confirmLabel={rt('responsible.pause.confirm')}
              onConfirm={() => start(asking)}
              busy={busy}
              confirmTestId="pause-confirm-button"
            />
          }
        >
          <p className="play-dialog__text">
            {rt('responsible.pause.confirmText', { time: formatMoment(new Date(askedAt + PAUSE_HOURS[asking] * HOUR_MS), locale) })}
          </p>
        </PlayDialog>
      ) : null}

      {asking === 'permanent' ? (
        <PlayDialog
          title={rt('responsible.exclude.confirmTitle')}
          onClose={() => setAsking(null)}
          testId="exclude-confirm"
          tone="danger"
          footer={
            <DialogActions
              onCancel={() => setAsking(null)}
              cancelLabel={rt('responsible.pause.cancel')}
              confirmLabel={rt('responsible.exclude.confirm')}
              onConfirm={() => start('permanent')}
              busy={busy}
              confirmDisabled={!understood}
              confirmTestId="exclude-confirm-button"
              tone="danger"
            />
          }
        >
          <p className="play-dialog__text">{rt('responsible.exclude.confirmText')}</p>
          <label className="play-check" htmlFor={checkId}>
            <input
              id={checkId}
              type="checkbox"
              checked={understood}
              onChange={(event) => setUnderstood(event.target.checked)}
              data-testid="exclude-check"
            />
            <span>{rt('responsible.exclude.check')}</span>
          </label>
        </PlayDialog>
      ) : null}
    </>
  );
}

/** The intervals the server takes (PlayRealityCheckRequest), and off. */
const REALITY_OPTIONS = [null, 15, 30, 60, 120] as const;

function RealityCheckCard({ minutes }: { minutes: number | null }) {
  const { rt, locale } = usePlayT();
  const saving = useAtomValue(realityCheckAtom);
  const shown = saving.isPending && saving.variables !== undefined ? saving.variables : minutes;
  return (
    <PlaySection name="reality" title={rt('responsible.reality.title')} text={rt('responsible.reality.description')}>
      <div className="play-choices play-choices--five" role="radiogroup" aria-labelledby="play-reality-title">
        {REALITY_OPTIONS.map((option) => (
          <button
            key={option ?? 'off'}
            type="button"
            role="radio"
            aria-checked={shown === option}
            className={`play-choices__chip${shown === option ? ' is-active' : ''}`}
            disabled={saving.isPending}
            onClick={() =>
              saving.mutate(option, {
                onSuccess: () => toast.success(rt('responsible.reality.saved'), { toastId: 'play:reality' }),
                onError: (error) => void toast.error(failureText(error, rt, locale), { toastId: 'play:reality-failed' }),
              })
            }
            data-testid={`reality-${option ?? 'off'}`}
          >
            {option === null ? rt('responsible.reality.off') : rt('responsible.reality.minutes', { count: option })}
          </button>
        ))}
      </div>
    </PlaySection>
  );
}

function SessionCard({ session }: { session: PlayState['session'] }) {
  const { rt, locale } = usePlayT();
  return (
    <PlaySection name="session" title={rt('responsible.session.title')}>
      <dl className="play-facts">
        <div className="play-facts__row">
          <dt>{rt('responsible.session.started')}</dt>
          <dd>{formatMoment(session.startedAt, locale)}</dd>
        </div>
        <div className="play-facts__row">
          <dt>{rt('responsible.session.wagered')}</dt>
          <dd>{formatTon(session.wagered, locale)} TON</dd>
        </div>
        <div className="play-facts__row">
          <dt>{rt('responsible.session.net')}</dt>
          <dd data-testid="play-session-net">{formatTon(session.net, locale, { signed: true })} TON</dd>
        </div>
      </dl>
    </PlaySection>
  );
}

function PlaySettings({ state }: { state: PlayState }) {
  const { rt, locale } = usePlayT();
  const excluded = state.pause?.kind === 'self-exclusion';
  return (
    <>
      {state.pause ? <PauseStatus pause={state.pause} /> : null}
      {state.ageConfirmedAt === null ? <AgeQuestion /> : null}
      {isZero(state.lockedBalance) ? null : (
        <section className="card play-status play-status--locked" data-testid="play-locked">
          <LockIcon className="play-status__icon" aria-hidden="true" />
          <div className="play-status__text">
            <h2 className="play-status__title">{rt('responsible.locked.title')}</h2>
            <p className="play-status__body">{rt('responsible.locked.text', { amount: formatTon(state.lockedBalance, locale) })}</p>
          </div>
        </section>
      )}
      <PlaySection
        name="limits"
        title={rt('responsible.limits.title')}
        text={rt('responsible.limits.description', { delay: formatHours(playRules.limitRaiseDelayHours, locale) })}
      >
        <ul className="play-limits">
          {state.limits.map((limit) => (
            <LimitRow key={limit.kind} limit={limit} />
          ))}
        </ul>
      </PlaySection>
      {excluded ? null : <PauseCard />}
      <RealityCheckCard minutes={state.realityCheckMinutes} />
      <SessionCard session={state.session} />
    </>
  );
}

/** The responsible play screen (from the profile): limits, breaks, self-exclusion and the reality check. */
export function Component() {
  const { rt } = usePlayT();
  const query = useAtomValue(playStateQueryAtom);
  return (
    <Screen name="play" title={rt('responsible.title')} description={rt('responsible.description')}>
      {query.data ? (
        <PlaySettings state={query.data} />
      ) : query.isError ? (
        <RetryNote
          className="card play-load"
          message={rt('responsible.load.failed')}
          onRetry={query.refetch}
          alert
          testId="play-load-error"
        />
      ) : (
        <div className="card play-load" aria-busy="true" data-testid="play-loading">
          <span className="spinner" role="status" />
        </div>
      )}
    </Screen>
  );
}
