import { SoundIcon } from '../../components/icons';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import '../../i18n/player-screens-texts';
import { setSoundEnabled, useSoundEnabled } from '../../lib/sound/sound-choice';
import { ToggleCard } from './toggle-card';

/** The games' sounds: off until the player turns them on here, kept on this device. */
export function SoundSwitch() {
  const { pt } = usePlayerTexts();
  const enabled = useSoundEnabled();
  return (
    <ToggleCard
      id="sound"
      icon={<SoundIcon />}
      title={pt('player.profile.sound.title')}
      text={pt('player.profile.sound.text')}
      on={enabled}
      onToggle={() => setSoundEnabled(!enabled)}
    />
  );
}
