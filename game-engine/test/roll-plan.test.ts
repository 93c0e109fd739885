import { describe, expect, it } from 'vitest';
import { planRoll, rollMotion, rollPose, winZone, type RollMotion, type RollOutcome } from '../src/games/roll/plan';

const outcome = (roll: number, target = 50, direction: 'under' | 'over' = 'under'): RollOutcome => ({
  roll,
  target,
  direction,
  win: direction === 'under' ? roll < target : roll > target,
});

describe('roll plan', () => {
  it('lands exactly on the told number and prints it exactly', () => {
    for (const roll of [0, 0.01, 0.29, 1.1, 42.17, 49.99, 50, 83.21, 99.99, 100]) {
      for (let seed = 1; seed <= 20; seed++) {
        const plan = planRoll(outcome(roll), { seed, from: seed * 4.5 });
        const end = rollPose(plan, plan.durationMs);
        expect(end.value).toBe(roll);
        expect(end.display).toBe(Math.round(roll * 100));
        expect(end.spin).toBe(0);
        // Already exact when the result starts to show.
        const landed = rollPose(plan, plan.rewindMs + plan.travelMs + plan.settleMs);
        expect(landed.display).toBe(Math.round(roll * 100));
      }
    }
  });

  it('counts up from 0.00, stays on the meter and never leaves 0..100', () => {
    const plan = planRoll(outcome(97.5), { seed: 3, from: 60 });
    const start = rollPose(plan, plan.rewindMs);
    expect(start.display).toBe(0);
    for (let t = 0; t <= plan.durationMs; t += 8) {
      const pose = rollPose(plan, t);
      expect(pose.value).toBeGreaterThanOrEqual(0);
      expect(pose.value).toBeLessThanOrEqual(100);
    }
  });

  it('moves the trail (rollMotion, into one reused object) exactly like the pose', () => {
    const plan = planRoll(outcome(63.5), { seed: 9, from: 20 });
    const out: RollMotion = { phase: 'rewind', value: 0, spin: 0, hop: 0, speed: 0 };
    for (let t = -100; t <= plan.durationMs + 100; t += 7) {
      const { phase, value, spin, hop, speed } = rollPose(plan, t);
      expect(rollMotion(plan, t, out)).toEqual({ phase, value, spin, hop, speed });
    }
  });

  it('keeps durations sane and the plan pure', () => {
    const a = planRoll(outcome(12.34, 20, 'over'), { seed: 5 });
    expect(a.durationMs).toBeGreaterThan(1_200);
    expect(a.durationMs).toBeLessThan(3_500);
    expect(planRoll(outcome(12.34, 20, 'over'), { seed: 5 })).toEqual(a);
  });

  it('highlights 0..target for under and target..100 for over', () => {
    expect(winZone(25, 'under')).toEqual({ from: 0, to: 25 });
    expect(winZone(25, 'over')).toEqual({ from: 25, to: 100 });
  });

  it('refuses rolls off the meter or with more than two decimals', () => {
    expect(() => planRoll(outcome(100.01))).toThrow(RangeError);
    expect(() => planRoll(outcome(-1))).toThrow(RangeError);
    expect(() => planRoll(outcome(42.123))).toThrow(RangeError);
    expect(() => planRoll(outcome(42, 100))).toThrow(RangeError);
  });
});
