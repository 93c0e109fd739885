import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/icons';
import { setHapticsEnabled, useHapticsEnabled } from '../../telegram/haptics';

function VibrationIcon() {
  return (
    <Icon>
      <rect x="8" y="4" width="8" height="16" rx="2" />
      <path d="M4 9v6M20 9v6" />
    </Icon>
  );
}

/** Haptics on the game screens: on by default, kept on this device. */
export function HapticsSwitch() {
  const { t } = useTranslation();
  const enabled = useHapticsEnabled();
  return (
    <section className="card profile-toggle" data-testid="haptics">
      <span className="profile-offer__icon" aria-hidden="true">
        <VibrationIcon />
      </span>
      <div className="profile-offer__text">
        <h2 className="profile-section__title" id="profile-haptics">
          {t('profile.haptics')}
        </h2>
        <p className="profile-offer__body" id="profile-haptics-text">
          {t('profile.hapticsText')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        className={`switch${enabled ? ' is-on' : ''}`}
        aria-checked={enabled}
        aria-labelledby="profile-haptics"
        aria-describedby="profile-haptics-text"
        onClick={() => setHapticsEnabled(!enabled)}
        data-testid="haptics-switch"
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </section>
  );
}
