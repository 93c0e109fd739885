import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Choice = typeof import('../src/lib/sound/sound-choice');

/** The choice module as a fresh page load finds it (nothing read from storage yet). */
async function freshLoad(): Promise<Choice> {
  vi.resetModules();
  return import('../src/lib/sound/sound-choice');
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function refuse(): never {
  throw new Error('SecurityError: the storage is not available');
}

describe('the sound choice', () => {
  it('is off for a player who never chose', async () => {
    const { soundEnabled } = await freshLoad();
    expect(soundEnabled()).toBe(false);
  });

  it('turned on, stays on after a reload; turned off again, stays off', async () => {
    const first = await freshLoad();
    first.setSoundEnabled(true);
    expect(first.soundEnabled()).toBe(true);
    expect(localStorage.getItem(first.SOUND_STORAGE_KEY)).toBe('on');
    expect((await freshLoad()).soundEnabled()).toBe(true);

    const second = await freshLoad();
    second.setSoundEnabled(false);
    expect((await freshLoad()).soundEnabled()).toBe(false);
  });

  it('is not the haptics choice: vibration off leaves sound as it was', async () => {
    localStorage.setItem('arcade.haptics', 'off');
    const { soundEnabled, setSoundEnabled } = await freshLoad();
    setSoundEnabled(true);
    expect(localStorage.getItem('arcade.haptics')).toBe('off');
    expect(soundEnabled()).toBe(true);
  });

  it('holds for the session when the storage refuses (private mode), and reads as off', async () => {
    const refused = { getItem: vi.fn(refuse), setItem: vi.fn(refuse) };
    vi.stubGlobal('localStorage', refused);
    const { soundEnabled, setSoundEnabled } = await freshLoad();
    expect(soundEnabled()).toBe(false);
    setSoundEnabled(true);
    expect(soundEnabled()).toBe(true);
    expect(refused.getItem).toHaveBeenCalled();
    expect(refused.setItem).toHaveBeenCalled();
  });

  it('re-renders the profile switch when it changes', async () => {
    const { setSoundEnabled, useSoundEnabled } = await freshLoad();
    const { result } = renderHook(() => useSoundEnabled());
    expect(result.current).toBe(false);
    act(() => setSoundEnabled(true));
    expect(result.current).toBe(true);
    act(() => setSoundEnabled(false));
    expect(result.current).toBe(false);
  });
});
