import { Container, Sprite, type Texture } from 'pixi.js';
import { clamp, easeOutBack, easeOutCubic, segment } from '../../core/easing';
import type { SceneContext } from '../../core/engine';
import type { GameTexts } from '../texts';
import { hashSeed } from '../../core/random';
import { addLight, glowTexture, pillTexture, sparkleTexture } from '../shared/art';
import { Backdrop } from '../shared/backdrop';
import { Burst } from '../shared/burst';
import { installArcadeFont } from '../shared/fonts';
import { GlyphLine } from '../shared/glyph-line';
import { GameScene } from '../shared/game-scene';
import { palette } from '../shared/theme';
import { setTint } from '../shared/tint';
import { diceTexture, meterTexture, METER_PAD, panelTexture, pointerTexture } from './art';
import {
  rollMotion,
  rollPose,
  toHundredths,
  planRoll,
  winZone,
  type RollDirection,
  type RollMotion,
  type RollOutcome,
  type RollPlan,
  type RollPose,
} from './plan';

const TRAIL = 4;

/**
 * The roll: a big counter over a 0..100 meter whose winning zone is green, and a die that
 * races along it and lands exactly on the told number.
 */
export class RollScene extends GameScene {
  readonly name = 'roll';
  private backdrop!: Backdrop;
  private panel!: Sprite;
  private panelTex: Texture | null = null;
  private counterGlow!: Sprite;
  private counter!: GlyphLine;
  private badge!: Container;
  private badgePill!: Sprite;
  /** Both words made once, shown by size. */
  private badgeTexts!: { win: GlyphLine; lose: GlyphLine };
  private meter!: Sprite;
  private meterTex: Texture | null = null;
  private zoneGlow!: Sprite;
  private targetLabel!: GlyphLine;
  private minLabel!: GlyphLine;
  private maxLabel!: GlyphLine;
  private marker!: Container;
  private dice!: Sprite;
  private pointer!: Sprite;
  private trail: Sprite[] = [];
  private ghostScale = 0;
  /** Reused for the trail's earlier moments. */
  private readonly ghostMotion: RollMotion = { phase: 'rewind', value: 0, spin: 0, hop: 0, speed: 0 };
  private ring!: Sprite;
  private effects!: Container;
  private glow!: Texture;
  private sparkle!: Texture;
  private diceTex!: Texture;
  private burst!: Burst;
  /** The win burst is in flight (it never changes visibility: its particles shrink). */
  private bursting = false;
  private plan: RollPlan | null = null;
  private pose: RollPose | null = null;
  private poseTime = 0;
  private target = 50;
  private direction: RollDirection = 'under';
  private restingValue = 50;
  /** The counter at rest, in hundredths. */
  private restingHundredths = 5000;
  /** The counter's last value and its text in the host's form (asked for once per new value). */
  private shownHundredths = -1;
  private shownText = '';
  private plays = 0;
  private meterKey = '';
  // Layout
  private barX = 0;
  private barY = 0;
  private barW = 300;
  private barH = 16;
  private counterY = 0;
  private fontSize = 80;

  constructor(context: SceneContext, texts: GameTexts) {
    super(context, texts);
  }

  /** Shows the winning zone for a target and side before a roll (the player's slider). */
  preview(target: number, direction: RollDirection): void {
    this.assertAlive();
    if (!Number.isFinite(target) || target <= 0 || target >= 100) throw new RangeError(`target must be within (0, 100), got ${target}`);
    if (direction !== 'under' && direction !== 'over') throw new RangeError(`direction must be under or over, got ${String(direction)}`);
    this.target = toHundredths(target) / 100;
    this.direction = direction;
    if (!this.animator.busy) {
      // At rest the die stands on the target and the counter reads it: one pointer on the
      // meter and no number that is neither the target nor a roll.
      this.plan = null;
      this.pose = null;
      this.stopBurst();
      this.restingValue = this.target;
      this.restingHundredths = toHundredths(this.target);
    }
    this.drawMeter();
    this.draw();
  }

  /** Rolls: the die runs from 0 and lands on `outcome.roll`; resolves once the result shows. */
  play(outcome: RollOutcome): Promise<void> {
    this.assertAlive();
    this.animator.skip();
    this.plays += 1;
    const plan = planRoll(outcome, { seed: hashSeed(this.context.seed, 'roll', this.plays), from: this.restingValue });
    this.plan = plan;
    this.target = toHundredths(outcome.target) / 100;
    this.direction = outcome.direction;
    this.restingValue = plan.rollHundredths / 100;
    this.restingHundredths = plan.rollHundredths;
    this.drawMeter();
    if (plan.win) {
      this.bursting = true;
      this.burst.launch(plan.sparkleSeed);
    } else {
      this.stopBurst();
    }
    return this.animator.run(plan.durationMs, (t) => {
      this.pose = rollPose(plan, t);
      this.poseTime = this.time;
      this.draw();
    });
  }

