import type { Texture } from 'pixi.js';
import type { ResourceBag } from '../../core/resources';
import { css, palette } from '../shared/theme';

/** The cute hero: a round chick, facing the viewer. */
export function heroTexture(bag: ResourceBag, size = 96): Texture {
  return bag.canvasTexture(
    size,
    size,
    (ctx, s) => {
      const c = s / 2;
      const k = s / 96;
      // Feet.
      ctx.fillStyle = '#ff8a1f';
      for (const dx of [-12, 12]) {
        ctx.beginPath();
        ctx.ellipse(c + dx * k, c + 38 * k, 9 * k, 4.5 * k, 0, 0, Math.PI * 2);
        ctx.fill();
      }
      // Comb.
      ctx.fillStyle = '#ff4d6a';
      for (const [dx, r] of [
        [-7, 7],
        [1, 8.5],
        [9, 6.5],
      ] as const) {
        ctx.beginPath();
        ctx.arc(c + dx * k, c - 33 * k, r * k, 0, Math.PI * 2);
        ctx.fill();
      }
      // Body.
      const body = ctx.createRadialGradient(c - 12 * k, c - 16 * k, 4 * k, c, c, 38 * k);
      body.addColorStop(0, '#fff7c9');
      body.addColorStop(0.45, '#ffd84a');
      body.addColorStop(1, '#f0a914');
      ctx.fillStyle = body;
      ctx.beginPath();
      ctx.ellipse(c, c + 2 * k, 34 * k, 36 * k, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.strokeStyle = 'rgba(150,90,0,0.5)';
      ctx.lineWidth = 2 * k;
      ctx.stroke();
      // Wings.
      ctx.fillStyle = '#f4b524';
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.ellipse(c + side * 31 * k, c + 8 * k, 8 * k, 14 * k, side * 0.5, 0, Math.PI * 2);
        ctx.fill();
      }
      // Eyes.
      for (const side of [-1, 1]) {
        ctx.fillStyle = '#ffffff';
        ctx.beginPath();
        ctx.ellipse(c + side * 11 * k, c - 8 * k, 8 * k, 9 * k, 0, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = '#141a33';
        ctx.beginPath();
        ctx.arc(c + side * 10 * k, c - 6 * k, 4.8 * k, 0, Math.PI * 2);
        ctx.fill();
        ctx.fillStyle = '#ffffff';
        ctx.beginPath();
        ctx.arc(c + side * 8.4 * k, c - 8 * k, 1.8 * k, 0, Math.PI * 2);
        ctx.fill();
      }
      // Cheeks and beak.
      ctx.fillStyle = 'rgba(255,110,120,0.45)';
      for (const side of [-1, 1]) {
        ctx.beginPath();
        ctx.ellipse(c + side * 21 * k, c + 5 * k, 5 * k, 3 * k, 0, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.fillStyle = '#ff8a1f';
      ctx.beginPath();
      ctx.moveTo(c - 7 * k, c + 2 * k);
      ctx.lineTo(c + 7 * k, c + 2 * k);
      ctx.lineTo(c, c + 11 * k);
      ctx.closePath();
      ctx.fill();
    },
    { mipmaps: true },
  );
}

/** Every car paint (CAR_PAINTS) on one texture source, in that order. */
export function carTextures(bag: ResourceBag): Texture[] {
  return bag.canvasAtlas(
    CAR_PAINTS.map(([paint, dark]) => ({
      width: 120,
      height: 60,
      draw: (ctx: CanvasRenderingContext2D, w: number, h: number) => drawCar(ctx, w, h, paint, dark),
    })),
    { mipmaps: true },
  );
}

/** A car seen from above, facing right, in `color`. */
function drawCar(ctx: CanvasRenderingContext2D, w: number, h: number, color: string, dark: string): void {
  // Shadow.
  ctx.fillStyle = 'rgba(0,0,0,0.35)';
  ctx.beginPath();
  ctx.roundRect(6, 8, w - 8, h - 10, 14);
  ctx.fill();
  // Wheels.
  ctx.fillStyle = '#0b0e18';
  for (const x of [22, w - 34]) {
    ctx.beginPath();
    ctx.roundRect(x, 3, 18, 8, 3);
    ctx.roundRect(x, h - 11, 18, 8, 3);
    ctx.fill();
  }
  // Body.
  const body = ctx.createLinearGradient(0, 6, 0, h - 6);
  body.addColorStop(0, color);
  body.addColorStop(0.5, color);
  body.addColorStop(1, dark);
  ctx.fillStyle = body;
  ctx.beginPath();
  ctx.roundRect(4, 7, w - 8, h - 14, 13);
  ctx.fill();
  // Cabin and glass.
  ctx.fillStyle = 'rgba(10,16,40,0.85)';
  ctx.beginPath();
  ctx.roundRect(w * 0.3, 12, w * 0.42, h - 24, 9);
  ctx.fill();
  const glass = ctx.createLinearGradient(0, 12, 0, h - 12);
  glass.addColorStop(0, 'rgba(140,210,255,0.55)');
  glass.addColorStop(1, 'rgba(40,80,140,0.35)');
  ctx.fillStyle = glass;
  ctx.beginPath();
  ctx.roundRect(w * 0.6, 14, w * 0.1, h - 28, 4);
  ctx.roundRect(w * 0.32, 15, w * 0.07, h - 30, 4);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.18)';
  ctx.beginPath();
  ctx.roundRect(w * 0.41, 15, w * 0.17, h - 30, 5);
  ctx.fill();
  // Lights.
  ctx.fillStyle = '#fff4c0';
  ctx.beginPath();
  ctx.roundRect(w - 10, 11, 5, 10, 2);
  ctx.roundRect(w - 10, h - 21, 5, 10, 2);
  ctx.fill();
  ctx.fillStyle = '#ff3b5c';
  ctx.beginPath();
  ctx.roundRect(5, 12, 4, 9, 2);
  ctx.roundRect(5, h - 21, 4, 9, 2);
  ctx.fill();
  // Highlight along the top.
  ctx.fillStyle = 'rgba(255,255,255,0.22)';
  ctx.beginPath();
  ctx.roundRect(12, 10, w - 28, 4, 2);
  ctx.fill();
}

/** Headlight beams, additive, in front of a car facing right. */
export function beamTexture(bag: ResourceBag): Texture {
  return bag.canvasTexture(80, 60, (ctx, w, h) => {
    const g = ctx.createLinearGradient(0, 0, w, 0);
    g.addColorStop(0, 'rgba(255,244,190,0.55)');
    g.addColorStop(1, 'rgba(255,244,190,0)');
    ctx.fillStyle = g;
    ctx.beginPath();
    ctx.moveTo(0, h * 0.25);
    ctx.lineTo(w, h * 0.02);
    ctx.lineTo(w, h * 0.98);
    ctx.lineTo(0, h * 0.75);
    ctx.closePath();
    ctx.fill();
  });
}

export type CoverKind = 'idle' | 'gold' | 'trap';

/** The three manhole covers (idle, gold, trap) on one texture source. */
export function coverTextures(bag: ResourceBag, size = 96): Record<CoverKind, Texture> {
  const kinds: CoverKind[] = ['idle', 'gold', 'trap'];
  const textures = bag.canvasAtlas(
    kinds.map((kind) => ({ width: size, height: size, draw: (ctx: CanvasRenderingContext2D, s: number) => drawCover(ctx, s, kind) })),
    { mipmaps: true },
  );
  const [idle, gold, trap] = textures;
  if (!idle || !gold || !trap) throw new Error('cover textures missing');
  return { idle, gold, trap };
}

/** A manhole cover; the multiplier is printed on it. */
function drawCover(ctx: CanvasRenderingContext2D, s: number, kind: CoverKind): void {
  const c = s / 2;
  const outer = c - 2;
  ctx.fillStyle = 'rgba(0,0,0,0.45)';
  ctx.beginPath();
  ctx.arc(c + 1.5, c + 3, outer, 0, Math.PI * 2);
  ctx.fill();
  const colors =
    kind === 'gold'
      ? ['#fff0b0', css(palette.gold), '#a66f0c', '#7a5006']
      : kind === 'trap'
        ? ['#ff98aa', css(palette.lose), '#8e1830', '#5c0d1e']
        : ['#5d6b9c', '#3a4675', '#232c52', '#161d3a'];
  const rim = ctx.createLinearGradient(0, 0, s, s);
  rim.addColorStop(0, colors[0]!);
  rim.addColorStop(0.5, colors[1]!);
  rim.addColorStop(1, colors[3]!);
  ctx.fillStyle = rim;
  ctx.beginPath();
  ctx.arc(c, c, outer, 0, Math.PI * 2);
  ctx.fill();
  const plate = ctx.createRadialGradient(c * 0.75, c * 0.7, 2, c, c, outer * 0.84);
  plate.addColorStop(0, colors[1]!);
  plate.addColorStop(1, colors[2]!);
  ctx.fillStyle = plate;
  ctx.beginPath();
  ctx.arc(c, c, outer * 0.84, 0, Math.PI * 2);
  ctx.fill();
  // Grip pattern: two rings of small bars.
  ctx.strokeStyle = kind === 'gold' ? 'rgba(120,80,6,0.35)' : 'rgba(0,0,0,0.28)';
  ctx.lineWidth = s * 0.025;
  for (const r of [0.72, 0.58]) {
    ctx.beginPath();
    ctx.arc(c, c, outer * r, 0, Math.PI * 2);
    ctx.stroke();
  }
  if (kind === 'trap') {
    // Hazard: a bold exclamation in a triangle behind the label area.
    ctx.fillStyle = 'rgba(255,255,255,0.16)';
    ctx.beginPath();
    ctx.moveTo(c, c - outer * 0.62);
    ctx.lineTo(c + outer * 0.6, c + outer * 0.42);
    ctx.lineTo(c - outer * 0.6, c + outer * 0.42);
    ctx.closePath();
    ctx.fill();
  }
  ctx.strokeStyle = 'rgba(255,255,255,0.25)';
  ctx.lineWidth = s * 0.015;
  ctx.beginPath();
  ctx.arc(c, c, outer - 1, Math.PI * 1.05, Math.PI * 1.7);
  ctx.stroke();
}

/** A road barrier post across the lane: red and white stripes on a dark base. */
export function barrierTexture(bag: ResourceBag): Texture {
  return bag.canvasTexture(
    22,
    90,
    (ctx, w, h) => {
      ctx.fillStyle = 'rgba(0,0,0,0.4)';
      ctx.beginPath();
      ctx.roundRect(3, 4, w - 3, h - 4, 5);
      ctx.fill();
      ctx.save();
      ctx.beginPath();
      ctx.roundRect(1, 1, w - 4, h - 5, 5);
      ctx.clip();
      ctx.fillStyle = '#f4f6ff';
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = '#ff3b5c';
      for (let y = -w; y < h; y += 18) {
        ctx.beginPath();
        ctx.moveTo(0, y);
        ctx.lineTo(w, y + w * 0.7);
        ctx.lineTo(w, y + w * 0.7 + 9);
        ctx.lineTo(0, y + 9);
        ctx.closePath();
        ctx.fill();
      }
      const shade = ctx.createLinearGradient(0, 0, w, 0);
      shade.addColorStop(0, 'rgba(255,255,255,0.25)');
      shade.addColorStop(1, 'rgba(0,0,0,0.3)');
      ctx.fillStyle = shade;
      ctx.fillRect(0, 0, w, h);
      ctx.restore();
      ctx.fillStyle = '#ffd84a';
      ctx.beginPath();
      ctx.arc(w / 2 - 1, 8, 3.5, 0, Math.PI * 2);
      ctx.arc(w / 2 - 1, h - 12, 3.5, 0, Math.PI * 2);
      ctx.fill();
    },
    { mipmaps: true },
  );
}

/** Palette of car paints: [paint, shadow side]. */
export const CAR_PAINTS: ReadonlyArray<readonly [string, string]> = [
  ['#ff4d6a', '#a3183a'],
  ['#2fb5ff', '#0a5fa0'],
  ['#f5c542', '#a87710'],
  ['#9b7bff', '#4d33b0'],
  ['#2fe39a', '#0c8a54'],
  ['#eef1ff', '#8e97bd'],
];
