import { useAtomValue } from 'jotai';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CoinArt } from '../../components/coin-art';
import { WarningIcon } from '../../components/icons';
import { StatusScreen } from '../../components/status-screen';
import { notify } from '../../lib/notify';
import { usePlayT } from '../../i18n/play-texts';
import { confirmAgeAtom } from '../../state/play';
import { completeOnboardingAtom, fullProfileQueryAtom, lightProfileQueryAtom } from '../../state/profile';
import { BusyButton } from '../../components/busy-button';
import './onboarding-gate.css';

function Onboarding() {
  const { t } = useTranslation();
  const { rt } = usePlayT();
  const onboarding = useAtomValue(completeOnboardingAtom);
  const confirmAge = useAtomValue(confirmAgeAtom);
  // The 18+ question: the player must say so before the app opens (the answer is kept on the server).
  const [adult, setAdult] = useState(false);
  const busy = onboarding.isPending || confirmAge.isPending;
  const complete = () => {
    const failed = (error: unknown) => {
      console.error('[onboarding] completing failed', error);
      notify.error('toast.somethingWentWrong');
    };
    confirmAge.mutate(undefined, { onSuccess: () => onboarding.mutate(undefined, { onError: failed }), onError: failed });
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
      <label className="onboarding__age">
        <input type="checkbox" checked={adult} onChange={(event) => setAdult(event.target.checked)} data-testid="onboarding-age" />
        <span>
          <strong>{rt('responsible.age.check')}</strong>
          <span className="onboarding__age-text">{rt('responsible.age.text')}</span>
        </span>
      </label>
      <BusyButton className="button button--gold button--block onboarding__complete" onClick={complete} disabled={!adult} busy={busy}>
        {busy ? <span className="spinner onboarding__spinner" aria-hidden="true" /> : null}
        {t('onboarding.complete')}
      </BusyButton>
      <p className="onboarding__legal">
        {t('onboarding.accept')} <Link to="/terms">{t('onboarding.terms')}</Link> {t('onboarding.and')}{' '}
        <Link to="/privacy">{t('onboarding.privacy')}</Link>
      </p>
    </section>
  );
}

function ProfileLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusScreen testId="profile-error" tone="error" icon={<WarningIcon />} title={t('onboarding.loadError')}>
      <button type="button" className="button button--primary button--block" onClick={onRetry}>
        {t('common.retry')}
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
