import { formatDecimal, formatTimes, formatTon } from '../../lib/format';
import type { GameName, Round } from '@arcade/api-client/games';
import { useAtomValue } from 'jotai';
import { PrefetchLink } from '../../components/prefetch-link';
import { recentRoundsAtoms } from './games-state';
import { demoModeAtom } from './demo/demo-state';
import { roundNet } from './games-format';
import { useGamesT, type GamesT } from './games-texts';
import { RetryNote } from '../../components/retry-note';
import '../../components/card.css';
import '../../components/skeleton.css';
import './games.css';
import './recent-rounds.css';

/** One line of what a round was: the call and what came up. */
export function roundSummary(round: Round, gt: GamesT, locale: string): string {
  if (round.flip) {
    return gt('play.rounds.flip', { choice: gt(`play.side.${round.flip.choice}`), side: gt(`play.side.${round.flip.side}`) });
  }
  if (round.roll) {
    return gt('play.rounds.roll', {
      direction: gt(`play.direction.${round.roll.direction}`),
      target: formatDecimal(round.roll.target, locale, { fixed: 2 }),
      roll: formatDecimal(round.roll.roll, locale, { fixed: 2 }),
    });
  }
  if (round.road) {
    return gt('play.rounds.road', {
      difficulty: gt(`play.road.difficulties.${round.road.difficulty}`),
      passed: round.road.passed,
      lanes: round.road.lanes,
    });
  }
  return formatTimes(round.multiplier, locale);
}

function timeOf(iso: string, locale: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
}

/** The game's last rounds, newest first, each with a way to verify it. */
export function RecentRounds({ game }: { game: GameName }) {
  const { gt, locale } = useGamesT();
  const query = useAtomValue(recentRoundsAtoms[game]);
  const items = query.data?.items ?? [];
  // Demo play lists its own rounds, with their own check (the demo fairness panel).
  if (useAtomValue(demoModeAtom)) return null;

  return (
    <section className="recent-rounds" aria-labelledby={`recent-${game}`} data-testid="recent-rounds">
      <h2 className="section-title" id={`recent-${game}`}>
        {gt('play.rounds.title')}
      </h2>
      {query.isError && items.length === 0 ? (
        <RetryNote className="recent-rounds__empty" message={gt('play.rounds.loadError')} onRetry={query.refetch} />
      ) : query.isPending ? (
        <div className="recent-rounds__skeleton" aria-busy="true">
          <span className="skeleton skeleton--soft game-skeleton" />
          <span className="skeleton skeleton--soft game-skeleton" />
        </div>
      ) : items.length === 0 ? (
        <p className="recent-rounds__empty" data-testid="recent-rounds-empty">
          {gt('play.rounds.empty')}
        </p>
      ) : (
        <ul className="tile tile--raised round-list">
          {items.map((round) => {
            const net = roundNet(round);
            const tone = round.status === 'open' ? 'open' : net > 0n ? 'up' : net < 0n ? 'down' : 'even';
            return (
              <li key={round.id} className="round-row" data-testid="round-item" data-round-id={round.id} data-status={round.status}>
                <div className="round-row__main">
                  <span className="round-row__summary">{roundSummary(round, gt, locale)}</span>
                  <span className="round-row__meta">
                    {gt('play.rounds.stake', { amount: formatTon(round.stake, locale) })}
                    {round.currency === 'bonus' ? ` · ${gt('play.rounds.bonus')}` : ''} · {timeOf(round.createdAt, locale)}
                  </span>
                </div>
                <div className="round-row__side">
                  <span className={`round-row__net round-row__net--${tone}`}>
                    {round.status === 'open' ? gt('play.rounds.status.open') : formatTon(net, locale, { signed: true })}
                  </span>
                  <PrefetchLink
                    to={`/fairness?round=${round.id}`}
                    className="soft-button soft-button--small round-row__verify"
                    aria-label={gt('play.rounds.verifyRound', { id: round.id })}
                    data-testid="round-verify"
                  >
                    {gt('play.rounds.verify')}
                  </PrefetchLink>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
