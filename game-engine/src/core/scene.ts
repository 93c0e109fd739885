/**
 * The lifecycle every scene follows (pixijs/open-games style): built once by `init`, shown,
 * stepped by `update(dt)` with engine milliseconds, told the view size by `resize`, hidden
 * and destroyed. One scene is active at a time; swapping scenes keeps the Application.
 */
export interface SceneLifecycle {
  /** A name for stats and debugging ("flip"). */
  readonly name: string;
  init(): void;
  show(): void;
  update(stepMs: number): void;
  resize(width: number, height: number): void;
  hide(): void;
  /** Frees everything the scene created; pending animation promises resolve. */
  destroy(): void;
  /** Jumps the running animation to its end state. */
  skip(): void;
  /** Shows the running animation at `ms` into it (screenshots). */
  seek(ms: number): void;
  /** On: every animation jumps to its end state as it starts (a scene without animations may leave it out). */
  setInstant?(on: boolean): void;
}
