import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from '../src/lib/sound/throttle';

describe('the sound throttle', () => {
  it('lets a few sounds through in any second and drops the rest', () => {
    let now = 0;
    const throttle = createThrottle(4, 1000, () => now);
    const passed: number[] = [];
    // Auto-bet at instant speed: a bet and its outcome every 50 ms for three seconds.
    for (now = 0; now < 3000; now += 50) if (throttle.take()) passed.push(now);
    expect(passed).toEqual([0, 50, 100, 150, 1000, 1050, 1100, 1150, 2000, 2050, 2100, 2150]);
    for (let from = 0; from < 3000; from += 10) {
      expect(passed.filter((at) => at >= from && at < from + 1000).length).toBeLessThanOrEqual(4);
    }
  });

  it('does not queue what it dropped: after a quiet second, sounds play at once again', () => {
    let now = 0;
    const throttle = createThrottle(2, 1000, () => now);
    expect([throttle.take(), throttle.take(), throttle.take(), throttle.take()]).toEqual([true, true, false, false]);
    now = 999;
    expect(throttle.take()).toBe(false);
    now = 1000;
    expect([throttle.take(), throttle.take(), throttle.take()]).toEqual([true, true, false]);
  });
});

/**
 * A stand-in for the browser's AudioContext (the unit tests' DOM has no Web Audio; the real one
 * is driven in Chromium by e2e/tests/sounds.spec.ts): it counts contexts and started notes.
 */
const made = { contexts: 0, notes: 0 };
class RecordingAudioContext {
  state = 'running';
  currentTime = 0;
  destination = {};
  constructor() {
    made.contexts += 1;
  }
  private param() {
    return { value: 0, setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined };
  }
  createGain() {
    return { gain: this.param(), connect: () => undefined, disconnect: () => undefined };
  }
  createOscillator() {
    return {
      type: 'sine',
      frequency: this.param(),
      connect: () => undefined,
      disconnect: () => undefined,
      addEventListener: () => undefined,
      start: () => (made.notes += 1),
      stop: () => undefined,
    };
  }
  resume() {
    return Promise.resolve();
  }
}

describe('the games’ sounds', () => {
  beforeEach(() => {
    localStorage.clear();
    made.contexts = 0;
    made.notes = 0;
    vi.stubGlobal('AudioContext', RecordingAudioContext);
    vi.useFakeTimers({ toFake: ['performance'] });
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  async function load() {
    const { setSoundEnabled } = await import('../src/lib/sound/sound-choice');
    const { sounds, SOUNDS_PER_SECOND } = await import('../src/lib/sound/sounds');
    const { SOUND_NOTES } = await import('../src/lib/sound/sound-player');
    return { setSoundEnabled, sounds, SOUNDS_PER_SECOND, SOUND_NOTES };
  }

  it('with sound off, a round makes no audio context at all', async () => {
    const { sounds } = await load();
    sounds.bet();
    sounds.outcome('won');
    await vi.dynamicImportSettled();
    expect(made).toEqual({ contexts: 0, notes: 0 });
  });

  it('with sound on, a burst of rounds plays no more than a few sounds a second, in one context', async () => {
    const { setSoundEnabled, sounds, SOUNDS_PER_SECOND, SOUND_NOTES } = await load();
    setSoundEnabled(true);
    sounds.bet();
    await vi.dynamicImportSettled();
    expect(made).toEqual({ contexts: 1, notes: SOUND_NOTES.bet.length });

    // The rest of the second: 20 steps asked for, only the throttle's remainder play.
    for (let i = 0; i < 20; i += 1) sounds.step();
    expect(made.notes).toBe(SOUND_NOTES.bet.length + (SOUNDS_PER_SECOND - 1) * SOUND_NOTES.step.length);

    // The window is a second and a tenth (a margin for notes that start late): after it, sound again.
    vi.advanceTimersByTime(1100);
    sounds.outcome('lost');
    expect(made.notes).toBe(SOUND_NOTES.bet.length + (SOUNDS_PER_SECOND - 1) * SOUND_NOTES.step.length + SOUND_NOTES.lose.length);
    expect(made.contexts).toBe(1);
  });
});
