import { useTranslation } from 'react-i18next';
import { VibrationIcon } from '../../components/icons';
import { ToggleCard } from './toggle-card';
import { setHapticsEnabled, useHapticsEnabled } from '../../telegram/haptics';

/** Haptics on the game screens: on by default, kept on this device. */
export function HapticsSwitch() {
  const { t } = useTranslation();
  const enabled = useHapticsEnabled();
  return (
    <ToggleCard
      id="haptics"
      icon={<VibrationIcon />}
      title={t('profile.haptics')}
      text={t('profile.hapticsText')}
      on={enabled}
      onToggle={() => setHapticsEnabled(!enabled)}
    />
  );
}
