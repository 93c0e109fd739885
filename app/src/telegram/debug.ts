import { setDebug } from '@tma.js/sdk-react';
import { isMobilePlatform } from './host-env';

export function isDebugStartParam(startParam: string | undefined): boolean {
  return (startParam ?? '').toLowerCase().includes('debug');
}

/** Debug mode: SDK logging everywhere, and a debug console on phones (desktop clients have devtools). */
export function enableDebug(platform: string): void {
  setDebug(true);
  if (!isMobilePlatform(platform)) return;
  import('eruda')
    .then(({ default: eruda }) => {
      eruda.init();
      eruda.position({ x: window.innerWidth - 56, y: window.innerHeight / 2 });
    })
    .catch((error: unknown) => console.error('[telegram] eruda failed to load', error));
}
