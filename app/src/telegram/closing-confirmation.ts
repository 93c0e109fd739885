import { postEvent } from '@tma.js/sdk-react';
import { useEffect } from 'react';

/**
 * How many parts of the app want the host to ask before closing (an open road round, a
 * transfer waiting in the wallet). The host's confirmation is on while any does.
 */
let holders = 0;

/**
 * Told to the host directly: the SDK's closingBehavior keeps its state across a reload and
 * then skips the call, while a reloaded page must ask again.
 */
function apply(on: boolean): void {
  try {
    postEvent('web_app_setup_closing_behavior', { need_confirmation: on });
  } catch (error) {
    console.warn('[telegram] closing behaviour failed', error);
  }
}

/** Asks the host to confirm closing until the returned release is called (once). */
export function holdClosingConfirmation(): () => void {
  holders += 1;
  if (holders === 1) apply(true);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders -= 1;
    if (holders === 0) apply(false);
  };
}

/**
 * While `active`, closing the mini app asks the player first. Reference-counted: several
 * screens or widgets may ask at once; the confirmation goes off when the last one stops.
 */
export function useClosingConfirmation(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    return holdClosingConfirmation();
  }, [active]);
}

/** The app-wide hold of an open road round: kept while the player is elsewhere in the app too. */
let roadHold: (() => void) | null = null;

/**
 * Tells whether the player has a road round open (from the road screen's reading of it and from
 * every road bet's reply): closing the mini app asks first from anywhere in the app until the
 * round ends, not only while the road screen is shown.
 */
export function closingWhileRoadOpen(open: boolean): void {
  if (open && !roadHold) roadHold = holdClosingConfirmation();
  else if (!open && roadHold) {
    roadHold();
    roadHold = null;
  }
}
