import { describe, expect, it } from 'vitest';
import {
  CAR_STOP,
  DIFFICULTY_TRAPS,
  cashOutHeroPose,
  currentMultiplier,
  ladder,
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
  type RoadState,
} from '../src/games/road/plan';

const road = (traps: number): RoadState => {
  const multipliers = ladder(traps);
  return setupRoad({ lanes: multipliers.length, multipliers });
};

describe('road ladder', () => {
  it('has 24, 22, 20 and 15 lanes with the published tops', () => {
    expect(ladder(DIFFICULTY_TRAPS.easy)).toHaveLength(24);
    expect(ladder(DIFFICULTY_TRAPS.medium)).toHaveLength(22);
    expect(ladder(DIFFICULTY_TRAPS.hard)).toHaveLength(20);
    expect(ladder(DIFFICULTY_TRAPS.hardcore)).toHaveLength(15);
    expect(ladder(1).at(-1)).toBe(24.5);
    expect(ladder(3).at(-1)).toBe(2254);
    expect(ladder(5).at(-1)).toBe(52067.4);
    expect(ladder(10).at(-1)).toBe(3203384.8);
    expect(ladder(1)[0]).toBe(1.0208);
    expect(ladder(10)[0]).toBe(1.6333);
  });

  it("labels every lane with the host's form of its multiplier", () => {
    const host = (value: number) => `${String(value).replace('.', ',')}×`;
    expect(laneLabels(road(1), host).slice(0, 3)).toEqual(['1,0208×', '1,0652×', '1,1136×']);
    expect(laneLabels(road(3), host).at(-1)).toBe('2254×');
    expect(laneLabels(road(10), host).at(-1)).toBe('3203384,8×');
  });
});

describe('road steps', () => {
  it('a safe step moves the hero one lane and marks the lanes behind as passed', () => {
    let state = road(3);
    expect(laneStates(state).slice(0, 2)).toEqual(['next', 'ahead']);
    for (let lane = 0; lane < 3; lane++) state = planStep(state, lane, 'safe', lane).state;
    expect(state.position).toBe(2);
    expect(state.status).toBe('walking');
    expect(currentMultiplier(state)).toBe(ladder(3)[2]);
    expect(laneStates(state).slice(0, 5)).toEqual(['passed', 'passed', 'current', 'next', 'ahead']);
  });

  it('a trap ends the round on that lane; a car comes and stops just past the hero', () => {
    const { state, plan } = planStep(planStep(road(5), 0, 'safe').state, 1, 'trap', 9);
    expect(state.status).toBe('crashed');
    expect(state.crashLane).toBe(1);
    expect(laneStates(state).slice(0, 3)).toEqual(['passed', 'crash', 'ahead']);
    expect(plan.impactMs).not.toBeNull();
    const impact = plan.impactMs ?? 0;
    expect(stepCarOffset(plan, impact)).toBe(0);
    expect(stepCarOffset(plan, impact - 500)).toBeGreaterThan(0);
    expect(stepCarOffset(plan, plan.durationMs)).toBeCloseTo(-CAR_STOP, 5);
    const end = stepHeroPose(plan, plan.durationMs);
    expect(end.lane).toBe(1);
    expect(end.down).toBe(1);
    expect(() => planStep(state, 2, 'safe')).toThrow(/crashed/);
  });

  it('lands the hero on the told lane with sane durations, the same plan for the same seed', () => {
    const { plan } = planStep(road(1), 0, 'safe', 4);
    expect(stepHeroPose(plan, plan.durationMs)).toMatchObject({ lane: 0, lift: 0, down: 0 });
    expect(stepHeroPose(plan, 0).lane).toBe(-1);
    expect(plan.durationMs).toBeGreaterThan(400);
    expect(plan.durationMs).toBeLessThan(2_000);
    expect(planStep(road(1), 0, 'safe', 4).plan).toEqual(plan);
  });

  it('only the next lane can be stepped on', () => {
    const state = road(1);
    expect(() => planStep(state, 1, 'safe')).toThrow(RangeError);
    expect(() => planStep(state, -1, 'safe')).toThrow(RangeError);
    const last = setupRoad({ lanes: 15, multipliers: ladder(10), passed: 15 });
    expect(() => planStep(last, 15, 'safe')).toThrow(RangeError);
  });

  it('cash out needs a crossed lane; after the last lane the hero reaches the finish', () => {
    expect(() => planCashOut(road(1))).toThrow(/no lane/);
    const restored = setupRoad({ lanes: 15, multipliers: ladder(10), passed: 15 });
    expect(restored.position).toBe(14);
    const { state, plan } = planCashOut(restored);
    expect(state.status).toBe('cashed');
    expect(plan.finish).toBe(true);
    expect(plan.multiplier).toBe(3203384.8);
    expect(cashOutHeroPose(plan, plan.durationMs).lane).toBe(15);
  });

  it('reveal shows only trap slots on the road, after the round', () => {
    const walking = planStep(road(3), 0, 'safe').state;
    expect(() => planReveal(walking, [3, 7, 24])).toThrow(/after the round/);
    const cashed = planCashOut(walking).state;
    const { state, plan } = planReveal(cashed, [23, 7, 3]);
    expect(state.traps).toEqual([3, 7]);
    expect(plan.traps).toEqual([3, 7]);
    expect(laneStates(state)[3]).toBe('trap');
    expect(laneStates(state)[0]).toBe('current');
    expect(revealStart(plan, 7, null)).toBe(plan.staggerMs);
    expect(revealStart(plan, 5, null)).toBeNull();
  });

  it('reset returns to the start pavement with the same lanes', () => {
    const crashed = planStep(road(10), 0, 'trap').state;
    const reset = resetRoad(crashed);
    expect(reset).toMatchObject({ position: -1, status: 'ready', crashLane: null, traps: null, lanes: 15 });
  });

  it('refuses a road whose multipliers do not match its lanes', () => {
    expect(() => setupRoad({ lanes: 24, multipliers: ladder(3) })).toThrow(RangeError);
    expect(() => setupRoad({ lanes: 26, multipliers: [] })).toThrow(RangeError);
  });
});
