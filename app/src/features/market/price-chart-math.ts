import { fromNano, toNano } from '@arcade/api-client/money';

export interface SalePoint {
  price: string;
  at: string;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room left free on every side (for the dots' radius and the line's width). */
  pad: number;
}

export interface ChartGeometry {
  /** An SVG path of the price as a step line: each sale's price holds until the next sale. */
  path: string;
  /** One dot per sale, in time order. */
  dots: Array<{ x: number; y: number }>;
  /** The lowest and highest sale price (TON text), or null without sales. */
  low: string | null;
  high: string | null;
}

const round = (value: number) => Math.round(value * 10) / 10;

/**
 * Places sales in a box: time runs left to right (evenly spaced when the sales share one instant),
 * price bottom to top between the lowest and highest sale (a flat line in the middle when every
 * sale had the same price). Prices are scaled from nanotons, so two close prices stay apart.
 */
export function chartGeometry(points: readonly SalePoint[], box: ChartBox): ChartGeometry {
  if (points.length === 0) return { path: '', dots: [], low: null, high: null };
  const nanos = points.map((point) => toNano(point.price));
  const low = nanos.reduce((a, b) => (b < a ? b : a));
  const high = nanos.reduce((a, b) => (b > a ? b : a));
  const times = points.map((point) => Date.parse(point.at));
  const first = times[0]!;
  const span = times.at(-1)! - first;
  const left = box.pad;
  const innerWidth = box.width - 2 * box.pad;
  const innerHeight = box.height - 2 * box.pad;
  const xOf = (index: number) =>
    points.length === 1
      ? left + innerWidth / 2
      : span > 0
        ? left + ((times[index]! - first) / span) * innerWidth
        : left + (index / (points.length - 1)) * innerWidth;
  const range = Number(high - low);
  const yOf = (nano: bigint) => (range === 0 ? box.pad + innerHeight / 2 : box.pad + (1 - Number(nano - low) / range) * innerHeight);
  const dots = nanos.map((nano, index) => ({ x: round(xOf(index)), y: round(yOf(nano)) }));
  const steps = dots.map((dot, index) => (index === 0 ? `M${dot.x} ${dot.y}` : `H${dot.x} V${dot.y}`));
  // A lone sale is drawn as a short flat line across the box.
  const path = dots.length === 1 ? `M${left} ${dots[0]!.y} H${left + innerWidth}` : steps.join(' ');
  return { path, dots, low: fromNano(low), high: fromNano(high) };
}

/** How a price compares with a floor, in whole percent: negative below it, positive above, 0 at it. */
export function percentFromFloor(price: string, floor: string): number {
  const p = toNano(price);
  const f = toNano(floor);
  if (f === 0n) return 0;
  // Rounded half away from zero, on integers (no float error at large prices).
  const scaled = ((p - f) * 1000n) / f;
  const whole = scaled >= 0n ? (scaled + 5n) / 10n : (scaled - 5n) / 10n;
  return Number(whole);
}
