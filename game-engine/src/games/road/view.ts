import { Container, Sprite, type Texture } from 'pixi.js';
import { clamp, easeOutBack, segment } from '../../core/easing';
import type { SceneContext } from '../../core/engine';
import type { GameTexts } from '../texts';
import { hashSeed } from '../../core/random';
import { addLight, glowTexture, miniCoinTexture, sparkleTexture } from '../shared/art';
import { installArcadeFont } from '../shared/fonts';
import { GameScene } from '../shared/game-scene';
import { GlyphLine } from '../shared/glyph-line';
import { palette } from '../shared/theme';
import { setTint } from '../shared/tint';
import { barrierTexture, beamTexture, carTextures, coverTextures, heroTexture, type CoverKind } from './art';
import { ROAD } from './config';
import { RoadGround } from './ground';
import { RoadHero } from './hero';
import { RoadHud } from './hud';
import { RoadLayout } from './layout';
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
import { RoadTraffic } from './traffic';

/** What stands on a lane: its manhole cover, the multiplier printed on it, its barrier. */
interface Lane {
  cover: Sprite;
  label: GlyphLine;
  barrier: Sprite;
}

/** Long after a cash-out's burst: its coins have landed. */
const BURST_SETTLED_MS = 100_000;

type Anim = { plan: RoadStepPlan; t: number } | { plan: RoadCashOutPlan; t: number } | { plan: RoadRevealPlan; t: number };

/**
 * The road: lanes of traffic stacked upwards, a manhole with the multiplier on each lane,
 * a hero that hops lane by lane under a following camera, barriers that stop the cars on
 * crossed lanes, and a car that comes for the hero on a trap.
 *
 * The scene keeps the round (its state, the running animation) and draws the lanes and the
 * camera; its parts draw the rest: `RoadLayout` (geometry, camera), `RoadTraffic` (the cars),
 * `RoadHero` (the hero and its cash-out burst), `RoadHud` (flash and banner), `RoadGround`
 * (the still ground under the canvas). Their tuning is in config.ts.
 */
export class RoadScene extends GameScene {
  readonly name = 'road';
  private state: RoadState = setupRoad({ lanes: 24, multipliers: ladder(1) });
  /** The state before the running animation (what is shown until it lands). */
  private before: RoadState = this.state;
  private anim: Anim | null = null;
  private crash: RoadStepPlan | null = null;
  private cashout: RoadCashOutPlan | null = null;
  private heroPose: HeroPose = { lane: -1, lift: 0, squash: 1, knock: 0, spin: 0, down: 0 };
  private serial = 0;
  /** Barrier drop progress per lane during a step (0..1). */
  private dropping: { lane: number; progress: number } | null = null;

  private readonly geometry = new RoadLayout(this.state.lanes);
  private world!: Container;
  /** Pavements, asphalt and markings: drawn by the page under the canvas, moved with the camera. */
  private ground!: RoadGround;
  private decor!: Container;
  private lanesLayer!: Container;
  private traffic!: RoadTraffic;
  private hero!: RoadHero;
  private hud!: RoadHud;
  private lanes: Lane[] = [];
  /** Lane states of the last two round states drawn (they change on steps only). */
  private statesCache: Array<{ state: RoadState; states: LaneState[] }> = [];
  /** Order in which the reveal flips each trap lane, per reveal plan. */
  private revealOrder: { plan: RoadRevealPlan; starts: Map<number, number> } | null = null;
  private nextGlow!: Sprite;
  private finishLabel!: GlyphLine;
  /** The lane labels' size for the current lane height. */
  private labelSize: number = ROAD.lanes.labelFont;
  private font = '';
  private textures!: {
    cover: Record<CoverKind, Texture>;
    barrier: Texture;
  };
  private groundKey = '';

