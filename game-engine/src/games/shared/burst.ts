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
 *
 * Built once per scene and re-launched with `launch(seed)`; its sprites never change
 * visibility (a particle not in flight is shrunk to nothing): in pixi each visibility change
 * makes the renderer rebuild the whole render group's draw list, which a burst would
 * otherwise do on most of its frames.
 */
export class Burst {
  readonly view = new Container();
  private readonly particles: Particle[] = [];
  private options: BurstOptions;
  private longest = 0;

  constructor(options: BurstOptions) {
    this.options = options;
    for (let i = 0; i < options.count; i++) {
      const sprite = new Sprite(options.textures[0]);
      sprite.anchor.set(0.5);
      if (options.additive) sprite.blendMode = 'add';
      sprite.scale.set(0);
      this.particles.push({ sprite, vx: 0, vy: 0, life: 0, delay: 0, spin: 0, size: 0, baseScale: 0 });
      this.view.addChild(sprite);
    }
    this.launch(options.seed);
  }

  /** Draws new launch values from `seed` (with `changes` to the options, sizes and speeds that follow the layout). */
  launch(seed: number, changes: Partial<Omit<BurstOptions, 'count' | 'textures' | 'additive'>> = {}): void {
    const options = { ...this.options, ...changes, seed };
    this.options = options;
    const random = new Random(seed);
    const direction = options.direction ?? -Math.PI / 2;
    const spread = options.spread ?? Math.PI * 2;
    this.longest = 0;
    for (const p of this.particles) {
      const texture = random.pick(options.textures);
      p.sprite.texture = texture;
      p.sprite.tint = random.pick(options.tints);
      const angle = direction + (random.next() - 0.5) * spread;
      const speed = random.range(options.speed[0], options.speed[1]);
      p.size = random.range(options.size[0], options.size[1]);
      p.vx = Math.cos(angle) * speed;
      p.vy = Math.sin(angle) * speed;
      p.life = random.range(options.lifeMs[0], options.lifeMs[1]);
      p.delay = options.delayMs ? random.range(options.delayMs[0], options.delayMs[1]) : 0;
      p.spin = (random.next() - 0.5) * 2 * (options.spin ?? 0);
      p.baseScale = p.size / Math.max(texture.width, texture.height);
      this.longest = Math.max(this.longest, p.delay + p.life);
    }
    this.pose(-1);
  }

  /** Shows the burst `ms` after it started (negative or past every life: nothing shows). */
  pose(ms: number): void {
    const gravity = this.options.gravity ?? 0;
    const drag = this.options.drag ?? 0;
    // Indexed: this runs on every frame of a burst (no iterator objects).
    const particles = this.particles;
    for (let i = 0; i < particles.length; i++) {
      const p = particles[i] as Particle;
      const sprite = p.sprite;
      const t = ms - p.delay;
      if (t < 0 || t >= p.life) {
        sprite.scale.set(0);
        continue;
      }
      const s = t / 1000;
      // Linear drag integrated in closed form keeps the pose a function of time alone.
      const travel = drag > 0 ? (1 - Math.exp(-drag * s)) / drag : s;
      const u = t / p.life;
      sprite.position.set(p.vx * travel, p.vy * travel + 0.5 * gravity * s * s);
      sprite.rotation = p.spin * s;
      const grow = Math.min(1, t / 90);
      sprite.scale.set(p.baseScale * grow * (1 - 0.35 * u));
      sprite.alpha = u < 0.7 ? 1 : 1 - (u - 0.7) / 0.3;
    }
  }

  get durationMs(): number {
    return this.longest;
  }
}
