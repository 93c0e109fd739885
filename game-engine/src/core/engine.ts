// Renderers for what the scenes draw; pixi.js 8.22 no longer registers bitmap text by default.
import 'pixi.js/text-bitmap';
// The app's page policy forbids eval (CSP script-src 'self'): pixi then needs its eval-free
// shader and uniform code, which this module installs.
import 'pixi.js/unsafe-eval';
import { Application, GlobalResourceRegistry, UPDATE_PRIORITY, type Container, type Renderer, type Ticker } from 'pixi.js';
import { Director, type FrameSummary } from './director';
import { installPixiPatches, patchRenderer } from './pixi-patches';
import type { Pace } from './pace';
import { hashSeed } from './random';
import { releaseIdleFonts, ResourceBag } from './resources';
import type { SceneLifecycle } from './scene';

export type ClockMode = 'ticker' | 'manual';

export interface EngineOptions {
  /** The element the canvas fills; its size is followed with a ResizeObserver. */
  host: HTMLElement;
  /** 'ticker' animates on every animation frame; 'manual' moves only on `advance(ms)` (tests, screenshots). */
  clock?: ClockMode;
  /** Device pixel ratio used for rendering; default min(devicePixelRatio, 2). */
  resolution?: number;
  /** MSAA; off by default: art is pre-drawn anti-aliased, so phones save the fill rate. */
  antialias?: boolean;
  /** Animation speed, 1 = normal. */
  speed?: number;
  /** The player's pace; 'fast' overrides `speed`, 'instant' shows every animation's end at once. */
  pace?: Pace;
  /** Seed of cosmetic randomness (spins, cars, sparkles); outcomes never depend on it. */
  seed?: number;
  /** Frames kept for the p50/p95 statistics. */
  statsWindow?: number;
}

export interface SceneContext {
  readonly app: Application;
  readonly renderer: Renderer;
  /** Freed together with the scene. */
  readonly resources: ResourceBag;
  readonly resolution: number;
  /** A seed for this scene's cosmetic randomness. */
  readonly seed: number;
  /**
   * A layer of the page under the canvas (as large as the canvas, removed with the scene), for
   * still pictures the page composites: a full-screen backdrop or the road's asphalt drawn
   * there costs WebGL no fill on any frame (the canvas is transparent).
   */
  underlay(): HTMLElement;
}

/** A scene the engine can show: the lifecycle plus the display object it draws into. */
export interface Scene extends SceneLifecycle {
  readonly view: Container;
  /**
   * True when nothing on the scene moves (no animation, idle motion settled): the engine stops
   * drawing frames until it is woken. A scene without it is drawn on every frame.
   */
  readonly resting?: boolean;
  /** Something changed: play the idle motion again for a while (the engine is awake). */
  stir?(): void;
}

export interface EngineStats extends FrameSummary {
  speed: number;
  pace: Pace;
  frozen: boolean;
  scene: string | null;
  width: number;
  height: number;
  resolution: number;
}

/**
 * How a scene's display tree is destroyed. `context: true` matters: pixi's Graphics frees its
 * own GraphicsContext only when destroyed WITHOUT options, so `{ children: true }` alone leaves
 * every Graphics' geometry registered with the renderer (the Application lives on, parked).
 * Textures belong to the scene's ResourceBag.
 */
export const DESTROY_TREE = { children: true, context: true } as const;

const defaultResolution = (): number => Math.min(globalThis.devicePixelRatio || 1, 2);

let liveEngines = 0;

/**
 * One parked Application, kept for the next engine: mounting a game again (another game
 * screen, React's StrictMode remount) then costs no new WebGL context, no shader compiles
 * and none of what pixi keeps per Application forever (each new renderer compiles programs
 * under a fresh numbered name, and pixi's program-id table keeps every such source,
 * pixijs/pixijs#12213). Browsers also cap live WebGL contexts (about 16). The parked
 * Application is destroyed after `POOL_IDLE_MS` unused, or by `Engine.releaseIdle()`.
 */
interface Parked {
  app: Application;
  resolution: number;
  antialias: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}
let parked: Parked | null = null;
const POOL_IDLE_MS = 30_000;

function takeParked(resolution: number, antialias: boolean): Application | null {
  const entry = parked;
  if (!entry || entry.resolution !== resolution || entry.antialias !== antialias) return null;
  parked = null;
  if (entry.timer !== null) clearTimeout(entry.timer);
  return entry.app;
}

