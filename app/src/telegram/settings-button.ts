import { settingsButton } from '@tma.js/sdk-react';
import { useEffect, useEffectEvent } from 'react';

/** Shows the host's settings button and calls `onOpen` when it is pressed. */
export function useSettingsButton(onOpen: () => void): void {
  const handleOpen = useEffectEvent(onOpen);
  useEffect(() => {
    settingsButton.show.ifAvailable();
    const subscription = settingsButton.onClick.ifAvailable(() => handleOpen());
    return () => {
      if (subscription.ok) subscription.data();
    };
  }, []);
}
