import { easeInOutQuad, easeOutCubic, lerp, segment } from '../../core/easing';
import { Random } from '../../core/random';

/**
 * Road: the hero crosses lane by lane; the server says whether each lane was safe. Lanes are
 * 0-based like the server's trap slots (25 slots, lanes = 25 - traps: 24, 22, 20 or 15).
 */
export type RoadStepResult = 'safe' | 'trap';
export type RoadStatus = 'ready' | 'walking' | 'crashed' | 'cashed';
export type LaneState = 'ahead' | 'next' | 'current' | 'passed' | 'crash' | 'trap';

export interface RoadSetup {
  lanes: number;
  /** The multiplier reached on each lane (plain numbers: 1.02, 24.5), one per lane. */
  multipliers: readonly number[];
  /** Safe lanes already crossed (a round restored after a restart); default 0. */
  passed?: number;
}

export interface RoadState {
  readonly lanes: number;
  readonly multipliers: readonly number[];
  /** -1 on the start pavement, else the lane the hero stands on. */
  readonly position: number;
  readonly status: RoadStatus;
  readonly crashLane: number | null;
  /** Trap lanes on this road once revealed, ascending; null before. */
  readonly traps: readonly number[] | null;
}

export interface RoadStepPlan {
  readonly kind: 'step';
  readonly from: number;
  readonly to: number;
  readonly result: RoadStepResult;
  /** Crouch, then the hop. */
  readonly crouchMs: number;
  readonly hopMs: number;
  /** When the lane's barrier is down (safe steps). */
  readonly barrierMs: number;
  /** When the car hits (traps). */
  readonly impactMs: number | null;
  /** Car speed in lane heights per second (traps). */
  readonly carSpeed: number;
  /** Traffic direction of the lane: +1 left to right, -1 right to left. */
  readonly direction: 1 | -1;
  readonly durationMs: number;
  readonly seed: number;
}

export interface RoadCashOutPlan {
  readonly kind: 'cashout';
  readonly lane: number;
  readonly multiplier: number;
  /** The hero hops onto the finish pavement (the road was crossed to the end). */
  readonly finish: boolean;
  readonly hopMs: number;
  readonly durationMs: number;
  readonly seed: number;
}

export interface RoadRevealPlan {
  readonly kind: 'reveal';
  readonly traps: readonly number[];
  readonly staggerMs: number;
  readonly flipMs: number;
  readonly durationMs: number;
}

export interface HeroPose {
  /** Position in lanes: -1 start pavement, 0..lanes-1 lanes, lanes = finish pavement. */
  lane: number;
  /** Hop height 0..1. */
  lift: number;
  /** Vertical squash (1 = none). */
  squash: number;
  /** Sideways knock after a hit, in lane heights (signed). */
  knock: number;
  /** Spin after a hit, radians. */
  spin: number;
  /** 1 once lying flat after a crash. */
  down: number;
}

export const MAX_LANES = 25;

/** Trap count per difficulty (the product's defaults; the server's config is the truth). */
export const DIFFICULTY_TRAPS = { easy: 1, medium: 3, hard: 5, hardcore: 10 } as const;
export type RoadDifficulty = keyof typeof DIFFICULTY_TRAPS;

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 1; i <= k; i++) result = (result * BigInt(n - k + i)) / BigInt(i);
  return result;
}

/**
 * The multiplier ladder for `traps` traps on the 25-slot road: after k safe lanes
 * 0.98 x C(25, m) / C(25 - k, m), floored to 4 decimals. For the playground and tests; the
 * app passes the server's numbers.
 */
export function ladder(traps: number): number[] {
  const lanes = MAX_LANES - traps;
  return Array.from({ length: lanes }, (_, i) => Number((9_800n * choose(MAX_LANES, traps)) / choose(MAX_LANES - (i + 1), traps)) / 10_000);
}

/** Traffic runs one way per lane, alternating. */
export function laneDirection(lane: number): 1 | -1 {
  return lane % 2 === 0 ? 1 : -1;
}

export function validateSetup(setup: RoadSetup): void {
  const { lanes, multipliers } = setup;
  if (!Number.isInteger(lanes) || lanes < 1 || lanes > MAX_LANES)
    throw new RangeError(`lanes must be an integer 1..${MAX_LANES}, got ${lanes}`);
  if (!Array.isArray(multipliers) || multipliers.length !== lanes)
    throw new RangeError(`need one multiplier per lane (${lanes}), got ${multipliers.length}`);
  for (const m of multipliers) if (!Number.isFinite(m) || m <= 0) throw new RangeError(`multipliers must be positive numbers, got ${m}`);
  const passed = setup.passed ?? 0;
  if (!Number.isInteger(passed) || passed < 0 || passed > lanes)
    throw new RangeError(`passed must be an integer 0..${lanes}, got ${passed}`);
}

