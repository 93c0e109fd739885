import type { BonusState } from '@arcade/api-client/bonus';
import { useAtomValue, useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { CalendarIcon, CheckIcon, CoinsIcon, GamepadIcon, LockIcon, MegaphoneIcon } from '../../components/icons';
import { PrefetchLink } from '../../components/prefetch-link';
import { formatTon } from '../../lib/format';
import { openTelegramUrl } from '../../telegram/share';
import { toastBonusProblem, toastRewardCredited, toastTaskNotCompleted } from '../../lib/bonus-refusals';
import { checkTaskAtom, claimTaskAtom, markVerifiedAtom, refreshBonusStateAtom, verifiedTasksAtom } from './bonus-state';
import { usePlayerTexts, type PlayerT } from '../../i18n/bonus-texts';
import { ProgressBar } from '../../components/progress-bar';
import { taskView, type TaskView } from './task-view';
import { useDailyClaim } from './use-daily-claim';
import { BusyButton } from '../../components/busy-button';
import './task-list.css';

const icons: Record<TaskView['kind'], ReactNode> = {
  Subscribe: <MegaphoneIcon />,
  DailyReward: <CalendarIcon />,
  BetSummary: <CoinsIcon />,
  GameActivity: <GamepadIcon />,
};

function titleText(view: TaskView, pt: PlayerT, lang: string): string {
  const { title } = view;
  switch (title.key) {
    case 'BetSummary':
      return pt('player.tasks.kinds.BetSummary', { target: formatTon(title.target, lang) });
    case 'GameActivityGame':
      return pt('player.tasks.kinds.GameActivityGame', { target: title.target, game: pt(`player.tasks.games.${title.game}`) });
    case 'GameActivityAny':
      return pt('player.tasks.kinds.GameActivityAny', { target: title.target ?? '' });
    default:
      return pt(`player.tasks.kinds.${title.key}`);
  }
}

function hintText(view: TaskView, pt: PlayerT): string {
  if (view.kind === 'Subscribe')
    return view.state === 'todo' ? pt('player.tasks.hints.Subscribe') : pt('player.tasks.hints.SubscribeReady');
  return pt(`player.tasks.hints.${view.kind}`);
}

interface TaskActionsProps {
  view: TaskView;
  state: BonusState;
  busy: boolean;
}

/** The daily reward's task: the same claim and countdown as its card. */
function DailyTaskAction({ state }: { state: BonusState }) {
  const { pt } = usePlayerTexts();
  const { claim, pending, waiting, waitLabel } = useDailyClaim(state.daily, state.cap);
  return (
    <BusyButton
      className="button button--gold task__button"
      disabled={waiting}
      busy={pending}
      onClick={claim}
      testId="task-daily-claim"
      data-state={waiting ? 'waiting' : pending ? 'pending' : 'open'}
    >
      {waitLabel ?? (pending ? pt('player.daily.claiming') : pt('player.tasks.claim'))}
    </BusyButton>
  );
}

function TaskActions({ view, state, busy }: TaskActionsProps) {
  const { pt } = usePlayerTexts();
  const check = useAtomValue(checkTaskAtom);
  const claim = useAtomValue(claimTaskAtom);
  const markVerified = useSetAtom(markVerifiedAtom);
  const refresh = useSetAtom(refreshBonusStateAtom);
  const checking = check.isPending && check.variables === view.id;
  const claiming = claim.isPending && claim.variables === view.id;

  const onCheck = () => {
    if (busy) return;
    check.mutate(view.id, {
      onSuccess: (result) => {
        if (result.task.state === 'ready') markVerified(view.id);
        // Spec section 4: a check that finds the task not done yet says 'Task not completed'.
        else if (result.task.state === 'todo') toastTaskNotCompleted();
      },
      // Spec section 4: on failure the toast says 'Task not completed'.
      onError: (error) => void toastBonusProblem(error, { cap: state.cap }),
    });
  };
  const onClaim = () => {
    if (busy) return;
    claim.mutate(view.id, {
      onSuccess: () => toastRewardCredited(),
      onError: (error) => {
        const problem = toastBonusProblem(error, { cap: state.cap });
        // The server knows better (already claimed, conditions changed): show its view.
        if (problem.kind === 'refusal') void refresh();
      },
    });
  };

  const buttons = view.actions.map((action) => {
    switch (action) {
      case 'daily-claim':
      case 'daily-wait':
        return <DailyTaskAction key={action} state={state} />;
      case 'subscribe':
        return (
          <button
            key={action}
            type="button"
            className="button button--primary task__button"
            onClick={() => {
              if (view.url) openTelegramUrl(view.url);
            }}
            data-testid="task-subscribe"
          >
            {pt('player.tasks.subscribe')}
          </button>
        );
      case 'check':
        return (
          <BusyButton
            key={action}
            className="button button--ghost task__button"
            disabled={busy}
            busy={checking}
            onClick={onCheck}
            testId="task-check"
          >
            {checking ? pt('player.tasks.checking') : pt('player.tasks.check')}
          </BusyButton>
        );
      case 'claim':
        return (
          <BusyButton
            key={action}
            className="button button--gold task__button"
            disabled={busy}
            busy={claiming}
            onClick={onClaim}
            testId="task-claim"
          >
            {claiming ? pt('player.daily.claiming') : pt('player.tasks.claim')}
          </BusyButton>
        );
      case 'claim-locked':
        // Spec section 4: the award task's disabled state says 'Conditions not met'.
        return (
          <button key={action} type="button" className="button task__button task__button--locked" disabled data-testid="task-claim">
            <LockIcon width={16} height={16} />
            {pt('player.tasks.conditionsNotMet')}
          </button>
        );
      case 'play':
        return view.playPath ? (
          <PrefetchLink key={action} to={view.playPath} className="button button--ghost task__button" data-testid="task-play">
            <GamepadIcon width={18} height={18} />
            {pt('player.tasks.play')}
          </PrefetchLink>
        ) : null;
    }
  });
  return buttons.length > 0 ? <div className="task__actions">{buttons}</div> : null;
}

function TaskCard({ view, state, busy }: TaskActionsProps) {
  const { pt, lang } = usePlayerTexts();
  return (
    <li className={`task task--${view.state}`} data-testid={`task-${view.id}`} data-kind={view.kind} data-state={view.state}>
      <div className="task__top">
        <span className={`icon-tile icon-tile--task task__icon task__icon--${view.kind}`} aria-hidden="true">
          {icons[view.kind]}
        </span>
        <div className="task__text">
          <p className="task__title">{titleText(view, pt, lang)}</p>
          {view.state === 'claimed' ? null : <p className="task__hint">{hintText(view, pt)}</p>}
        </div>
        {view.state === 'claimed' ? (
          <span className="task__badge" data-testid="task-claimed">
            <CheckIcon width={14} height={14} />
            {pt('player.tasks.claimed')}
          </span>
        ) : (
          <span className="task__reward">{pt('player.plusTon', { amount: formatTon(view.reward, lang) })}</span>
        )}
      </div>
      {view.progress && view.state !== 'claimed' ? (
        <div className="task__progress">
          <ProgressBar value={view.progress.ratio} label={titleText(view, pt, lang)} tone={view.state === 'ready' ? 'win' : 'ton'} />
          <span className="task__count" data-testid="task-progress" data-current={view.progress.current} data-target={view.progress.target}>
            {pt('player.tasks.progress', {
              current: view.kind === 'BetSummary' ? formatTon(view.progress.current, lang) : view.progress.current,
              target: view.kind === 'BetSummary' ? formatTon(view.progress.target, lang) : view.progress.target,
            })}
          </span>
        </div>
      ) : null}
      <TaskActions view={view} state={state} busy={busy} />
    </li>
  );
}

/** Spec section 2: the task types, each with its own actions; claimed ones go last. */
export function TaskList({ state }: { state: BonusState }) {
  const { pt } = usePlayerTexts();
  const verified = useAtomValue(verifiedTasksAtom);
  const check = useAtomValue(checkTaskAtom);
  const claim = useAtomValue(claimTaskAtom);
  // One task call at a time: the buttons of the others wait.
  const busy = check.isPending || claim.isPending;
  // The daily reward has its own card above the list: it shows there only, not twice.
  const views = state.tasks.filter((task) => task.kind !== 'DailyReward').map((task) => taskView(task, { verified, daily: state.daily }));
  const ordered = [...views.filter((v) => v.state !== 'claimed'), ...views.filter((v) => v.state === 'claimed')];
  if (ordered.length === 0) return <p className="bonus-tasks__empty">{pt('player.tasks.empty')}</p>;
  return (
    <ul className="stack-list task-list" data-testid="task-list">
      {ordered.map((view) => (
        <TaskCard key={view.id} view={view} state={state} busy={busy} />
      ))}
    </ul>
  );
}
