import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CoinArt } from '../../components/coin-art';
import { WarningIcon } from '../../components/icons';
import { StatusScreen } from '../../components/status-screen';
import { notify } from '../../lib/notify';
import { completeOnboardingAtom, fullProfileQueryAtom, lightProfileQueryAtom } from '../../state/profile';
import './onboarding-gate.css';

function Onboarding() {
  const { t } = useTranslation();
  const onboarding = useAtomValue(completeOnboardingAtom);
  const complete = () => {
    onboarding.mutate(undefined, {
      onError: (error) => {
        console.error('[onboarding] completing failed', error);
        notify.error('toast.somethingWentWrong');
      },
    });
  };
  return (
    <section className="onboarding" data-testid="onboarding" aria-labelledby="onboarding-title">
      <div className="onboarding__art" aria-hidden="true">
        <CoinArt size={150} />
      </div>
      <div className="onboarding__text">
        <h1 className="onboarding__title" id="onboarding-title">
          {t('onboarding.title')}
        </h1>
        <p className="onboarding__description">{t('onboarding.description')}</p>
      </div>
      <button
        type="button"
        className="button button--gold button--block onboarding__complete"
        onClick={complete}
        disabled={onboarding.isPending}
        aria-busy={onboarding.isPending}
      >
        {onboarding.isPending ? <span className="spinner onboarding__spinner" aria-hidden="true" /> : null}
        {t('onboarding.complete')}
      </button>
    </section>
  );
}

function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusScreen testId="profile-error" tone="error" icon={<WarningIcon />} title={t('onboarding.loadError')}>
      <button type="button" className="button button--primary button--block" onClick={onRetry}>
        {t('onboarding.retry')}
      </button>
    </StatusScreen>
  );
}

/**
 * Spec section 2: nothing until the light profile has loaded; Onboarding while it is not
 * completed or the full profile is missing; the app once both are there.
 */
export function OnboardingGate({ children }: { children: ReactNode }) {
  const light = useAtomValue(lightProfileQueryAtom);
  const full = useAtomValue(fullProfileQueryAtom);

  if (!light.data) {
    if (light.isError) return <ProfileLoadError onRetry={() => void light.refetch()} />;
    return null;
  }
  if (light.data.onboardingCompleted && full.data) return children;
  // The full profile is on its way (onboarding is done): wait instead of flashing Onboarding.
  if (light.data.onboardingCompleted && full.isFetching) return null;
  return <Onboarding />;
}
