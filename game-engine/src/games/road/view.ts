import { Container, Sprite, Texture } from 'pixi.js';
import { clamp, easeOutBack, lerp, segment } from '../../core/easing';
import type { SceneContext } from '../../core/engine';
import type { GameTexts } from '../texts';
import { formatMultiplier } from '../../core/format';
import { hashSeed, Random } from '../../core/random';
import { addLight, glowTexture, miniCoinTexture, pillTexture, sparkleTexture } from '../shared/art';
import { Burst, type BurstOptions } from '../shared/burst';
import { installArcadeFont } from '../shared/fonts';
import { GameScene } from '../shared/game-scene';
import { GlyphLine } from '../shared/glyph-line';
import { palette, shade } from '../shared/theme';
import { setTint } from '../shared/tint';
import { barrierTexture, beamTexture, carTextures, coverTextures, heroTexture, type CoverKind } from './art';
import { RoadGround } from './ground';
import {
  cashOutHeroPose,
  ladder,
  laneDirection,
  laneLabels,
  laneStates,
  planCashOut,
  planReveal,
  planStep,
  resetRoad,
  revealStart,
  setupRoad,
  stepCarOffset,
  stepHeroPose,
  type HeroPose,
  type LaneState,
  type RoadCashOutPlan,
  type RoadRevealPlan,
  type RoadSetup,
  type RoadState,
  type RoadStepPlan,
  type RoadStepResult,
} from './plan';

interface Car {
  sprite: Sprite;
  beam: Sprite;
  lane: number;
  /** Distance along the traffic direction, px (0 = the upstream screen edge). */
  s: number;
  speed: number;
  boost: boolean;
}

interface Lane {
  cover: Sprite;
  label: GlyphLine;
  barrier: Sprite;
  cars: Car[];
  nextSpawnMs: number;
  random: Random;
}

type Anim = { plan: RoadStepPlan; t: number } | { plan: RoadCashOutPlan; t: number } | { plan: RoadRevealPlan; t: number };

const CAR_LIMIT = 3;
/** Where pooled cars wait: far outside any view. */
const PARKED = -100_000;

/**
 * The road: lanes of traffic stacked upwards, a manhole with the multiplier on each lane,
 * a hero that hops lane by lane under a following camera, barriers that stop the cars on
 * crossed lanes, and a car that comes for the hero on a trap.
 */
export class RoadScene extends GameScene {
  readonly name = 'road';
  private state: RoadState = setupRoad({ lanes: 24, multipliers: ladder(1) });
  /** The state before the running animation (what is shown until it lands). */
  private before: RoadState = this.state;
  private anim: Anim | null = null;
  private crash: RoadStepPlan | null = null;
  private cashout: RoadCashOutPlan | null = null;
  private hero: HeroPose = { lane: -1, lift: 0, squash: 1, knock: 0, spin: 0, down: 0 };
  private serial = 0;
  /** Barrier drop progress per lane during a step (0..1). */
  private dropping: { lane: number; progress: number } | null = null;
  private stops = new Set<number>();

