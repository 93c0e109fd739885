import { Container, Sprite } from 'pixi.js';
import { clamp, easeOutBack, segment } from '../../core/easing';
import type { SceneContext } from '../../core/engine';
import type { GameTexts } from '../texts';
import { hashSeed } from '../../core/random';
import { addLight, confettiTexture, glowTexture, miniCoinTexture, pillTexture, raysTexture, sparkleTexture } from '../shared/art';
import { Backdrop } from '../shared/backdrop';
import { Burst, type BurstOptions } from '../shared/burst';
import { installArcadeFont } from '../shared/fonts';
import { GameScene } from '../shared/game-scene';
import { GlyphLine } from '../shared/glyph-line';
import { mix, palette, shade } from '../shared/theme';
import { setTint } from '../shared/tint';
import { discTexture, edgeTexture, FACE_SIZE, faceTextures, pedestalTexture } from './art';
import { flipPose, planFlip, sideAngle, type CoinSide, type FlipOutcome, type FlipPlan, type FlipPose } from './plan';

/** Coin thickness as a share of its radius. */
const THICKNESS = 0.15;

/**
 * The flip: a gold coin with a TON diamond on heads and a crown on tails, faked in 3D by
 * squashing its faces with the cosine of the spin angle over a lit, reeded rim.
 */
export class FlipScene extends GameScene {
  readonly name = 'flip';
  private backdrop!: Backdrop;
  private pedestal!: Sprite;
  private rays!: Sprite;
  private aura!: Sprite;
  private shadow!: Sprite;
  private coin!: Container;
  private farFace!: Sprite;
  private rim!: Sprite;
  /** One sprite per face, both always in the draw list (the hidden one shrunk to nothing). */
  private faces!: Record<CoinSide, Sprite>;
  private glint!: Sprite;
  /**
   * The result's words, one line each, made once. What is not shown is shrunk to nothing
   * (see `draw`).
   */
  private labels!: Record<CoinSide, GlyphLine>;
  private badge!: Container;
  private badgePill!: Sprite;
  private badgeTexts!: { win: GlyphLine; lose: GlyphLine };
  private effects!: Container;
  private burst!: Burst;
  /** The win burst is in flight (it never changes visibility: its particles shrink). */
  private bursting = false;
  private plan: FlipPlan | null = null;
  private pose: FlipPose = restingPose('heads');
  /** Scene time when the pose was last set (the result keeps living after the animation). */
  private poseTime = 0;
  private restingSide: CoinSide = 'heads';
  private plays = 0;
  // Layout
  private cx = 0;
  private baseY = 0;
  private radius = 80;
  private tossRange = 200;

  constructor(context: SceneContext, texts: GameTexts) {
    super(context, texts);
  }

  /** Tosses the coin and lands it on `outcome.side`; resolves when the result is shown. */
  play(outcome: FlipOutcome): Promise<void> {
    this.assertAlive();
    this.animator.skip();
    this.plays += 1;
    const plan = planFlip(outcome, { seed: hashSeed(this.context.seed, 'flip', this.plays), from: this.restingSide });
    this.plan = plan;
    this.launchBurst(plan);
    this.restingSide = plan.side;
    return this.animator.run(plan.durationMs, (t) => {
      this.pose = flipPose(plan, t);
      this.poseTime = this.time;
      this.draw();
    });
  }

  /** Back to the idle coin showing `side` (no result shown). */
  reset(side: CoinSide = this.restingSide): void {
    this.assertAlive();
    this.animator.skip();
    this.plan = null;
    this.restingSide = side;
    this.pose = restingPose(side);
    this.stopBurst();
    this.draw();
  }

