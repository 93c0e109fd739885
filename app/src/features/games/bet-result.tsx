import { formatMultiplier, formatTon } from '../../lib/format';
import type { Round } from '@arcade/api-client/games';
import type { ReactNode } from 'react';
import { toast } from '../../lib/toast';
import { PrefetchLink } from '../../components/prefetch-link';
import { WarningIcon } from '../../components/icons';
import { PlayRefusal } from '../../components/play-link';
import type { BetError } from './bet-errors';
import { roundNet } from './games-format';
import { useGamesT, type GamesT } from './games-texts';
import { TopUpLink } from './stake-panel';
import { isDemoRound } from './demo/demo-state';
import { demoText, useDemoT } from './demo/demo-texts';
import { ShareWinButton } from './share-win-button';
import '../../components/card.css';
import '../../components/notice.css';
import '../../components/text-link.css';
import './bet-result.css';

let lastRoundToast: string | null = null;

/**
 * The toast after a round ends: what was won, cashed out or lost. It takes the place of the last
 * round's toast, so rounds played one after another do not stack toasts down over the table.
 */
export function announceRound(round: Round, gt: GamesT, locale: string): void {
  const options = { toastId: `round:${round.id}` };
  if (lastRoundToast !== null && lastRoundToast !== options.toastId) toast.dismiss(lastRoundToast);
  lastRoundToast = options.toastId;
  if (isDemoRound(round)) {
    const amount = formatTon(round.status === 'lost' ? round.stake : round.payout, locale);
    if (round.status === 'won' || round.status === 'cashed') toast.success(demoText(`demo.toast.${round.status}`, { amount }), options);
    else if (round.status === 'lost') toast(demoText('demo.toast.lost', { amount }), options);
    return;
  }
  if (round.status === 'won') toast.success(gt('play.toast.won', { amount: formatTon(round.payout, locale) }), options);
  else if (round.status === 'cashed') toast.success(gt('play.toast.cashed', { amount: formatTon(round.payout, locale) }), options);
  else if (round.status === 'lost') toast(gt('play.toast.lost', { amount: formatTon(round.stake, locale) }), options);
}

/** The finished round under the table: won or lost, the payout, the net and a line of detail. */
export function BetOutcome({ round, detail }: { round: Round; detail?: ReactNode }) {
  const { gt, locale } = useGamesT();
  const { dt } = useDemoT();
  const demo = isDemoRound(round);
  const net = roundNet(round);
  const won = round.status === 'won' || round.status === 'cashed';
  const title = round.status === 'cashed' ? gt('play.result.cashed') : won ? gt('play.result.won') : gt('play.result.lost');
  return (
    <section
      className={`tile tile--raised bet-outcome ${won ? 'bet-outcome--won' : 'bet-outcome--lost'}`}
      data-testid="bet-result"
      data-round-id={round.id}
      data-status={round.status}
      data-stake={round.stake}
      data-payout={round.payout}
      data-demo={demo || undefined}
      aria-live="polite"
    >
      <div className="bet-outcome__head">
        <span className="bet-outcome__title">{title}</span>
        {won ? (
          <span className="bet-outcome__multiplier">
            {gt('play.result.multiplier', { multiplier: formatMultiplier(round.multiplier, locale) })}
          </span>
        ) : null}
      </div>
      <p className="bet-outcome__amount">
        {demo
          ? dt('demo.result.payout', { amount: formatTon(round.payout, locale) })
          : gt('play.result.payout', { amount: formatTon(round.payout, locale) })}
      </p>
      <p className="bet-outcome__net" data-testid="bet-net">
        {demo
          ? dt('demo.result.net', { amount: formatTon(net, locale, { signed: true }) })
          : gt('play.result.net', { amount: formatTon(net, locale, { signed: true }) })}
      </p>
      {detail ? <p className="bet-outcome__detail">{detail}</p> : null}
      {won && !demo ? (
        <div className="bet-outcome__share">
          <ShareWinButton roundId={round.id} compact />
        </div>
      ) : null}
    </section>
  );
}

/** A failed bet: the translated reason and, where it helps, the way out. */
export function BetNotice({ error, currency }: { error: BetError; currency: 'ton' | 'bonus' }) {
  const { gt } = useGamesT();
  return (
    <div className={`notice${error.retry ? ' bet-notice--retry' : ''}`} role="alert" data-testid="bet-error" data-code={error.code}>
      <WarningIcon className="notice__icon bet-notice__icon" />
      <p className="bet-notice__text">
        {error.action === 'play' ? <PlayRefusal code={error.code} fallback={error.text} /> : error.text}
        {error.action === 'deposit' || error.action === 'bonus' ? (
          <>
            {' '}
            <TopUpLink currency={error.action === 'bonus' ? 'bonus' : currency} />
          </>
        ) : error.action === 'road' ? (
          <>
            {' '}
            <PrefetchLink to="/road" className="text-link">
              {gt('play.fairness.current.openRoad')}
            </PrefetchLink>
          </>
        ) : null}
      </p>
    </div>
  );
}
