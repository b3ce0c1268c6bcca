import { describe, expect, it } from 'vitest';
import { allocateDiscount, type PricedLine } from './order-pricing';

const line = (itemType: 'course' | 'resource', unitPriceCents: number, quantity = 1): PricedLine => ({
  itemType,
  itemId: `${itemType}-${unitPriceCents}`,
  title: 't',
  unitPriceCents,
  quantity,
  imageUrl: null,
});

describe('allocateDiscount', () => {
  it('splits the discount in proportion and the shares add up exactly', () => {
    const out = allocateDiscount(
      [line('course', 1000), line('resource', 500, 2), line('resource', 333)],
      1000,
      'all',
    );
    expect(out.map((l) => l.lineTotalCents)).toEqual([1000, 1000, 333]);
    expect(out.reduce((s, l) => s + l.discountCents, 0)).toBe(1000);
    expect(out[0].discountCents).toBeGreaterThanOrEqual(428);
    expect(out[0].discountCents).toBeLessThanOrEqual(429);
  });

  it('only touches lines in the coupon scope', () => {
    const out = allocateDiscount([line('course', 1000), line('resource', 500)], 200, 'resources');
    expect(out.map((l) => l.discountCents)).toEqual([0, 200]);
  });

  it('never gives a line more than its total, and no discount gives zero shares', () => {
    const out = allocateDiscount([line('resource', 100), line('resource', 1)], 5000, 'all');
    expect(out.map((l) => l.discountCents)).toEqual([100, 1]);
    expect(allocateDiscount([line('course', 100)], 0, 'all')[0].discountCents).toBe(0);
  });
});
