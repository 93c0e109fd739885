import { useSyncExternalStore } from 'react';

/**
 * Where the choice lives: this device, like the haptics (sound is how the phone in the hand
 * plays, whoever is signed in on it). Read by the games through `sounds` (./sounds.ts).
 */
export const SOUND_STORAGE_KEY = 'arcade.sound';

type Listener = () => void;
const listeners = new Set<Listener>();
let enabled: boolean | null = null;

function readStored(): boolean {
  try {
    return globalThis.localStorage?.getItem(SOUND_STORAGE_KEY) === 'on';
  } catch {
    return false;
  }
}

/** False until the player turns sound on in the profile. */
export function soundEnabled(): boolean {
  enabled ??= readStored();
  return enabled;
}

export function setSoundEnabled(next: boolean): void {
  enabled = next;
  try {
    globalThis.localStorage?.setItem(SOUND_STORAGE_KEY, next ? 'on' : 'off');
  } catch {
    // Private mode or a full storage: the choice holds for this session.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sound choice, re-rendering when it changes. */
export function useSoundEnabled(): boolean {
  return useSyncExternalStore(subscribe, soundEnabled, () => false);
}