export function setupRoad(setup: RoadSetup): RoadState {
  validateSetup(setup);
  const passed = setup.passed ?? 0;
  return {
    lanes: setup.lanes,
    multipliers: [...setup.multipliers],
    position: passed - 1,
    status: passed > 0 ? 'walking' : 'ready',
    crashLane: null,
    traps: null,
  };
}

export function resetRoad(state: RoadState): RoadState {
  return { ...state, position: -1, status: 'ready', crashLane: null, traps: null };
}

/** The multiplier the hero stands on (1 before the first lane). */
export function currentMultiplier(state: RoadState): number {
  return state.position >= 0 ? (state.multipliers[state.position] ?? 1) : 1;
}

/** The label per lane: its multiplier in the host's form (`format`). */
export function laneLabels(state: RoadState, format: (multiplier: number) => string): string[] {
  return state.multipliers.map((m) => format(m));
}

export function laneStates(state: RoadState): LaneState[] {
  const traps = new Set(state.traps ?? []);
  const open = state.status === 'ready' || state.status === 'walking';
  return Array.from({ length: state.lanes }, (_, lane): LaneState => {
    if (lane === state.crashLane) return 'crash';
    if (traps.has(lane)) return 'trap';
    if (lane < state.position) return 'passed';
    if (lane === state.position) return 'current';
    if (open && lane === state.position + 1) return 'next';
    return 'ahead';
  });
}

/** Moves the hero onto `lane` (the next one); a trap ends the round. */
export function planStep(state: RoadState, lane: number, result: RoadStepResult, seed = 1): { state: RoadState; plan: RoadStepPlan } {
  if (state.status !== 'ready' && state.status !== 'walking') throw new Error(`cannot step: the round is ${state.status}`);
  if (!Number.isInteger(lane) || lane !== state.position + 1 || lane >= state.lanes) {
    throw new RangeError(`the next lane is ${state.position + 1}, got ${lane}`);
  }
  if (result !== 'safe' && result !== 'trap') throw new RangeError(`result must be safe or trap, got ${String(result)}`);
  const random = new Random(seed);
  const crouchMs = 90;
  const hopMs = Math.round(random.range(320, 360));
  const landMs = crouchMs + hopMs;
  const trap = result === 'trap';
  const impactMs = trap ? landMs + Math.round(random.range(160, 240)) : null;
  const durationMs = trap ? (impactMs ?? 0) + 1100 : landMs + 420;
  const plan: RoadStepPlan = {
    kind: 'step',
    from: state.position,
    to: lane,
    result,
    crouchMs,
    hopMs,
    barrierMs: crouchMs + 200,
    impactMs,
    carSpeed: random.range(11, 14),
    direction: laneDirection(lane),
    durationMs,
    seed: Math.floor(random.next() * 2 ** 31),
  };
  const next: RoadState = trap
    ? { ...state, position: lane, status: 'crashed', crashLane: lane }
    : { ...state, position: lane, status: 'walking' };
  return { state: next, plan };
}

export function planCashOut(state: RoadState, seed = 1): { state: RoadState; plan: RoadCashOutPlan } {
  if (state.status === 'ready' || (state.status === 'walking' && state.position < 0))
    throw new Error('cannot cash out: no lane crossed yet');
  if (state.status !== 'walking') throw new Error(`cannot cash out: the round is ${state.status}`);
  const finish = state.position === state.lanes - 1;
  const hopMs = finish ? 420 : 0;
  const random = new Random(seed);
  return {
    state: { ...state, status: 'cashed' },
    plan: {
      kind: 'cashout',
      lane: state.position,
      multiplier: currentMultiplier(state),
      finish,
      hopMs,
      durationMs: hopMs + 1500,
      seed: Math.floor(random.next() * 2 ** 31),
    },
  };
}

