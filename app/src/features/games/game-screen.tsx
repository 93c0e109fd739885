import type { GameName } from '@arcade/api-client/games';
import { useContext, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { toastsOneAtATime } from '../../lib/toast';
import { PlayPauseBanner } from '../../components/play-pause-banner';
import { PrefetchLink } from '../../components/prefetch-link';
import { FairnessBadge } from './fairness-badge';
import { GameSwitcher } from './game-switcher';
import { LiveWins } from './live-wins';
import { DemoBar } from './demo/demo-parts';
import { DemoFairness } from './demo/demo-fairness';
import { ShieldCheckIcon } from '../../components/icons';
import { useGamesT } from './games-texts';
import '../../components/screen.css';
import '../../components/card.css';
import './game-screen.css';

interface GameScreenProps {
  game: GameName;
  /** The bet's main buttons: they stay above the tabs while the page scrolls, so the table and Play are seen together. */
  dock?: ReactNode;
  children?: ReactNode;
}

/**
 * A game's screen: the switcher with the way to the fairness screen beside it, then the table.
 * The title is for screen readers: the switcher already says which game this is.
 */
export function GameScreen({ game, dock, children }: GameScreenProps) {
  const { gt } = useGamesT();
  const badge = useContext(FairnessBadge);
  const screen = useRef<HTMLElement>(null);
  const dockRef = useRef<HTMLDivElement>(null);
  const noticesRef = useRef<HTMLDivElement>(null);
  const docked = dock !== undefined && dock !== null;
  // The stage takes the room left above the dock (game-screen.css): the dock's height, as it
  // grows and shrinks (a refusal, auto-bet's counters, a hint on two lines).
  useLayoutEffect(() => {
    const section = screen.current;
    const element = dockRef.current;
    if (!section || !element) return;
    const measure = () => section.style.setProperty('--bet-dock-height', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [docked]);
  // What shows above the stage (a break's banner) comes out of its room too, with
  // the gap after it; nothing there is no gap (game-screen.css hides the empty box).
  useLayoutEffect(() => {
    const section = screen.current;
    const element = noticesRef.current;
    if (!section || !element) return;
    const measure = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      section.style.setProperty('--notices-height', `${height > 0 ? height + 12 : 0}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  useEffect(() => toastsOneAtATime(), []);
  return (
    <section ref={screen} className="screen game-screen" data-testid={`screen-${game}`} aria-labelledby={`screen-${game}-title`}>
      <h1 className="visually-hidden" id={`screen-${game}-title`}>
        {gt(`play.screens.${game}.title`)}
      </h1>
      <div className="game-screen__bar">
        <GameSwitcher />
        <PrefetchLink
          to="/fairness"
          className="tile tile--raised game-screen__fair"
          aria-label={gt('play.fairLink.title')}
          title={gt('play.fairLink.title')}
          data-testid="open-fairness"
        >
          <ShieldCheckIcon />
          {badge}
        </PrefetchLink>
      </div>
      <div ref={noticesRef} className="game-screen__notices">
        <PlayPauseBanner />
      </div>
      {children}
      <DemoBar />
      <DemoFairness />
      <LiveWins />
      {docked ? (
        <div ref={dockRef} className="bet-dock" data-testid="bet-dock">
          {dock}
        </div>
      ) : null}
    </section>
  );
}

/** The row at the end of a game screen that leads to the fairness screen. */
export function FairnessRow() {
  const { gt } = useGamesT();
  return (
    <PrefetchLink to="/fairness" className="link-row" prefetch="viewport" data-testid="fairness-row">
      <span className="icon-tile" aria-hidden="true">
        <ShieldCheckIcon />
      </span>
      <span className="link-row__text">
        <span className="link-row__title">{gt('play.fairLink.title')}</span>
        <span className="link-row__hint">{gt('play.fairLink.hint')}</span>
      </span>
    </PrefetchLink>
  );
}
