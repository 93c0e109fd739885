import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { fullProfileAtom, setNotificationsAtom } from '../../state/profile';
import { askWriteAccess } from '../../telegram/write-access';
import { BellIcon } from '../../components/icons';
import { ToggleCard } from './toggle-card';
import { readBonusProblem } from '../../lib/bonus-refusals';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import '../../i18n/player-screens-texts';

/**
 * Bot notifications. On: the host asks the player to let the bot write, and only an
 * 'allowed' answer is saved. Off: saved at once. The state is the full profile's flag.
 */
export function NotificationsSwitch() {
  const { pt } = usePlayerTexts();
  const profile = useAtomValue(fullProfileAtom);
  const saving = useAtomValue(setNotificationsAtom);
  const [asking, setAsking] = useState(false);
  const enabled = profile?.telegram.isAllowsWriteToPm ?? false;
  const busy = asking || saving.isPending;
  // While saving, show where the switch is going.
  const shown = saving.isPending && saving.variables !== undefined ? saving.variables : enabled;

  const save = (next: boolean) =>
    saving.mutate(next, {
      onSuccess: (state) =>
        toast.info(state.enabled ? pt('player.profile.notifications.saved') : pt('player.profile.notifications.off'), {
          toastId: 'profile:notifications',
        }),
      onError: (error) => void toast.error(readBonusProblem(error).text, { toastId: 'profile:notifications-failed' }),
    });

  const toggle = async () => {
    if (busy || !profile) return;
    if (enabled) {
      save(false);
      return;
    }
    setAsking(true);
    const answer = await askWriteAccess();
    setAsking(false);
    if (answer === 'allowed') save(true);
    else if (answer === 'denied') toast.warning(pt('player.profile.notifications.denied'), { toastId: 'profile:write-denied' });
    else toast.error(pt('player.refusal.hostUnavailable'), { toastId: 'profile:write-unavailable' });
  };

  return (
    <ToggleCard
      id="notifications"
      icon={<BellIcon />}
      title={pt('player.profile.notifications.title')}
      text={pt('player.profile.notifications.text')}
      on={shown}
      busy={busy}
      disabled={!profile}
      onToggle={() => void toggle()}
    />
  );
}
