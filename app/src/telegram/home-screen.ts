import { addToHomeScreen, checkHomeScreenStatus, on } from '@tma.js/sdk-react';
import { hostEnv } from './host-env';

/** What the host says about the app on the device's home screen (Mini Apps 8.0). */
export type HomeScreenStatus = 'unsupported' | 'unknown' | 'added' | 'missed';

const CHECK_TIMEOUT_MS = 3000;

export function toHomeScreenStatus(value: string | null | undefined): HomeScreenStatus {
  return value === 'unsupported' || value === 'added' || value === 'missed' ? value : 'unknown';
}

/**
 * Asks the host whether the app is on the home screen. A host too old for the question says
 * 'unsupported'; a failed or unanswered check falls back to 'unknown' (spec section 4).
 */
export function checkHomeScreen(timeout = CHECK_TIMEOUT_MS): Promise<HomeScreenStatus> {
  // The host takes one check at a time ('… request is currently in progress'): share it.
  inFlight ??= runCheck(timeout).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

let inFlight: Promise<HomeScreenStatus> | null = null;

async function runCheck(timeout: number): Promise<HomeScreenStatus> {
  // A plain browser (development launch) has no home screen to add to.
  if (hostEnv().browser || !checkHomeScreenStatus.isAvailable()) return 'unsupported';
  try {
    return toHomeScreenStatus(await checkHomeScreenStatus({ timeout }));
  } catch (error) {
    console.warn('[telegram] home screen check failed', error);
    return 'unknown';
  }
}

/** True when the host can show its add-to-home-screen prompt. */
export function canAddToHomeScreen(): boolean {
  return !hostEnv().browser && addToHomeScreen.isAvailable();
}

/** Shows the host's add-to-home-screen prompt; false when it could not be shown. */
export function requestAddToHomeScreen(): boolean {
  try {
    return addToHomeScreen.ifAvailable().ok;
  } catch (error) {
    console.warn('[telegram] addToHomeScreen failed', error);
    return false;
  }
}

/** Calls `listener` when the host reports the app was added; returns the unsubscribe. */
export function onHomeScreenAdded(listener: () => void): () => void {
  return on('home_screen_added', listener);
}
