import type { Sprite, Texture } from 'pixi.js';
import type { ResourceBag } from '../../core/resources';
import { css, palette } from './theme';

/**
 * Shared art drawn once with the 2D canvas API. White art is meant to be tinted; glows are
 * meant for additive blending.
 */

/**
 * Makes `sprite` additive light: its picture's additive copy on the scene's sheet (drawn with
 * normal blending, so it batches with its neighbours, see ResourceBag.additive), or pixi's
 * 'add' blend mode for a texture made after the scene was built.
 */
export function addLight<S extends Sprite>(sprite: S, bag: ResourceBag): S {
  const light = bag.additive(sprite.texture);
  if (light) sprite.texture = light;
  else sprite.blendMode = 'add';
  return sprite;
}

/** A soft white disc fading to transparent: glows, light spots, shadows (tinted black). */
export function glowTexture(bag: ResourceBag, size = 128, falloff = 1): Texture {
  return bag.canvasTexture(size, size, (ctx, w) => {
    const r = w / 2;
    const gradient = ctx.createRadialGradient(r, r, 0, r, r, r);
    gradient.addColorStop(0, 'rgba(255,255,255,1)');
    gradient.addColorStop(0.25 * falloff, 'rgba(255,255,255,0.55)');
    gradient.addColorStop(0.6, 'rgba(255,255,255,0.14)');
    gradient.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = gradient;
    ctx.fillRect(0, 0, w, w);
  });
}

/** A four-pointed sparkle with a soft core. */
export function sparkleTexture(bag: ResourceBag, size = 48): Texture {
  return bag.canvasTexture(size, size, (ctx, w) => {
    const c = w / 2;
    const core = ctx.createRadialGradient(c, c, 0, c, c, c * 0.5);
    core.addColorStop(0, 'rgba(255,255,255,1)');
    core.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = core;
    ctx.fillRect(0, 0, w, w);
    ctx.fillStyle = 'rgba(255,255,255,0.95)';
    ctx.beginPath();
    const arm = c * 0.98;
    const waist = c * 0.12;
    ctx.moveTo(c, c - arm);
    ctx.quadraticCurveTo(c + waist, c - waist, c + arm, c);
    ctx.quadraticCurveTo(c + waist, c + waist, c, c + arm);
    ctx.quadraticCurveTo(c - waist, c + waist, c - arm, c);
    ctx.quadraticCurveTo(c - waist, c - waist, c, c - arm);
    ctx.fill();
  });
}

/** A small gold coin seen face-on, for bursts. */
export function miniCoinTexture(bag: ResourceBag, size = 40): Texture {
  return bag.canvasTexture(size, size, (ctx, w) => {
    const c = w / 2;
    const r = c - 1;
    const rim = ctx.createLinearGradient(0, 0, w, w);
    rim.addColorStop(0, css(palette.goldLight));
    rim.addColorStop(0.5, css(palette.gold));
    rim.addColorStop(1, css(palette.goldDeep));
    ctx.fillStyle = rim;
    ctx.beginPath();
    ctx.arc(c, c, r, 0, Math.PI * 2);
    ctx.fill();
    const face = ctx.createRadialGradient(c * 0.8, c * 0.7, 0, c, c, r * 0.78);
    face.addColorStop(0, '#fff3c4');
    face.addColorStop(0.6, css(palette.gold));
    face.addColorStop(1, '#d29a24');
    ctx.fillStyle = face;
    ctx.beginPath();
    ctx.arc(c, c, r * 0.76, 0, Math.PI * 2);
    ctx.fill();
    ctx.strokeStyle = 'rgba(110,70,6,0.6)';
    ctx.lineWidth = w * 0.05;
    ctx.beginPath();
    ctx.moveTo(c - r * 0.3, c - r * 0.22);
    ctx.lineTo(c + r * 0.3, c - r * 0.22);
    ctx.lineTo(c, c + r * 0.36);
    ctx.closePath();
    ctx.moveTo(c, c - r * 0.22);
    ctx.lineTo(c, c + r * 0.36);
    ctx.stroke();
  });
}

/** A confetti chip (white, tinted per particle). */
export function confettiTexture(bag: ResourceBag): Texture {
  return bag.canvasTexture(14, 8, (ctx, w, h) => {
    ctx.fillStyle = '#ffffff';
    ctx.beginPath();
    ctx.roundRect(0, 0, w, h, 2);
    ctx.fill();
  });
}

/** Sunburst rays (white, additive), spun slowly behind a win. */
export function raysTexture(bag: ResourceBag, size = 256, rays = 14): Texture {
  return bag.canvasTexture(size, size, (ctx, w) => {
    const c = w / 2;
    const fade = ctx.createRadialGradient(c, c, 0, c, c, c);
    fade.addColorStop(0, 'rgba(255,255,255,0.9)');
    fade.addColorStop(0.45, 'rgba(255,255,255,0.35)');
    fade.addColorStop(1, 'rgba(255,255,255,0)');
    ctx.fillStyle = fade;
    for (let i = 0; i < rays; i++) {
      const a = (i / rays) * Math.PI * 2;
      const half = (Math.PI / rays) * 0.42;
      ctx.beginPath();
      ctx.moveTo(c, c);
      ctx.arc(c, c, c, a - half, a + half);
      ctx.closePath();
      ctx.fill();
    }
  });
}

/** A rounded pill, white, for chips and badges (tinted). Drawn at its final size. */
export function pillTexture(bag: ResourceBag, width: number, height: number): Texture {
  return bag.canvasTexture(width, height, (ctx, w, h) => {
    const gradient = ctx.createLinearGradient(0, 0, 0, h);
    gradient.addColorStop(0, 'rgba(255,255,255,1)');
    gradient.addColorStop(1, 'rgba(215,220,235,1)');
    ctx.fillStyle = gradient;
    ctx.beginPath();
    ctx.roundRect(0.5, 0.5, w - 1, h - 1, (h - 1) / 2);
    ctx.fill();
  });
}