  private world!: Container;
  /** Pavements, asphalt and markings: drawn by the page under the canvas, moved with the camera. */
  private ground!: RoadGround;
  private decor!: Container;
  private lanesLayer!: Container;
  private carLayer!: Container;
  /** Headlight beams (additive light) under all cars. */
  private beamLayer!: Container;
  private heroLayer!: Container;
  private hud!: Container;
  private lanes: Lane[] = [];
  private carPool: Car[] = [];
  /** Lanes in view (see `visibleLanes`). */
  private low = 0;
  private high = 0;
  /** Lane states of the last two round states drawn (they change on steps only). */
  private statesCache: Array<{ state: RoadState; states: LaneState[] }> = [];
  /** Order in which the reveal flips each trap lane, per reveal plan. */
  private revealOrder: { plan: RoadRevealPlan; starts: Map<number, number> } | null = null;
  private heroSprite!: Sprite;
  private heroShadow!: Sprite;
  private nextGlow!: Sprite;
  private hitCar!: Sprite;
  private hitBeam!: Sprite;
  private flash!: Sprite;
  private banner!: Container;
  private bannerPill!: Sprite;
  /** Both titles made once, shown by size. */
  private bannerTitles!: { cashout: GlyphLine; crash: GlyphLine };
  /** The multiplier or lane: glyph sprites, so a new value keeps the draw list. */
  private bannerValue!: GlyphLine;
  private finishLabel!: GlyphLine;
  private effects!: Container;
  private burst!: Burst;
  /** The cash-out burst is in flight (it never changes visibility: its particles shrink). */
  private bursting = false;
  private font = '';
  private textures!: {
    glow: Texture;
    sparkle: Texture;
    coin: Texture;
    cover: Record<CoverKind, Texture>;
    barrier: Texture;
    /** Headlight light: the additive copy (normal blending) when the bag could make one. */
    beam: Texture;
    beamBlend: 'normal' | 'add';
    cars: Texture[];
    hero: Texture;
  };
  // Layout
  private laneH = 96;
  private startH = 150;
  private finishH = 150;
  private columnX = 0;
  private coverSize = 60;
  private carLength = 110;
  private carWidth = 56;
  private groundKey = '';

  constructor(context: SceneContext, texts?: Partial<GameTexts>) {
    super(context, texts);
  }

  get road(): Readonly<RoadState> {
    return this.state;
  }

  /** A new road: lane count and the multiplier of each lane; `passed` restores a round in progress. */
  setup(config: RoadSetup): void {
    this.assertAlive();
    const state = setupRoad(config);
    this.animator.skip();
    this.state = state;
    this.clearRound();
    this.rebuildLanes();
    this.layout();
  }

  /** The hero hops onto `lane` (the next one); on 'trap' a car hits. Resolves when it has played. */
  step(lane: number, result: RoadStepResult): Promise<void> {
    this.assertAlive();
    this.animator.skip();
    this.serial += 1;
    const { state, plan } = planStep(this.state, lane, result, hashSeed(this.context.seed, 'road-step', this.serial));
    this.before = this.state;
    this.state = state;
    this.clearTraffic(lane, result === 'trap');
    if (result === 'trap') this.crash = plan;
    return this.animator.run(plan.durationMs, (t) => {
      this.anim = { plan, t };
      this.hero = stepHeroPose(plan, t);
      this.dropping = plan.result === 'safe' ? { lane: plan.to, progress: segment(t, plan.crouchMs, plan.barrierMs) } : null;
      if (t >= plan.durationMs) this.finishAnim();
      this.draw();
    });
  }

  /** The hero celebrates on the current lane (or on the finish after the last one). */
  cashOut(): Promise<void> {
    this.assertAlive();
    this.animator.skip();
    this.serial += 1;
    const { state, plan } = planCashOut(this.state, hashSeed(this.context.seed, 'road-cash', this.serial));
    this.before = this.state;
    this.state = state;
    this.cashout = plan;
    this.launchBurst(plan.seed);
    return this.animator.run(plan.durationMs, (t) => {
      this.anim = { plan, t };
      this.hero = cashOutHeroPose(plan, t);
      if (t >= plan.durationMs) this.finishAnim();
      this.draw();
    });
  }

  /** After the round: flips the covers of the trap lanes (trap slots past the road are ignored). */
  reveal(trapLanes: readonly number[]): Promise<void> {
    this.assertAlive();
    this.animator.skip();
    const { state, plan } = planReveal(this.state, trapLanes);
    this.before = this.state;
    this.state = state;
    return this.animator.run(plan.durationMs, (t) => {
      this.anim = { plan, t };
      if (t >= plan.durationMs) this.finishAnim();
      this.draw();
    });
  }

  /** Back to the start pavement with the same lanes. */
  reset(): void {
    this.assertAlive();
    this.animator.skip();
    this.state = resetRoad(this.state);
    this.clearRound();
    this.draw();
  }