/** Shows the trap slots after the round; slots past the last lane (25 - lanes of them) are not on the road. */
export function planReveal(state: RoadState, trapSlots: readonly number[]): { state: RoadState; plan: RoadRevealPlan } {
  if (state.status !== 'crashed' && state.status !== 'cashed')
    throw new Error(`reveal comes after the round; the round is ${state.status}`);
  for (const slot of trapSlots) {
    if (!Number.isInteger(slot) || slot < 0 || slot >= MAX_LANES)
      throw new RangeError(`trap slots are integers 0..${MAX_LANES - 1}, got ${slot}`);
  }
  const traps = [...new Set(trapSlots)].filter((slot) => slot < state.lanes).sort((a, b) => a - b);
  const staggerMs = 110;
  const flipMs = 380;
  const shown = traps.filter((lane) => lane !== state.crashLane);
  return {
    state: { ...state, traps },
    plan: {
      kind: 'reveal',
      traps,
      staggerMs,
      flipMs,
      durationMs: shown.length === 0 ? 250 : flipMs + staggerMs * (shown.length - 1) + 200,
    },
  };
}

/** When lane `lane` flips in a reveal plan (ms), or null if it does not. */
export function revealStart(plan: RoadRevealPlan, lane: number, crashLane: number | null): number | null {
  const order = plan.traps.filter((trap) => trap !== crashLane).indexOf(lane);
  return order < 0 ? null : order * plan.staggerMs;
}

const standing = (lane: number): HeroPose => ({ lane, lift: 0, squash: 1, knock: 0, spin: 0, down: 0 });

/** The hero during a step. */
export function stepHeroPose(plan: RoadStepPlan, t: number): HeroPose {
  const landAt = plan.crouchMs + plan.hopMs;
  if (t < plan.crouchMs) {
    return { ...standing(plan.from), squash: 1 - 0.22 * easeOutCubic(segment(t, 0, plan.crouchMs)) };
  }
  if (t < landAt) {
    const u = segment(t, plan.crouchMs, landAt);
    return {
      lane: lerp(plan.from, plan.to, easeInOutQuad(u)),
      lift: Math.sin(u * Math.PI),
      squash: 1 + 0.12 * Math.sin(u * Math.PI),
      knock: 0,
      spin: 0,
      down: 0,
    };
  }
  const landed = t - landAt;
  const settle = 1 - 0.18 * Math.max(0, 1 - landed / 140) * Math.sin(Math.min(1, landed / 140) * Math.PI);
  if (plan.impactMs === null || t < plan.impactMs) return { ...standing(plan.to), squash: settle };
  // Hit: knocked along the traffic, spinning, then flat on the road.
  const u = segment(t, plan.impactMs, plan.impactMs + 520);
  const fly = easeOutCubic(u);
  return {
    lane: plan.to,
    lift: Math.sin(u * Math.PI) * 0.9,
    squash: 1,
    knock: plan.direction * 1.05 * fly,
    spin: plan.direction * Math.PI * 2 * fly,
    down: segment(t, plan.impactMs + 420, plan.impactMs + 620),
  };
}

/**
 * The car that hits on a trap: the distance (in lane heights) of its front bumper from the
 * hero, upstream positive; null before it matters. It brakes to a stop past the hero.
 */
/** How far past the hero the car that hit stops, in lane heights. */
export const CAR_STOP = 0.5;

export function stepCarOffset(plan: RoadStepPlan, t: number): number | null {
  if (plan.impactMs === null) return null;
  const before = (plan.impactMs - t) / 1000;
  if (before >= 0) return before * plan.carSpeed;
  // Brakes hard on impact: stops CAR_STOP lane heights past the hero.
  const brakeS = (2 * CAR_STOP) / plan.carSpeed;
  const after = Math.min(-before, brakeS);
  const decel = plan.carSpeed / brakeS;
  return -(plan.carSpeed * after - 0.5 * decel * after * after);
}

export function cashOutHeroPose(plan: RoadCashOutPlan, t: number): HeroPose {
  if (plan.finish && t < plan.hopMs) {
    const u = segment(t, 0, plan.hopMs);
    return { lane: lerp(plan.lane, plan.lane + 1, easeInOutQuad(u)), lift: Math.sin(u * Math.PI), squash: 1, knock: 0, spin: 0, down: 0 };
  }
  const lane = plan.finish ? plan.lane + 1 : plan.lane;
  const u = t - plan.hopMs;
  // Two happy jumps.
  const jump = u < 700 ? Math.abs(Math.sin((u / 700) * Math.PI * 2)) * (1 - u / 1400) : 0;
  return { lane, lift: jump * 0.8, squash: 1 + 0.1 * jump, knock: 0, spin: 0, down: 0 };
}
