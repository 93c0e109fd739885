import { useLocation } from 'react-router-dom';
import { PrefetchLink } from '../../components/prefetch-link';
import { useGamesT } from './games-texts';
import '../../components/card.css';
import './game-switcher.css';

const GAMES = ['flip', 'roll', 'road'] as const;

/** Flip, roll and road side by side; the other games' code loads as soon as this renders. */
export function GameSwitcher() {
  const { gt } = useGamesT();
  const { pathname } = useLocation();
  return (
    <nav className="tile tile--raised game-switcher" aria-label={gt('play.switcher')}>
      {GAMES.map((game) => {
        const active = pathname === `/${game}`;
        return (
          <PrefetchLink
            key={game}
            to={`/${game}`}
            replace
            prefetch="render"
            className={`game-switcher__tab${active ? ' is-active' : ''}`}
            aria-current={active ? 'page' : undefined}
            data-testid={`game-tab-${game}`}
          >
            {gt(`play.screens.${game}.title`)}
          </PrefetchLink>
        );
      })}
    </nav>
  );
}