function park(app: Application, resolution: number, antialias: boolean): void {
  const previous = parked;
  const entry: Parked = { app, resolution, antialias, timer: null };
  entry.timer = setTimeout(() => {
    if (parked === entry) releaseParked();
  }, POOL_IDLE_MS);
  parked = entry;
  // Only one is kept; the other goes (pixi's shared pools stay: `app` still uses them).
  if (previous) {
    if (previous.timer !== null) clearTimeout(previous.timer);
    destroyApplication(previous.app);
  }
}

function releaseParked(): void {
  const entry = parked;
  if (!entry) return;
  parked = null;
  if (entry.timer !== null) clearTimeout(entry.timer);
  destroyApplication(entry.app);
}

// Fixes to pixi for this engine (see the folder): installed now, before any Application is made.
installPixiPatches();

function destroyApplication(app: Application): void {
  // pixi's pools are shared by every Application on the page: release them with the last one.
  app.destroy(
    { removeView: true, releaseGlobalResources: liveEngines === 0 && parked === null },
    { children: true, texture: true, textureSource: true, context: true },
  );
}

/**
 * Owns (or adopts) one PixiJS Application and runs one scene at a time on it. Frame work
 * time is measured around update + render: a HIGH-priority ticker listener starts the
 * frame and steps the scene, the Application renders at LOW, a UTILITY listener closes it.
 */
export class Engine {
  readonly app: Application;
  readonly host: HTMLElement;
  readonly resolution: number;
  readonly mode: ClockMode;
  readonly seed: number;
  private readonly director: Director<Scene>;
  private readonly ownsApp: boolean;
  private readonly observer: ResizeObserver | null;
  private sceneResources: ResourceBag | null = null;
  private sceneSerial = 0;
  private frameStart = 0;
  /** Frames left out of the statistics after a scene change (first texture uploads). */
  private warmupFrames = 0;
  private isDestroyed = false;
  private readonly canvasStyle: string;
  private readonly antialias: boolean;
  /** The active scene's layer under the canvas, made on first use. */
  private underlayElement: HTMLDivElement | null = null;

  /**
   * Creates its own Application (WebGL) or takes the parked one, appends the canvas to
   * `host` and starts.
   */
  static async create(options: EngineOptions): Promise<Engine> {
    const resolution = options.resolution ?? defaultResolution();
    const antialias = options.antialias ?? false;
    const width = Math.max(1, options.host.clientWidth);
    const height = Math.max(1, options.host.clientHeight);
    const ticker = (options.clock ?? 'ticker') === 'ticker';
    let app = takeParked(resolution, antialias);
    if (app) {
      app.renderer.resize(width, height);
      if (ticker) app.ticker.start();
    } else {
      app = new Application();
      await app.init({
        preference: 'webgl',
        antialias,
        resolution,
        autoDensity: true,
        backgroundAlpha: 0,
        width,
        height,
        autoStart: ticker,
        sharedTicker: false,
      });
      Engine.prepareApplication(app);
    }
    options.host.appendChild(app.canvas);
    return new Engine(app, { ...options, resolution, antialias }, true);
  }

  /**
   * Settings the engine's scenes are drawn with (additive light that keeps the canvas's
   * alpha), for an Application made elsewhere too (the @pixi/react binding passes it as
   * `onInit`); call it before the Application first renders.
   */
  static prepareApplication(this: void, app: Application): void {
    patchRenderer(app.renderer);
  }

  /**
   * Destroys the parked Application now (its WebGL context is lost; the next engine creates
   * one) and uninstalls the bitmap fonts no scene uses (they linger 30 s for the next one).
   */
  static releaseIdle(): void {
    releaseParked();
    releaseIdleFonts();
  }

  /** Uninstalls the bitmap fonts no scene uses now (they linger 30 s for the next scene). */
  static releaseIdleFonts(): void {
    releaseIdleFonts();
  }

  /**
   * Runs on an Application somebody else created and will destroy (the @pixi/react
   * binding); the engine still frees everything it created itself.
   */
  static adopt(app: Application, options: EngineOptions): Engine {
    return new Engine(
      app,
      { ...options, resolution: options.resolution ?? app.renderer.resolution, antialias: options.antialias ?? false },
      false,
    );
  }