  protected build(): void {
    const bag = this.context.resources;
    const glow = glowTexture(bag);
    this.backdrop = new Backdrop(this.context, hashSeed(this.context.seed, 'backdrop'));
    this.pedestal = new Sprite(pedestalTexture(bag));
    this.pedestal.anchor.set(0.5);
    addLight(this.pedestal, bag);
    this.rays = new Sprite(raysTexture(bag));
    this.rays.anchor.set(0.5);
    addLight(this.rays, bag);
    this.rays.tint = palette.gold;
    this.aura = new Sprite(glow);
    this.aura.anchor.set(0.5);
    addLight(this.aura, bag);
    this.shadow = new Sprite(glow);
    this.shadow.anchor.set(0.5);
    this.shadow.tint = 0x000000;

    const [heads, tails] = faceTextures(bag);
    this.faces = { heads: new Sprite(heads), tails: new Sprite(tails) };
    this.coin = new Container();
    this.farFace = new Sprite(discTexture(bag));
    this.farFace.anchor.set(0.5);
    this.farFace.tint = 0x6e4706;
    this.rim = new Sprite(edgeTexture(bag));
    this.rim.anchor.set(0.5);
    this.faces.heads.anchor.set(0.5);
    this.faces.tails.anchor.set(0.5);
    this.glint = new Sprite(glow);
    this.glint.anchor.set(0.5);
    addLight(this.glint, bag);
    this.coin.addChild(this.farFace, this.rim, this.faces.heads, this.faces.tails, this.glint);

    const font = installArcadeFont(bag, this.glyphs);
    const text = (words: string, fontSize: number, letterSpacing: number): GlyphLine => {
      const label = new GlyphLine(font, fontSize, words.length, { letterSpacing, text: words });
      label.view.scale.set(0);
      return label;
    };
    this.labels = { heads: text(this.texts.heads, 34, 3), tails: text(this.texts.tails, 34, 3) };
    this.badge = new Container();
    this.badgePill = new Sprite(pillTexture(bag, 132, 36));
    this.badgePill.anchor.set(0.5);
    this.badgeTexts = { win: text(this.texts.win, 17, 2), lose: text(this.texts.lose, 17, 2) };
    this.badgeTexts.win.view.tint = 0x05331f;
    this.badgeTexts.lose.view.tint = 0xffffff;
    this.badge.addChild(this.badgePill, this.badgeTexts.win.view, this.badgeTexts.lose.view);
    this.effects = new Container();

    this.view.addChild(
      this.backdrop.view,
      this.pedestal,
      this.rays,
      this.aura,
      this.shadow,
      this.coin,
      this.effects,
      this.labels.heads.view,
      this.labels.tails.view,
      this.badge,
    );
    const sparkle = sparkleTexture(bag);
    this.burst = new Burst({
      ...this.burstShape(),
      count: 46,
      seed: 1,
      textures: [sparkle, sparkle, miniCoinTexture(bag), confettiTexture(bag)],
    });
    this.effects.addChild(this.burst.view);
    this.draw();
  }

  protected layout(): void {
    const { width, height } = this;
    this.backdrop.layout(width, height);
    // A short stage (a small phone's, under about 290 px) gets a smaller coin, label and gap,
    // so the coin at rest and at the top of its toss stays inside with the badge under it.
    const short = height < 290;
    this.radius = clamp(Math.min(width * 0.25, height * 0.19), short ? 30 : 44, 140);
    this.cx = width / 2;
    const labelSize = clamp(this.radius * 0.36, short ? 18 : 24, 44);
    // From the coin's centre down to the result badge's lower edge (the pill is 36 px, and it
    // overshoots as it pops in): a short stage lifts the coin so the badge stays inside.
    const gap = Math.max(short ? 36 : 46, this.radius * 0.62);
    const below = this.radius * 1.18 + gap + labelSize * 1.25 + 22;
    this.baseY = Math.min(height * 0.46, height - 8 - below);
    this.tossRange = Math.max(30, this.baseY - this.radius * 1.45 - 16);
    const floorY = this.baseY + this.radius * 1.18;
    this.pedestal.position.set(this.cx, floorY);
    this.pedestal.setSize(this.radius * 3.6, this.radius * 0.9);
    const labelY = floorY + gap;
    for (const label of [this.labels.heads, this.labels.tails]) {
      label.view.position.set(this.cx, labelY);
      label.fontSize = labelSize;
    }
    this.badge.position.set(this.cx, labelY + labelSize * 1.25);
    this.effects.position.set(this.cx, this.baseY);
    this.draw();
  }

  protected tick(stepMs: number): void {
    this.backdrop.update(stepMs);
    if (!this.animator.busy) this.draw();
  }

  /** Burst options that follow the coin's size. */
  private burstShape(): Omit<BurstOptions, 'count' | 'seed' | 'textures'> {
    const r = this.radius;
    return {
      tints: [palette.goldLight, palette.gold, 0xffffff, palette.tonLight, palette.win],
      speed: [r * 2.2, r * 6],
      size: [r * 0.1, r * 0.3],
      lifeMs: [700, 1500],
      gravity: r * 9,
      drag: 1.6,
      direction: -Math.PI / 2,
      spread: Math.PI * 1.7,
      spin: 9,
      delayMs: [0, 160],
    };
  }

  private launchBurst(plan: FlipPlan): void {
    if (plan.win) {
      this.bursting = true;
      this.burst.launch(plan.sparkleSeed, this.burstShape());
    } else {
      this.stopBurst();
    }
  }

  private stopBurst(): void {
    if (!this.bursting) return;
    this.bursting = false;
    this.burst.pose(-1);
  }

