import type { GameName } from '@arcade/api-client/games';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { formatTon } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { demoModeAtom, demoScreensAtom, demoStateQueryAtom, noMoneyAtom } from '../../../state/demo';
import { demoRefillAtom } from './demo-state';
import { useDemoT } from './demo-texts';
import { BusyButton } from '../../../components/busy-button';
import '../../../components/demo-balance-chip.css';
import '../../../components/switch.css';
import '../../../components/text-link.css';
import './demo.css';

/** The DEMO mark: the same words wherever play chips are shown. */
export function DemoBadge({ testId }: { testId?: string }) {
  const { dt } = useDemoT();
  return (
    <span className="demo-badge" data-testid={testId}>
      {dt('demo.badge')}
    </span>
  );
}

/** Sets the demo balance back to its start. */
export function DemoRefillButton({ inline = false }: { inline?: boolean }) {
  const { dt, locale } = useDemoT();
  const state = useAtomValue(demoStateQueryAtom).data;
  const { mutate, isPending } = useAtomValue(demoRefillAtom);
  const amount = state ? formatTon(state.refillTo, locale) : '';
  return (
    <BusyButton
      className={inline ? 'text-link demo-refill demo-refill--inline' : 'chip demo-refill'}
      disabled={!state}
      busy={isPending}
      testId={inline ? 'demo-refill-link' : 'demo-refill'}
      onClick={() =>
        mutate(undefined, {
          onSuccess: (next) =>
            toast.success(dt('demo.refilled', { amount: formatTon(next.demoBalance, locale) }), { toastId: 'demo-refill' }),
        })
      }
    >
      {dt('demo.refill', { amount })}
    </BusyButton>
  );
}

/**
 * The offer of demo play to a player with no balance, in the stage's bar where a result shows
 * (game-stage.tsx): one row, so the stage keeps its room on a small phone; the words on what demo
 * chips are stay for screen readers (the DEMO marks say it once demo play is on).
 */
export function DemoOffer({ game }: { game: GameName }) {
  const { dt, locale } = useDemoT();
  const [on, setOn] = useAtom(demoModeAtom);
  const noMoney = useAtomValue(noMoneyAtom);
  const query = useAtomValue(demoStateQueryAtom);
  if (on || !noMoney) return null;
  return (
    <section className="card demo-offer" data-testid="demo-offer" aria-labelledby="demo-offer-title">
      <div className="demo-offer__words">
        <h2 className="demo-offer__title" id="demo-offer-title">
          {dt('demo.offer.title')}
        </h2>
        <p className="demo-offer__text visually-hidden">
          {dt('demo.offer.text', {
            game: dt(`demo.games.${game}`),
            amount: query.data ? formatTon(query.data.refillTo, locale) : '…',
          })}
        </p>
      </div>
      <button type="button" className="button button--primary demo-offer__start" data-testid="demo-start" onClick={() => setOn(true)}>
        {dt('demo.offer.start')}
      </button>
    </section>
  );
}

/**
 * The demo switch, and while it is on the DEMO balance with its refill, under the bet's controls
 * (the top bar and the stage already mark demo play). Mounted once per game screen (it tells the
 * top bar one is up).
 */
export function DemoBar() {
  const { dt, locale } = useDemoT();
  const [on, setOn] = useAtom(demoModeAtom);
  const setScreens = useSetAtom(demoScreensAtom);
  const query = useAtomValue(demoStateQueryAtom);
  const state = query.data;
  useEffect(() => {
    setScreens((count) => count + 1);
    return () => setScreens((count) => count - 1);
  }, [setScreens]);

  return (
    <section className={`tile demo-bar${on ? ' is-on' : ''}`} data-testid="demo-bar" data-demo={on}>
      <div className="demo-bar__row">
        <span className="demo-bar__text">
          <span className="demo-bar__title" id="demo-switch-label">
            {dt('demo.switch')}
          </span>
          <span className="visually-hidden" id="demo-switch-hint">
            {dt('demo.switchHint')}
          </span>
        </span>
        <button
          type="button"
          role="switch"
          className={`switch demo-switch${on ? ' is-on' : ''}`}
          aria-checked={on}
          aria-labelledby="demo-switch-label"
          aria-describedby="demo-switch-hint"
          data-testid="demo-switch"
          onClick={() => setOn(!on)}
        >
          <span className="switch__thumb" aria-hidden="true" />
        </button>
      </div>
      {on ? (
        <div className="demo-bar__row demo-bar__balance">
          <DemoBadge testId="demo-badge" />
          <span className="demo-bar__amount">
            <span className="visually-hidden">{dt('demo.balance')}: </span>
            <span data-testid="demo-balance" data-value={state?.demoBalance ?? ''}>
              {state ? formatTon(state.demoBalance, locale) : query.isError ? dt('demo.errors.load') : '—'}
            </span>
          </span>
          <DemoRefillButton />
        </div>
      ) : null}
    </section>
  );
}

/** The mark over the game stage while demo play is on. */
export function DemoStageMark() {
  const { dt } = useDemoT();
  const on = useAtomValue(demoModeAtom);
  if (!on) return null;
  return (
    <span className="demo-stage-mark" data-testid="demo-stage-mark">
      {dt('demo.stageMark')}
    </span>
  );
}

/** Where the stake is paid from while demo play is on: the demo balance, marked. */
export function DemoStakeSource() {
  const { dt, locale } = useDemoT();
  const state = useAtomValue(demoStateQueryAtom).data;
  return (
    <div className="tile demo-source" data-testid="demo-stake-source">
      <DemoBadge />
      <span className="demo-source__label">{dt('demo.stakeFrom')}</span>
      <span className="demo-source__amount">{state ? formatTon(state.demoBalance, locale) : '—'}</span>
    </div>
  );
}

/** The Play button's words for a new bet while demo play is on, and its unit in place of TON (null: real play). */
export function useDemoPlayLabel(): { label: string; unit: string } | null {
  const { dt } = useDemoT();
  return useAtomValue(demoModeAtom) ? { label: dt('demo.play'), unit: dt('demo.unit') } : null;
}

/** The balance the stake is checked against while demo play is on (null: real play). */
export function useDemoStakeBalance(): { ton: string; bonusTon: string } | null {
  const on = useAtomValue(demoModeAtom);
  const state = useAtomValue(demoStateQueryAtom).data;
  if (!on) return null;
  return { ton: state?.demoBalance ?? '0', bonusTon: '0' };
}
