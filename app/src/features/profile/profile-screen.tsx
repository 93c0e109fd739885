import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Avatar } from '../../components/avatar';
import { BalancesCard } from '../../components/balances-card';
import { BackIcon, ShieldCheckIcon, TrophyIcon } from '../../components/icons';
import { LinkRow } from '../../components/link-row';
import { PrefetchLink } from '../../components/prefetch-link';
import { Screen } from '../../components/screen';
import { useGoBack } from '../../lib/navigation';
import { balancesAtom } from '../../state/balances';
import { fullProfileAtom, profileAtom } from '../../state/profile';
import { hasNativeBackButton } from '../../telegram/back-button';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import '../../i18n/player-screens-texts';
import { usePlayT } from '../../i18n/play-texts';
import { FairnessSummary, LinkedWalletRow } from './account-parts';
import { HomeScreenCard } from './home-screen-card';
import { LanguageSwitch } from './language-switch';
import { HapticsSwitch } from './haptics-switch';
import { NotificationsSwitch } from './notifications-switch';
import { PrivacySwitch } from './privacy-switch';
import { SoundSwitch } from './sound-switch';
import './profile-screen.css';

interface ProfileScreenProps {
  /** The player's gifts, drawn by the market (the route puts the two together: app/profile-route.tsx). */
  ownedGifts?: ReactNode;
}

export function ProfileScreen({ ownedGifts }: ProfileScreenProps) {
  const { t, pt } = usePlayerTexts();
  const { rt } = usePlayT();
  const { pathname } = useLocation();
  const goBack = useGoBack(pathname);
  const profile = useAtomValue(profileAtom);
  const full = useAtomValue(fullProfileAtom);
  const balances = useAtomValue(balancesAtom);
  const name = profile?.name ?? '';

  return (
    <div className="profile-page">
      {hasNativeBackButton() ? null : (
        <button type="button" className="icon-button icon-button--page-back" onClick={goBack} aria-label={t('nav.back')}>
          <BackIcon />
        </button>
      )}
      <Screen name="profile" title={t('screens.profile.title')}>
        <div className="profile-card">
          <Avatar url={profile?.avatarUrl} name={name} size={72} />
          <p className="profile-card__name" data-testid="profile-name">
            {name}
          </p>
        </div>
        <BalancesCard balances={balances} primary />
        {full?.isBanned ? (
          <p className="profile-banned" role="alert" data-testid="profile-banned">
            {pt('player.profile.banned')}
          </p>
        ) : null}

        {ownedGifts}

        <section className="card profile-section" aria-labelledby="profile-language">
          <h2 className="profile-section__title" id="profile-language">
            {t('profile.language')}
          </h2>
          <LanguageSwitch />
        </section>
        <section className="card profile-section" aria-labelledby="profile-account">
          <h2 className="profile-section__title" id="profile-account">
            {pt('player.profile.account')}
          </h2>
          <LinkedWalletRow />
          <dl className="profile-facts">
            <div className="profile-facts__row">
              <dt>{t('profile.onboarding')}</dt>
              <dd data-testid="profile-onboarding">
                {profile?.onboardingCompleted ? t('profile.onboardingDone') : t('profile.onboardingPending')}
              </dd>
            </div>
          </dl>
        </section>
        <NotificationsSwitch />
        <PrivacySwitch />
        <HapticsSwitch />
        <SoundSwitch />
        <HomeScreenCard />
        <FairnessSummary />
        <LinkRow to="/achievements" icon={<TrophyIcon />} title={t('profile.achievementsLink')} />
        <LinkRow
          to="/profile/play"
          icon={<ShieldCheckIcon />}
          title={rt('responsible.profileLink')}
          hint={rt('responsible.profileHint')}
          testId="profile-play-link"
        />
        <nav className="profile-legal" aria-label={`${t('profile.terms')}, ${t('profile.privacy')}`}>
          <PrefetchLink to="/terms" prefetch="intent" data-testid="profile-terms">
            {t('profile.terms')}
          </PrefetchLink>
          <PrefetchLink to="/privacy" prefetch="intent" data-testid="profile-privacy">
            {t('profile.privacy')}
          </PrefetchLink>
        </nav>
      </Screen>
    </div>
  );
}
