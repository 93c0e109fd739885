/**
 * One running animation: a duration and a pose function of time. The pose is a pure
 * function of the animation's own clock, so skipping to the end, seeking for a screenshot
 * or playing at 4x all land on exactly the same frames.
 */
export type PoseFn = (elapsedMs: number) => void;

export class Playback {
  readonly promise: Promise<void>;
  private resolve!: () => void;
  private elapsedMs = 0;
  private isDone = false;

  constructor(
    readonly durationMs: number,
    private readonly pose: PoseFn,
  ) {
    if (!Number.isFinite(durationMs) || durationMs < 0) throw new RangeError(`duration must be >= 0, got ${durationMs}`);
    this.promise = new Promise<void>((resolve) => {
      this.resolve = resolve;
    });
  }

  get elapsed(): number {
    return this.elapsedMs;
  }

  get done(): boolean {
    return this.isDone;
  }

  /** Moves the animation on by `stepMs`; true once it has reached its end. */
  advance(stepMs: number): boolean {
    if (this.isDone) return true;
    this.elapsedMs = Math.min(this.durationMs, this.elapsedMs + Math.max(0, stepMs));
    this.pose(this.elapsedMs);
    if (this.elapsedMs >= this.durationMs) this.settle();
    return this.isDone;
  }

  /** Shows the pose at `ms` into the animation (0..duration); reaching the end finishes it. */
  seek(ms: number): void {
    if (this.isDone) return;
    this.elapsedMs = Math.min(this.durationMs, Math.max(0, ms));
    this.pose(this.elapsedMs);
    if (this.elapsedMs >= this.durationMs) this.settle();
  }

  /** Jumps to the end state and resolves the promise now. */
  finish(): void {
    if (this.isDone) return;
    this.elapsedMs = this.durationMs;
    this.pose(this.durationMs);
    this.settle();
  }

  /** Resolves the promise without drawing (the scene is going away). */
  cancel(): void {
    if (!this.isDone) this.settle();
  }

  private settle(): void {
    this.isDone = true;
    this.resolve();
  }
}

/**
 * The animation slot of a scene: at most one playback at a time. Starting a new one first
 * finishes the running one (its end state is drawn, its promise resolves), so calls never
 * pile up and every promise resolves.
 */
export class Animator {
  private current: Playback | null = null;
  /** Instant: every new animation is drawn at its end state and resolves as it starts. */
  instant = false;

  get busy(): boolean {
    return this.current !== null && !this.current.done;
  }

  get playback(): Playback | null {
    return this.current;
  }

  run(durationMs: number, pose: PoseFn): Promise<void> {
    this.current?.finish();
    const playback = new Playback(durationMs, pose);
    this.current = playback;
    playback.advance(0);
    // Instant pace: the animation is drawn at its end state as it starts (skip = finish now, not a check).
    if (this.instant) this.skip();
    return playback.promise;
  }

  update(stepMs: number): void {
    if (this.current && this.current.advance(stepMs)) this.current = null;
  }

  skip(): void {
    this.current?.finish();
    this.current = null;
  }

  seek(ms: number): void {
    if (!this.current) return;
    this.current.seek(ms);
    if (this.current.done) this.current = null;
  }

  /** On teardown: resolve whoever still waits, without drawing anything. */
  dispose(): void {
    const playback = this.current;
    this.current = null;
    playback?.cancel();
  }
}
