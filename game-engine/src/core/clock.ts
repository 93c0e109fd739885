/**
 * Engine time. Real frame time goes in, scaled by the speed, comes out as the step every
 * scene advances by. Frozen, it hands out zero, so a screenshot holds still. The same clock
 * runs on the ticker in a browser and on `advance(ms)` calls in tests and screenshots.
 */
export interface ClockOptions {
  /** Longest real step taken at once (a tab back from the background must not skip a whole animation). */
  maxStepMs?: number;
  speed?: number;
}

export const MIN_SPEED = 0.05;
export const MAX_SPEED = 20;

export class Clock {
  private currentSpeed = 1;
  private isFrozen = false;
  private elapsed = 0;
  readonly maxStepMs: number;

  constructor(options: ClockOptions = {}) {
    this.maxStepMs = options.maxStepMs ?? 100;
    if (options.speed !== undefined) this.setSpeed(options.speed);
  }

  /** Engine milliseconds elapsed so far (scaled, frozen periods excluded). */
  get time(): number {
    return this.elapsed;
  }

  get speed(): number {
    return this.currentSpeed;
  }

  get frozen(): boolean {
    return this.isFrozen;
  }

  /** 1 = normal, 2 = twice as fast, 0.5 = slow motion. */
  setSpeed(speed: number): void {
    if (!Number.isFinite(speed) || speed <= 0) throw new RangeError(`speed must be a positive number, got ${speed}`);
    this.currentSpeed = Math.min(MAX_SPEED, Math.max(MIN_SPEED, speed));
  }

  freeze(): void {
    this.isFrozen = true;
  }

  resume(): void {
    this.isFrozen = false;
  }

  /** Converts one real frame step into the engine step; 0 while frozen. */
  tick(realMs: number): number {
    if (this.isFrozen || !Number.isFinite(realMs) || realMs <= 0) return 0;
    const step = Math.min(realMs, this.maxStepMs) * this.currentSpeed;
    this.elapsed += step;
    return step;
  }
}
