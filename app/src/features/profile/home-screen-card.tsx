import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from '../../lib/toast';
import {
  canAddToHomeScreen,
  checkHomeScreen,
  onHomeScreenAdded,
  requestAddToHomeScreen,
  type HomeScreenStatus,
} from '../../telegram/home-screen';
import { HomeScreenIcon } from '../../components/icons';
import { usePlayerTexts } from '../../i18n/bonus-texts';
import '../../i18n/player-screens-texts';
import { shouldOfferHomeScreen } from './home-screen-offer';
import { OfferHeading } from './offer-heading';

/** Asks the host about the home screen once, and offers the shortcut when it is missing or unknown. */
export function HomeScreenCard() {
  const { pt } = usePlayerTexts();
  const [status, setStatus] = useState<HomeScreenStatus | null>(null);
  const announceAdded = useEffectEvent(() => {
    toast.success(pt('player.profile.homeScreen.added'), { toastId: 'profile:home-screen' });
  });

  useEffect(() => {
    let alive = true;
    void checkHomeScreen().then((answer) => {
      if (alive) setStatus(answer);
    });
    const off = onHomeScreenAdded(() => {
      setStatus('added');
      announceAdded();
    });
    return () => {
      alive = false;
      off();
    };
  }, []);

  if (!shouldOfferHomeScreen(status, canAddToHomeScreen())) return null;
  return (
    <section
      className="card profile-offer"
      aria-labelledby="profile-home-screen"
      aria-describedby="profile-home-screen-text"
      data-testid="home-screen-offer"
      data-status={status ?? ''}
    >
      <OfferHeading
        id="home-screen"
        icon={<HomeScreenIcon />}
        title={pt('player.profile.homeScreen.title')}
        text={pt('player.profile.homeScreen.text')}
      />
      <button
        type="button"
        className="button button--primary button--block profile-offer__button"
        onClick={() => {
          if (!requestAddToHomeScreen()) toast.error(pt('player.refusal.hostUnavailable'), { toastId: 'profile:home-screen-failed' });
        }}
        data-testid="home-screen-add"
      >
        {pt('player.profile.homeScreen.add')}
      </button>
    </section>
  );
}