  private constructor(app: Application, options: EngineOptions & { resolution: number; antialias: boolean }, ownsApp: boolean) {
    this.app = app;
    this.antialias = options.antialias;
    this.host = options.host;
    this.ownsApp = ownsApp;
    this.resolution = options.resolution;
    this.mode = options.clock ?? 'ticker';
    this.seed = options.seed ?? hashSeed('arcade', Date.now());
    this.director = new Director<Scene>({ speed: options.speed, statsWindow: options.statsWindow });
    if (options.pace) this.director.setPace(options.pace);
    liveEngines += 1;

    const canvas = app.canvas;
    this.canvasStyle = canvas.style.cssText;
    // The canvas must never push on its container, or the ResizeObserver would chase itself.
    Object.assign(canvas.style, { position: 'absolute', left: '0', top: '0', display: 'block', touchAction: 'manipulation' });
    if (getComputedStyle(this.host).position === 'static') this.host.style.position = 'relative';

    patchRenderer(app.renderer);

    app.ticker.add(this.onFrameStart, undefined, UPDATE_PRIORITY.HIGH);
    app.ticker.add(this.onFrameEnd, undefined, UPDATE_PRIORITY.UTILITY);
    if (this.mode === 'manual') app.ticker.stop();

    this.observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => this.fit());
    this.observer?.observe(this.host);
    this.fit();
  }

  get destroyed(): boolean {
    return this.isDestroyed;
  }

  get scene(): Scene | null {
    return this.director.scene;
  }

  get speed(): number {
    return this.director.clock.speed;
  }

  get frozen(): boolean {
    return this.director.clock.frozen;
  }

  get pace(): Pace {
    return this.director.pace;
  }

  get size(): { width: number; height: number } {
    return this.director.size;
  }

  /** Engine milliseconds since start (scaled by speed, frozen time excluded). */
  get time(): number {
    return this.director.clock.time;
  }

  /** Replaces the active scene (the old one is destroyed with its resources); the Application stays. */
  setScene<S extends Scene>(create: (context: SceneContext) => S): S {
    this.assertAlive();
    this.clearScene();
    this.sceneSerial += 1;
    const resources = new ResourceBag(this.resolution);
    const context: SceneContext = {
      app: this.app,
      renderer: this.app.renderer,
      resources,
      resolution: this.resolution,
      seed: hashSeed(this.seed, 'scene', this.sceneSerial),
      underlay: () => this.underlay(),
    };
    let scene: S;
    try {
      scene = create(context);
      this.app.stage.addChild(scene.view);
      this.director.setScene(scene);
    } catch (error) {
      resources.destroy();
      throw error;
    }
    this.sceneResources = resources;
    // The art asked for while building goes on the scene's sheets now, then is uploaded now
    // rather than on the frame that first shows each texture.
    resources.seal();
    resources.prepare(this.app.renderer);
    this.warmupFrames = 2;
    this.renderIfIdle();
    this.wake();
    return scene;
  }

  /** Destroys the active scene and frees its resources; the stage is left empty. */
  clearScene(): void {
    const previous = this.director.scene;
    this.director.setScene(null);
    if (previous && !previous.view.destroyed) previous.view.destroy(DESTROY_TREE);
    this.sceneResources?.destroy();
    this.sceneResources = null;
    if (this.underlayElement) {
      // Canvas memory goes only once the pixels do (iOS counts it until then).
      for (const canvas of this.underlayElement.querySelectorAll('canvas')) {
        canvas.width = 0;
        canvas.height = 0;
      }
      this.underlayElement.remove();
      this.underlayElement = null;
    }
  }

  setSpeed(speed: number): void {
    this.director.setSpeed(speed);
  }

  /** 'normal', 'fast', or 'instant': the running animation and every later one end as they start. */
  setPace(pace: Pace): void {
    this.director.setPace(pace);
    this.renderIfIdle();
    this.wake();
  }

  /** Jumps the running animation to its end state; its promise resolves right away. */
  skip(): void {
    this.director.skip();
    this.renderIfIdle();
    this.wake();
  }

  /** Stops time for a screenshot; with `atMs`, first shows the running animation at that point. */
  freeze(atMs?: number): void {
    this.director.freeze(atMs);
    this.render();
  }

  resume(): void {
    this.director.resume();
    this.wake();
  }

  /**
   * Steps time by `ms` (real milliseconds, scaled by speed) in frames of `frameMs`, as the
   * ticker would, then renders once.
   */
  advance(ms: number, frameMs = 1000 / 60): void {
    this.assertAlive();
    const start = performance.now();
    let left = Math.max(0, ms);
    const frame = Math.max(1, frameMs);
    while (left > 0) {
      const step = Math.min(frame, left);
      this.director.frame(step);
      left -= step;
    }
    this.app.render();
    this.record(performance.now() - start);
  }

  /** Renders the current state once, without moving time. */
  render(): void {
    if (!this.isDestroyed) this.app.render();
  }

  stats(): EngineStats {
    const { width, height } = this.director.size;
    return {
      ...this.director.stats(),
      speed: this.speed,
      pace: this.pace,
      frozen: this.frozen,
      scene: this.director.scene?.name ?? null,
      width,
      height,
      resolution: this.resolution,
    };
  }

  resetStats(): void {
    this.director.resetStats();
  }

  /** Live resources of the engine and its scene (for the leak checks). */
  resourceCounts(): { textures: number; items: number; fonts: number; managedTextures: number; tickerListeners: number } {
    const scene = this.sceneResources?.counts() ?? { textures: 0, items: 0, fonts: 0 };
    const renderer = this.app.renderer as Renderer | null;
    const managed =
      renderer && 'texture' in renderer ? (renderer.texture as { managedTextures?: readonly unknown[] }).managedTextures : undefined;
    // Removed entries stay as nulls in pixi's hash.
    return { ...scene, managedTextures: managed?.filter(Boolean).length ?? 0, tickerListeners: this.app.ticker?.count ?? 0 };
  }

  /**
   * Frees every scene, texture, graphics context, font, ticker listener and observer the
   * engine created; an engine that created its Application also destroys it and removes
   * the canvas from the page.
   */
  destroy(): void {
    if (this.isDestroyed) return;
    this.isDestroyed = true;
    liveEngines -= 1;
    this.observer?.disconnect();
    const ticker = this.app.ticker as Ticker | null;
    ticker?.remove(this.onFrameStart);
    ticker?.remove(this.onFrameEnd);
    this.clearScene();
    this.director.destroy();
    if (this.ownsApp) {
      // Parked for the next engine: stopped, off the page, an empty stage.
      ticker?.stop();
      this.app.canvas.remove();
      if (this.app.stage.children.length > 0) this.app.stage.removeChildren().forEach((child) => child.destroy(DESTROY_TREE));
      // One render of the empty stage (off the page): pixi's draw lists drop the scene's objects.
      this.app.render();
      park(this.app, this.resolution, this.antialias);
    } else {
      if (this.app.canvas) this.app.canvas.style.cssText = this.canvasStyle;
      // The owner destroys the Application right after this (@pixi/react does it in the same
      // commit, without releasing pixi's global pools); pooled batches and textures of a dead
      // context would break the next Application, so they are released once it is gone.
      if (liveEngines === 0 && parked === null)
        queueMicrotask(() => {
          if (liveEngines === 0 && parked === null) GlobalResourceRegistry.release();
        });
    }
  }

  private readonly onFrameStart = (ticker: Ticker): void => {
    this.frameStart = performance.now();
    this.director.frame(ticker.elapsedMS);
  };

  private readonly onFrameEnd = (): void => {
    this.record(performance.now() - this.frameStart);
    // At rest the page keeps the last frame and the engine draws none (a phone's battery, and
    // SwiftShader's CPU in a test browser); the next change wakes it.
    if (this.mode === 'ticker' && this.director.scene?.resting === true) this.app.ticker.stop();
  };

  /**
   * Draws frames again after a rest: every call of a game's handle, a resize, a new pace or
   * scene comes through here, so a change is never left undrawn. The scene's idle motion
   * plays again for a while.
   */
  wake(): void {
    if (this.isDestroyed || this.mode !== 'ticker' || this.frozen) return;
    this.director.scene?.stir?.();
    if (!this.app.ticker.started) this.app.ticker.start();
  }

  private record(workMs: number): void {
    if (this.warmupFrames > 0) this.warmupFrames -= 1;
    else this.director.recordWork(workMs);
  }

  private fit(): void {
    if (this.isDestroyed) return;
    const width = Math.max(1, Math.round(this.host.clientWidth));
    const height = Math.max(1, Math.round(this.host.clientHeight));
    const current = this.director.size;
    if (width === current.width && height === current.height) return;
    this.app.renderer.resize(width, height);
    this.director.resize(width, height);
    this.renderIfIdle();
    this.wake();
  }

  private underlay(): HTMLDivElement {
    this.assertAlive();
    if (!this.underlayElement) {
      const layer = document.createElement('div');
      Object.assign(layer.style, {
        position: 'absolute',
        left: '0',
        top: '0',
        width: '100%',
        height: '100%',
        overflow: 'hidden',
        pointerEvents: 'none',
      });
      const canvas = this.app.canvas;
      if (canvas.parentElement === this.host) this.host.insertBefore(layer, canvas);
      else this.host.prepend(layer);
      this.underlayElement = layer;
    }
    return this.underlayElement;
  }

  /** Without a running ticker (manual clock, frozen, at rest) nothing else would draw the change. */
  private renderIfIdle(): void {
    if (this.isDestroyed) return;
    if (this.mode === 'manual' || !this.app.ticker.started || this.frozen) this.app.render();
  }

  private assertAlive(): void {
    if (this.isDestroyed) throw new Error('engine destroyed');
  }
}