  protected build(): void {
    const bag = this.context.resources;
    const beam = beamTexture(bag);
    const beamLight = bag.additive(beam);
    this.textures = {
      glow: glowTexture(bag),
      sparkle: sparkleTexture(bag),
      coin: miniCoinTexture(bag),
      cover: coverTextures(bag),
      barrier: barrierTexture(bag),
      beam: beamLight ?? beam,
      beamBlend: beamLight ? 'normal' : 'add',
      cars: carTextures(bag),
      hero: heroTexture(bag),
    };
    this.font = installArcadeFont(bag, this.glyphs);
    // The camera moves the world: as a render group that is one transform for the GPU, not a
    // new position for each of its sprites, and its draw list is rebuilt on its own.
    this.world = new Container({ isRenderGroup: true });
    this.ground = new RoadGround(this.context.underlay());
    this.decor = new Container();
    this.lanesLayer = new Container();
    this.carLayer = new Container();
    this.beamLayer = new Container();
    this.heroLayer = new Container();
    this.effects = new Container();
    this.nextGlow = new Sprite(this.textures.glow);
    this.nextGlow.anchor.set(0.5);
    addLight(this.nextGlow, bag);
    this.nextGlow.tint = palette.gold;
    this.finishLabel = new GlyphLine(this.font, 30, this.texts.finish.length, { letterSpacing: 6, text: this.texts.finish });
    this.finishLabel.view.tint = palette.goldLight;
    this.decor.addChild(this.finishLabel.view);
    this.heroShadow = new Sprite(this.textures.glow);
    this.heroShadow.anchor.set(0.5);
    this.heroShadow.tint = 0x000000;
    this.heroSprite = new Sprite(this.textures.hero);
    this.heroSprite.anchor.set(0.5, 0.9);
    this.hitCar = new Sprite(this.textures.cars[0]);
    this.hitCar.anchor.set(0.5);
    this.hitBeam = new Sprite(this.textures.beam);
    this.hitBeam.anchor.set(0, 0.5);
    this.hitBeam.blendMode = this.textures.beamBlend;
    this.heroLayer.addChild(this.heroShadow, this.heroSprite);
    this.world.addChild(this.decor, this.nextGlow, this.lanesLayer, this.beamLayer, this.carLayer, this.hitBeam, this.hitCar, this.heroLayer, this.effects);

    this.hud = new Container();
    this.flash = new Sprite(Texture.WHITE);
    this.flash.tint = palette.lose;
    this.flash.alpha = 0;
    // A full-screen quad: shrunk to nothing unless it shows (pixi draws a sprite even at alpha 0).
    this.flash.scale.set(0);
    this.banner = new Container();
    this.bannerPill = new Sprite(pillTexture(bag, 240, 76));
    this.bannerPill.anchor.set(0.5);
    const title = (words: string, tint: number): GlyphLine => {
      const text = new GlyphLine(this.font, 16, words.length, { letterSpacing: 3, text: words });
      text.view.position.set(0, -15);
      text.view.tint = tint;
      text.view.scale.set(0);
      return text;
    };
    this.bannerTitles = { cashout: title(this.texts.cashedOut, 0x4a2f00), crash: title(this.texts.crashed, 0xffffff) };
    this.bannerValue = new GlyphLine(this.font, 28, Math.max(16, this.texts.lane.length + 3));
    this.bannerValue.view.position.set(0, 13);
    this.banner.addChild(this.bannerPill, this.bannerTitles.cashout.view, this.bannerTitles.crash.view, this.bannerValue.view);
    this.banner.scale.set(0);
    this.hud.addChild(this.flash, this.banner);
    this.view.addChild(this.world, this.hud);
    this.burst = new Burst({ ...this.burstShape(), count: 34, seed: 1, textures: [this.textures.coin, this.textures.coin, this.textures.sparkle] });
    this.effects.addChild(this.burst.view);
    this.rebuildLanes();
  }

