import { describe, expect, it } from 'vitest';
import { Clock } from '../src/core/clock';
import { Director } from '../src/core/director';
import { Animator, Playback } from '../src/core/playback';
import type { SceneLifecycle } from '../src/core/scene';

describe('clock', () => {
  it('scales real time by the speed and hands out nothing while frozen', () => {
    const clock = new Clock();
    expect(clock.tick(16)).toBe(16);
    clock.setSpeed(2);
    expect(clock.tick(16)).toBe(32);
    clock.freeze();
    expect(clock.tick(16)).toBe(0);
    clock.resume();
    clock.setSpeed(0.5);
    expect(clock.tick(16)).toBe(8);
    expect(clock.time).toBe(56);
  });

  it('caps one step so a tab back from the background does not skip an animation', () => {
    const clock = new Clock({ maxStepMs: 100 });
    expect(clock.tick(5_000)).toBe(100);
  });

  it('refuses a speed that is not a positive number', () => {
    const clock = new Clock();
    expect(() => clock.setSpeed(0)).toThrow(RangeError);
    expect(() => clock.setSpeed(Number.NaN)).toThrow(RangeError);
  });
});

describe('playback', () => {
  it('draws each pose from the animation time and resolves at the end', async () => {
    const seen: number[] = [];
    const playback = new Playback(100, (t) => seen.push(t));
    playback.advance(40);
    playback.advance(40);
    expect(playback.done).toBe(false);
    playback.advance(40);
    expect(playback.done).toBe(true);
    expect(seen).toEqual([40, 80, 100]);
    await expect(playback.promise).resolves.toBeUndefined();
  });

  it('skip draws the end state and resolves at once', async () => {
    const animator = new Animator();
    let last = -1;
    const promise = animator.run(2_000, (t) => (last = t));
    expect(last).toBe(0);
    animator.skip();
    expect(last).toBe(2_000);
    expect(animator.busy).toBe(false);
    await expect(promise).resolves.toBeUndefined();
  });

  it('a new animation first finishes the running one', async () => {
    const animator = new Animator();
    const ends: string[] = [];
    const first = animator.run(500, (t) => t === 500 && ends.push('first'));
    const second = animator.run(500, (t) => t === 500 && ends.push('second'));
    await first;
    expect(ends).toEqual(['first']);
    animator.update(600);
    await second;
    expect(ends).toEqual(['first', 'second']);
  });

  it('seek shows any moment, and dispose resolves without drawing', async () => {
    const animator = new Animator();
    let last = -1;
    const promise = animator.run(1_000, (t) => (last = t));
    animator.seek(250);
    expect(last).toBe(250);
    animator.seek(100);
    expect(last).toBe(100);
    animator.dispose();
    expect(last).toBe(100);
    await expect(promise).resolves.toBeUndefined();
  });
});

class FakeScene implements SceneLifecycle {
  readonly name = 'fake';
  readonly calls: string[] = [];
  readonly animator = new Animator();
  elapsed = 0;
  init() {
    this.calls.push('init');
  }
  show() {
    this.calls.push('show');
  }
  hide() {
    this.calls.push('hide');
  }
  destroy() {
    this.calls.push('destroy');
    this.animator.dispose();
  }
  resize(width: number, height: number) {
    this.calls.push(`resize ${width}x${height}`);
  }
  update(step: number) {
    this.elapsed += step;
    this.animator.update(step);
  }
  skip() {
    this.animator.skip();
  }
  seek(ms: number) {
    this.animator.seek(ms);
  }
}

describe('director with a manual clock', () => {
  it('runs the scene lifecycle in order and swaps scenes without leftovers', () => {
    const director = new Director();
    director.resize(375, 667);
    const first = new FakeScene();
    director.setScene(first);
    expect(first.calls).toEqual(['init', 'resize 375x667', 'show']);
    const second = new FakeScene();
    director.setScene(second);
    expect(first.calls.slice(-2)).toEqual(['hide', 'destroy']);
    expect(director.scene).toBe(second);
    director.destroy();
    expect(second.calls.slice(-2)).toEqual(['hide', 'destroy']);
    expect(director.scene).toBeNull();
  });

  it('speed changes how much animation a frame moves; skip ends it; freeze holds it', async () => {
    const director = new Director();
    const scene = new FakeScene();
    director.setScene(scene);
    let pose = 0;
    const done = scene.animator.run(1_000, (t) => (pose = t));
    director.frame(100);
    expect(pose).toBe(100);
    director.setSpeed(4);
    director.frame(100);
    expect(pose).toBe(500);
    director.freeze(250);
    expect(pose).toBe(250);
    director.frame(100);
    expect(pose).toBe(250);
    director.resume();
    director.skip();
    expect(pose).toBe(1_000);
    await expect(done).resolves.toBeUndefined();
  });

  it('reports frame work p50/p95 and fps', () => {
    const director = new Director({ statsWindow: 100 });
    for (let i = 1; i <= 100; i++) {
      director.frame(1000 / 60);
      director.recordWork(i / 10);
    }
    const stats = director.stats();
    expect(stats.frames).toBe(100);
    expect(stats.p50).toBeCloseTo(5);
    expect(stats.p95).toBeCloseTo(9.5);
    expect(stats.fps).toBeCloseTo(60);
  });
});
