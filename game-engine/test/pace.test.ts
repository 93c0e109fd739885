import { describe, expect, it } from 'vitest';
import { Director } from '../src/core/director';
import { isPace, PACE_SPEEDS, PACES, type Pace } from '../src/core/pace';
import { Animator } from '../src/core/playback';
import type { SceneLifecycle } from '../src/core/scene';
import { flipPose, planFlip, type FlipPose } from '../src/games/flip/plan';
import { planRoll, rollPose, type RollPose } from '../src/games/roll/plan';
import { ladder, planStep, setupRoad, stepHeroPose, type HeroPose } from '../src/games/road/plan';

/** A scene that animates like the game scenes do: one animation slot, instant passed on to it. */
class PoseScene implements SceneLifecycle {
  readonly name = 'pose';
  readonly animator = new Animator();
  init() {}
  show() {}
  hide() {}
  resize() {}
  destroy() {
    this.animator.dispose();
  }
  update(step: number) {
    this.animator.update(step);
  }
  // The Scene interface's skip: finish the running animation now.
  skip() {
    this.animator.skip();
  }
  seek(ms: number) {
    this.animator.seek(ms);
  }
  setInstant(on: boolean) {
    this.animator.instant = on;
    // As GameScene does: switching to instant finishes the running animation.
    if (on) this.animator.skip();
  }
}

/** Real milliseconds of 60 fps frames until `promise` settles (null: not within `limitMs`). */
async function framesUntil(director: Director, promise: Promise<void>, limitMs = 20_000): Promise<number | null> {
  let settled = false;
  void promise.then(() => (settled = true));
  let real = 0;
  await Promise.resolve();
  while (!settled && real < limitMs) {
    director.frame(1000 / 60);
    real += 1000 / 60;
    await Promise.resolve();
  }
  return settled ? real : null;
}

/** The three games' animations, each from its own plan: the scene draws `pose(t)`, the test keeps the last one. */
function games() {
  const flip = planFlip({ side: 'tails', win: true }, { seed: 5, from: 'heads' });
  const roll = planRoll({ roll: 42.17, target: 50, direction: 'under', win: true }, { seed: 5, from: 80 });
  const multipliers = ladder(3);
  const road = planStep(setupRoad({ lanes: multipliers.length, multipliers }), 0, 'trap', 5).plan;
  return [
    { game: 'flip', durationMs: flip.durationMs, pose: (t: number): FlipPose => flipPose(flip, t) },
    { game: 'roll', durationMs: roll.durationMs, pose: (t: number): RollPose => rollPose(roll, t) },
    { game: 'road', durationMs: road.durationMs, pose: (t: number): HeroPose => stepHeroPose(road, t) },
  ] as const;
}

describe('pace', () => {
  it('names three paces, fast animating faster than normal', () => {
    expect(PACES).toEqual(['normal', 'fast', 'instant']);
    expect(PACE_SPEEDS.fast).toBeGreaterThan(PACE_SPEEDS.normal);
    for (const pace of PACES) expect(isPace(pace)).toBe(true);
    for (const other of ['slow', '', null, 2, 'Instant']) expect(isPace(other)).toBe(false);
  });

  for (const { game, durationMs, pose } of games()) {
    it(`${game}: instant draws the final pose as the animation starts, and its promise resolves with no frame`, async () => {
      const director = new Director();
      const scene = new PoseScene();
      director.setScene(scene);
      director.setPace('instant');
      expect(director.pace).toBe('instant');
      const drawn: unknown[] = [];
      const done = scene.animator.run(durationMs, (t) => drawn.push(pose(t)));
      expect(scene.animator.busy).toBe(false);
      expect(drawn.at(-1)).toEqual(pose(durationMs));
      await expect(framesUntil(director, done, 0)).resolves.toBe(0);
    });

    it(`${game}: normal plays the whole animation, fast the same frames in less time`, async () => {
      const timed: Partial<Record<Pace, number | null>> = {};
      for (const pace of ['normal', 'fast'] as const) {
        const director = new Director();
        const scene = new PoseScene();
        director.setScene(scene);
        director.setPace(pace);
        expect(director.pace).toBe(pace);
        let last: unknown = null;
        const done = scene.animator.run(durationMs, (t) => (last = pose(t)));
        timed[pace] = await framesUntil(director, done);
        expect(last).toEqual(pose(durationMs));
      }
      expect(timed.normal).toBeGreaterThanOrEqual(durationMs - 1000 / 60);
      expect(timed.fast).toBeLessThan((timed.normal ?? 0) / 2);
      expect(timed.fast).toBeGreaterThan(0);
    });
  }

  it('switching to instant mid-animation ends the running one at its final pose', async () => {
    const director = new Director();
    const scene = new PoseScene();
    director.setScene(scene);
    let last = -1;
    const done = scene.animator.run(1_000, (t) => (last = t));
    director.frame(100);
    expect(last).toBe(100);
    director.setPace('instant');
    expect(last).toBe(1_000);
    await expect(done).resolves.toBeUndefined();
  });

  it('a scene shown later takes the pace already set; back to normal animates again', async () => {
    const director = new Director();
    director.setPace('instant');
    const scene = new PoseScene();
    director.setScene(scene);
    let last = -1;
    await scene.animator.run(1_000, (t) => (last = t));
    expect(last).toBe(1_000);
    director.setPace('normal');
    expect(director.pace).toBe('normal');
    expect(director.clock.speed).toBe(PACE_SPEEDS.normal);
    const again = scene.animator.run(1_000, (t) => (last = t));
    expect(last).toBe(0);
    director.frame(50);
    expect(last).toBe(50);
    // Finish the normal-paced animation so its promise settles before the test ends.
    director.skip();
    await again;
  });
});
