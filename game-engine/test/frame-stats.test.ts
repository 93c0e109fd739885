import { describe, expect, it } from 'vitest';
import { FrameStats } from '../src/core/frame-stats';

describe('frame statistics', () => {
  it('reports nearest-rank p50 and p95 of the recorded work times', () => {
    const stats = new FrameStats(100);
    for (let ms = 1; ms <= 100; ms++) stats.record(ms);
    expect(stats.summary()).toEqual({ frames: 100, p50: 50, p95: 95, max: 100 });
  });

  it('keeps only the most recent frames once the window is full', () => {
    const stats = new FrameStats(4);
    for (const ms of [50, 50, 50, 50, 1, 2, 3, 4]) stats.record(ms);
    expect(stats.frames).toBe(4);
    expect(stats.quantile(1)).toBe(4);
  });

  it('ignores impossible samples and starts empty after reset', () => {
    const stats = new FrameStats(8);
    stats.record(Number.NaN);
    stats.record(-1);
    expect(stats.summary()).toEqual({ frames: 0, p50: 0, p95: 0, max: 0 });
    stats.record(3);
    stats.reset();
    expect(stats.frames).toBe(0);
  });
});