  protected layout(): void {
    const { width, height } = this;
    this.laneH = Math.round(clamp(height / 6.3, 62, 118));
    this.startH = Math.round(this.laneH * 1.7);
    this.finishH = Math.round(this.laneH * 1.5);
    this.columnX = Math.round(width / 2);
    this.coverSize = Math.round(this.laneH * 0.64);
    this.carLength = Math.round(this.laneH * 1.12);
    this.carWidth = Math.round(this.laneH * 0.56);
    const groundKey = `${width}:${height}:${this.laneH}:${this.state.lanes}`;
    if (groundKey !== this.groundKey) {
      this.groundKey = groundKey;
      const { laneH, startH, finishH } = this;
      this.ground.layout({ width, height, laneH, lanes: this.state.lanes, startH, finishH, resolution: this.context.resolution });
    }
    const labelSize = Math.round(clamp(this.laneH * 0.17, 11, 19));
    this.lanes.forEach((lane, i) => {
      const y = this.laneY(i);
      lane.cover.position.set(this.columnX, y);
      lane.cover.setSize(this.coverSize, this.coverSize);
      lane.label.view.position.set(this.columnX, y + 1);
      lane.label.fontSize = labelSize;
    });
    for (const lane of this.lanes) for (const car of lane.cars) this.sizeCar(car.sprite, car.beam);
    for (const car of this.carPool) this.sizeCar(car.sprite, car.beam);
    this.sizeCar(this.hitCar, this.hitBeam);
    const heroSize = this.laneH * 0.62;
    this.heroSprite.setSize(heroSize, heroSize);
    this.finishLabel.fontSize = Math.round(this.laneH * 0.3);
    this.finishLabel.view.position.set(this.columnX, this.finishY() - this.finishH * 0.02);
    this.flash.setSize(width, height);
    this.banner.position.set(width / 2, Math.max(58, height * 0.12));
    this.draw();
  }

  protected override teardown(): void {
    if (this.ground) this.ground.destroy();
  }

  protected tick(stepMs: number): void {
    this.moveTraffic(stepMs);
    if (!this.animator.busy) this.draw();
  }

  // ---- geometry ----

  private laneY(lane: number): number {
    return -(lane + 0.5) * this.laneH;
  }

  private startY(): number {
    return this.startH * 0.42;
  }

  private finishY(): number {
    return -this.state.lanes * this.laneH - this.finishH * 0.5;
  }

  /** World y of a fractional hero position (-1 start, 0..lanes-1, lanes = finish). */
  private heroY(position: number): number {
    const last = this.state.lanes - 1;
    if (position <= 0) return lerp(this.startY(), this.laneY(0), position + 1);
    if (position >= last) return lerp(this.laneY(last), this.finishY(), position - last);
    return this.laneY(position);
  }

  private sizeCar(sprite: Sprite, beam: Sprite): void {
    sprite.setSize(this.carLength, this.carWidth);
    beam.setSize(this.carLength * 0.7, this.carWidth * 1.1);
  }

  // ---- round bookkeeping ----

  private clearRound(): void {
    this.before = this.state;
    this.anim = null;
    this.crash = null;
    this.cashout = null;
    this.dropping = null;
    this.hero = { lane: this.state.position, lift: 0, squash: 1, knock: 0, spin: 0, down: 0 };
    if (this.bursting) {
      this.bursting = false;
      this.burst.pose(-1);
    }
    this.stops = new Set(Array.from({ length: Math.max(0, this.state.position + 1) }, (_, i) => i));
  }

  private finishAnim(): void {
    this.before = this.state;
    this.dropping = null;
  }

  private rebuildLanes(): void {
    const labels = laneLabels(this.state);
    if (this.lanes.length === this.state.lanes) {
      // Same road shape: only the multipliers change.
      this.lanes.forEach((lane, i) => {
        lane.label.text = labels[i] ?? '';
      });
      return;
    }
    for (const lane of this.lanes) {
      for (const car of lane.cars) this.recycle(car);
      lane.cover.destroy();
      lane.label.view.destroy({ children: true });
      lane.barrier.destroy();
    }
    this.lanes = [];
    for (let i = 0; i < this.state.lanes; i++) {
      const cover = new Sprite(this.textures.cover.idle);
      cover.anchor.set(0.5);
      // Lane labels are compact multipliers ("1.02×", "291.2K×", "1,234.5M×").
      const label = new GlyphLine(this.font, 15, 10, { text: labels[i] ?? '' });
      const barrier = new Sprite(this.textures.barrier);
      barrier.anchor.set(0.5, 1);
      // Shown by its size, never by visibility (see `draw`).
      barrier.scale.set(0);
      this.lanesLayer.addChild(cover, label.view, barrier);
      const random = new Random(hashSeed(this.context.seed, 'lane', i));
      this.lanes.push({ cover, label, barrier, cars: [], nextSpawnMs: random.range(0, 1600), random });
    }
    this.populate();
  }

