import { useSyncExternalStore } from 'react';

/** An on/off choice kept in this device's storage, shared by every player on it. */
export interface DeviceChoice {
  /** The choice: read from storage once, then kept in memory. */
  get: () => boolean;
  /** Stores the choice (in memory only where storage refuses) and tells every reader. */
  set: (next: boolean) => void;
  /** The choice, re-rendering when it changes. */
  useChoice: () => boolean;
}

/** A device choice stored as 'on' or 'off' under `key`; `fallback` until the player chooses. */
export function deviceChoice(key: string, fallback: boolean): DeviceChoice {
  const listeners = new Set<() => void>();
  let enabled: boolean | null = null;

  const readStored = (): boolean => {
    try {
      const stored = globalThis.localStorage?.getItem(key);
      return stored === 'on' ? true : stored === 'off' ? false : fallback;
    } catch {
      return fallback;
    }
  };

  const get = (): boolean => {
    enabled ??= readStored();
    return enabled;
  };

  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };

  return {
    get,
    set: (next) => {
      enabled = next;
      try {
        globalThis.localStorage?.setItem(key, next ? 'on' : 'off');
      } catch {
        // Private mode or a full storage: the choice holds for this session.
      }
      for (const listener of listeners) listener();
    },
    useChoice: () => useSyncExternalStore(subscribe, get, () => fallback),
  };
}
