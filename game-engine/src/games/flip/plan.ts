import { clamp01, easeOutCubic, easeOutQuad, lerp, segment } from '../../core/easing';
import { Random } from '../../core/random';

export type CoinSide = 'heads' | 'tails';

/** What the server decided: the side that came up and whether the bet won. */
export interface FlipOutcome {
  side: CoinSide;
  win: boolean;
}

export interface FlipPlanOptions {
  /** Seed of the cosmetic choices (spin count, toss height, timing jitter). */
  seed?: number;
  /** The side facing up before the toss (the last result). */
  from?: CoinSide;
}

/** The whole flip animation as numbers; the view only maps time to a pose. */
export interface FlipPlan {
  readonly side: CoinSide;
  readonly win: boolean;
  readonly from: CoinSide;
  /** Half turns in the air; odd when the coin ends on the other side. */
  readonly halfTurns: number;
  readonly startAngle: number;
  readonly endAngle: number;
  /** Crouch before the throw. */
  readonly windupMs: number;
  /** Time in the air. */
  readonly tossMs: number;
  /** Bounce and wobble on landing. */
  readonly landMs: number;
  /** Result glow coming in. */
  readonly revealMs: number;
  readonly durationMs: number;
  /** Toss height as a share of the coin's distance to the top of the view (0..1). */
  readonly height: number;
  /** Wobble amplitude on landing, radians (small: never shows the other face). */
  readonly wobble: number;
  /** Sideways drift during the toss, in coin radii. */
  readonly drift: number;
  /** Seed for the result particles. */
  readonly sparkleSeed: number;
}

export type FlipPhase = 'windup' | 'toss' | 'land' | 'reveal' | 'done';

export interface FlipPose {
  phase: FlipPhase;
  /** Rotation about the horizontal axis; cos > 0 shows heads. */
  angle: number;
  /** 0 on the ground, 1 at the top of the toss. */
  lift: number;
  /** Sideways offset in coin radii. */
  drift: number;
  /** Vertical squash on the ground (1 = none). */
  squash: number;
  /** The face the viewer sees. */
  face: CoinSide;
  /** 0..1 result glow. */
  reveal: number;
  /** ms since the reveal started (negative before), for particles. */
  revealMs: number;
}

const TAU = Math.PI * 2;

export const sideAngle = (side: CoinSide): number => (side === 'heads' ? 0 : Math.PI);

/** The face shown at `angle`: heads while the heads normal points at the viewer. */
export function faceAt(angle: number): CoinSide {
  return Math.cos(angle) >= 0 ? 'heads' : 'tails';
}

export function validateFlipOutcome(outcome: FlipOutcome): void {
  if (outcome.side !== 'heads' && outcome.side !== 'tails')
    throw new RangeError(`side must be heads or tails, got ${String(outcome.side)}`);
  if (typeof outcome.win !== 'boolean') throw new RangeError('win must be a boolean');
}

/** Plans a toss that lands on `outcome.side`; the same inputs give the same plan. */
export function planFlip(outcome: FlipOutcome, options: FlipPlanOptions = {}): FlipPlan {
  validateFlipOutcome(outcome);
  const random = new Random(options.seed ?? 1);
  const from = options.from ?? 'heads';
  const flipsSide = from !== outcome.side;
  // 9..13 half turns with the parity that ends on the told side.
  let halfTurns = random.int(9, 12);
  if (halfTurns % 2 !== (flipsSide ? 1 : 0)) halfTurns += 1;
  const startAngle = sideAngle(from);
  const endAngle = startAngle + halfTurns * Math.PI;
  const windupMs = 160;
  const tossMs = Math.round(random.range(1250, 1500));
  const landMs = 520;
  const revealMs = outcome.win ? 900 : 650;
  return {
    side: outcome.side,
    win: outcome.win,
    from,
    halfTurns,
    startAngle,
    endAngle,
    windupMs,
    tossMs,
    landMs,
    revealMs,
    durationMs: windupMs + tossMs + landMs + revealMs,
    height: random.range(0.78, 0.92),
    wobble: random.range(0.16, 0.24),
    drift: random.range(-0.18, 0.18),
    sparkleSeed: Math.floor(random.next() * 2 ** 31),
  };
}

/** The pose at `t` ms into the plan; from `durationMs` on it is exactly the landing pose. */
export function flipPose(plan: FlipPlan, t: number): FlipPose {
  const tossStart = plan.windupMs;
  const landStart = tossStart + plan.tossMs;
  const revealStart = landStart + plan.landMs;
  const revealMs = t - revealStart;
  if (t >= plan.durationMs) {
    return { phase: 'done', angle: plan.endAngle, lift: 0, drift: 0, squash: 1, face: plan.side, reveal: 1, revealMs };
  }
  if (t < tossStart) {
    const u = segment(t, 0, tossStart);
    return {
      phase: 'windup',
      angle: plan.startAngle,
      lift: 0,
      drift: 0,
      squash: 1 - 0.12 * Math.sin(u * Math.PI * 0.5),
      face: faceAt(plan.startAngle),
      reveal: 0,
      revealMs,
    };
  }
  if (t < landStart) {
    const u = segment(t, tossStart, landStart);
    // Spins fast off the thumb and slows a little before the catch.
    const spin = 0.4 * u + 0.6 * easeOutCubic(u);
    const angle = lerp(plan.startAngle, plan.endAngle, spin);
    const lift = plan.height * 4 * u * (1 - u);
    const drift = plan.drift * Math.sin(u * Math.PI);
    return { phase: 'toss', angle, lift, drift, squash: 1 + 0.06 * Math.sin(u * Math.PI), face: faceAt(angle), reveal: 0, revealMs };
  }
  if (t < revealStart) {
    const u = segment(t, landStart, revealStart);
    const decay = (1 - u) ** 2;
    const bounce = 0.09 * Math.abs(Math.sin(u * Math.PI * 2)) * decay;
    const angle = plan.endAngle + plan.wobble * Math.sin(u * Math.PI * 3) * decay;
    const impact = 1 - 0.14 * Math.max(0, 1 - u * 6);
    return { phase: 'land', angle, lift: bounce, drift: 0, squash: impact, face: faceAt(angle), reveal: 0, revealMs };
  }
  const u = segment(t, revealStart, plan.durationMs);
  return {
    phase: 'reveal',
    angle: plan.endAngle,
    lift: 0,
    drift: 0,
    squash: 1,
    face: plan.side,
    reveal: clamp01(easeOutQuad(u)),
    revealMs,
  };
}

/** Normalises an angle into [0, 2π) (for tests and the idle pose). */
export const normalizeAngle = (angle: number): number => ((angle % TAU) + TAU) % TAU;
