import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { balancesAtom } from '../state/balances';
import { demoShownAtom } from '../state/demo';
import { profileAtom } from '../state/profile';
import { Avatar } from './avatar';
import { BalanceChip } from './balance-chip';
import { DemoBalanceChip } from './demo-balance-chip';
import { BackIcon } from './icons';
import { PrefetchLink } from './prefetch-link';
import './icon-button.css';
import './top-bar.css';

interface TopBarProps {
  /** Drawn only where no host draws a back button (a plain browser). */
  onBack?: (() => void) | undefined;
}

/** Avatar and name (opens the profile) and both balances. */
export function TopBar({ onBack }: TopBarProps) {
  const { t } = useTranslation();
  const profile = useAtomValue(profileAtom);
  const balances = useAtomValue(balancesAtom);
  const demo = useAtomValue(demoShownAtom);
  const name = profile?.name ?? '';
  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        {onBack ? (
          <button type="button" className="icon-button top-bar__back" aria-label={t('nav.back')} onClick={onBack}>
            <BackIcon />
          </button>
        ) : null}
        <PrefetchLink to="/profile" className="top-bar__profile" aria-label={t('nav.openProfile')} data-testid="open-profile">
          <Avatar url={profile?.avatarUrl} name={name} size={36} />
          <span className="top-bar__name">{name}</span>
        </PrefetchLink>
        <div className="top-bar__balances">
          {demo ? (
            <DemoBalanceChip />
          ) : (
            <>
              <BalanceChip kind="ton" amount={balances?.ton ?? null} />
              <BalanceChip kind="bonus" amount={balances?.bonusTon ?? null} />
            </>
          )}
        </div>
      </div>
    </header>
  );
}