  // ---- traffic (cosmetic, seeded) ----

  /**
   * A car leaving the road waits in the pool, parked off the world: cars never change
   * visibility, since in pixi every visibility change rebuilds the render group's draw list.
   */
  private recycle(car: Car): void {
    car.sprite.position.set(PARKED, PARKED);
    car.beam.position.set(PARKED, PARKED);
    this.carPool.push(car);
  }

  private spawn(laneIndex: number, s: number): void {
    const lane = this.lanes[laneIndex];
    if (!lane) return;
    let car = this.carPool.pop();
    if (!car) {
      const sprite = new Sprite(this.textures.cars[0]);
      sprite.anchor.set(0.5);
      const beam = new Sprite(this.textures.beam);
      beam.anchor.set(0, 0.5);
      beam.blendMode = this.textures.beamBlend;
      beam.alpha = 0.5;
      this.beamLayer.addChild(beam);
      this.carLayer.addChild(sprite);
      car = { sprite, beam, lane: laneIndex, s, speed: 0, boost: false };
    }
    car.lane = laneIndex;
    car.s = s;
    car.boost = false;
    car.speed = this.laneH * lane.random.range(2.3, 4.2);
    // All paints share one texture source: no draw-list rebuild for a new colour.
    car.sprite.texture = lane.random.pick(this.textures.cars);
    this.sizeCar(car.sprite, car.beam);
    this.placeCar(car.sprite, car.beam, car.lane, car.s);
    lane.cars.push(car);
  }

  /** Some cars already on the road when it appears. */
  private populate(): void {
    const width = Math.max(this.width, 320);
    for (let i = 0; i < this.lanes.length; i++) {
      const lane = this.lanes[i];
      if (!lane || this.stops.has(i)) continue;
      const count = lane.random.int(0, 2);
      for (let k = 0; k < count; k++) this.spawn(i, width - k * width * 0.55 - lane.random.range(0, width * 0.3));
    }
  }

  /** Progress where a stopped lane holds its traffic (the barrier line). */
  private stopLine(): number {
    return this.width / 2 - this.coverSize * 0.5 - this.laneH * 0.42;
  }

  /**
   * The lane the hero enters stops taking traffic; cars already between the barrier and the
   * hero speed away so nothing drives through a safe landing.
   */
  private clearTraffic(laneIndex: number, trap: boolean): void {
    const lane = this.lanes[laneIndex];
    if (!lane) return;
    this.stops.add(laneIndex);
    const stop = this.stopLine();
    const heroEdge = this.width / 2 + this.laneH * 0.45;
    for (const car of lane.cars) {
      const front = car.s + this.carLength / 2;
      const rear = car.s - this.carLength / 2;
      if ((front > stop || trap) && rear < heroEdge) car.boost = true;
    }
  }