  reset(): void {
    this.assertAlive();
    this.animator.skip();
    this.plan = null;
    this.pose = null;
    this.stopBurst();
    this.draw();
  }

  private stopBurst(): void {
    if (!this.bursting) return;
    this.bursting = false;
    this.burst.pose(-1);
  }

  protected build(): void {
    const bag = this.context.resources;
    this.glow = glowTexture(bag);
    this.sparkle = sparkleTexture(bag);
    this.diceTex = diceTexture(bag);
    this.backdrop = new Backdrop(this.context, hashSeed(this.context.seed, 'backdrop'), { accent: palette.win });
    const font = installArcadeFont(bag, this.glyphs);

    this.panel = new Sprite();
    this.panel.anchor.set(0.5);
    this.counterGlow = new Sprite(this.glow);
    this.counterGlow.anchor.set(0.5);
    addLight(this.counterGlow, bag);
    // The counter changes on every frame of a roll: glyph sprites, not a BitmapText (whose
    // every new text rebuilds its geometry and pixi's draw list). 100 is the longest.
    this.counter = new GlyphLine(font, 80, Math.max(6, this.texts.roll(10_000).length));
    this.counter.text = this.texts.roll(0);
    this.badge = new Container();
    this.badgePill = new Sprite(pillTexture(bag, 132, 36));
    this.badgePill.anchor.set(0.5);
    const badgeText = (words: string, tint: number): GlyphLine => {
      const text = new GlyphLine(font, 17, words.length, { letterSpacing: 2, text: words });
      text.view.tint = tint;
      text.view.scale.set(0);
      return text;
    };
    this.badgeTexts = { win: badgeText(this.texts.win, 0x05331f), lose: badgeText(this.texts.lose, 0xffffff) };
    this.badge.addChild(this.badgePill, this.badgeTexts.win.view, this.badgeTexts.lose.view);

    this.meter = new Sprite();
    this.zoneGlow = new Sprite(this.glow);
    this.zoneGlow.anchor.set(0.5);
    addLight(this.zoneGlow, bag);
    // "UNDER 99.99": the longer side's word and the glyphs of the number.
    const targetGlyphs = Math.max(this.texts.under.length, this.texts.over.length) + Math.max(5, this.texts.roll(9999).length);
    this.targetLabel = new GlyphLine(font, 15, targetGlyphs, { letterSpacing: 1, anchorY: 0 });
    this.targetLabel.view.tint = palette.goldLight;
    this.minLabel = new GlyphLine(font, 13, 1, { anchorY: 0, text: this.texts.count(0) });
    this.minLabel.view.tint = palette.muted;
    this.maxLabel = new GlyphLine(font, 13, 3, { anchorY: 0, text: this.texts.count(100) });
    this.maxLabel.view.tint = palette.muted;

    this.marker = new Container();
    for (let i = 0; i < TRAIL; i++) {
      const ghost = new Sprite(this.diceTex);
      ghost.anchor.set(0.5);
      ghost.scale.set(0);
      this.trail.push(ghost);
    }
    this.pointer = new Sprite(pointerTexture(bag));
    this.pointer.anchor.set(0.5, 1);
    this.dice = new Sprite(this.diceTex);
    this.dice.anchor.set(0.5);
    this.ring = new Sprite(this.glow);
    this.ring.anchor.set(0.5);
    addLight(this.ring, bag);
    this.effects = new Container();
    // Additive sparkles: their light copy, or pixi's 'add' once the scene is built.
    const sparkleLight = bag.additive(this.sparkle);
    this.burst = new Burst({
      count: 26,
      seed: 1,
      textures: [sparkleLight ?? this.sparkle],
      tints: [palette.win, 0xffffff, palette.goldLight, palette.tonLight],
      speed: [120, 380],
      size: [8, 22],
      lifeMs: [500, 1000],
      gravity: 420,
      drag: 2,
      direction: -Math.PI / 2,
      spread: Math.PI * 1.6,
      spin: 6,
      additive: sparkleLight === null,
    });
    this.effects.addChild(this.burst.view);

    this.view.addChild(
      this.backdrop.view,
      this.counterGlow,
      this.panel,
      this.counter.view,
      this.badge,
      this.zoneGlow,
      this.meter,
      this.targetLabel.view,
      this.minLabel.view,
      this.maxLabel.view,
      ...this.trail,
      this.ring,
      this.marker,
      this.effects,
    );
    this.marker.addChild(this.pointer, this.dice);
  }

