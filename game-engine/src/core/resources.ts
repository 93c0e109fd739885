import { BitmapFont, CanvasSource, Texture, type BitmapFontInstallOptions } from 'pixi.js';

type Destroyable = { destroy(): void; destroyed?: boolean };

/**
 * Bitmap fonts are global in pixi (its Cache and a 1000-entry layout cache keyed by font
 * name), so a font is installed once per name while any engine uses it and uninstalled with
 * its last user; names are stable, so remounting does not grow pixi's caches.
 */
const fontUsers = new Map<string, number>();

/**
 * Everything a scene or the engine creates on the GPU side goes through one bag, so that
 * `destroy()` can free all of it: canvas-drawn textures, graphics contexts, gradients and
 * bitmap fonts. Art is drawn with the 2D canvas API (anti-aliased, gradients, shadows) once,
 * then shown as sprites, which keeps frames cheap and the renderer free of MSAA.
 */
export class ResourceBag {
  private readonly textures = new Set<Texture>();
  private readonly canvases = new Set<HTMLCanvasElement>();
  private readonly items = new Set<Destroyable>();
  private readonly fonts = new Set<string>();
  private isDestroyed = false;

  constructor(readonly resolution: number) {}

  get destroyed(): boolean {
    return this.isDestroyed;
  }

  /** A texture `width` x `height` (logical pixels) drawn by `draw` on a 2D canvas at the bag's resolution. */
  canvasTexture(
    width: number,
    height: number,
    draw: (ctx: CanvasRenderingContext2D, width: number, height: number) => void,
    options: { resolution?: number; mipmaps?: boolean } = {},
  ): Texture {
    this.assertAlive();
    const resolution = options.resolution ?? this.resolution;
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.ceil(width * resolution));
    canvas.height = Math.max(1, Math.ceil(height * resolution));
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2D canvas is not available');
    ctx.scale(canvas.width / width, canvas.height / height);
    draw(ctx, width, height);
    const source = new CanvasSource({
      resource: canvas,
      resolution,
      autoGenerateMipmaps: options.mipmaps ?? false,
      scaleMode: 'linear',
    });
    const texture = new Texture({ source });
    this.textures.add(texture);
    this.canvases.add(canvas);
    return texture;
  }

  /** Frees `texture` now (a texture redrawn on resize); it must come from this bag. */
  releaseTexture(texture: Texture): void {
    if (!this.textures.delete(texture)) return;
    const canvas = texture.source.resource as unknown;
    texture.destroy(true);
    if (canvas instanceof HTMLCanvasElement && this.canvases.delete(canvas)) {
      canvas.width = 0;
      canvas.height = 0;
    }
  }

  /** Keeps `item` (a GraphicsContext, FillGradient, Graphics…) until the bag is destroyed. */
  track<T extends Destroyable>(item: T): T {
    this.assertAlive();
    this.items.add(item);
    return item;
  }

  release(item: Destroyable): void {
    if (this.items.delete(item) && !item.destroyed) item.destroy();
  }

  /**
   * Installs the bitmap font `name` (shared by every engine on the page while one uses it)
   * and returns the name to use as `fontFamily`. Bitmap text is what changes every frame
   * (counters), so it must not re-rasterise a canvas per frame.
   */
  installFont(name: string, options: Omit<BitmapFontInstallOptions, 'name'>): string {
    this.assertAlive();
    if (this.fonts.has(name)) return name;
    const users = fontUsers.get(name) ?? 0;
    if (users === 0) BitmapFont.install({ ...options, name });
    fontUsers.set(name, users + 1);
    this.fonts.add(name);
    return name;
  }

  /** Live resources held (for tests and the leak check). */
  counts(): { textures: number; items: number; fonts: number } {
    return { textures: this.textures.size, items: this.items.size, fonts: this.fonts.size };
  }

  destroy(): void {
    if (this.isDestroyed) return;
    this.isDestroyed = true;
    for (const item of this.items) if (!item.destroyed) item.destroy();
    this.items.clear();
    for (const texture of this.textures) texture.destroy(true);
    this.textures.clear();
    // Canvas memory is freed by the browser only once the pixels are gone (iOS counts it).
    for (const canvas of this.canvases) {
      canvas.width = 0;
      canvas.height = 0;
    }
    this.canvases.clear();
    for (const name of this.fonts) {
      const users = (fontUsers.get(name) ?? 1) - 1;
      if (users > 0) {
        fontUsers.set(name, users);
      } else {
        fontUsers.delete(name);
        BitmapFont.uninstall(name);
      }
    }
    this.fonts.clear();
  }

  private assertAlive(): void {
    if (this.isDestroyed) throw new Error('resource bag already destroyed');
  }
}
