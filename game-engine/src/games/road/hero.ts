import { Container, Sprite, type Texture } from 'pixi.js';
import { palette, shade } from '../shared/theme';
import { Burst, type BurstOptions } from '../shared/burst';
import { setTint } from '../shared/tint';
import { ROAD } from './config';
import type { RoadLayout } from './layout';
import type { HeroPose } from './plan';

export interface HeroTextures {
  hero: Texture;
  /** A soft round light: the hero's shadow. */
  glow: Texture;
  coin: Texture;
  sparkle: Texture;
}

/**
 * The hero drawn in its pose (hop, squash, knock-down), its shadow, and the coins of a
 * cash-out bursting from it.
 */
export class RoadHero {
  /** The hero over its shadow. */
  readonly view = new Container();
  /** The cash-out burst: over everything else in the world. */
  readonly effects = new Container();
  private readonly sprite: Sprite;
  private readonly shadow: Sprite;
  private readonly burst: Burst;
  /** The cash-out burst is in flight (it never changes visibility: its particles shrink). */
  private bursting = false;

  constructor(
    private readonly textures: HeroTextures,
    private readonly layout: RoadLayout,
  ) {
    this.shadow = new Sprite(textures.glow);
    this.shadow.anchor.set(0.5);
    this.shadow.tint = 0x000000;
    this.sprite = new Sprite(textures.hero);
    this.sprite.anchor.set(0.5, 0.9);
    this.view.addChild(this.shadow, this.sprite);
    const { count, seed } = ROAD.burst;
    this.burst = new Burst({ ...this.burstShape(), count, seed, textures: [textures.coin, textures.coin, textures.sparkle] });
    this.effects.addChild(this.burst.view);
  }

  resize(): void {
    const size = this.layout.heroSize;
    this.sprite.setSize(size, size);
  }

  /** Draws `pose`; `time` moves the idle bob, which stops while `busy` (an animation runs). */
  draw(pose: HeroPose, time: number, busy: boolean): void {
    const { layout } = this;
    const { hero } = ROAD;
    const y = layout.heroY(pose.lane);
    const x = layout.columnX + pose.knock * layout.laneH;
    const size = layout.heroSize;
    const lift = pose.lift * layout.laneH * hero.lift;
    const idle = busy || pose.down > 0 ? 0 : Math.abs(Math.sin(time / hero.idleMs)) * layout.laneH * hero.idleBob;
    this.sprite.position.set(x, y + size * hero.feet - lift - idle);
    const flat = 1 - hero.flatten * pose.down;
    const sx = size / this.textures.hero.width;
    this.sprite.scale.set(sx * (1 + hero.widen * pose.down) * (2 - pose.squash), sx * pose.squash * flat);
    this.sprite.rotation = pose.spin;
    setTint(this.sprite, pose.down > 0 ? shade(1 - hero.darken * pose.down) : 0xffffff);
    this.shadow.position.set(x, y + size * hero.shadowAt);
    this.shadow.setSize(
      size * (hero.shadowWidth - hero.shadowWidthLift * pose.lift),
      size * hero.shadowHeight * (1 - hero.shadowHeightLift * pose.lift),
    );
    this.shadow.alpha = hero.shadowAlpha;
    // The burst follows the hero while it is in flight; otherwise its particles are shrunk to
    // nothing and moving the container would only re-place them all on every frame of a step.
    if (this.bursting) this.effects.position.set(x, y - size * hero.burstAt);
  }

  /** Coins burst from the hero (a cash-out); `poseBurst` moves them. */
  launchBurst(seed: number): void {
    this.bursting = true;
    this.burst.launch(seed, this.burstShape());
  }

  /** The burst `ms` after its launch (negative: not yet). */
  poseBurst(ms: number): void {
    if (this.bursting) this.burst.pose(ms);
  }

  /** No burst (a new round). */
  endBurst(): void {
    if (!this.bursting) return;
    this.bursting = false;
    this.burst.pose(-1);
  }

  /** Burst options that follow the lane height. */
  private burstShape(): Omit<BurstOptions, 'count' | 'seed' | 'textures'> {
    const size = this.layout.laneH;
    const { burst } = ROAD;
    return {
      tints: [0xffffff, palette.goldLight, palette.gold],
      speed: [size * burst.speed[0], size * burst.speed[1]],
      size: [size * burst.size[0], size * burst.size[1]],
      lifeMs: burst.lifeMs,
      gravity: size * burst.gravity,
      drag: burst.drag,
      spread: burst.spread,
      spin: burst.spin,
      delayMs: burst.delayMs,
    };
  }
}
