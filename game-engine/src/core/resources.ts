import {
  BitmapFont,
  BufferImageSource,
  Cache,
  CanvasSource,
  Rectangle,
  Texture,
  type BitmapFontInstallOptions,
  type Renderer,
  type TextureSource,
} from 'pixi.js';

type Destroyable = { destroy(): void; destroyed?: boolean };

type Draw = (ctx: CanvasRenderingContext2D, width: number, height: number) => void;

/** One picture of an atlas: its logical size and how to draw it (at 0,0). */
export interface AtlasFrame {
  width: number;
  height: number;
  draw: Draw;
}

/**
 * A canvas `width` x `height` (logical pixels) at `resolution`, drawn by `draw`; not kept by
 * anything (a backdrop handed to the page, for one).
 */
export function drawCanvas(width: number, height: number, draw: Draw, resolution = 1): HTMLCanvasElement {
  return paintCanvas(document.createElement('canvas'), width, height, draw, resolution);
}

/** Sizes `canvas` to `width` x `height` logical pixels at `resolution` and draws it anew. */
export function paintCanvas(canvas: HTMLCanvasElement, width: number, height: number, draw: Draw, resolution = 1): HTMLCanvasElement {
  canvas.width = Math.max(1, Math.ceil(width * resolution));
  canvas.height = Math.max(1, Math.ceil(height * resolution));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas is not available');
  ctx.setTransform(canvas.width / width, 0, 0, canvas.height / height, 0, 0);
  draw(ctx, width, height);
  return canvas;
}

/** Gap between atlas frames, logical pixels: mipmaps of one frame must not sample the next. */
const ATLAS_GAP = 6;

/** Widest sheet, logical pixels (phones take 4096-pixel textures; this is 2048 at 2x). */
const SHEET_MAX = 1024;

/** A picture waiting for its place on a sheet (see `ResourceBag.seal`). */
interface Pending {
  texture: Texture;
  width: number;
  height: number;
  draw: Draw;
}

/**
 * Bitmap fonts are global in pixi (its Cache, keyed by font name), so a font is installed
 * once per name while any scene uses it. Without users it lingers `FONT_LINGER_MS` for the
 * next scene (another game screen, a remount): installing rasterises every glyph again on
 * the mount's frame, and each new install leaves its glyph measurements in pixi's text
 * caches (1000 entries, keyed by a style id that is new on every install) and a new page
 * texture in the renderer's bookkeeping. `releaseIdleFonts()` uninstalls the idle ones now.
 */
const fontUsers = new Map<string, number>();
const idleFonts = new Map<string, ReturnType<typeof setTimeout>>();
const FONT_LINGER_MS = 30_000;

function uninstallFont(name: string): void {
  const timer = idleFonts.get(name);
  if (timer !== undefined) clearTimeout(timer);
  idleFonts.delete(name);
  BitmapFont.uninstall(name);
}

/** Uninstalls every font no scene uses any more (see `FONT_LINGER_MS`). */
export function releaseIdleFonts(): void {
  for (const name of [...idleFonts.keys()]) uninstallFont(name);
}

/**
 * Everything a scene or the engine creates on the GPU side goes through one bag, so that
 * `destroy()` can free all of it: canvas-drawn textures, graphics contexts, gradients and
 * bitmap fonts. Art is drawn with the 2D canvas API (anti-aliased, gradients, shadows) once,
 * then shown as sprites, which keeps frames cheap and the renderer free of MSAA.
 */
export class ResourceBag {
  private readonly textures = new Set<Texture>();
  /** Frame textures cut from an atlas (their source belongs to a texture in `textures`). */
  private readonly frames = new Set<Texture>();
  /**
   * Pictures asked for before `seal()`, by mipmapping: they are drawn together on one sheet
   * per kind when the scene is built.
   */
  private pending: { plain: Pending[]; mipmapped: Pending[]; additive: Pending[] } | null = { plain: [], mipmapped: [], additive: [] };
  /** The picture behind each waiting texture, and the additive copies made of them. */
  private readonly pictures = new Map<Texture, Pending>();
  private readonly additives = new Map<Texture, Texture>();
  private readonly canvases = new Set<HTMLCanvasElement>();
  private readonly items = new Set<Destroyable>();
  private readonly fonts = new Set<string>();
  private isDestroyed = false;