  private moveTraffic(stepMs: number): void {
    const dt = stepMs / 1000;
    const width = this.width;
    const exit = width + this.carLength;
    const stop = this.stopLine() - this.carLength / 2 - 4;
    const gap = this.carLength + this.laneH * 0.25;
    this.visibleLanes();
    const low = this.low;
    const high = this.high;
    for (let i = 0; i < this.lanes.length; i++) {
      const lane = this.lanes[i];
      if (!lane) continue;
      const stopped = this.stops.has(i);
      // Cars ahead in the list are further downstream.
      let limit = Number.POSITIVE_INFINITY;
      // Indexed loops: this runs for every lane on every frame (no iterator objects).
      const cars = lane.cars;
      for (let k = 0; k < cars.length; k++) {
        const car = cars[k] as (typeof cars)[number];
        const speed = car.speed * (car.boost ? 3.6 : 1);
        let next = car.s + speed * dt;
        if (stopped && car.s <= stop) next = Math.min(next, stop);
        next = Math.min(next, limit);
        car.s = Math.max(car.s, next);
        limit = car.s - gap;
      }
      for (let k = lane.cars.length - 1; k >= 0; k--) {
        const car = lane.cars[k];
        if (car && car.s > exit) {
          lane.cars.splice(k, 1);
          this.recycle(car);
        }
      }
      // Only the lanes in view (and one either side) are drawn; the others keep their cars where they were.
      if (i >= low && i <= high) {
        for (let k = 0; k < cars.length; k++) {
          const car = cars[k] as (typeof cars)[number];
          this.placeCar(car.sprite, car.beam, car.lane, car.s);
        }
      }
      if (stepMs <= 0) continue;
      lane.nextSpawnMs -= stepMs;
      if (lane.nextSpawnMs <= 0) {
        lane.nextSpawnMs = lane.random.range(900, 2800);
        const waiting = lane.cars.length;
        const tail = lane.cars[lane.cars.length - 1];
        const room = !tail || tail.s > -this.carLength / 2 + gap;
        if (i >= low && i <= high && waiting < CAR_LIMIT && room && !(stopped && waiting >= 1)) this.spawn(i, -this.carLength / 2);
      }
    }
  }

  private placeCar(sprite: Sprite, beam: Sprite, lane: number, s: number): void {
    const dir = laneDirection(lane);
    const x = dir > 0 ? s : this.width - s;
    const y = this.laneY(lane);
    sprite.position.set(x, y);
    sprite.scale.x = Math.abs(sprite.scale.x) * dir;
    beam.position.set(x + dir * this.carLength * 0.45, y);
    beam.scale.x = Math.abs(beam.scale.x) * dir;
  }

  /** Sets `low`..`high`: the lanes in view for the current camera, one more either side. */
  private visibleLanes(): void {
    const top = -this.world.y;
    const bottom = top + this.height;
    this.low = Math.max(0, Math.floor(-bottom / this.laneH) - 1);
    this.high = Math.min(this.state.lanes - 1, Math.ceil(-top / this.laneH) + 1);
  }

  /** Burst options that follow the lane height. */
  private burstShape(): Omit<BurstOptions, 'count' | 'seed' | 'textures'> {
    const size = this.laneH;
    return {
      tints: [0xffffff, palette.goldLight, palette.gold],
      speed: [size * 2.5, size * 6.5],
      size: [size * 0.12, size * 0.26],
      lifeMs: [700, 1400],
      gravity: size * 11,
      drag: 1.2,
      spread: Math.PI * 1.3,
      spin: 8,
      delayMs: [0, 200],
    };
  }

  private launchBurst(seed: number): void {
    this.bursting = true;
    this.burst.launch(seed, this.burstShape());
  }

  // ---- drawing ----

  private coverKind(state: LaneState): CoverKind {
    if (state === 'current' || state === 'passed') return 'gold';
    if (state === 'crash' || state === 'trap') return 'trap';
    return 'idle';
  }