  private draw(): void {
    const pose = this.pose;
    // The result keeps living after the animation (pulses, rays): its clock runs on.
    const revealMs = pose.revealMs >= 0 ? pose.revealMs + this.time - this.poseTime : pose.revealMs;
    const r = this.radius;
    const idle = !this.animator.busy;
    const bob = idle ? Math.sin(this.time / 650) * r * 0.04 : 0;
    const lift = pose.lift;
    const scale = 1 + 0.3 * lift;
    const y = this.baseY - lift * this.tossRange + bob;
    const x = this.cx + pose.drift * r;
    const win = this.plan?.win ?? false;
    const reveal = pose.reveal;

    // Lose: a short shake as the result comes in.
    const shake = !win && reveal > 0 && revealMs < 360 ? Math.sin(revealMs * 0.075) * r * 0.06 * (1 - revealMs / 360) : 0;
    this.coin.position.set(x + shake, y);
    this.coin.scale.set(scale, scale * pose.squash);

    const cos = Math.cos(pose.angle);
    const sin = Math.sin(pose.angle);
    const faceScale = (2 * r) / FACE_SIZE;
    const squashY = Math.max(0.02, Math.abs(cos));
    const half = r * THICKNESS * 0.5 * sin;
    // The near face sits on one side of the rim, the far face on the other.
    const nearY = cos >= 0 ? -half : half;
    const face = this.faces[pose.face];
    this.faces[pose.face === 'heads' ? 'tails' : 'heads'].scale.set(0);
    face.position.set(0, nearY);
    face.scale.set(faceScale, faceScale * squashY);
    const lit = 0.62 + 0.38 * Math.abs(cos);
    const dim = !win && this.plan && reveal > 0 ? 1 - 0.18 * reveal : 1;
    setTint(face, shade(lit * dim));
    this.farFace.position.set(0, -nearY);
    this.farFace.setSize(2 * r, 2 * r * squashY);
    this.rim.position.set(0, 0);
    // Edge-on or face-on the rim is a sliver or nothing (a zero-height quad draws no pixels).
    this.rim.setSize(2 * r, Math.abs(half) > 0.3 ? Math.abs(2 * half) : 0);
    setTint(this.rim, shade(0.75 + 0.25 * Math.abs(sin)));

    // Specular flashes while spinning, a slow breathing sheen at rest.
    const flash = Math.max(0, Math.sin(pose.angle * 2 + 0.6)) ** 6;
    const idleSheen = 0.12 + 0.1 * Math.sin(this.time / 900);
    this.glint.position.set(-r * 0.32, nearY - r * 0.38 * squashY);
    this.glint.setSize(r * 1.1, r * 0.8 * squashY);
    this.glint.alpha = pose.phase === 'toss' ? 0.55 * flash : idleSheen;

    this.shadow.position.set(this.cx + pose.drift * r * 0.5, this.baseY + r * 1.14);
    this.shadow.setSize(r * 2.5 * (1 - 0.45 * lift), r * 0.5 * (1 - 0.4 * lift));
    this.shadow.alpha = 0.75 * (1 - 0.55 * lift);
    this.pedestal.alpha = 0.85 - 0.35 * lift;

    // Result: rays and a golden aura for a win, a red pulse for a loss. What is not shown is
    // shrunk to nothing rather than hidden: in pixi every visibility change rebuilds the
    // render group's draw list on that frame, a zero-size quad costs no pixels.
    const pop = easeOutBack(segment(revealMs, 0, 380), 2.2);
    if (win && reveal > 0) {
      this.rays.position.set(this.cx, this.baseY);
      this.rays.setSize(r * 5.2 * pop, r * 5.2 * pop);
      this.rays.rotation = this.time / 2600;
      this.rays.alpha = 0.5 * reveal;
    } else {
      this.rays.scale.set(0);
    }
    if (reveal > 0) {
      this.aura.position.set(this.cx, this.baseY);
      const pulse = win ? 1 + 0.06 * Math.sin(this.time / 180) : 1 + 0.35 * segment(revealMs, 0, 500);
      this.aura.setSize(r * 3.4 * pulse, r * 3.4 * pulse);
      setTint(this.aura, win ? mix(palette.gold, palette.win, 0.25) : palette.lose);
      this.aura.alpha = win ? 0.55 * reveal : 0.5 * reveal * (1 - 0.5 * segment(revealMs, 200, 650));
    } else {
      this.aura.scale.set(0);
    }
    if (this.bursting) this.burst.pose(revealMs);

    const plan = this.plan;
    const showResult = plan !== null && reveal > 0;
    const label = showResult ? this.labels[plan.side] : null;
    for (const side of ['heads', 'tails'] as const) if (this.labels[side] !== label) this.labels[side].view.scale.set(0);
    this.badgeTexts.win.view.scale.set(showResult && win ? 1 : 0);
    this.badgeTexts.lose.view.scale.set(showResult && !win ? 1 : 0);
    if (label) {
      setTint(label.view, win ? palette.goldLight : palette.text);
      label.view.alpha = reveal;
      label.view.scale.set(0.6 + 0.4 * pop);
      setTint(this.badgePill, win ? palette.win : palette.lose);
      this.badge.alpha = segment(revealMs, 120, 420);
      this.badge.scale.set(0.7 + 0.3 * easeOutBack(segment(revealMs, 120, 480), 2));
    } else {
      this.badge.scale.set(0);
    }
  }
}

function restingPose(side: CoinSide): FlipPose {
  return { phase: 'done', angle: sideAngle(side), lift: 0, drift: 0, squash: 1, face: side, reveal: 0, revealMs: -1 };
}