  constructor(readonly resolution: number) {}

  get destroyed(): boolean {
    return this.isDestroyed;
  }

  /**
   * A texture `width` x `height` (logical pixels) drawn by `draw` on a 2D canvas at the bag's
   * resolution. Until `seal()` the picture goes on the scene's sheet: the texture is usable at
   * once (its size is known), its pixels come with `seal()`.
   */
  canvasTexture(width: number, height: number, draw: Draw, options: { resolution?: number; mipmaps?: boolean } = {}): Texture {
    this.assertAlive();
    if (this.pending && (options.resolution === undefined || options.resolution === this.resolution)) {
      return this.later(width, height, draw, options.mipmaps ?? false);
    }
    const resolution = options.resolution ?? this.resolution;
    const canvas = drawCanvas(width, height, draw, resolution);
    return this.own(canvas, resolution, options.mipmaps ?? false);
  }

  /**
   * Several pictures on ONE texture source, side by side, each returned as its own texture.
   * A sprite that switches between them (a coin's two faces, a cover's states, car paints)
   * then stays in its batch: in pixi a texture from another source makes the renderer
   * rebuild the whole render group's draw list on that frame.
   */
  canvasAtlas(frames: readonly AtlasFrame[], options: { mipmaps?: boolean } = {}): Texture[] {
    this.assertAlive();
    // Before `seal()` every picture shares the scene's sheet anyway.
    if (this.pending) return frames.map((frame) => this.later(frame.width, frame.height, frame.draw, options.mipmaps ?? false));
    const resolution = this.resolution;
    const width = frames.reduce((sum, frame) => sum + Math.ceil(frame.width) + ATLAS_GAP, ATLAS_GAP);
    const height = frames.reduce((tallest, frame) => Math.max(tallest, Math.ceil(frame.height)), 0) + ATLAS_GAP * 2;
    const slots: number[] = [];
    const canvas = drawCanvas(
      width,
      height,
      (ctx) => {
        let x = ATLAS_GAP;
        for (const frame of frames) {
          slots.push(x);
          ctx.save();
          ctx.translate(x, ATLAS_GAP);
          ctx.beginPath();
          ctx.rect(0, 0, frame.width, frame.height);
          ctx.clip();
          frame.draw(ctx, frame.width, frame.height);
          ctx.restore();
          x += Math.ceil(frame.width) + ATLAS_GAP;
        }
      },
      resolution,
    );
    const sheet = this.own(canvas, resolution, options.mipmaps ?? false);
    return frames.map((frame, i) => {
      const texture = new Texture({ source: sheet.source, frame: new Rectangle(slots[i] ?? 0, ATLAS_GAP, frame.width, frame.height) });
      this.frames.add(texture);
      return texture;
    });
  }

  private later(width: number, height: number, draw: Draw, mipmaps: boolean, additive = false): Texture {
    // Its own `orig` (pixi would share the frame): the size stays when the frame moves to the sheet.
    const texture = new Texture({
      source: Texture.EMPTY.source,
      frame: new Rectangle(0, 0, width, height),
      orig: new Rectangle(0, 0, width, height),
    });
    const picture = { texture, width, height, draw };
    (additive ? this.pending?.additive : mipmaps ? this.pending?.mipmapped : this.pending?.plain)?.push(picture);
    this.pictures.set(texture, picture);
    this.frames.add(texture);
    return texture;
  }