  protected layout(): void {
    const { width, height } = this;
    this.backdrop.layout(width, height);
    this.barW = Math.round(Math.min(width - 56, 620));
    this.barX = Math.round((width - this.barW) / 2);
    this.barH = Math.round(clamp(this.barW * 0.05, 14, 22));
    // A short stage (a small phone's, under about 290 px) puts the meter near the bottom, over
    // its labels, and takes a smaller dice and counter, so the counter stays inside above them.
    const short = height < 290;
    this.barY = Math.round(short ? Math.max(height * 0.62, height - 46) : height * 0.62);
    const diceSize = clamp(this.barW * 0.13, short ? 30 : 40, 58);
    // The dice's top at rest (see draw()): the counter's panel and the result badge under it
    // stay above it, the counter's type getting smaller on a short stage (under its
    // 44 px only below a stage height of about 330 px).
    const diceTop = this.barY - this.barH / 2 - 6 - diceSize * 1.22 - 2;
    // Panel centre to the badge's lower edge: half the panel, 30, the 36 px pill's half with
    // its pop-in overshoot, and a gap.
    const belowPanel = 30 + 20 + 6;
    const fits = Math.floor((diceTop - belowPanel - 8) / 1.55);
    this.fontSize = Math.round(clamp(Math.min(width * 0.22, height * 0.14, fits), short ? 20 : 24, 116));
    const panelH = Math.round(this.fontSize * 1.55);
    this.counterY = Math.round(Math.max(panelH / 2 + 4, Math.min(height * 0.3, diceTop - belowPanel - panelH / 2)));
    this.counter.fontSize = this.fontSize;

    const panelW = Math.round(Math.min(width - 40, this.fontSize * 4.4));
    if (this.panelTex) this.context.resources.releaseTexture(this.panelTex);
    this.panelTex = panelTexture(this.context.resources, panelW, panelH);
    this.panel.texture = this.panelTex;
    this.panel.position.set(width / 2, this.counterY);
    this.counter.view.position.set(width / 2, this.counterY);
    this.counterGlow.position.set(width / 2, this.counterY);
    this.counterGlow.setSize(panelW * 1.3, panelH * 1.9);
    this.badge.position.set(width / 2, this.counterY + panelH / 2 + 30);

    this.minLabel.view.position.set(this.barX, this.barY + this.barH / 2 + 14);
    this.maxLabel.view.position.set(this.barX + this.barW, this.barY + this.barH / 2 + 14);
    this.dice.setSize(diceSize, diceSize);
    this.ghostScale = diceSize / this.diceTex.width;
    this.pointer.setSize(diceSize * 0.32, diceSize * 0.22);
    this.meterKey = '';
    this.drawMeter();
    this.draw();
  }

  protected tick(stepMs: number): void {
    this.backdrop.update(stepMs);
    if (!this.animator.busy) this.draw();
  }

  private xOf(value: number): number {
    return this.barX + (value / 100) * this.barW;
  }

  private drawMeter(): void {
    const key = `${this.barW}:${this.barH}:${this.target}:${this.direction}`;
    if (key !== this.meterKey) {
      this.meterKey = key;
      if (this.meterTex) this.context.resources.releaseTexture(this.meterTex);
      this.meterTex = meterTexture(this.context.resources, this.barW, this.barH, this.target, this.direction);
      this.meter.texture = this.meterTex;
      this.meter.position.set(this.barX - METER_PAD, this.barY - this.barH / 2 - METER_PAD);
    }
    const x = this.xOf(this.target);
    this.targetLabel.text = `${this.direction === 'under' ? this.texts.under : this.texts.over} ${this.texts.roll(toHundredths(this.target))}`;
    const half = this.targetLabel.width / 2;
    this.targetLabel.view.position.set(clamp(x, this.barX + half, this.barX + this.barW - half), this.barY + this.barH / 2 + 14);
    // Keep the end labels clear of the target label.
    const labelLeft = this.targetLabel.view.x - half - 6;
    const labelRight = this.targetLabel.view.x + half + 6;
    // Shrunk rather than hidden, like everything that comes and goes (no draw-list rebuild).
    this.minLabel.view.scale.set(labelLeft > this.barX + 12 ? 1 : 0);
    this.maxLabel.view.scale.set(labelRight < this.barX + this.barW - 16 ? 1 : 0);
  }

