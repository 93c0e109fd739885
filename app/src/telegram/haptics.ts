import { hapticFeedback } from '@tma.js/sdk-react';
import { deviceChoice } from '../lib/device-choice';

/** Where the player's choice lives (one device, every player on it: haptics are the device's feel). */
const STORAGE_KEY = 'arcade.haptics';

const choice = deviceChoice(STORAGE_KEY, true);

/** True unless the player turned haptics off in the profile. */
export const hapticsEnabled = choice.get;

export const setHapticsEnabled = choice.set;

/** The haptics choice, re-rendering when it changes. */
export const useHapticsEnabled = choice.useChoice;

/** Runs one host call when haptics are on; a host without them (a browser) is fine. */
function feel(call: () => void): void {
  if (!hapticsEnabled()) return;
  try {
    if (hapticFeedback.isSupported()) call();
  } catch (error) {
    console.warn('[telegram] haptic feedback failed', error);
  }
}

/** Haptics through the host: what the game screens feel like in the hand. */
export const haptics = {
  /** A bet placed: a light tap. */
  bet: () => feel(() => hapticFeedback.impactOccurred.ifAvailable('light')),
  /** A round won. */
  win: () => feel(() => hapticFeedback.notificationOccurred.ifAvailable('success')),
  /** A round lost or a bet refused. */
  lose: () => feel(() => hapticFeedback.notificationOccurred.ifAvailable('error')),
  /** A slider or lane step moved by one. */
  tick: () => feel(() => hapticFeedback.selectionChanged.ifAvailable()),
};