  /**
   * The picture of `texture` (asked for before `seal()`) made for additive light drawn with
   * pixi's normal blending: premultiplied colour with zero alpha. Normal blending then adds
   * the colour and keeps what is under it (src + dst * (1 - 0)), exactly what the engine's
   * 'add' does (colour added, destination alpha kept), so glows need no blend mode of their
   * own: in pixi a sprite whose blend mode differs from its neighbour's ends the batch, and
   * glows between normal sprites cost a draw call (and a blend switch) each, every frame.
   * Tint and alpha scale the light as before. Null once the bag is sealed.
   */
  additive(texture: Texture): Texture | null {
    const made = this.additives.get(texture);
    if (made) return made;
    const picture = this.pictures.get(texture);
    if (!picture || !this.pending) return null;
    const copy = this.later(picture.width, picture.height, picture.draw, false, true);
    this.additives.set(texture, copy);
    return copy;
  }

  /**
   * Draws the pictures asked for so far on one sheet per kind (plain, mipmapped) and points
   * their textures at it; later pictures get textures of their own. The engine calls it once
   * the scene is built. A scene's sprites then sample two or three texture sources in all:
   * pixi's batches bind the same few every frame instead of re-binding up to eight units
   * (and breaking batches) as art from a dozen canvases alternates.
   */
  seal(): void {
    const pending = this.pending;
    if (!pending || this.isDestroyed) return;
    this.pending = null;
    this.pictures.clear();
    this.drawSheet(pending.plain, false);
    this.drawSheet(pending.mipmapped, true);
    this.drawSheet(pending.additive, false, true);
  }

  private drawSheet(items: Pending[], mipmaps: boolean, additive = false): void {
    if (items.length === 0) return;
    // Shelves: tallest first, rows as wide as a square of the total area would be.
    const area = items.reduce((sum, item) => sum + (Math.ceil(item.width) + ATLAS_GAP) * (Math.ceil(item.height) + ATLAS_GAP), 0);
    const widest = items.reduce((max, item) => Math.max(max, Math.ceil(item.width)), 0);
    const sheetWidth = Math.min(SHEET_MAX, Math.max(widest + ATLAS_GAP * 2, Math.ceil(Math.sqrt(area) * 1.15)));
    const order = [...items].sort((a, b) => b.height - a.height || b.width - a.width);
    const slots = new Map<Pending, { x: number; y: number }>();
    let x = ATLAS_GAP;
    let y = ATLAS_GAP;
    let row = 0;
    for (const item of order) {
      const w = Math.ceil(item.width);
      const h = Math.ceil(item.height);
      if (x + w + ATLAS_GAP > sheetWidth && x > ATLAS_GAP) {
        x = ATLAS_GAP;
        y += row + ATLAS_GAP;
        row = 0;
      }
      slots.set(item, { x, y });
      x += w + ATLAS_GAP;
      row = Math.max(row, h);
    }
    const sheetHeight = y + row + ATLAS_GAP;
    if (sheetWidth > SHEET_MAX || sheetHeight > SHEET_MAX) {
      // Too much for one texture: each picture gets its own.
      for (const item of items) {
        const canvas = drawCanvas(item.width, item.height, item.draw, this.resolution);
        if (additive) this.adopt(item.texture, this.ownAdditive(canvas), 0, 0, this.resolution);
        else this.adopt(item.texture, this.own(canvas, this.resolution, mipmaps), 0, 0);
      }
      return;
    }
    const canvas = drawCanvas(
      sheetWidth,
      sheetHeight,
      (ctx) => {
        for (const item of items) {
          const slot = slots.get(item);
          if (!slot) continue;
          ctx.save();
          ctx.translate(slot.x, slot.y);
          ctx.beginPath();
          ctx.rect(0, 0, item.width, item.height);
          ctx.clip();
          item.draw(ctx, item.width, item.height);
          ctx.restore();
        }
      },
      this.resolution,
    );
    const sheet = additive ? this.ownAdditive(canvas) : this.own(canvas, this.resolution, mipmaps);
    // The additive sheet is counted in pixels (see ownAdditive).
    const scale = additive ? this.resolution : 1;
    for (const item of items) {
      const slot = slots.get(item);
      if (slot) this.adopt(item.texture, sheet, slot.x, slot.y, scale);
    }
  }

