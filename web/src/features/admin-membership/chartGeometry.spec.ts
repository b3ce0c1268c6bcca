import { describe, expect, it } from 'vitest';
import { chartGeometry, niceCeiling } from './chartGeometry';

describe('niceCeiling', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceCeiling(0)).toBe(1);
    expect(niceCeiling(7)).toBe(10);
    expect(niceCeiling(12)).toBe(20);
    expect(niceCeiling(21)).toBe(25);
    expect(niceCeiling(240000)).toBe(250000);
    expect(niceCeiling(500)).toBe(500);
  });
});

describe('chartGeometry', () => {
  it('spreads the months across the width with 0 at the bottom and the nice maximum at the top', () => {
    const g = chartGeometry(
      [
        { date: 'a', value: 0 },
        { date: 'b', value: 5 },
        { date: 'c', value: 10 },
      ],
      100,
      50,
      10,
    );
    expect(g.max).toBe(10);
    expect(g.points).toBe('10,40 50,25 90,10');
  });

  it('puts a single month in the middle and copes with no data', () => {
    expect(chartGeometry([{ date: 'a', value: 3 }], 100, 50, 10).dots[0].x).toBe(50);
    expect(chartGeometry([], 100, 50).points).toBe('');
  });
});
