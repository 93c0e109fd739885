import type { Texture } from 'pixi.js';
import type { ResourceBag } from '../../core/resources';
import { css, palette } from '../shared/theme';

/** Logical size of a coin face texture (drawn at the engine resolution). */
export const FACE_SIZE = 256;

function coinBase(ctx: CanvasRenderingContext2D, size: number): void {
  const c = size / 2;
  const rim = ctx.createLinearGradient(0, 0, size, size);
  rim.addColorStop(0, '#fff4c2');
  rim.addColorStop(0.35, css(palette.gold));
  rim.addColorStop(0.7, '#c98a16');
  rim.addColorStop(1, '#7a4f08');
  ctx.fillStyle = rim;
  ctx.beginPath();
  ctx.arc(c, c, c - 1, 0, Math.PI * 2);
  ctx.fill();

  // Reeded rim: fine radial notches.
  ctx.save();
  ctx.translate(c, c);
  for (let i = 0; i < 120; i++) {
    ctx.rotate((Math.PI * 2) / 120);
    ctx.fillStyle = i % 2 ? 'rgba(90,55,5,0.28)' : 'rgba(255,245,200,0.22)';
    ctx.fillRect(c - 13, -1.2, 11, 2.4);
  }
  ctx.restore();

  // Inner bevel: a dark groove under a bright lip.
  ctx.lineWidth = 5;
  ctx.strokeStyle = 'rgba(110,70,6,0.75)';
  ctx.beginPath();
  ctx.arc(c, c, c - 17, 0, Math.PI * 2);
  ctx.stroke();
  ctx.lineWidth = 2;
  ctx.strokeStyle = 'rgba(255,240,190,0.8)';
  ctx.beginPath();
  ctx.arc(c, c, c - 20.5, 0, Math.PI * 2);
  ctx.stroke();

  const field = ctx.createRadialGradient(c * 0.72, c * 0.6, 4, c, c, c - 21);
  field.addColorStop(0, '#fff2b8');
  field.addColorStop(0.45, '#f6cd55');
  field.addColorStop(0.85, '#dca22c');
  field.addColorStop(1, '#b77b14');
  ctx.fillStyle = field;
  ctx.beginPath();
  ctx.arc(c, c, c - 21.5, 0, Math.PI * 2);
  ctx.fill();

  // A ring of small studs between rim and emblem.
  ctx.save();
  ctx.translate(c, c);
  for (let i = 0; i < 28; i++) {
    const a = (i / 28) * Math.PI * 2;
    const x = Math.cos(a) * (c - 34);
    const y = Math.sin(a) * (c - 34);
    ctx.fillStyle = 'rgba(120,78,8,0.55)';
    ctx.beginPath();
    ctx.arc(x + 0.8, y + 0.8, 2.6, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = 'rgba(255,246,205,0.9)';
    ctx.beginPath();
    ctx.arc(x - 0.4, y - 0.4, 2.1, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

function gloss(ctx: CanvasRenderingContext2D, size: number): void {
  const c = size / 2;
  ctx.save();
  ctx.beginPath();
  ctx.arc(c, c, c - 2, 0, Math.PI * 2);
  ctx.clip();
  const sheen = ctx.createLinearGradient(0, 0, size * 0.9, size);
  sheen.addColorStop(0, 'rgba(255,255,255,0.42)');
  sheen.addColorStop(0.38, 'rgba(255,255,255,0.06)');
  sheen.addColorStop(0.62, 'rgba(255,255,255,0)');
  sheen.addColorStop(1, 'rgba(60,30,0,0.22)');
  ctx.fillStyle = sheen;
  ctx.fillRect(0, 0, size, size);
  ctx.restore();
}

/**
 * The two faces on one texture source (heads, tails): the coin swaps faces many times per
 * toss, and a swap within one source keeps pixi's draw list as it is.
 */
export function faceTextures(bag: ResourceBag): [Texture, Texture] {
  const [heads, tails] = bag.canvasAtlas(
    [
      { width: FACE_SIZE, height: FACE_SIZE, draw: (ctx, size) => drawHeads(ctx, size) },
      { width: FACE_SIZE, height: FACE_SIZE, draw: (ctx, size) => drawTails(ctx, size) },
    ],
    { mipmaps: true },
  );
  if (!heads || !tails) throw new Error('coin faces missing');
  return [heads, tails];
}

/** Heads: a TON-blue medallion with the TON diamond. */
function drawHeads(ctx: CanvasRenderingContext2D, size: number): void {
  coinBase(ctx, size);
  const c = size / 2;
  const r = c * 0.5;
  ctx.fillStyle = 'rgba(90,55,5,0.45)';
  ctx.beginPath();
  ctx.arc(c + 2, c + 3, r + 5, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#fff1b5';
  ctx.beginPath();
  ctx.arc(c, c, r + 4, 0, Math.PI * 2);
  ctx.fill();
  const blue = ctx.createRadialGradient(c - r * 0.35, c - r * 0.45, 2, c, c, r);
  blue.addColorStop(0, '#6fd6ff');
  blue.addColorStop(0.5, css(palette.ton));
  blue.addColorStop(1, '#00508f');
  ctx.fillStyle = blue;
  ctx.beginPath();
  ctx.arc(c, c, r, 0, Math.PI * 2);
  ctx.fill();
  // The TON diamond: a downward gem split down the middle.
  const w = r * 0.56;
  const top = c - r * 0.38;
  const bottom = c + r * 0.5;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.lineWidth = r * 0.13;
  ctx.strokeStyle = 'rgba(0,40,80,0.35)';
  const gem = (dx: number, dy: number): void => {
    ctx.beginPath();
    ctx.moveTo(c - w + dx, top + dy);
    ctx.lineTo(c + w + dx, top + dy);
    ctx.lineTo(c + dx, bottom + dy);
    ctx.closePath();
    ctx.moveTo(c + dx, top + dy);
    ctx.lineTo(c + dx, bottom + dy);
    ctx.stroke();
  };
  gem(1.5, 2.5);
  ctx.strokeStyle = '#ffffff';
  gem(0, 0);
  gloss(ctx, size);
}

/** Tails: an embossed crown. */
function drawTails(ctx: CanvasRenderingContext2D, size: number): void {
  coinBase(ctx, size);
  const c = size / 2;
  const s = size * 0.0042;
  const crown = (dx: number, dy: number): void => {
    ctx.beginPath();
    ctx.moveTo(c - 58 * s + dx, c + 30 * s + dy);
    ctx.lineTo(c - 66 * s + dx, c - 30 * s + dy);
    ctx.lineTo(c - 30 * s + dx, c - 2 * s + dy);
    ctx.lineTo(c + dx, c - 46 * s + dy);
    ctx.lineTo(c + 30 * s + dx, c - 2 * s + dy);
    ctx.lineTo(c + 66 * s + dx, c - 30 * s + dy);
    ctx.lineTo(c + 58 * s + dx, c + 30 * s + dy);
    ctx.closePath();
    ctx.fill();
    ctx.beginPath();
    ctx.roundRect(c - 60 * s + dx, c + 38 * s + dy, 120 * s, 18 * s, 5 * s);
    ctx.fill();
    for (const [x, y] of [
      [-66, -30],
      [0, -46],
      [66, -30],
    ] as const) {
      ctx.beginPath();
      ctx.arc(c + x * s + dx, c + y * s - 9 * s + dy, 9 * s, 0, Math.PI * 2);
      ctx.fill();
    }
  };
  ctx.fillStyle = 'rgba(255,246,205,0.9)';
  crown(-2, -2);
  ctx.fillStyle = 'rgba(100,62,4,0.7)';
  crown(2.5, 3);
  const body = ctx.createLinearGradient(0, c - 60 * s, 0, c + 60 * s);
  body.addColorStop(0, '#ffe17a');
  body.addColorStop(1, '#c7891a');
  ctx.fillStyle = body;
  crown(0, 0);
  // Jewels on the band.
  for (const [x, color] of [
    [-30, '#ff5d7a'],
    [0, css(palette.ton)],
    [30, '#2fe39a'],
  ] as const) {
    ctx.fillStyle = color;
    ctx.beginPath();
    ctx.arc(c + x * s, c + 47 * s, 5.5 * s, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = 'rgba(255,255,255,0.7)';
    ctx.beginPath();
    ctx.arc(c + x * s - 1.6 * s, c + 45 * s, 2 * s, 0, Math.PI * 2);
    ctx.fill();
  }
  gloss(ctx, size);
}

/** A white disc: the coin's far face as a silhouette (tinted dark gold). */
export function discTexture(bag: ResourceBag): Texture {
  return bag.canvasTexture(128, 128, (ctx, size) => {
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.arc(size / 2, size / 2, size / 2 - 0.5, 0, Math.PI * 2);
    ctx.fill();
  });
}

/** The coin's rim seen from the side: reeded, lit like a cylinder. */
export function edgeTexture(bag: ResourceBag): Texture {
  return bag.canvasTexture(128, 16, (ctx, w, h) => {
    const light = ctx.createLinearGradient(0, 0, w, 0);
    light.addColorStop(0, '#5c3b05');
    light.addColorStop(0.25, '#b98217');
    light.addColorStop(0.5, '#f2c94c');
    light.addColorStop(0.75, '#b98217');
    light.addColorStop(1, '#5c3b05');
    ctx.fillStyle = light;
    ctx.fillRect(0, 0, w, h);
    for (let x = 0; x < w; x += 3) {
      ctx.fillStyle = 'rgba(70,40,0,0.3)';
      ctx.fillRect(x, 0, 1, h);
    }
  });
}

/** A soft elliptical pedestal of light the coin rests above. */
export function pedestalTexture(bag: ResourceBag): Texture {
  return bag.canvasTexture(256, 64, (ctx, w, h) => {
    ctx.save();
    ctx.scale(1, h / w);
    const cx = w / 2;
    const cy = w / 2;
    const pool = ctx.createRadialGradient(cx, cy, 0, cx, cy, w / 2);
    pool.addColorStop(0, 'rgba(95,208,255,0.35)');
    pool.addColorStop(0.55, 'rgba(0,152,234,0.12)');
    pool.addColorStop(1, 'rgba(0,152,234,0)');
    ctx.fillStyle = pool;
    ctx.fillRect(0, 0, w, w);
    ctx.strokeStyle = 'rgba(140,220,255,0.45)';
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(cx, cy, w * 0.36, 0, Math.PI * 2);
    ctx.stroke();
    ctx.restore();
  });
}