  /**
   * Points a waiting texture at its place on `sheet`, `scale` sheet units per logical pixel;
   * its size (what sprites are sized by) stays.
   */
  private adopt(texture: Texture, sheet: Texture, x: number, y: number, scale = 1): void {
    if (texture.destroyed) return;
    const frame = texture.frame;
    frame.x = x * scale;
    frame.y = y * scale;
    frame.width = texture.orig.width * scale;
    frame.height = texture.orig.height * scale;
    texture.source = sheet.source;
    texture.update();
  }

  /** The canvas's pixels as additive light (premultiplied colour, zero alpha); the canvas is freed. */
  private ownAdditive(canvas: HTMLCanvasElement): Texture {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2D canvas is not available');
    const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const light = new Uint8Array(pixels.length);
    for (let i = 0; i < pixels.length; i += 4) {
      const alpha = pixels[i + 3] ?? 0;
      light[i] = Math.round(((pixels[i] ?? 0) * alpha) / 255);
      light[i + 1] = Math.round(((pixels[i + 1] ?? 0) * alpha) / 255);
      light[i + 2] = Math.round(((pixels[i + 2] ?? 0) * alpha) / 255);
    }
    // Resolution 1, sized in pixels: pixi 8.22 uploads buffer sources `width` x `height`
    // (not pixelWidth), so its frames on this sheet are in pixels too (see `adopt`).
    const source = new BufferImageSource({
      resource: light,
      width: canvas.width,
      height: canvas.height,
      resolution: 1,
      alphaMode: 'premultiplied-alpha',
      scaleMode: 'linear',
    });
    canvas.width = 0;
    canvas.height = 0;
    const texture = new Texture({ source });
    this.textures.add(texture);
    return texture;
  }

  private own(canvas: HTMLCanvasElement, resolution: number, mipmaps: boolean): Texture {
    const source = new CanvasSource({
      resource: canvas,
      resolution,
      autoGenerateMipmaps: mipmaps,
      scaleMode: 'linear',
    });
    const texture = new Texture({ source });
    this.textures.add(texture);
    this.canvases.add(canvas);
    return texture;
  }

  /** Uploads every texture the bag holds (and its fonts' pages), so no frame pays for a first upload. */
  prepare(renderer: Renderer): void {
    const system = (renderer as { texture?: { initSource?: (source: TextureSource) => unknown } }).texture;
    if (!system?.initSource) return;
    for (const texture of this.textures) if (!texture.destroyed) system.initSource(texture.source);
    for (const name of this.fonts) {
      const font = Cache.has(`${name}-bitmap`) ? Cache.get<{ pages?: ReadonlyArray<{ texture: Texture }> }>(`${name}-bitmap`) : null;
      for (const page of font?.pages ?? []) system.initSource(page.texture.source);
    }
  }

  /** Frees `texture` now (a texture redrawn on resize); it must come from this bag. */
  releaseTexture(texture: Texture): void {
    // A picture on a sheet: its place stays until the bag goes.
    if (this.frames.delete(texture)) {
      texture.destroy(false);
      return;
    }
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
    const lingering = idleFonts.get(name);
    if (lingering !== undefined) {
      clearTimeout(lingering);
      idleFonts.delete(name);
    } else if (users === 0) {
      BitmapFont.install({ ...options, name });
    }
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
    this.pending = null;
    this.pictures.clear();
    this.additives.clear();
    for (const item of this.items) if (!item.destroyed) item.destroy();
    this.items.clear();
    for (const texture of this.frames) texture.destroy(false);
    this.frames.clear();
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
        idleFonts.set(
          name,
          setTimeout(() => uninstallFont(name), FONT_LINGER_MS),
        );
      }
    }
    this.fonts.clear();
  }

  private assertAlive(): void {
    if (this.isDestroyed) throw new Error('resource bag already destroyed');
  }
}
