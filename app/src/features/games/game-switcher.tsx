import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PrefetchLink } from '../../components/prefetch-link';

const GAMES = ['flip', 'roll', 'road'] as const;

/** Flip, roll and road side by side; the other games' code loads as soon as this renders. */
export function GameSwitcher() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className="game-switcher" aria-label={t('games.switcher')}>
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
            {t(`games.${game}`)}
          </PrefetchLink>
        );
      })}
    </nav>
  );
}
