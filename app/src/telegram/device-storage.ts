import { deviceStorage } from '@tma.js/sdk-react';

/** A host that never answers must not hold a screen's settings back for long. */
const HOST_TIMEOUT_MS = 1500;

function local(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

function hostStorage(): boolean {
  try {
    return deviceStorage.getItem.isAvailable();
  } catch {
    return false;
  }
}

/**
 * Kept on this device: in the host's device storage (Telegram clears a mini app's web
 * storage on some clients) and in local storage, read back at once while the host answers.
 */
export const deviceItems = {
  /** What local storage holds now (the first render). */
  readNow(key: string): string | null {
    try {
      return local()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  },
  /** The host's value when it has one, else local storage's. */
  async read(key: string): Promise<string | null> {
    const fallback = deviceItems.readNow(key);
    if (!hostStorage()) return fallback;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const value = await Promise.race([
        deviceStorage.getItem(key),
        new Promise<undefined>((resolve) => {
          timer = setTimeout(() => resolve(undefined), HOST_TIMEOUT_MS);
        }),
      ]);
      return value === undefined || value === null || value === '' ? fallback : value;
    } catch (error) {
      console.warn('[telegram] device storage read failed', error);
      return fallback;
    } finally {
      clearTimeout(timer);
    }
  },
  write(key: string, value: string): void {
    try {
      local()?.setItem(key, value);
    } catch {
      // Private mode or a full storage: the host's copy is still written.
    }
    if (!hostStorage()) return;
    deviceStorage.setItem(key, value).catch((error: unknown) => console.warn('[telegram] device storage write failed', error));
  },
};
