import { Container, Sprite, type Texture } from 'pixi.js';
import { Random } from '../../core/random';

export interface BurstOptions {
  count: number;
  seed: number;
  textures: readonly Texture[];
  tints: readonly number[];
  /** Launch speed range, px/s. */
  speed: readonly [number, number];
  /** Size range of a particle, px (its larger side). */
  size: readonly [number, number];
  lifeMs: readonly [number, number];
  /** Downward acceleration, px/s². */
  gravity?: number;
  /** Centre direction (radians, 0 = right, -π/2 = up) and full spread. */
  direction?: number;
  spread?: number;
  /** Random spin, radians/s. */
  spin?: number;
  /** Air drag per second (0 = none). */
  drag?: number;
  additive?: boolean;
  /** Delay range per particle, ms. */
  delayMs?: readonly [number, number];
}

interface Particle {
  sprite: Sprite;
  vx: number;
  vy: number;
  life: number;
  delay: number;
  spin: number;
  size: number;
  baseScale: number;
}

/**
 * A particle burst whose look at time t is a pure function of t (ballistic motion from
 * seeded launch values): seeking for a screenshot shows exactly what playback would.
 */
export class Burst {
  readonly view = new Container();
  private readonly particles: Particle[] = [];
  private readonly gravity: number;
  private readonly drag: number;

  constructor(options: BurstOptions) {
    const random = new Random(options.seed);
    this.gravity = options.gravity ?? 0;
    this.drag = options.drag ?? 0;
    const direction = options.direction ?? -Math.PI / 2;
    const spread = options.spread ?? Math.PI * 2;
    for (let i = 0; i < options.count; i++) {
      const texture = random.pick(options.textures);
      const sprite = new Sprite(texture);
      sprite.anchor.set(0.5);
      sprite.tint = random.pick(options.tints);
      if (options.additive) sprite.blendMode = 'add';
      sprite.visible = false;
      const angle = direction + (random.next() - 0.5) * spread;
      const speed = random.range(options.speed[0], options.speed[1]);
      const size = random.range(options.size[0], options.size[1]);
      this.particles.push({
        sprite,
        vx: Math.cos(angle) * speed,
        vy: Math.sin(angle) * speed,
        life: random.range(options.lifeMs[0], options.lifeMs[1]),
        delay: options.delayMs ? random.range(options.delayMs[0], options.delayMs[1]) : 0,
        spin: (random.next() - 0.5) * 2 * (options.spin ?? 0),
        size,
        baseScale: size / Math.max(texture.width, texture.height),
      });
      this.view.addChild(sprite);
    }
  }

  /** Shows the burst `ms` after it started (negative or past every life: nothing shows). */
  pose(ms: number): void {
    for (const p of this.particles) {
      const t = ms - p.delay;
      if (t < 0 || t >= p.life) {
        p.sprite.visible = false;
        continue;
      }
      const s = t / 1000;
      // Linear drag integrated in closed form keeps the pose a function of time alone.
      const travel = this.drag > 0 ? (1 - Math.exp(-this.drag * s)) / this.drag : s;
      const u = t / p.life;
      p.sprite.visible = true;
      p.sprite.position.set(p.vx * travel, p.vy * travel + 0.5 * this.gravity * s * s);
      p.sprite.rotation = p.spin * s;
      const grow = Math.min(1, t / 90);
      p.sprite.scale.set(p.baseScale * grow * (1 - 0.35 * u));
      p.sprite.alpha = u < 0.7 ? 1 : 1 - (u - 0.7) / 0.3;
    }
  }

  get durationMs(): number {
    return this.particles.reduce((longest, p) => Math.max(longest, p.delay + p.life), 0);
  }
}
