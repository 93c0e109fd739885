import { Container, Sprite, Texture } from 'pixi.js';
import { segment, easeOutBack } from '../../core/easing';
import type { ResourceBag } from '../../core/resources';
import { pillTexture } from '../shared/art';
import { GlyphLine } from '../shared/glyph-line';
import { palette } from '../shared/theme';
import { setTint } from '../shared/tint';
import type { GameTexts } from '../texts';
import { ROAD } from './config';
import type { RoadCashOutPlan, RoadRevealPlan, RoadStepPlan } from './plan';

/** Long after a banner's start: a round that ended before this draw shows it settled. */
const SETTLED_MS = 10_000;

/** What the HUD shows: the round's cash-out or crash and where the running animation is. */
export interface HudState {
  cashout: RoadCashOutPlan | null;
  crash: RoadStepPlan | null;
  /** The running animation's plan, and its time. */
  playing: RoadCashOutPlan | RoadStepPlan | RoadRevealPlan | null;
  t: number;
}

/**
 * Over the moving world, in view coordinates: the red flash of a hit and the banner that
 * tells a cash-out's multiplier or the lane of a crash.
 */
export class RoadHud {
  readonly view = new Container();
  private readonly flash: Sprite;
  private readonly banner = new Container();
  private readonly pill: Sprite;
  /** Both titles made once, shown by size. */
  private readonly titles: { cashout: GlyphLine; crash: GlyphLine };
  /** The multiplier or lane: glyph sprites, so a new value keeps the draw list. */
  private readonly value: GlyphLine;
  private width = 1;
  private height = 1;

  constructor(
    bag: ResourceBag,
    font: string,
    private readonly texts: GameTexts,
  ) {
    const { hud } = ROAD;
    this.flash = new Sprite(Texture.WHITE);
    this.flash.tint = palette.lose;
    this.flash.alpha = 0;
    // A full-screen quad: shrunk to nothing unless it shows (pixi draws a sprite even at alpha 0).
    this.flash.scale.set(0);
    this.pill = new Sprite(pillTexture(bag, hud.pillWidth, hud.pillHeight));
    this.pill.anchor.set(0.5);
    const title = (words: string, tint: number): GlyphLine => {
      const text = new GlyphLine(font, hud.titleFont, words.length, { letterSpacing: hud.titleSpacing, text: words });
      text.view.position.set(0, hud.titleY);
      text.view.tint = tint;
      text.view.scale.set(0);
      return text;
    };
    this.titles = { cashout: title(texts.cashedOut, hud.cashoutTitleTint), crash: title(texts.crashed, hud.crashTitleTint) };
    // Room for the longest multiplier, or the word for a lane and its number.
    this.value = new GlyphLine(font, hud.valueFont, Math.max(hud.valueGlyphs, texts.lane.length + 3));
    this.value.view.position.set(0, hud.valueY);
    this.banner.addChild(this.pill, this.titles.cashout.view, this.titles.crash.view, this.value.view);
    this.banner.scale.set(0);
    this.view.addChild(this.flash, this.banner);
  }

  resize(width: number, height: number): void {
    this.width = width;
    this.height = height;
    this.flash.setSize(width, height);
    this.banner.position.set(width / 2, Math.max(ROAD.hud.minTop, height * ROAD.hud.top));
  }

  draw({ cashout, crash, playing, t }: HudState): void {
    const { hud } = ROAD;
    // Red flash on impact.
    if (crash?.impactMs != null && playing === crash) {
      const k = segment(t, crash.impactMs, crash.impactMs + hud.flashMs);
      this.flash.alpha = k > 0 && k < 1 ? hud.flashAlpha * (1 - k) : 0;
    } else {
      this.flash.alpha = 0;
    }
    if (this.flash.alpha > 0) this.flash.setSize(this.width, this.height);
    else this.flash.scale.set(0);
    let since = -1;
    let title: 'cashout' | 'crash' | '' = '';
    let value = '';
    let color: number = palette.gold;
    if (cashout) {
      since = playing === cashout ? t - cashout.hopMs : SETTLED_MS;
      title = 'cashout';
      value = this.texts.multiplier(cashout.multiplier);
      color = palette.gold;
    } else if (crash?.impactMs != null) {
      since = playing === crash ? t - crash.impactMs - hud.crashDelayMs : SETTLED_MS;
      title = 'crash';
      value = `${this.texts.lane} ${this.texts.count(crash.to + 1)}`;
      color = palette.lose;
    }
    this.titles.cashout.view.scale.set(since >= 0 && title === 'cashout' ? 1 : 0);
    this.titles.crash.view.scale.set(since >= 0 && title === 'crash' ? 1 : 0);
    if (since >= 0) {
      const pop = easeOutBack(segment(since, 0, hud.popMs), hud.popOvershoot);
      this.banner.scale.set(0.5 + 0.5 * pop);
      this.banner.alpha = segment(since, 0, hud.fadeMs);
      setTint(this.pill, color);
      this.value.text = value;
      setTint(this.value.view, color === palette.gold ? hud.goldValueTint : hud.valueTint);
    } else {
      this.banner.scale.set(0);
    }
  }
}
