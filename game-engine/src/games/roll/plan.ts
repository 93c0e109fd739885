import { easeInOutSine, easeOutCubic, easeOutQuad, lerp, segment } from '../../core/easing';
import { Random } from '../../core/random';

export type RollDirection = 'under' | 'over';

/** A roll given as a number 0.00..100.00 -> whole hundredths, float noise removed. */
export function toHundredths(value: number): number {
  return Math.round(value * 100);
}

/** What the server decided: the roll (0.00..100.00), the player's target and side, the result. */
export interface RollOutcome {
  roll: number;
  target: number;
  direction: RollDirection;
  win: boolean;
}

export interface RollPlanOptions {
  seed?: number;
  /** Where the marker stands before the roll (the last roll), 0..100. */
  from?: number;
}

export interface RollPlan {
  /** The roll in whole hundredths (0..10000): what the marker lands on. */
  readonly rollHundredths: number;
  readonly target: number;
  readonly direction: RollDirection;
  readonly win: boolean;
  readonly from: number;
  /** Past the roll before settling back, in roll units (sign = side). */
  readonly overshoot: number;
  /** The marker returns to 0 first, so the number counts up. */
  readonly rewindMs: number;
  readonly travelMs: number;
  readonly settleMs: number;
  readonly revealMs: number;
  readonly durationMs: number;
  /** Dice turns while travelling. */
  readonly turns: number;
  readonly sparkleSeed: number;
}

export type RollPhase = 'rewind' | 'travel' | 'settle' | 'reveal' | 'done';

export interface RollPose extends RollMotion {
  /** The counter in whole hundredths: the marker's value, exactly the told roll once landed. */
  display: number;
  /** 0..1 result highlight. */
  reveal: number;
  revealMs: number;
}

export function validateRollOutcome(outcome: RollOutcome): void {
  const { roll, target, direction } = outcome;
  if (!Number.isFinite(roll) || roll < 0 || roll > 100) throw new RangeError(`roll must be within 0..100, got ${roll}`);
  if (Math.abs(toHundredths(roll) - roll * 100) > 1e-6) throw new RangeError(`roll has at most two decimals, got ${roll}`);
  if (!Number.isFinite(target) || target <= 0 || target >= 100) throw new RangeError(`target must be within (0, 100), got ${target}`);
  if (direction !== 'under' && direction !== 'over') throw new RangeError(`direction must be under or over, got ${String(direction)}`);
  if (typeof outcome.win !== 'boolean') throw new RangeError('win must be a boolean');
}

/** The winning zone on the 0..100 meter. */
export function winZone(target: number, direction: RollDirection): { from: number; to: number } {
  return direction === 'under' ? { from: 0, to: target } : { from: target, to: 100 };
}

export function planRoll(outcome: RollOutcome, options: RollPlanOptions = {}): RollPlan {
  validateRollOutcome(outcome);
  const random = new Random(options.seed ?? 1);
  const rollHundredths = toHundredths(outcome.roll);
  const roll = rollHundredths / 100;
  const from = Math.min(100, Math.max(0, options.from ?? 0));
  // Overshoot away from 0 unless there is no room; never leaves the meter.
  const room = 100 - roll;
  const size = random.range(2.5, 6);
  const overshoot = room >= size ? size : -Math.min(size, roll);
  const rewindMs = from > 0.5 ? 260 : 0;
  const travelMs = Math.round(random.range(1050, 1300));
  const settleMs = 420;
  const revealMs = outcome.win ? 800 : 600;
  return {
    rollHundredths,
    target: outcome.target,
    direction: outcome.direction,
    win: outcome.win,
    from,
    overshoot,
    rewindMs,
    travelMs,
    settleMs,
    revealMs,
    durationMs: rewindMs + travelMs + settleMs + revealMs,
    turns: random.int(3, 5),
    sparkleSeed: Math.floor(random.next() * 2 ** 31),
  };
}

/** Where the die is at a moment of the plan (the moving part of a pose). */
export interface RollMotion {
  phase: RollPhase;
  /** Marker position, 0..100. */
  value: number;
  /** Dice rotation, radians (0 when landed). */
  spin: number;
  /** Dice hop height, 0..1. */
  hop: number;
  /** How fast the marker moves (0..1), for motion trails. */
  speed: number;
}

/**
 * The die's motion at `t` ms into the plan, written into `out` (no allocation: the motion
 * trail asks for several moments on every frame of a roll).
 */
export function rollMotion<M extends RollMotion>(plan: RollPlan, t: number, out: M): M {
  const roll = plan.rollHundredths / 100;
  const travelStart = plan.rewindMs;
  const settleStart = travelStart + plan.travelMs;
  const revealStart = settleStart + plan.settleMs;
  out.spin = 0;
  out.hop = 0;
  out.speed = 0;
  if (t >= revealStart) {
    out.phase = t >= plan.durationMs ? 'done' : 'reveal';
    out.value = roll;
    return out;
  }
  let value: number;
  if (t < travelStart) {
    out.phase = 'rewind';
    const u = segment(t, 0, travelStart);
    value = lerp(plan.from, 0, easeInOutSine(u));
    out.speed = Math.sin(u * Math.PI) * 0.4;
  } else if (t < settleStart) {
    out.phase = 'travel';
    const u = segment(t, travelStart, settleStart);
    value = lerp(0, roll + plan.overshoot, easeOutCubic(u));
    const turns = plan.turns * Math.PI * 2;
    out.spin = turns * (1 - easeOutCubic(u)) * (plan.overshoot >= 0 ? 1 : -1);
    out.hop = Math.abs(Math.sin(u * Math.PI * 3)) * (1 - u);
    out.speed = 1 - u;
  } else {
    out.phase = 'settle';
    const u = segment(t, settleStart, revealStart);
    value = lerp(roll + plan.overshoot, roll, easeInOutSine(u));
    out.hop = Math.abs(Math.sin(u * Math.PI)) * 0.25 * (1 - u);
    out.speed = 0.15 * (1 - u);
  }
  out.value = Math.min(100, Math.max(0, value));
  return out;
}

/** The pose at `t` ms into the plan; from the settle's end on the marker is exactly on the roll. */
export function rollPose(plan: RollPlan, t: number): RollPose {
  const revealStart = plan.rewindMs + plan.travelMs + plan.settleMs;
  const pose = rollMotion(plan, t, {
    phase: 'rewind',
    value: 0,
    spin: 0,
    hop: 0,
    speed: 0,
    display: 0,
    reveal: 0,
    revealMs: t - revealStart,
  });
  if (t >= revealStart) {
    pose.reveal = t >= plan.durationMs ? 1 : easeOutQuad(segment(t, revealStart, plan.durationMs));
    pose.display = plan.rollHundredths;
  } else {
    pose.display = Math.max(0, Math.round(pose.value * 100));
  }
  return pose;
}