  private draw(): void {
    if (!this.world) return;
    const anim = this.anim;
    const t = anim?.t ?? 0;
    const stepPlan = anim?.plan.kind === 'step' ? anim.plan : null;
    const landed = !stepPlan || t >= stepPlan.crouchMs + stepPlan.hopMs;
    const shown = landed ? this.state : this.before;
    const states = this.statesOf(shown);
    const before = this.statesOf(this.before);
    const revealPlan = anim?.plan.kind === 'reveal' ? anim.plan : null;
    const revealStarts = revealPlan ? this.revealStarts(revealPlan) : null;

    // Camera: keep the hero in the lower third, never past either end of the road.
    const heroY = this.heroY(this.hero.lane);
    const minY = this.height - this.startH;
    const maxY = this.state.lanes * this.laneH + this.finishH;
    let camera = clamp(this.height * 0.66 - heroY, minY, Math.max(minY, maxY));
    let shakeX = 0;
    const crash = this.crash;
    if (crash?.impactMs != null && stepPlan === crash) {
      const k = segment(t, crash.impactMs, crash.impactMs + 380);
      if (k > 0 && k < 1) {
        shakeX = Math.sin(t * 0.09) * this.laneH * 0.08 * (1 - k);
        camera += Math.cos(t * 0.11) * this.laneH * 0.05 * (1 - k);
      }
    }
    this.world.position.set(shakeX, Math.round(camera));
    this.ground.place(shakeX, Math.round(camera));

    // Covers, labels, barriers. Nothing here changes visibility (pixi would rebuild the draw
    // list on that frame): what comes and goes is shrunk to nothing; lanes out of view simply
    // keep their last look.
    const pulse = 0.5 + 0.5 * Math.sin(this.time / 260);
    this.visibleLanes();
    const low = this.low;
    const high = this.high;
    let nextLane = -1;
    for (let i = 0; i < this.lanes.length; i++) {
      const lane = this.lanes[i];
      if (!lane) continue;
      const state = states[i] ?? 'ahead';
      if (state === 'next') nextLane = i;
      // A barrier stands on every crossed lane, upstream of the hero.
      let drop = this.stops.has(i) && i !== this.state.crashLane && i <= this.state.position ? 1 : 0;
      if (this.dropping?.lane === i) drop = this.dropping.progress;
      if (drop <= 0) lane.barrier.scale.set(0);
      if (i < low || i > high) continue;
      let kind = this.coverKind(state);
      let flip = 1;
      const start = revealStarts?.get(i);
      if (revealPlan && start !== undefined) {
        const u = segment(t, start, start + revealPlan.flipMs);
        flip = Math.abs(Math.cos(u * Math.PI));
        kind = u < 0.5 ? this.coverKind(before[i] ?? 'ahead') : 'trap';
      }
      // The three cover looks share one texture source: switching keeps the draw list.
      lane.cover.texture = this.textures.cover[kind];
      lane.cover.setSize(this.coverSize * flip, this.coverSize);
      lane.label.view.scale.x = flip;
      setTint(lane.label.view, kind === 'gold' ? 0x4a2f00 : state === 'next' ? palette.goldLight : palette.text);
      lane.label.view.alpha = state === 'ahead' && this.state.traps ? 0.5 : 1;
      if (drop > 0) {
        const dir = laneDirection(i);
        const x = this.columnX - dir * (this.coverSize * 0.5 + this.laneH * 0.3);
        const fall = 1 - easeOutBack(drop, 2.4);
        lane.barrier.setSize(this.laneH * 0.2, this.laneH * 0.82);
        lane.barrier.position.set(x, this.laneY(i) + this.laneH * 0.41 - fall * this.laneH * 0.9);
        lane.barrier.alpha = Math.min(1, drop * 3);
      }
    }
    if (nextLane >= 0) {
      this.nextGlow.position.set(this.columnX, this.laneY(nextLane));
      const size = this.coverSize * (1.9 + 0.25 * pulse);
      this.nextGlow.setSize(size, size);
      this.nextGlow.alpha = 0.3 + 0.25 * pulse;
    } else {
      this.nextGlow.scale.set(0);
    }

    this.drawHero();
    this.drawHitCar(t);
    this.drawHud(t);
  }

  /** laneStates(state), kept for the last two states (the shown and the previous one). */
  private statesOf(state: RoadState): LaneState[] {
    for (const entry of this.statesCache) if (entry.state === state) return entry.states;
    const states = laneStates(state);
    this.statesCache = [{ state, states }, ...this.statesCache.slice(0, 1)];
    return states;
  }

  /** When each trap lane's cover starts to flip in `plan` (lanes that do not flip are absent). */
  private revealStarts(plan: RoadRevealPlan): Map<number, number> {
    if (this.revealOrder?.plan !== plan) {
      const starts = new Map<number, number>();
      for (let lane = 0; lane < this.lanes.length; lane++) {
        const start = revealStart(plan, lane, this.state.crashLane);
        if (start !== null) starts.set(lane, start);
      }
      this.revealOrder = { plan, starts };
    }
    return this.revealOrder.starts;
  }

