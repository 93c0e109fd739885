import { on } from '@tma.js/sdk-react';
import { useEffect, useEffectEvent } from 'react';

/**
 * Calls `onHidden` whenever the app leaves the player's sight: the page goes to the background
 * (`visibilitychange`), or the Telegram host deactivates the mini app (its `visibility_changed`
 * event with `is_visible: false`: another chat or app in front, the app minimised).
 */
export function useOnAppHidden(onHidden: () => void): void {
  const hidden = useEffectEvent(onHidden);
  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') hidden();
    };
    document.addEventListener('visibilitychange', onVisibility);
    let offHost: (() => void) | null = null;
    try {
      offHost = on('visibility_changed', (payload) => {
        if (!payload.is_visible) hidden();
      });
    } catch (error) {
      console.warn('[telegram] could not follow the host visibility', error);
    }
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      offHost?.();
    };
  }, []);
}
