import type { Texture } from 'pixi.js';
import type { ResourceBag } from '../../core/resources';
import { css, palette } from '../shared/theme';
import { winZone, type RollDirection } from './plan';

/** Padding around the bar inside the meter texture (for its glow and shadow). */
export const METER_PAD = 10;

/** The 0..100 meter: a recessed groove, the losing part red, the winning part green, tick marks. */
export function meterTexture(bag: ResourceBag, width: number, barHeight: number, target: number, direction: RollDirection): Texture {
  return bag.canvasTexture(width + METER_PAD * 2, barHeight + METER_PAD * 2, (ctx) => {
    const x0 = METER_PAD;
    const y0 = METER_PAD;
    const r = barHeight / 2;
    // Groove.
    ctx.fillStyle = 'rgba(0,0,0,0.55)';
    ctx.beginPath();
    ctx.roundRect(x0 - 4, y0 - 4, width + 8, barHeight + 8, r + 4);
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,0.08)';
    ctx.lineWidth = 1;
    ctx.stroke();

    ctx.save();
    ctx.beginPath();
    ctx.roundRect(x0, y0, width, barHeight, r);
    ctx.clip();
    const zone = winZone(target, direction);
    const split = x0 + (target / 100) * width;
    const green = ctx.createLinearGradient(0, y0, 0, y0 + barHeight);
    green.addColorStop(0, '#5cf5b5');
    green.addColorStop(0.5, css(palette.win));
    green.addColorStop(1, css(palette.winDeep));
    const red = ctx.createLinearGradient(0, y0, 0, y0 + barHeight);
    red.addColorStop(0, '#ff8298');
    red.addColorStop(0.5, css(palette.lose));
    red.addColorStop(1, css(palette.loseDeep));
    const winLeft = zone.from === 0;
    ctx.fillStyle = winLeft ? green : red;
    ctx.fillRect(x0, y0, split - x0, barHeight);
    ctx.fillStyle = winLeft ? red : green;
    ctx.fillRect(split, y0, x0 + width - split, barHeight);
    // Gloss on the upper half.
    const gloss = ctx.createLinearGradient(0, y0, 0, y0 + barHeight);
    gloss.addColorStop(0, 'rgba(255,255,255,0.35)');
    gloss.addColorStop(0.45, 'rgba(255,255,255,0.05)');
    gloss.addColorStop(0.5, 'rgba(0,0,0,0)');
    gloss.addColorStop(1, 'rgba(0,0,0,0.2)');
    ctx.fillStyle = gloss;
    ctx.fillRect(x0, y0, width, barHeight);
    // Ticks every 10.
    ctx.fillStyle = 'rgba(0,0,0,0.28)';
    for (let i = 1; i < 10; i++) {
      const x = x0 + (i / 10) * width;
      ctx.fillRect(Math.round(x) - 0.75, y0 + barHeight * (i === 5 ? 0.18 : 0.32), 1.5, barHeight * (i === 5 ? 0.64 : 0.36));
    }
    ctx.restore();
  });
}

/** The die: a pearl-white rounded cube face with five pips. */
export function diceTexture(bag: ResourceBag, size = 64): Texture {
  return bag.canvasTexture(
    size,
    size,
    (ctx, s) => {
      const pad = s * 0.06;
      const body = ctx.createLinearGradient(0, 0, s, s);
      body.addColorStop(0, '#ffffff');
      body.addColorStop(0.6, '#e8ecf7');
      body.addColorStop(1, '#b8c1dc');
      ctx.fillStyle = 'rgba(0,0,0,0.25)';
      ctx.beginPath();
      ctx.roundRect(pad + 1.5, pad + 3, s - pad * 2, s - pad * 2, s * 0.22);
      ctx.fill();
      ctx.fillStyle = body;
      ctx.beginPath();
      ctx.roundRect(pad, pad, s - pad * 2, s - pad * 2, s * 0.22);
      ctx.fill();
      ctx.strokeStyle = 'rgba(255,255,255,0.9)';
      ctx.lineWidth = s * 0.03;
      ctx.stroke();
      const pip = (x: number, y: number, color: string): void => {
        const g = ctx.createRadialGradient(x - s * 0.015, y - s * 0.02, 0, x, y, s * 0.075);
        g.addColorStop(0, color === 'gold' ? '#ffe9a0' : '#3a4a7a');
        g.addColorStop(1, color === 'gold' ? '#c48a16' : '#0c1430');
        ctx.fillStyle = g;
        ctx.beginPath();
        ctx.arc(x, y, s * 0.07, 0, Math.PI * 2);
        ctx.fill();
      };
      const a = s * 0.3;
      const b = s * 0.7;
      pip(a, a, 'navy');
      pip(b, a, 'navy');
      pip(s / 2, s / 2, 'gold');
      pip(a, b, 'navy');
      pip(b, b, 'navy');
    },
    { mipmaps: true },
  );
}

/** A downward pointer under the die, pointing at the exact value. */
export function pointerTexture(bag: ResourceBag): Texture {
  return bag.canvasTexture(24, 16, (ctx, w, h) => {
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.moveTo(2, 1);
    ctx.lineTo(w - 2, 1);
    ctx.lineTo(w / 2, h - 1);
    ctx.closePath();
    ctx.fill();
  });
}

/** A frosted glass panel for the big number. */
export function panelTexture(bag: ResourceBag, width: number, height: number): Texture {
  return bag.canvasTexture(width, height, (ctx, w, h) => {
    const r = Math.min(28, h * 0.3);
    const fill = ctx.createLinearGradient(0, 0, 0, h);
    fill.addColorStop(0, 'rgba(40,58,120,0.55)');
    fill.addColorStop(1, 'rgba(12,20,48,0.65)');
    ctx.fillStyle = fill;
    ctx.beginPath();
    ctx.roundRect(1, 1, w - 2, h - 2, r);
    ctx.fill();
    const edge = ctx.createLinearGradient(0, 0, 0, h);
    edge.addColorStop(0, 'rgba(140,200,255,0.45)');
    edge.addColorStop(1, 'rgba(140,200,255,0.06)');
    ctx.strokeStyle = edge;
    ctx.lineWidth = 1.5;
    ctx.stroke();
  });
}
