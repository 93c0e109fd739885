import { describe, expect, it } from 'vitest';
import { chartGeometry, percentFromFloor } from '../src/features/market/price-chart-math';

const box = { width: 100, height: 50, pad: 5 };

describe('the sales chart', () => {
  it('draws nothing without sales', () => {
    expect(chartGeometry([], box)).toEqual({ path: '', dots: [], low: null, high: null });
  });

  it('runs time left to right and price bottom to top, as steps that hold each price until the next sale', () => {
    const geometry = chartGeometry(
      [
        { price: '2', at: '2026-01-01T00:00:00.000Z' },
        { price: '4', at: '2026-01-02T00:00:00.000Z' },
        { price: '3', at: '2026-01-05T00:00:00.000Z' },
      ],
      box,
    );
    // The first sale at the left edge, the last at the right; a day of four is a quarter of the width.
    expect(geometry.dots).toEqual([
      { x: 5, y: 45 },
      { x: 27.5, y: 5 },
      { x: 95, y: 25 },
    ]);
    expect(geometry.path).toBe('M5 45 H27.5 V5 H95 V25');
    expect(geometry.low).toBe('2');
    expect(geometry.high).toBe('4');
  });

  it('spreads sales of one instant evenly and draws equal prices as a flat line in the middle', () => {
    const at = '2026-03-01T12:00:00.000Z';
    const geometry = chartGeometry(
      [
        { price: '1.5', at },
        { price: '1.5', at },
        { price: '1.5', at },
      ],
      box,
    );
    expect(geometry.dots.map((dot) => dot.x)).toEqual([5, 50, 95]);
    expect(geometry.dots.every((dot) => dot.y === 25)).toBe(true);
    expect(geometry.low).toBe('1.5');
    expect(geometry.high).toBe('1.5');
  });

  it('draws a lone sale as a line across the chart with its dot in the middle', () => {
    const geometry = chartGeometry([{ price: '7', at: '2026-03-01T12:00:00.000Z' }], box);
    expect(geometry.dots).toEqual([{ x: 50, y: 25 }]);
    expect(geometry.path).toBe('M5 25 H95');
  });

  it('keeps two prices a nanoton apart on different heights', () => {
    const geometry = chartGeometry(
      [
        { price: '1000000.000000001', at: '2026-01-01T00:00:00.000Z' },
        { price: '1000000.000000002', at: '2026-01-02T00:00:00.000Z' },
      ],
      box,
    );
    expect(geometry.dots[0]!.y).toBe(45);
    expect(geometry.dots[1]!.y).toBe(5);
  });
});

describe('a price against a floor', () => {
  it('says how far below or above in whole percent, rounded half away from zero', () => {
    expect(percentFromFloor('8', '10')).toBe(-20);
    expect(percentFromFloor('12.5', '10')).toBe(25);
    expect(percentFromFloor('10', '10')).toBe(0);
    expect(percentFromFloor('1.005', '1')).toBe(1);
    expect(percentFromFloor('0.995', '1')).toBe(-1);
    expect(percentFromFloor('1.004', '1')).toBe(0);
  });
});