  private draw(): void {
    const pose = this.pose;
    const plan = this.plan;
    const value = pose?.value ?? this.restingValue;
    const x = this.xOf(value);
    const diceSize = this.dice.height || 48;
    const baseY = this.barY - this.barH / 2 - 6;
    const hop = pose?.hop ?? 0;
    const idleFloat = !this.animator.busy ? Math.sin(this.time / 500) * 2 : 0;
    this.marker.position.set(x, baseY);
    this.pointer.position.set(0, 0);
    this.dice.position.set(0, -diceSize * 0.72 - hop * diceSize * 0.55 + idleFloat);
    this.dice.rotation = pose?.spin ?? 0;

    // Motion trail: earlier poses of the same plan, fading (shrunk to nothing at rest, so the
    // ghosts never change visibility and pixi keeps its draw list).
    const moving = plan !== null && pose !== null && pose.speed > 0.05;
    const elapsed = Math.max(0, this.animator.playback?.elapsed ?? 0);
    for (let i = 0; i < this.trail.length; i++) {
      const ghost = this.trail[i];
      if (!ghost) continue;
      if (!moving) {
        ghost.scale.set(0);
        continue;
      }
      const back = rollMotion(plan, elapsed - (i + 1) * 26, this.ghostMotion);
      ghost.scale.set(this.ghostScale);
      ghost.position.set(this.xOf(back.value), baseY - diceSize * 0.72 - back.hop * diceSize * 0.55);
      ghost.rotation = back.spin;
      ghost.alpha = 0.22 * (1 - i / TRAIL) * Math.min(1, pose.speed * 1.5);
    }

    const reveal = pose?.reveal ?? 0;
    const win = plan?.win ?? false;
    const revealMs = pose && pose.revealMs >= 0 ? pose.revealMs + this.time - this.poseTime : -1;
    const showResult = Boolean(plan && pose && reveal > 0);
    const resultColor = win ? palette.win : palette.lose;

    const hundredths = pose?.display ?? this.restingHundredths;
    if (hundredths !== this.shownHundredths) {
      this.shownHundredths = hundredths;
      this.shownText = this.texts.roll(hundredths);
    }
    this.counter.text = this.shownText;
    setTint(this.counter.view, showResult ? resultColor : pose ? 0xffffff : palette.muted);
    const pop = showResult ? 1 + 0.12 * Math.sin(segment(revealMs, 0, 320) * Math.PI) : 1;
    this.counter.view.scale.set(pop);
    setTint(this.counterGlow, showResult ? resultColor : palette.ton);
    this.counterGlow.alpha = showResult ? 0.35 * reveal : 0.16;

    // What is not shown is shrunk to nothing rather than hidden: in pixi every visibility
    // change rebuilds the render group's draw list on that frame.
    this.badgeTexts.win.view.scale.set(showResult && win ? 1 : 0);
    this.badgeTexts.lose.view.scale.set(showResult && !win ? 1 : 0);
    if (showResult) {
      setTint(this.badgePill, resultColor);
      this.badge.alpha = segment(revealMs, 60, 360);
      this.badge.scale.set(0.7 + 0.3 * easeOutBack(segment(revealMs, 60, 420), 2));
    } else {
      this.badge.scale.set(0);
    }

    // Landing ring at the exact value, and the zone lighting up.
    if (showResult && revealMs < 700) {
      const u = easeOutCubic(segment(revealMs, 0, 700));
      this.ring.position.set(x, this.barY);
      this.ring.setSize(diceSize * (0.8 + 2.6 * u), diceSize * (0.8 + 2.6 * u));
      setTint(this.ring, resultColor);
      this.ring.alpha = 0.85 * (1 - u);
    } else {
      this.ring.scale.set(0);
    }
    if (showResult && win) {
      const zone = winZone(this.target, this.direction);
      const from = this.xOf(zone.from);
      const to = this.xOf(zone.to);
      this.zoneGlow.position.set((from + to) / 2, this.barY);
      this.zoneGlow.setSize(Math.max(60, to - from) * 1.25, this.barH * 5);
      setTint(this.zoneGlow, palette.win);
      this.zoneGlow.alpha = 0.4 * reveal * (0.8 + 0.2 * Math.sin(this.time / 160));
    } else {
      this.zoneGlow.scale.set(0);
    }
    setTint(this.pointer, showResult ? resultColor : 0xffffff);
    setTint(this.dice, showResult && !win ? 0xffd0d8 : 0xffffff);
    // The burst goes off where the die lands: the container stays there while the die runs
    // (moving it would re-place all its particles on every frame of the roll).
    this.effects.position.set(this.xOf(this.restingValue), baseY - diceSize * 0.72);
    if (this.bursting) this.burst.pose(revealMs);
  }
}
