import { hapticFeedback } from '@tma.js/sdk-react';
import { useSyncExternalStore } from 'react';

/** Where the player's choice lives (one device, every player on it: haptics are the device's feel). */
const STORAGE_KEY = 'arcade.haptics';

type Listener = () => void;
const listeners = new Set<Listener>();
let enabled: boolean | null = null;

function readStored(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** True unless the player turned haptics off in the profile. */
export function hapticsEnabled(): boolean {
  enabled ??= readStored();
  return enabled;
}

export function setHapticsEnabled(next: boolean): void {
  enabled = next;
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, next ? 'on' : 'off');
  } catch {
    // Private mode or a full storage: the choice holds for this session.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The haptics choice, re-rendering when it changes. */
export function useHapticsEnabled(): boolean {
  return useSyncExternalStore(subscribe, hapticsEnabled, () => true);
}

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
