import { backButton } from '@tma.js/sdk-react';
import { useEffect, useEffectEvent } from 'react';
import { hostEnv } from './host-env';

/** Shows the host's back button while `visible` and calls `onBack` when it is pressed. */
export function useBackButton(visible: boolean, onBack: () => void): void {
  const handleBack = useEffectEvent(onBack);
  useEffect(() => {
    if (!visible) {
      backButton.hide.ifAvailable();
      return;
    }
    backButton.show.ifAvailable();
    const subscription = backButton.onClick.ifAvailable(() => handleBack());
    return () => {
      if (subscription.ok) subscription.data();
    };
  }, [visible]);
}

/** False in a plain browser (no host draws the button), so screens draw their own. */
export function hasNativeBackButton(): boolean {
  return !hostEnv().browser && backButton.isSupported();
}
