import { Container } from 'pixi.js';
import { Animator } from '../../core/playback';
import { DESTROY_TREE, type Scene, type SceneContext } from '../../core/engine';
import { canvasTexts, textGlyphs, type GameTexts } from '../texts';
import { drawnLabels } from './glyph-line';

/** Engine ms of idle motion after the last change, before the scene rests (the engine draws nothing then). */
export const IDLE_MOTION_MS = 5_000;
/** With the player's "reduce motion": only long enough for a win's burst to land. */
export const REDUCED_IDLE_MOTION_MS = 2_000;

const reducedMotion = (): boolean => globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * What the three game scenes share: the lifecycle plumbing, one animation slot (new
 * animations first finish the running one; skip jumps to the end) and the view size.
 */
export abstract class GameScene implements Scene {
  abstract readonly name: string;
  readonly view = new Container();
  protected readonly animator = new Animator();
  protected width = 1;
  protected height = 1;
  /** Cosmetic time in engine ms (idle motion); animations use their own clock. */
  protected time = 0;
  private isDestroyed = false;
  private built = false;
  /** `time` from which the scene may rest, moved on by every change and every animation's end. */
  private restAt = 0;
  private wasBusy = false;

  /** The words (upper case) and number formatters of the host app's language. */
  readonly texts: GameTexts;

  constructor(
    protected readonly context: SceneContext,
    texts: GameTexts,
  ) {
    this.texts = canvasTexts(texts);
  }

  /** Every character of this scene's words and of the host's numbers (for its bitmap font). */
  protected get glyphs(): string {
    return textGlyphs(this.texts);
  }

  /** The texts drawn on the canvas now, in drawing order. */
  drawnLabels(): string[] {
    return drawnLabels(this.view);
  }

  get destroyed(): boolean {
    return this.isDestroyed;
  }

  /** True while an animation runs. */
  get busy(): boolean {
    return this.animator.busy;
  }

  /** Nothing moves: no animation, and the idle motion after the last change has played. */
  get resting(): boolean {
    return !this.animator.busy && this.time >= this.restAt;
  }

  stir(): void {
    this.restAt = this.time + (reducedMotion() ? REDUCED_IDLE_MOTION_MS : IDLE_MOTION_MS);
  }

  init(): void {
    if (this.built) return;
    this.built = true;
    this.build();
  }

  show(): void {
    this.view.visible = true;
    this.stir();
  }

  hide(): void {
    this.view.visible = false;
  }

  update(stepMs: number): void {
    if (this.isDestroyed) return;
    this.time += stepMs;
    this.animator.update(stepMs);
    // An animation that just ended leaves its end (a burst, the idle coin) to play out.
    if (this.wasBusy && !this.animator.busy) this.stir();
    this.wasBusy = this.animator.busy;
    this.tick(stepMs);
  }

  resize(width: number, height: number): void {
    this.width = Math.max(1, width);
    this.height = Math.max(1, height);
    if (this.built) this.layout();
  }

  skip(): void {
    this.animator.skip();
  }

  setInstant(on: boolean): void {
    this.animator.instant = on;
    // Switching to instant ends the running animation too (skip = finish it now).
    if (on) this.animator.skip();
  }

  seek(ms: number): void {
    this.animator.seek(ms);
  }

  destroy(): void {
    if (this.isDestroyed) return;
    this.isDestroyed = true;
    this.animator.dispose();
    this.teardown();
    if (!this.view.destroyed) this.view.destroy(DESTROY_TREE);
  }

  protected assertAlive(): void {
    if (this.isDestroyed) throw new Error(`${this.name} scene destroyed`);
  }

  /** Builds the display objects (resources come from `context.resources`). */
  protected abstract build(): void;
  /** Places everything for the current width and height. */
  protected abstract layout(): void;
  /** Idle, cosmetic motion on every frame. */
  protected abstract tick(stepMs: number): void;
  /** Anything beyond the view tree and the resource bag to free. */
  protected teardown(): void {}
}
