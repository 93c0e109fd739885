import { BitmapFontManager, Container, Sprite, TextStyle } from 'pixi.js';

/**
 * A one-line bitmap text drawn as one sprite per glyph, for text that changes on every frame
 * (the roll's counter). pixi's BitmapText rebuilds a graphics context for each new text and
 * the render group's draw list with it; here a new text only swaps glyph textures (all on
 * the font's page, so the draw list stays) and moves the sprites. Glyphs are placed as
 * BitmapText places them (same layout, same rounding), centred on the view's origin.
 */
export class GlyphLine {
  readonly view = new Container();
  readonly style: TextStyle;
  private readonly sprites: Sprite[] = [];
  private current = '';

  constructor(fontFamily: string, fontSize: number, capacity: number) {
    this.style = new TextStyle({ fontFamily, fontSize });
    const font = BitmapFontManager.getFont('0', this.style);
    const first = font.chars['0']?.texture;
    for (let i = 0; i < capacity; i++) {
      const sprite = new Sprite(first);
      sprite.scale.set(0);
      this.sprites.push(sprite);
      this.view.addChild(sprite);
    }
  }

  get text(): string {
    return this.current;
  }

  set text(value: string) {
    if (value === this.current) return;
    this.current = value;
    this.place();
  }

  set fontSize(size: number) {
    if (size === this.style.fontSize) return;
    this.style.fontSize = size;
    this.place();
  }

  /** Positions as AbstractBitmapTextPipe draws a BitmapText with anchor 0.5 (pixi 8.22). */
  private place(): void {
    const text = this.current;
    const style = this.style;
    const font = BitmapFontManager.getFont(text, style);
    const layout = BitmapFontManager.getLayout(text, style, true);
    const scale = layout.scale;
    const padding = style.padding;
    const left = -0.5 * layout.width - padding;
    const top = -0.5 * (layout.height + layout.offsetY) - padding;
    const lineHeight = font.lineHeight;
    let shift = (lineHeight - font.fontMetrics.fontSize) / 2;
    if (shift - font.baseLineOffset < 0) shift = 0;
    const line = layout.lines[0];
    let used = 0;
    if (line) {
      for (let j = 0; j < line.chars.length && used < this.sprites.length; j++) {
        const data = font.chars[line.chars[j] ?? ''];
        const sprite = this.sprites[used];
        if (!data?.texture || !sprite) continue;
        sprite.texture = data.texture;
        sprite.position.set(
          scale * (Math.round((line.charPositions[j] ?? 0) + data.xOffset) + left),
          scale * (Math.round(font.baseLineOffset + data.yOffset + shift) + top),
        );
        sprite.scale.set(scale);
        used += 1;
      }
    }
    for (let i = used; i < this.sprites.length; i++) this.sprites[i]?.scale.set(0);
  }
}
