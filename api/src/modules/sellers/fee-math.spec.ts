import { describe, expect, it } from 'vitest';
import { feePercentProblem, splitSale } from './fee-math';

describe('splitSale', () => {
  it('takes the fee percent of the gross and leaves the rest as net', () => {
    expect(splitSale(1000, 10)).toEqual({ feeCents: 100, netCents: 900 });
    expect(splitSale(0, 10)).toEqual({ feeCents: 0, netCents: 0 });
    expect(splitSale(999, 0)).toEqual({ feeCents: 0, netCents: 999 });
  });

  it('rounds the fee half-up to the cent', () => {
    // 1005 × 10 % = 100.5 → 101
    expect(splitSale(1005, 10)).toEqual({ feeCents: 101, netCents: 904 });
    // 1004 × 10 % = 100.4 → 100
    expect(splitSale(1004, 10)).toEqual({ feeCents: 100, netCents: 904 });
    // 1999 × 12.5 % = 249.875 → 250
    expect(splitSale(1999, 12.5)).toEqual({ feeCents: 250, netCents: 1749 });
    // 333 × 7.25 % = 24.1425 → 24
    expect(splitSale(333, 7.25)).toEqual({ feeCents: 24, netCents: 309 });
    // 2 × 25 % = 0.5 → 1
    expect(splitSale(2, 25)).toEqual({ feeCents: 1, netCents: 1 });
  });

  it('does not drift with percents that are inexact in binary', () => {
    // 0.29 × 100 is 28.999999999999996 in floating point
    expect(splitSale(10000, 0.29)).toEqual({ feeCents: 29, netCents: 9971 });
  });

  it('refuses negative or fractional amounts', () => {
    expect(() => splitSale(-1, 10)).toThrow();
    expect(() => splitSale(1.5, 10)).toThrow();
  });
});

describe('feePercentProblem', () => {
  it('accepts 0 to 50 with up to two decimals', () => {
    for (const ok of [0, 10, 12.5, 7.25, 50, 0.01]) expect(feePercentProblem(ok)).toBeNull();
  });

  it('refuses values out of range or with more decimals', () => {
    expect(feePercentProblem(-0.01)).toMatch(/between 0 and 50/);
    expect(feePercentProblem(50.01)).toMatch(/between 0 and 50/);
    expect(feePercentProblem(Number.NaN)).toMatch(/between 0 and 50/);
    expect(feePercentProblem(10.125)).toMatch(/two decimals/);
  });
});
