import { describe, expect, it } from 'vitest';
import { faceAt, flipPose, planFlip, type CoinSide } from '../src/games/flip/plan';

const sides: CoinSide[] = ['heads', 'tails'];

describe('flip plan', () => {
  it('lands on the told side whatever side it starts from and whatever the seed', () => {
    for (const from of sides) {
      for (const side of sides) {
        for (let seed = 1; seed <= 50; seed++) {
          const plan = planFlip({ side, win: seed % 2 === 0 }, { seed, from });
          const end = flipPose(plan, plan.durationMs);
          expect(end.face).toBe(side);
          expect(faceAt(end.angle)).toBe(side);
          expect(end.lift).toBe(0);
          expect(flipPose(plan, plan.durationMs + 5_000)).toMatchObject({ angle: end.angle, face: side, lift: 0, reveal: 1 });
        }
      }
    }
  });

  it('shows the told side through the landing wobble and the whole reveal', () => {
    const plan = planFlip({ side: 'tails', win: true }, { seed: 7, from: 'heads' });
    const landStart = plan.windupMs + plan.tossMs;
    for (let t = landStart; t <= plan.durationMs; t += 10) expect(flipPose(plan, t).face).toBe('tails');
  });

  it('spins several times in the air and keeps the durations sane', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const plan = planFlip({ side: 'heads', win: false }, { seed });
      expect(plan.halfTurns).toBeGreaterThanOrEqual(8);
      expect(plan.durationMs).toBeGreaterThan(1_800);
      expect(plan.durationMs).toBeLessThan(4_000);
      const faces = new Set<CoinSide>();
      for (let t = plan.windupMs; t < plan.windupMs + plan.tossMs; t += 16) faces.add(flipPose(plan, t).face);
      expect(faces.size).toBe(2);
    }
  });

  it('is a pure function of its inputs', () => {
    const a = planFlip({ side: 'heads', win: true }, { seed: 99, from: 'tails' });
    const b = planFlip({ side: 'heads', win: true }, { seed: 99, from: 'tails' });
    expect(b).toEqual(a);
    expect(flipPose(a, 700)).toEqual(flipPose(b, 700));
    expect(planFlip({ side: 'heads', win: true }, { seed: 100, from: 'tails' })).not.toEqual(a);
  });

  it('refuses an outcome that is not a side', () => {
    expect(() => planFlip({ side: 'edge' as CoinSide, win: true })).toThrow(RangeError);
  });
});
