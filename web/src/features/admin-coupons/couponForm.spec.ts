import { describe, expect, it } from 'vitest';
import {
  couponInput,
  dollarsToCents,
  discountLabel,
  EMPTY_COUPON_FORM,
  formFromCoupon,
  fromLocalInput,
  toLocalInput,
  usageLabel,
} from './couponForm';

describe('coupon form conversions', () => {
  it('turns dollars into whole cents and refuses other text', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents('$0.29')).toBe(29);
    expect(dollarsToCents('19.99')).toBe(1999);
    expect(dollarsToCents(' ')).toBeNull();
    expect(dollarsToCents('1.234')).toBeNaN();
    expect(dollarsToCents('-5')).toBeNaN();
    expect(dollarsToCents('abc')).toBeNaN();
  });

  it('round-trips local date-time inputs through ISO instants', () => {
    const iso = fromLocalInput('2026-12-24T18:30');
    expect(iso).not.toBeNull();
    expect(toLocalInput(iso)).toBe('2026-12-24T18:30');
    expect(fromLocalInput('')).toBeNull();
    expect(toLocalInput(null)).toBe('');
  });

  it('builds the API input of a percent coupon, omitting an empty start', () => {
    const { input, errors } = couponInput({ ...EMPTY_COUPON_FORM, code: ' spring-25 ', percentOff: '25' });
    expect(errors).toEqual({});
    expect(input).toEqual({
      code: 'SPRING-25',
      description: '',
      kind: 'percent',
      percentOff: 25,
      amountOffCents: null,
      endsAt: null,
      usageLimit: null,
      perMemberLimit: 1,
      minSubtotalCents: 0,
      scope: 'all',
      active: true,
    });
  });

  it('builds a fixed coupon in cents and reports fields it cannot read', () => {
    const fixed = couponInput({
      ...EMPTY_COUPON_FORM,
      code: 'FIVE',
      kind: 'fixed',
      amountOff: '5',
      minSubtotal: '25.00',
      usageLimit: '100',
      perMemberLimit: '',
      scope: 'resources',
    });
    expect(fixed.errors).toEqual({});
    expect(fixed.input).toMatchObject({
      kind: 'fixed',
      percentOff: null,
      amountOffCents: 500,
      minSubtotalCents: 2500,
      usageLimit: 100,
      perMemberLimit: null,
      scope: 'resources',
    });
    const bad = couponInput({ ...EMPTY_COUPON_FORM, kind: 'fixed', amountOff: 'five', usageLimit: '2.5' });
    expect(Object.keys(bad.errors).sort()).toEqual(['amountOffCents', 'usageLimit']);
  });

  it('fills the form from a stored coupon and labels discounts and usage', () => {
    const coupon = {
      code: 'TEN',
      description: 'x',
      kind: 'fixed',
      percentOff: null,
      amountOffCents: 1050,
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: null,
      usageLimit: 10,
      perMemberLimit: null,
      usedCount: 3,
      minSubtotalCents: 0,
      scope: 'courses',
      active: true,
      status: 'active',
    };
    expect(formFromCoupon(coupon)).toMatchObject({
      kind: 'fixed',
      amountOff: '10.50',
      usageLimit: '10',
      perMemberLimit: '',
      minSubtotal: '',
      endsAt: '',
      scope: 'courses',
    });
    expect(discountLabel(coupon)).toBe('$10.50 off');
    expect(discountLabel({ kind: 'percent', percentOff: 15, amountOffCents: null })).toBe('15% off');
    expect(usageLabel(coupon)).toBe('3/10');
    expect(usageLabel({ usedCount: 0, usageLimit: null })).toBe('0/∞');
  });
});