  constructor(context: SceneContext, texts: GameTexts) {
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
    this.geometry.lanes = state.lanes;
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
    this.traffic.clear(lane, result === 'trap');
    if (result === 'trap') this.crash = plan;
    return this.animator.run(plan.durationMs, (t) => {
      this.anim = { plan, t };
      this.heroPose = stepHeroPose(plan, t);
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
    this.hero.launchBurst(plan.seed);
    return this.animator.run(plan.durationMs, (t) => {
      this.anim = { plan, t };
      this.heroPose = cashOutHeroPose(plan, t);
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
    // The order the art is asked for is the order it goes on the scene's sheets.
    const beam = beamTexture(bag);
    const beamLight = bag.additive(beam);
    const glow = glowTexture(bag);
    const sparkle = sparkleTexture(bag);
    const coin = miniCoinTexture(bag);
    this.textures = { cover: coverTextures(bag), barrier: barrierTexture(bag) };
    const cars = carTextures(bag);
    const hero = heroTexture(bag);
    this.font = installArcadeFont(bag, this.glyphs);
    // The camera moves the world: as a render group that is one transform for the GPU, not a
    // new position for each of its sprites, and its draw list is rebuilt on its own.
    this.world = new Container({ isRenderGroup: true });
    this.ground = new RoadGround(this.context.underlay());
    this.decor = new Container();
    this.lanesLayer = new Container();
    this.traffic = new RoadTraffic(
      { cars, beam: beamLight ?? beam, beamBlend: beamLight ? 'normal' : 'add' },
      this.geometry,
      this.context.seed,
    );
    this.hero = new RoadHero({ hero, glow, coin, sparkle }, this.geometry);
    this.nextGlow = new Sprite(glow);
    this.nextGlow.anchor.set(0.5);
    addLight(this.nextGlow, bag);
    this.nextGlow.tint = palette.gold;
    const { finish } = ROAD;
    this.finishLabel = new GlyphLine(this.font, finish.font, this.texts.finish.length, {
      letterSpacing: finish.letterSpacing,
      text: this.texts.finish,
    });
    this.finishLabel.view.tint = palette.goldLight;
    this.decor.addChild(this.finishLabel.view);
    const { traffic } = this;
    this.world.addChild(
      this.decor,
      this.nextGlow,
      this.lanesLayer,
      traffic.beamLayer,
      traffic.carLayer,
      traffic.hitBeam,
      traffic.hitCar,
      this.hero.view,
      this.hero.effects,
    );
    this.hud = new RoadHud(bag, this.font, this.texts);
    this.view.addChild(this.world, this.hud.view);
    this.rebuildLanes();
  }

  protected layout(): void {
    const { width, height } = this;
    const geometry = this.geometry;
    geometry.update(width, height);
    const { laneH, startH, finishH, columnX, coverSize } = geometry;
    const groundKey = `${width}:${height}:${laneH}:${this.state.lanes}`;
    if (groundKey !== this.groundKey) {
      this.groundKey = groundKey;
      this.ground.layout({ width, height, laneH, lanes: this.state.lanes, startH, finishH, resolution: this.context.resolution });
    }
    const { lanes } = ROAD;
    const labelSize = Math.round(clamp(laneH * lanes.labelSize, lanes.minLabelSize, lanes.maxLabelSize));
    this.lanes.forEach((lane, i) => {
      const y = geometry.laneY(i);
      lane.cover.position.set(columnX, y);
      lane.cover.setSize(coverSize, coverSize);
      lane.label.view.position.set(columnX, y + 1);
      this.fitLabel(lane.label, labelSize, coverSize);
    });
    this.labelSize = labelSize;
    this.traffic.resize();
    this.hero.resize();
    this.finishLabel.fontSize = Math.round(laneH * ROAD.finish.size);
    this.finishLabel.view.position.set(columnX, geometry.finishY() - finishH * ROAD.finish.lift);
    this.hud.resize(width, height);
    this.draw();
  }

  protected override teardown(): void {
    if (this.ground) this.ground.destroy();
  }

  protected tick(stepMs: number): void {
    this.traffic.move(stepMs, this.world.y);
    if (!this.animator.busy) this.draw();
  }

  // ---- round bookkeeping ----

  private clearRound(): void {
    this.before = this.state;
    this.anim = null;
    this.crash = null;
    this.cashout = null;
    this.dropping = null;
    this.heroPose = { lane: this.state.position, lift: 0, squash: 1, knock: 0, spin: 0, down: 0 };
    this.hero.endBurst();
    this.traffic.stopUpTo(this.state.position);
  }

  private finishAnim(): void {
    this.before = this.state;
    this.dropping = null;
  }

  /** A lane's label at `size`, smaller when the host's form of its multiplier is wider than the cover. */
  private fitLabel(label: GlyphLine, size: number, coverSize: number): void {
    label.fontSize = size;
    const room = coverSize * 0.92;
    if (label.width > room) label.fontSize = Math.max(ROAD.lanes.minLabelSize * 0.7, Math.floor((size * room) / label.width));
  }

  private rebuildLanes(): void {
    const labels = laneLabels(this.state, this.texts.multiplier);
    if (this.lanes.length === this.state.lanes) {
      // Same road shape: only the multipliers change.
      this.lanes.forEach((lane, i) => {
        lane.label.text = labels[i] ?? '';
        this.fitLabel(lane.label, this.labelSize, this.geometry.coverSize);
      });
      return;
    }
    for (const lane of this.lanes) {
      lane.cover.destroy();
      lane.label.view.destroy({ children: true });
      lane.barrier.destroy();
    }
    this.lanes = [];
    for (let i = 0; i < this.state.lanes; i++) {
      const cover = new Sprite(this.textures.cover.idle);
      cover.anchor.set(0.5);
      // Lane labels are compact multipliers ("1.02×", "291.2K×", "1,234.5M×").
      const label = new GlyphLine(this.font, ROAD.lanes.labelFont, ROAD.lanes.labelGlyphs, { text: labels[i] ?? '' });
      const barrier = new Sprite(this.textures.barrier);
      barrier.anchor.set(0.5, 1);
      // Shown by its size, never by visibility (see `draw`).
      barrier.scale.set(0);
      this.lanesLayer.addChild(cover, label.view, barrier);
      this.lanes.push({ cover, label, barrier });
    }
    this.traffic.rebuild(this.state.lanes);
  }

  // ---- drawing ----

  private coverKind(state: LaneState): CoverKind {
    if (state === 'current' || state === 'passed') return 'gold';
    if (state === 'crash' || state === 'trap') return 'trap';
    return 'idle';
  }

  private draw(): void {
    if (!this.world) return;
    const geometry = this.geometry;
    const { laneH, columnX, coverSize } = geometry;
    const anim = this.anim;
    const t = anim?.t ?? 0;
    const stepPlan = anim?.plan.kind === 'step' ? anim.plan : null;
    const landed = !stepPlan || t >= stepPlan.crouchMs + stepPlan.hopMs;
    const shown = landed ? this.state : this.before;
    const states = this.statesOf(shown);
    const before = this.statesOf(this.before);
    const revealPlan = anim?.plan.kind === 'reveal' ? anim.plan : null;
    const revealStarts = revealPlan ? this.revealStarts(revealPlan) : null;

    // Camera: keep the hero in the lower third, never past either end of the road; a hit shakes it.
    let camera = geometry.cameraY(geometry.heroY(this.heroPose.lane));
    let shakeX = 0;
    const crash = this.crash;
    if (crash?.impactMs != null && stepPlan === crash) {
      const shake = ROAD.camera;
      const k = segment(t, crash.impactMs, crash.impactMs + shake.shakeMs);
      if (k > 0 && k < 1) {
        shakeX = Math.sin(t * shake.shakeXRate) * laneH * shake.shakeX * (1 - k);
        camera += Math.cos(t * shake.shakeYRate) * laneH * shake.shakeY * (1 - k);
      }
    }
    this.world.position.set(shakeX, Math.round(camera));
    this.ground.place(shakeX, Math.round(camera));

    // Covers, labels, barriers. Nothing here changes visibility (pixi would rebuild the draw
    // list on that frame): what comes and goes is shrunk to nothing; lanes out of view simply
    // keep their last look.
    const { lanes: look, barrier } = ROAD;
    const pulse = 0.5 + 0.5 * Math.sin(this.time / look.pulseMs);
    geometry.findVisible(this.world.y);
    const low = geometry.low;
    const high = geometry.high;
    let nextLane = -1;
    for (let i = 0; i < this.lanes.length; i++) {
      const lane = this.lanes[i];
      if (!lane) continue;
      const state = states[i] ?? 'ahead';
      if (state === 'next') nextLane = i;
      // A barrier stands on every crossed lane, upstream of the hero.
      let drop = this.traffic.stopped(i) && i !== this.state.crashLane && i <= this.state.position ? 1 : 0;
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
      lane.cover.setSize(coverSize * flip, coverSize);
      lane.label.view.scale.x = flip;
      setTint(lane.label.view, kind === 'gold' ? look.goldLabelTint : state === 'next' ? palette.goldLight : palette.text);
      lane.label.view.alpha = state === 'ahead' && this.state.traps ? look.aheadAlpha : 1;
      if (drop > 0) {
        const dir = laneDirection(i);
        const x = columnX - dir * (coverSize * 0.5 + laneH * barrier.gap);
        const fall = 1 - easeOutBack(drop, barrier.overshoot);
        lane.barrier.setSize(laneH * barrier.width, laneH * barrier.height);
        lane.barrier.position.set(x, geometry.laneY(i) + laneH * barrier.foot - fall * laneH * barrier.fall);
        lane.barrier.alpha = Math.min(1, drop * barrier.fadeIn);
      }
    }
    if (nextLane >= 0) {
      this.nextGlow.position.set(columnX, geometry.laneY(nextLane));
      const size = coverSize * (look.glowSize + look.glowPulse * pulse);
      this.nextGlow.setSize(size, size);
      this.nextGlow.alpha = look.glowAlpha + look.glowAlphaPulse * pulse;
    } else {
      this.nextGlow.scale.set(0);
    }

    this.hero.draw(this.heroPose, this.time, this.animator.busy);
    this.traffic.drawHitCar(crash, anim && anim.plan === crash ? t : crash ? crash.durationMs : 0);
    this.hud.draw({ cashout: this.cashout, crash, playing: anim?.plan ?? null, t });
    const cashout = this.cashout;
    this.hero.poseBurst(cashout ? (anim?.plan === cashout ? t - cashout.hopMs : BURST_SETTLED_MS) : -1);
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
}
