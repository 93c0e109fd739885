/** Easing curves and small interpolation helpers; every function maps [0, 1] onto a curve. */

export type Easing = (t: number) => number;

export const clamp = (value: number, min: number, max: number): number => Math.min(max, Math.max(min, value));
export const clamp01 = (value: number): number => clamp(value, 0, 1);
export const lerp = (from: number, to: number, t: number): number => from + (to - from) * t;

/** Progress (0..1) of `t` through the window [start, end]. */
export function segment(t: number, start: number, end: number): number {
  if (end <= start) return t >= end ? 1 : 0;
  return clamp01((t - start) / (end - start));
}

export const linear: Easing = (t) => t;
export const easeInQuad: Easing = (t) => t * t;
export const easeOutQuad: Easing = (t) => 1 - (1 - t) * (1 - t);
export const easeInOutQuad: Easing = (t) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
export const easeInCubic: Easing = (t) => t * t * t;
export const easeOutCubic: Easing = (t) => 1 - (1 - t) ** 3;
export const easeInOutCubic: Easing = (t) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);
export const easeOutQuint: Easing = (t) => 1 - (1 - t) ** 5;
export const easeOutExpo: Easing = (t) => (t >= 1 ? 1 : 1 - 2 ** (-10 * t));
export const easeInOutSine: Easing = (t) => -(Math.cos(Math.PI * t) - 1) / 2;

export function easeOutBack(t: number, overshoot = 1.70158): number {
  const c3 = overshoot + 1;
  return 1 + c3 * (t - 1) ** 3 + overshoot * (t - 1) ** 2;
}

/** A spring that settles on 1: overshoots and rings `bounces` times, exactly 1 at t = 1. */
export function easeOutElastic(t: number, bounces = 3, damping = 6): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return 1 - Math.exp(-damping * t) * Math.cos(bounces * Math.PI * t) * (1 - t);
}

/** A bump that rises and falls back to 0 on [0, 1] (sin half wave). */
export const pulse: Easing = (t) => (t <= 0 || t >= 1 ? 0 : Math.sin(Math.PI * t));
