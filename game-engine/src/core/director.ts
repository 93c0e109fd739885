import { Clock, type ClockOptions } from './clock';
import { PACE_SPEEDS, type Pace } from './pace';
import { FrameStats } from './frame-stats';
import type { SceneLifecycle } from './scene';

export interface FrameSummary {
  /** Frames measured (at most the window size). */
  frames: number;
  /** Median work time per frame (update + render), ms. */
  p50: number;
  /** 95th percentile work time per frame, ms. */
  p95: number;
  /** Worst work time in the window, ms. */
  max: number;
  /** Frames per second from the median interval between frames (0 before two frames). */
  fps: number;
}

/**
 * Framework-free heart of the engine: the clock, the active scene and the frame statistics.
 * The Engine wires it to PixiJS; tests drive it directly with a manual clock.
 */
export class Director<S extends SceneLifecycle = SceneLifecycle> {
  readonly clock: Clock;
  readonly work: FrameStats;
  private readonly intervals: FrameStats;
  private active: S | null = null;
  private width = 0;
  private height = 0;
  private isInstant = false;

  constructor(options: ClockOptions & { statsWindow?: number } = {}) {
    this.clock = new Clock(options);
    this.work = new FrameStats(options.statsWindow ?? 240);
    this.intervals = new FrameStats(options.statsWindow ?? 240);
  }

  get scene(): S | null {
    return this.active;
  }

  get size(): { width: number; height: number } {
    return { width: this.width, height: this.height };
  }

  /** Swaps the active scene: the old one is hidden and destroyed, the new one built and shown. */
  setScene(next: S | null): void {
    const previous = this.active;
    this.active = null;
    if (previous) {
      previous.hide();
      previous.destroy();
    }
    if (!next) return;
    next.init();
    next.setInstant?.(this.isInstant);
    next.resize(this.width, this.height);
    this.active = next;
    next.show();
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.active?.resize(width, height);
  }

  /** One frame: real milliseconds since the last frame in, engine step out. */
  frame(realMs: number): number {
    if (realMs > 0) this.intervals.record(realMs);
    const step = this.clock.tick(realMs);
    this.active?.update(step);
    return step;
  }

  recordWork(ms: number): void {
    this.work.record(ms);
  }

  setSpeed(speed: number): void {
    this.clock.setSpeed(speed);
  }

  skip(): void {
    this.active?.skip();
  }

  /** True while every animation jumps to its end state (the 'instant' pace). */
  get instant(): boolean {
    return this.isInstant;
  }

  /** On: the running animation and every later one (this scene's and the next ones') show their end at once. */
  setInstant(on: boolean): void {
    this.isInstant = on;
    this.active?.setInstant?.(on);
  }

  /** The pace the player chose: a speed, or instant (the end state at once). */
  get pace(): Pace {
    if (this.isInstant) return 'instant';
    return this.clock.speed >= PACE_SPEEDS.fast ? 'fast' : 'normal';
  }

  setPace(pace: Pace): void {
    if (pace === 'instant') {
      this.setInstant(true);
      return;
    }
    this.clock.setSpeed(PACE_SPEEDS[pace]);
    this.setInstant(false);
  }

  /** Stops time; with `atMs`, first shows the running animation at that point. */
  freeze(atMs?: number): void {
    this.clock.freeze();
    if (atMs !== undefined) this.active?.seek(atMs);
  }

  resume(): void {
    this.clock.resume();
  }

  stats(): FrameSummary {
    const work = this.work.summary();
    const interval = this.intervals.quantile(0.5);
    return { ...work, fps: this.intervals.frames > 1 && interval > 0 ? 1000 / interval : 0 };
  }

  resetStats(): void {
    this.work.reset();
    this.intervals.reset();
  }

  destroy(): void {
    this.setScene(null);
  }
}