  private drawHero(): void {
    const pose = this.hero;
    const y = this.heroY(pose.lane);
    const x = this.columnX + pose.knock * this.laneH;
    const size = this.laneH * 0.62;
    const lift = pose.lift * this.laneH * 0.42;
    const idle = this.animator.busy || pose.down > 0 ? 0 : Math.abs(Math.sin(this.time / 420)) * this.laneH * 0.025;
    this.heroSprite.position.set(x, y + size * 0.38 - lift - idle);
    const flat = 1 - 0.65 * pose.down;
    const sx = size / this.textures.hero.width;
    this.heroSprite.scale.set(sx * (1 + 0.35 * pose.down) * (2 - pose.squash), sx * pose.squash * flat);
    this.heroSprite.rotation = pose.spin;
    setTint(this.heroSprite, pose.down > 0 ? shade(1 - 0.35 * pose.down) : 0xffffff);
    this.heroShadow.position.set(x, y + size * 0.4);
    this.heroShadow.setSize(size * (1.1 - 0.4 * pose.lift), size * 0.36 * (1 - 0.3 * pose.lift));
    this.heroShadow.alpha = 0.6;
    // The burst follows the hero while it is in flight; otherwise its particles are shrunk to
    // nothing and moving the container would only re-place them all on every frame of a step.
    if (this.bursting) this.effects.position.set(x, y - size * 0.2);
  }

  private drawHitCar(t: number): void {
    const crash = this.crash;
    const anim = this.anim;
    const at = anim && anim.plan === crash ? t : crash ? crash.durationMs : 0;
    const offset = crash ? stepCarOffset(crash, at) : null;
    const visible = crash !== null && offset !== null && offset < (this.width / this.laneH) * 0.5 + 1.5;
    if (!crash || offset === null || !visible) {
      this.hitCar.scale.set(0);
      this.hitBeam.scale.set(0);
      return;
    }
    this.hitCar.texture = this.textures.cars[0] ?? this.hitCar.texture;
    this.sizeCar(this.hitCar, this.hitBeam);
    const dir = crash.direction;
    const front = this.columnX - dir * offset * this.laneH;
    const x = front - dir * this.carLength * 0.5;
    const s = dir > 0 ? x : this.width - x;
    this.placeCar(this.hitCar, this.hitBeam, crash.to, s);
    this.hitBeam.alpha = 0.8;
  }

  private drawHud(t: number): void {
    const anim = this.anim;
    const crash = this.crash;
    // Red flash on impact.
    if (crash?.impactMs != null && anim?.plan === crash) {
      const k = segment(t, crash.impactMs, crash.impactMs + 480);
      this.flash.alpha = k > 0 && k < 1 ? 0.38 * (1 - k) : 0;
    } else {
      this.flash.alpha = 0;
    }
    if (this.flash.alpha > 0) this.flash.setSize(this.width, this.height);
    else this.flash.scale.set(0);
    let since = -1;
    let title: 'cashout' | 'crash' | '' = '';
    let value = '';
    let color: number = palette.gold;
    if (this.cashout) {
      since = anim?.plan === this.cashout ? t - this.cashout.hopMs : 10_000;
      title = 'cashout';
      value = formatMultiplier(this.cashout.multiplier, 'full');
      color = palette.gold;
    } else if (crash?.impactMs != null) {
      since = anim?.plan === crash ? t - crash.impactMs - 250 : 10_000;
      title = 'crash';
      value = `${this.texts.lane} ${crash.to + 1}`;
      color = palette.lose;
    }
    this.bannerTitles.cashout.view.scale.set(since >= 0 && title === 'cashout' ? 1 : 0);
    this.bannerTitles.crash.view.scale.set(since >= 0 && title === 'crash' ? 1 : 0);
    if (since >= 0) {
      const pop = easeOutBack(segment(since, 0, 420), 2.2);
      this.banner.scale.set(0.5 + 0.5 * pop);
      this.banner.alpha = segment(since, 0, 200);
      setTint(this.bannerPill, color);
      this.bannerValue.text = value;
      setTint(this.bannerValue.view, color === palette.gold ? 0x2a1a00 : 0xffffff);
    } else {
      this.banner.scale.set(0);
    }
    if (this.bursting) this.burst.pose(this.cashout ? (anim?.plan === this.cashout ? t - this.cashout.hopMs : 100_000) : -1);
  }
}
