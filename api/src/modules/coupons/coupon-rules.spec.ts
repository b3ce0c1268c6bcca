import { describe, expect, it } from 'vitest';
import type { Coupon } from './coupon.entity';
import { couponStatus, discountFor, inScope, normalizeCode, validateCouponFields } from './coupon-rules';

const line = (itemType: string, unitPriceCents: number, quantity = 1) => ({
  itemType,
  unitPriceCents,
  quantity,
});

describe('coupon rules', () => {
  it('normalizes codes for case-insensitive matching', () => {
    expect(normalizeCode('  spring-25 ')).toBe('SPRING-25');
    expect(normalizeCode(null)).toBe('');
  });

  it('scopes lines by item type', () => {
    expect(inScope('all', 'course')).toBe(true);
    expect(inScope('courses', 'course')).toBe(true);
    expect(inScope('courses', 'resource')).toBe(false);
    expect(inScope('resources', 'resource')).toBe(true);
  });

  it('rounds percentages half-up on the lines in scope and caps fixed amounts', () => {
    const percent = (percentOff: number, scope: 'all' | 'courses' | 'resources' = 'all') => ({
      kind: 'percent' as const,
      percentOff,
      amountOffCents: null,
      scope,
    });
    expect(discountFor(percent(10), [line('course', 1005)])).toBe(101);
    expect(discountFor(percent(10), [line('course', 1004)])).toBe(100);
    expect(discountFor(percent(33), [line('resource', 150)])).toBe(50); // 49.5 → 50
    expect(discountFor(percent(50, 'courses'), [line('course', 999, 2), line('resource', 5000)])).toBe(999);
    expect(discountFor(percent(50, 'resources'), [line('course', 999)])).toBe(0);
    const fixed = { kind: 'fixed' as const, percentOff: null, amountOffCents: 2500, scope: 'all' as const };
    expect(discountFor(fixed, [line('course', 1000), line('resource', 500)])).toBe(1500);
    expect(discountFor(fixed, [line('course', 3000)])).toBe(2500);
    expect(discountFor(fixed, [])).toBe(0);
  });

  it('derives the status from active, dates and usage', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const base = {
      active: true,
      startsAt: new Date('2026-01-01T00:00:00Z'),
      endsAt: null,
      usageLimit: null,
      usedCount: 0,
    } as unknown as Coupon;
    expect(couponStatus(base, now)).toBe('active');
    expect(couponStatus({ ...base, active: false } as Coupon, now)).toBe('inactive');
    expect(couponStatus({ ...base, startsAt: new Date('2026-07-01T00:00:00Z') } as Coupon, now)).toBe(
      'scheduled',
    );
    expect(couponStatus({ ...base, endsAt: now } as Coupon, now)).toBe('expired');
    expect(couponStatus({ ...base, usageLimit: 3, usedCount: 3 } as Coupon, now)).toBe('used_up');
  });

  it('keeps only the amount of the chosen kind', () => {
    const fields = validateCouponFields({
      code: 'mix',
      description: '',
      kind: 'fixed',
      percentOff: 20,
      amountOffCents: 300,
      startsAt: new Date(),
      endsAt: null,
      usageLimit: null,
      perMemberLimit: 1,
      minSubtotalCents: 0,
      scope: 'all',
      active: true,
    });
    expect(fields).toMatchObject({ code: 'MIX', kind: 'fixed', percentOff: null, amountOffCents: 300 });
  });
});
