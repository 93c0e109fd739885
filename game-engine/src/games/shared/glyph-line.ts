import { BitmapFontManager, Container, Sprite, TextStyle, type BitmapFont } from 'pixi.js';

/** Every line's view, to the line: what `drawnLabels` reads. */
const lines = new WeakMap<Container, GlyphLine>();

/** A space the font has no glyph for (a no-break space in a grouped number) takes a space's room. */
const SPACES = /^[\s\u00a0\u2007\u202f]$/;

export interface GlyphLineOptions {
  /** Extra room after every glyph, px (BitmapText's letterSpacing). */
  letterSpacing?: number;
  /** The point of the text at the view's origin, 0..1 each way (BitmapText's anchor); centre by default. */
  anchorX?: number;
  anchorY?: number;
  /** The text shown first. */
  text?: string;
}

/**
 * A one-line bitmap text drawn as one sprite per glyph: every text the scenes print. pixi's
 * BitmapText draws through a graphics context of its own (a separate pipe that breaks the
 * sprite batch), rebuilds it and the render group's draw list for each new text, and keeps an
 * entry per text and style in pixi's global layout cache and its renderer's hash (keyed by a
 * uid that grows with every mount). Here a new text only swaps glyph textures (all on the
 * font's page, so the batch and the draw list stay) and moves the sprites.
 *
 * The layout is computed here from the font's glyph metrics, without pixi's text layout per
 * new text (a grapheme segmenter pass, two font look-ups, a layout object and an LRU entry for
 * every value a counter shows). It is BitmapText's layout for one line (pixi 8.22
 * getBitmapTextLayout: advances, kerning, letter spacing, left aligned) and glyphs are placed
 * as AbstractBitmapTextPipe places them (same anchor, same rounding). Characters the font
 * lacks take no room, spaces take their advance. Tint, alpha and scale go on `view`.
 */
export class GlyphLine {
  readonly view = new Container();
  readonly style: TextStyle;
  private readonly font: BitmapFont;
  private readonly sprites: Sprite[] = [];
  /** Glyph x positions of the current text (font units), reused. */
  private readonly positions: Float64Array;
  private current = '';
  private readonly anchorX: number;
  private readonly anchorY: number;
  /** Width of the current text in font units. */
  private lineWidth = 0;

  /** `capacity`: the most glyphs (spaces excluded) a text of this line will have. */
  constructor(fontFamily: string, fontSize: number, capacity: number, options: GlyphLineOptions = {}) {
    this.style = new TextStyle({ fontFamily, fontSize, letterSpacing: options.letterSpacing ?? 0 });
    this.anchorX = options.anchorX ?? 0.5;
    this.anchorY = options.anchorY ?? 0.5;
    // An installed font: every glyph the scenes print is already on its page.
    this.font = BitmapFontManager.getFont('0', this.style);
    this.positions = new Float64Array(capacity);
    const first = this.font.chars['0']?.texture;
    for (let i = 0; i < capacity; i++) {
      const sprite = new Sprite(first);
      sprite.scale.set(0);
      this.sprites.push(sprite);
      this.view.addChild(sprite);
    }
    if (options.text) this.text = options.text;
    lines.set(this.view, this);
  }

  /** Width of the text as drawn (before the view's scale), px. */
  get width(): number {
    return this.lineWidth * (this.style.fontSize / this.font.baseMeasurementFontSize);
  }

  get text(): string {
    return this.current;
  }

  set text(value: string) {
    if (value === this.current) return;
    this.current = value;
    this.place();
  }

  get fontSize(): number {
    return this.style.fontSize;
  }

  set fontSize(size: number) {
    if (size === this.style.fontSize) return;
    this.style.fontSize = size;
    this.place();
  }

  private place(): void {
    const text = this.current;
    const style = this.style;
    const font = this.font;
    const chars = font.chars;
    const sprites = this.sprites;
    const positions = this.positions;
    const letterSpacing = style.letterSpacing * (font.baseMeasurementFontSize / style.fontSize);
    // Pass 1: glyph positions along the line and its width (font units).
    let width = 0;
    let previous = '';
    let used = 0;
    for (let i = 0; i < text.length; i++) {
      const char = text.charAt(i);
      const data = chars[char] ?? (SPACES.test(char) ? chars[' '] : undefined);
      if (data) {
        const kerning = (previous && data.kerning?.[previous]) || 0;
        if (data.texture && used < sprites.length) positions[used++] = width + kerning;
        width += data.xAdvance + kerning + letterSpacing;
      }
      previous = char;
    }
    // Pass 2: as the bitmap text pipe draws it, anchored at the centre.
    const scale = style.fontSize / font.baseMeasurementFontSize;
    const padding = style.padding;
    const lineHeight = style.lineHeight ? style.lineHeight / scale : font.lineHeight;
    this.lineWidth = width;
    const left = -this.anchorX * width - padding;
    const top = -this.anchorY * (lineHeight + font.baseLineOffset) - padding;
    let shift = (font.lineHeight - font.fontMetrics.fontSize) / 2;
    if (shift - font.baseLineOffset < 0) shift = 0;
    let index = 0;
    for (let i = 0; i < text.length && index < used; i++) {
      const char = text.charAt(i);
      const data = chars[char] ?? (SPACES.test(char) ? chars[' '] : undefined);
      if (!data?.texture) continue;
      const sprite = sprites[index];
      const x = positions[index] ?? 0;
      index += 1;
      if (!sprite) continue;
      sprite.texture = data.texture;
      sprite.position.set(
        scale * (Math.round(x + data.xOffset) + left),
        scale * (Math.round(font.baseLineOffset + data.yOffset + shift) + top),
      );
      sprite.scale.set(scale);
    }
    for (let i = index; i < sprites.length; i++) sprites[i]?.scale.set(0);
  }
}

/** True when `view` and every parent up to `root` shows (visible, not shrunk to nothing, not transparent). */
function shows(view: Container, root: Container): boolean {
  for (let node: Container | null = view; node; node = node.parent) {
    if (!node.visible || node.alpha <= 0 || node.scale.x === 0 || node.scale.y === 0) return false;
    if (node === root) return true;
  }
  return false;
}

/**
 * The texts of the lines drawn under `root` now (shown, not empty), in drawing order: what
 * the player reads on the canvas, for tests and tools.
 */
export function drawnLabels(root: Container): string[] {
  const out: string[] = [];
  const visit = (node: Container): void => {
    const line = lines.get(node);
    if (line) {
      if (line.text.trim() !== '' && shows(node, root)) out.push(line.text);
      return;
    }
    for (const child of node.children) visit(child);
  };
  visit(root);
  return out;
}
