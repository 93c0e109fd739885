import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { toast } from '../../lib/toast';
import { fullProfileAtom } from '../../state/profile';
import { askWriteAccess } from '../../telegram/write-access';
import { BellIcon } from '../bonus/bonus-icons';
import { readBonusProblem } from '../bonus/bonus-refusals';
import { setNotificationsAtom } from '../bonus/bonus-state';
import { usePerks } from '../bonus/bonus-texts';
import '../bonus/perks-screens-texts';

/**
 * Bot notifications. On: the host asks the player to let the bot write, and only an
 * 'allowed' answer is saved. Off: saved at once. The state is the full profile's flag.
 */
export function NotificationsSwitch() {
  const { pt } = usePerks();
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
        toast.info(state.enabled ? pt('perks.profile.notifications.saved') : pt('perks.profile.notifications.off'), {
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
    else if (answer === 'denied') toast.warning(pt('perks.profile.notifications.denied'), { toastId: 'profile:write-denied' });
    else toast.error(pt('perks.refusal.hostUnavailable'), { toastId: 'profile:write-unavailable' });
  };

  return (
    <section className="card profile-toggle" data-testid="notifications">
      <span className="profile-offer__icon" aria-hidden="true">
        <BellIcon />
      </span>
      <div className="profile-offer__text">
        <h2 className="profile-section__title" id="profile-notifications">
          {pt('perks.profile.notifications.title')}
        </h2>
        <p className="profile-offer__body" id="profile-notifications-text">
          {pt('perks.profile.notifications.text')}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        className={`switch${shown ? ' is-on' : ''}`}
        aria-checked={shown}
        aria-labelledby="profile-notifications"
        aria-describedby="profile-notifications-text"
        aria-busy={busy}
        disabled={busy || !profile}
        onClick={() => void toggle()}
        data-testid="notifications-switch"
      >
        <span className="switch__thumb" aria-hidden="true" />
      </button>
    </section>
  );
}
