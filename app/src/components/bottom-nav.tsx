import { useAtom } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { tabSearchesAtom } from '../state/tab-searches';
import { DiceIcon, FriendsIcon, GiftIcon, StoreIcon, WalletIcon } from './icons';
import { PrefetchLink } from './prefetch-link';
import './bottom-nav.css';

interface Tab {
  id: string;
  to: string;
  /** Paths where this tab is the active one. */
  paths: readonly string[];
  label: 'nav.bonus' | 'nav.games' | 'nav.market' | 'nav.wallet' | 'nav.friends';
  icon: ReactNode;
  /** The tab comes back with the search it was left with (the market's sort and filters). */
  keepsSearch?: boolean;
}

const TABS: readonly Tab[] = [
  { id: 'bonus', to: '/bonus', paths: ['/bonus', '/achievements'], label: 'nav.bonus', icon: <GiftIcon /> },
  { id: 'games', to: '/flip', paths: ['/flip', '/roll', '/road'], label: 'nav.games', icon: <DiceIcon /> },
  { id: 'market', to: '/market', paths: ['/market'], label: 'nav.market', icon: <StoreIcon />, keepsSearch: true },
  { id: 'wallet', to: '/wallet', paths: ['/wallet', '/deposit', '/withdraw'], label: 'nav.wallet', icon: <WalletIcon /> },
  { id: 'friends', to: '/referral', paths: ['/referral'], label: 'nav.friends', icon: <FriendsIcon /> },
];

/** Five tabs that fit a 320 px screen, above the bottom safe area. */
export function BottomNav() {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const [searches, setSearches] = useAtom(tabSearchesAtom);
  useEffect(() => {
    if (!TABS.some((tab) => tab.keepsSearch && tab.to === pathname)) return;
    setSearches((kept) => (kept[pathname] === search ? kept : { ...kept, [pathname]: search }));
  }, [pathname, search, setSearches]);
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      <ul className="bottom-nav__list">
        {TABS.map((tab) => {
          const active = tab.paths.includes(pathname);
          return (
            <li key={tab.id} className="bottom-nav__item">
              <PrefetchLink
                to={tab.keepsSearch ? `${tab.to}${searches[tab.to] ?? ''}` : tab.to}
                className={`bottom-nav__link${active ? ' is-active' : ''}`}
                aria-current={active ? 'page' : undefined}
                data-testid={`nav-${tab.id}`}
                prefetch="intent"
              >
                <span className="bottom-nav__icon">{tab.icon}</span>
                <span className="bottom-nav__label">{t(tab.label)}</span>
              </PrefetchLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
