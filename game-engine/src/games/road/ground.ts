import { paintCanvas } from '../../core/resources';
import { css, palette } from '../shared/theme';

export interface GroundLayout {
  width: number;
  /** The view's height. */
  height: number;
  laneH: number;
  lanes: number;
  startH: number;
  finishH: number;
  resolution: number;
}

/** World band painted by one piece, [top, bottom) in world y (0 = the start line, up is negative). */
interface Band {
  top: number;
  bottom: number;
}

/**
 * The road's still ground (pavements, asphalt, lane markings, curbs, the finish band), drawn
 * with the 2D canvas API on the page under the WebGL canvas and moved with the camera by a
 * CSS transform. WebGL used to fill it, over a screen and a third of pixels, on every frame;
 * the page composites it instead. Three pieces: the start pavement, the finish pavement, and
 * between them the lanes as one repeated tile of two lanes (the markings repeat every two).
 */
export class RoadGround {
  private readonly root = document.createElement('div');
  private readonly lanes = document.createElement('div');
  private readonly start = document.createElement('canvas');
  private readonly finish = document.createElement('canvas');
  private readonly tile = document.createElement('canvas');
  private x = Number.NaN;
  private y = Number.NaN;

  constructor(parent: HTMLElement) {
    Object.assign(this.root.style, { position: 'absolute', left: '0', top: '0', width: '100%', height: '0', willChange: 'transform' });
    for (const piece of [this.lanes, this.start, this.finish]) {
      piece.style.position = 'absolute';
      piece.style.left = '0';
    }
    Object.assign(this.lanes.style, { backgroundRepeat: 'repeat-y', backgroundPosition: '0 100%' });
    // Pavements over the lanes: the curbs cover the seams of the tile at both ends.
    this.root.append(this.lanes, this.start, this.finish);
    parent.appendChild(this.root);
  }

  layout(layout: GroundLayout): void {
    const { width, laneH: h, lanes: n, startH, finishH, resolution } = layout;
    const roadTop = -n * h;
    // The camera never shows more than a pavement's height past either end; shakes add a little.
    const margin = Math.ceil(h * 0.2) + 8;
    const start: Band = { top: -8, bottom: startH + margin };
    const finish: Band = { top: roadTop - finishH - margin, bottom: roadTop + 8 };
    this.paint(this.start, start, layout);
    this.paint(this.finish, finish, layout);
    // Two lanes (0 at the bottom, 1 above), with the markings of lanes 0..2 so the tile repeats.
    paintCanvas(
      this.tile,
      width,
      2 * h,
      (ctx) => {
        ctx.translate(0, 2 * h);
        drawGround(ctx, layout, { top: -2 * h, bottom: 0 }, true);
      },
      resolution,
    );
    Object.assign(this.lanes.style, {
      top: `${roadTop}px`,
      width: `${width}px`,
      height: `${n * h}px`,
      backgroundImage: `url("${this.tile.toDataURL('image/png')}")`,
      backgroundSize: `${width}px ${2 * h}px`,
    });
    this.tile.width = 0;
    this.tile.height = 0;
  }

  /** Moves the ground with the world (its position on the canvas, CSS pixels). */
  place(x: number, y: number): void {
    if (x === this.x && y === this.y) return;
    this.x = x;
    this.y = y;
    this.root.style.transform = `translate(${x}px, ${y}px)`;
  }

  /** Frees the pictures' memory (the engine removes the layer with the scene). */
  destroy(): void {
    for (const canvas of [this.start, this.finish, this.tile]) {
      canvas.width = 0;
      canvas.height = 0;
    }
    this.lanes.style.backgroundImage = '';
    this.root.remove();
  }

  private paint(canvas: HTMLCanvasElement, band: Band, layout: GroundLayout): void {
    paintCanvas(
      canvas,
      layout.width,
      band.bottom - band.top,
      (ctx) => {
        ctx.translate(0, -band.top);
        drawGround(ctx, layout, band, false);
      },
      layout.resolution,
    );
    Object.assign(canvas.style, { top: `${band.top}px`, width: `${layout.width}px`, height: `${band.bottom - band.top}px` });
  }
}

/**
 * The whole ground in world coordinates (the canvas clips to the piece being painted);
 * `tile` draws the markings of every lane boundary, as the repeated tile needs.
 */
function drawGround(ctx: CanvasRenderingContext2D, layout: GroundLayout, band: Band, tile: boolean): void {
  const { width, height, laneH: h, lanes: n, startH, finishH } = layout;
  const rect = (x: number, y: number, w: number, hh: number, color: number, alpha = 1): void => {
    if (y + hh < band.top || y > band.bottom) return;
    ctx.fillStyle = css(color, alpha);
    ctx.fillRect(x, y, w, hh);
  };
  const roadTop = -n * h;
  const far = Math.max(height, 600) * 2;
  // Start pavement and below.
  rect(0, 0, width, far, 0x242c4d);
  for (let y = 14; y < startH + height; y += 34) rect(0, y, width, 1.5, 0xffffff, 0.05);
  for (let x = 17; x < width; x += 34) rect(x, 0, 1.5, startH + height, 0xffffff, 0.04);
  // Lanes.
  const lanes = tile ? 2 : n;
  for (let i = 0; i < lanes; i++) {
    const top = -(i + 1) * h;
    rect(0, top, width, h, i % 2 ? 0x1a2140 : 0x1c2446);
    // Worn wheel tracks and a soft shadow under the upper divider give the asphalt depth.
    rect(0, top + h * 0.22, width, h * 0.1, 0x000000, 0.07);
    rect(0, top + h * 0.68, width, h * 0.1, 0x000000, 0.07);
    rect(0, top, width, 5, 0x000000, 0.16);
  }
  // Markings between lanes (the tile also carries those of its edges, lanes 0 and 2).
  const [from, to] = tile ? [0, 2] : [1, n - 1];
  for (let i = from; i <= to; i++) {
    const y = -i * h;
    for (let x = -10 + (i % 2) * 22; x < width; x += 46) rect(x, y - 1.5, 24, 3, 0xffffff, 0.22);
  }
  if (tile) return;
  // Curbs.
  rect(0, -3, width, 8, 0x3a467a);
  rect(0, -5, width, 3, palette.gold, 0.8);
  rect(0, roadTop - 5, width, 8, 0x3a467a);
  rect(0, roadTop + 2, width, 3, palette.gold, 0.8);
  // Finish pavement: a checkered band, then the far side.
  const finishTop = roadTop - finishH;
  rect(0, finishTop - far, width, far + finishH - 5, 0x242c4d);
  const square = Math.max(10, Math.round(h * 0.16));
  const bandY = roadTop - finishH * 0.5 - square;
  for (let row = 0; row < 2; row++) {
    for (let x = 0, k = 0; x < width; x += square, k++) {
      rect(x, bandY + row * square, square, square, (k + row) % 2 ? 0x0c1226 : palette.gold);
    }
  }
  rect(0, bandY - 2, width, 2, palette.goldLight, 0.6);
  rect(0, bandY + square * 2, width, 2, palette.goldLight, 0.6);
}
