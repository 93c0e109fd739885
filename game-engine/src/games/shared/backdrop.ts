import { Container, Sprite } from 'pixi.js';
import type { SceneContext } from '../../core/engine';
import { Random } from '../../core/random';
import { paintCanvas } from '../../core/resources';
import { addLight, glowTexture } from './art';
import { css, palette } from './theme';

interface Mote {
  sprite: Sprite;
  x: number;
  y: number;
  speed: number;
  phase: number;
  size: number;
}

/**
 * The stage every game stands on: a deep gradient with a blue light from above, a warm pool
 * below and dark corners, drawn once per size into a low-resolution 2D canvas (smooth
 * gradients need no pixels) on the page UNDER the WebGL canvas, stretched over it, so WebGL
 * fills no full-screen layer for it on any frame; plus slow rising dust motes drawn by WebGL.
 */
export class Backdrop {
  readonly view = new Container();
  private picture: HTMLCanvasElement | null = null;
  private readonly motes: Mote[] = [];
  private width = 1;
  private height = 1;
  private time = 0;
  private readonly accent: number;

  constructor(
    private readonly context: SceneContext,
    seed: number,
    options: { motes?: number; accent?: number } = {},
  ) {
    this.accent = options.accent ?? palette.gold;
    const random = new Random(seed);
    const dot = glowTexture(context.resources, 16);
    for (let i = 0; i < (options.motes ?? 18); i++) {
      const sprite = addLight(new Sprite(dot), context.resources);
      sprite.anchor.set(0.5);
      sprite.tint = random.chance(0.7) ? palette.tonLight : palette.goldLight;
      const mote = {
        sprite,
        x: random.next(),
        y: random.next(),
        speed: random.range(0.01, 0.035),
        phase: random.range(0, Math.PI * 2),
        size: random.range(3, 7),
      };
      sprite.setSize(mote.size, mote.size);
      this.motes.push(mote);
      this.view.addChild(sprite);
    }
  }

  layout(width: number, height: number): void {
    if (width === this.width && height === this.height && this.picture) return;
    this.width = width;
    this.height = height;
    if (!this.picture) {
      this.picture = document.createElement('canvas');
      Object.assign(this.picture.style, { position: 'absolute', left: '0', top: '0', width: '100%', height: '100%' });
      this.context.underlay().appendChild(this.picture);
    }
    const accent = this.accent;
    paintCanvas(
      this.picture,
      Math.max(8, Math.round(width / 3)),
      Math.max(8, Math.round(height / 3)),
      (ctx, w, h) => {
        const base = ctx.createLinearGradient(0, 0, 0, h);
        base.addColorStop(0, '#101a3c');
        base.addColorStop(0.55, '#0a1129');
        base.addColorStop(1, '#05080f');
        ctx.fillStyle = base;
        ctx.fillRect(0, 0, w, h);
        const size = Math.max(w, h);
        const light = (x: number, y: number, rx: number, ry: number, color: number, alpha: number): void => {
          ctx.save();
          ctx.translate(x, y);
          ctx.scale(1, ry / rx);
          const g = ctx.createRadialGradient(0, 0, 0, 0, 0, rx);
          g.addColorStop(0, css(color, alpha));
          g.addColorStop(1, css(color, 0));
          ctx.globalCompositeOperation = 'lighter';
          ctx.fillStyle = g;
          ctx.fillRect(-rx, -rx, rx * 2, rx * 2);
          ctx.restore();
        };
        light(w * 0.5, h * 0.05, size * 0.65, size * 0.45, palette.ton, 0.2);
        light(w * 0.5, h * 1.02, size * 0.6, size * 0.28, accent, 0.1);
        const vignette = ctx.createRadialGradient(w / 2, h * 0.45, Math.min(w, h) * 0.25, w / 2, h / 2, size * 0.75);
        vignette.addColorStop(0, 'rgba(0,0,0,0)');
        vignette.addColorStop(1, 'rgba(0,0,0,0.55)');
        ctx.fillStyle = vignette;
        ctx.fillRect(0, 0, w, h);
      },
      1,
    );
    this.placeMotes();
  }

  update(stepMs: number): void {
    this.time += stepMs / 1000;
    this.placeMotes();
  }

  private placeMotes(): void {
    // Indexed: this runs on every frame (no iterator objects).
    const motes = this.motes;
    for (let i = 0; i < motes.length; i++) {
      const mote = motes[i] as Mote;
      const y = (((mote.y - this.time * mote.speed) % 1) + 1) % 1;
      const sway = Math.sin(this.time * 0.6 + mote.phase) * 0.015;
      mote.sprite.position.set((mote.x + sway) * this.width, y * this.height);
      mote.sprite.alpha = 0.18 + 0.22 * (0.5 + 0.5 * Math.sin(this.time * 1.7 + mote.phase));
    }
  }
}
