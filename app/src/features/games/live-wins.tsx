import type { GameName } from '@arcade/api-client/games';
import type { LiveRound } from '@arcade/api-client/live';
import { useCallback, useRef, useState } from 'react';
import { CoinIcon, DiceIcon, RoadIcon } from '../../components/icons';
import { useLiveT, type LiveT } from '../../i18n/live-texts';
import { formatMultiplier, formatTon } from '../../lib/format';
import { WeekBoard } from './leaderboard';
import { ShareWinButton } from './share-win-button';
import { useLiveFeed, type LiveFeedState } from './live-wins-state';
import '../../components/card.css';
import './live-wins.css';

/** Rows on show: the feed keeps more, the screen stays short. */
const ROWS_SHOWN = 6;

type Tab = 'live' | 'week';

function GameMark({ game }: { game: GameName }) {
  const Mark = game === 'flip' ? CoinIcon : game === 'roll' ? DiceIcon : RoadIcon;
  return (
    <span className={`icon-tile live-row__game live-row__game--${game}`} aria-hidden="true">
      <Mark width={18} height={18} />
    </span>
  );
}

/** What a row says to a screen reader, in one sentence. */
function rowLabel(round: LiveRound, lt: LiveT, locale: string, name: string): string {
  const game = lt(`live.games.${round.game}`);
  const label =
    round.payout === '0'
      ? lt('live.feed.rowLost', { name, game })
      : lt('live.feed.row', {
          name,
          game,
          multiplier: formatMultiplier(round.multiplier, locale),
          payout: formatTon(round.payout, locale),
        });
  return round.big ? `${label} · ${lt('live.feed.big')}` : label;
}

function LiveRow({ round }: { round: LiveRound }) {
  const { lt, locale } = useLiveT();
  const name = round.name === null ? lt('live.feed.hidden') : round.name || lt('live.feed.noName');
  const lost = round.payout === '0';
  return (
    <li
      className={`live-row${round.big ? ' is-big' : ''}${lost ? ' is-lost' : ''}`}
      aria-label={rowLabel(round, lt, locale, name)}
      data-testid="live-round"
      data-round-id={round.id}
      data-big={round.big ? 'true' : 'false'}
    >
      <GameMark game={round.game} />
      <span className="live-row__who" aria-hidden="true">
        <span className={`live-row__name${round.name === null ? ' is-hidden' : ''}`} data-testid="live-round-name">
          {name}
        </span>
        <span className="live-row__meta">
          {lt(`live.games.${round.game}`)}
          {round.currency === 'bonus' ? ` · ${lt('live.feed.bonus')}` : ''}
          {round.big ? <span className="live-row__big">{lt('live.feed.big')}</span> : null}
        </span>
      </span>
      <span className="live-row__result" aria-hidden="true">
        {lost ? (
          <span className="live-row__lost">{lt('live.feed.lost')}</span>
        ) : (
          <>
            <span className="live-row__multiplier">{formatMultiplier(round.multiplier, locale)}×</span>
            <span className="live-row__payout">+{formatTon(round.payout, locale)} TON</span>
          </>
        )}
      </span>
      {/* A loss has nothing to share: the same room is left, so every row's result lines up. */}
      {lost ? (
        <span className="live-row__no-share" aria-hidden="true" />
      ) : (
        <ShareWinButton roundId={round.id} compact label={lt('live.feed.share', { name })} />
      )}
    </li>
  );
}

function LiveList({ feed }: { feed: LiveFeedState }) {
  const { lt, locale } = useLiveT();
  const rounds = feed.rounds.slice(0, ROWS_SHOWN);
  return (
    <>
      {feed.status !== 'live' && rounds.length === 0 ? (
        <p className="live-wins__note" aria-busy="true">
          {lt(feed.status === 'connecting' ? 'live.feed.connecting' : 'live.feed.reconnecting')}
        </p>
      ) : rounds.length === 0 ? (
        <p className="live-wins__note" data-testid="live-empty">
          {lt('live.feed.empty')}
        </p>
      ) : (
        <ol className="live-list" data-testid="live-list">
          {rounds.map((round) => (
            <LiveRow key={round.id} round={round} />
          ))}
        </ol>
      )}
      {feed.bigWin ? (
        <p className="live-wins__rule">
          {lt('live.feed.bigRule', {
            multiplier: formatMultiplier(feed.bigWin.multiplier, locale),
            payout: formatTon(feed.bigWin.payout, locale),
          })}
        </p>
      ) : null}
    </>
  );
}

/**
 * Whether an element has come near the screen yet: the feed opens its stream only for a player
 * who scrolls to it (and stays open from then on while the screen is up).
 */
function useSeen(): [(element: Element | null) => void, boolean] {
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  const observer = useRef<IntersectionObserver | null>(null);
  const watch = useCallback((element: Element | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const next = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setSeen(true);
        next.disconnect();
      },
      { rootMargin: '0px 0px 80px 0px' },
    );
    next.observe(element);
    observer.current = next;
  }, []);
  return [watch, seen];
}

/**
 * Live wins on the game screens: everyone's rounds as they settle (the player's first name, or
 * "Hidden" when they chose so; big wins marked), and this week's leaderboard beside it.
 */
export function LiveWins() {
  const { lt } = useLiveT();
  const [tab, setTab] = useState<Tab>('live');
  const [watch, seen] = useSeen();
  const feed = useLiveFeed(seen);
  const tabs: Tab[] = ['live', 'week'];
  return (
    <section
      className="live-wins"
      aria-labelledby="live-wins-title"
      data-testid="live-wins"
      data-status={seen ? feed.status : 'waiting'}
      ref={watch}
    >
      <div className="live-wins__head">
        <h2 className="section-title live-wins__title" id="live-wins-title">
          <span className={`live-wins__dot live-wins__dot--${feed.status}`} aria-hidden="true" />
          {lt('live.title')}
        </h2>
        <div className="tile tile--raised live-wins__tabs" role="tablist" aria-labelledby="live-wins-title">
          {tabs.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`live-tab-${name}`}
              aria-selected={tab === name}
              aria-controls="live-wins-panel"
              className={`live-wins__tab${tab === name ? ' is-active' : ''}`}
              onClick={() => setTab(name)}
              data-testid={`live-tab-${name}`}
            >
              {lt(`live.tabs.${name}`)}
            </button>
          ))}
        </div>
      </div>
      <div className="card live-wins__panel" role="tabpanel" id="live-wins-panel" aria-labelledby={`live-tab-${tab}`}>
        {tab === 'live' ? <LiveList feed={feed} /> : <WeekBoard />}
      </div>
    </section>
  );
}
