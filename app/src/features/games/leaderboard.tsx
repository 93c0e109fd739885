import { useAtomValue } from 'jotai';
import { useLiveT, type LiveT } from '../../i18n/live-texts';
import { formatMultiplier, formatTon } from '../../lib/format';
import { leaderboardQueryAtom } from './live-wins-state';
import { RetryNote } from '../../components/retry-note';
import '../../components/skeleton.css';

interface BoardRow {
  place: number;
  name: string | null;
  mine: boolean;
  value: string;
}

const MINUTE_MS = 60_000;

/** How long until the board resets from `now` (when it was read), in days and hours, hours and minutes, or minutes. */
export function untilText(resetsAt: string, now: number, lt: LiveT): string {
  const minutes = Math.max(1, Math.ceil((Date.parse(resetsAt) - now) / MINUTE_MS));
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  if (days > 0) return lt('live.board.days', { days, hours });
  if (hours > 0) return lt('live.board.hours', { hours, minutes: minutes % 60 });
  return lt('live.board.minutes', { minutes });
}

function BoardList({ title, rows, testId }: { title: string; rows: BoardRow[]; testId: string }) {
  const { lt } = useLiveT();
  if (rows.length === 0) return null;
  return (
    <div className="week-board__list" data-testid={testId}>
      <h3 className="week-board__title">{title}</h3>
      <ol className="week-board__rows">
        {rows.map((row) => (
          <li
            key={row.place}
            className={`week-row${row.mine ? ' is-mine' : ''}${row.place <= 3 ? ` week-row--top${row.place}` : ''}`}
            data-testid="leaderboard-row"
          >
            <span className="week-row__place">{row.place}</span>
            <span className={`week-row__name${row.name === null ? ' is-hidden' : ''}`}>
              <span className="week-row__text">{row.name === null ? lt('live.feed.hidden') : row.name || lt('live.feed.noName')}</span>
              {row.mine ? <span className="week-row__you">{lt('live.board.you')}</span> : null}
            </span>
            <span className="week-row__value">{row.value}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/** This week's leaders: most wagered and best multiplier, each name as its player lets it show. */
export function WeekBoard() {
  const { lt, locale } = useLiveT();
  const query = useAtomValue(leaderboardQueryAtom);
  const board = query.data;

  if (!board) {
    return query.isError ? (
      <RetryNote className="live-wins__note" message={lt('live.board.loadError')} onRetry={query.refetch} />
    ) : (
      <div className="week-board__skeleton" aria-busy="true">
        <span className="skeleton skeleton--soft skeleton--line" />
        <span className="skeleton skeleton--soft skeleton--line skeleton--short" />
        <span className="skeleton skeleton--soft skeleton--line" />
      </div>
    );
  }

  const wagered = board.wagered.map((row) => ({ ...row, value: `${formatTon(row.wagered, locale)} TON` }));
  const best = board.best.map((row) => ({ ...row, value: `${formatMultiplier(row.multiplier, locale)}×` }));
  return (
    <div className="week-board" data-testid="leaderboard">
      <p className="week-board__resets">{lt('live.board.resets', { time: untilText(board.resetsAt, query.dataUpdatedAt, lt) })}</p>
      {wagered.length === 0 && best.length === 0 ? (
        <p className="live-wins__note" data-testid="leaderboard-empty">
          {lt('live.board.empty')}
        </p>
      ) : (
        <>
          <BoardList title={lt('live.board.wagered')} rows={wagered} testId="leaderboard-wagered" />
          <BoardList title={lt('live.board.best')} rows={best} testId="leaderboard-best" />
        </>
      )}
    </div>
  );
}
