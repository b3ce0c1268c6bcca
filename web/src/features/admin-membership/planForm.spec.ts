import { describe, expect, it } from 'vitest';
import { EMPTY_PLAN_FORM, formFromPlan, planInput, pricesChanged } from './planForm';

const filled = {
  ...EMPTY_PLAN_FORM,
  name: ' Studio Pro ',
  description: ' For studios ',
  monthlyPrice: '29',
  yearlyPrice: '$290.50',
  trialDays: '14',
  position: '2',
  resourceDiscountPercent: '20',
  lessonCredits: '2',
  creditValue: '42.50',
};

describe('planInput', () => {
  it('converts dollars to cents and trims the text', () => {
    const { input, errors } = planInput(filled);
    expect(errors).toEqual({});
    expect(input).toEqual({
      name: 'Studio Pro',
      description: 'For studios',
      monthlyPriceCents: 2900,
      yearlyPriceCents: 29050,
      trialDays: 14,
      active: true,
      position: 2,
      memberOnlyCourses: true,
      resourceDiscountPercent: 20,
      lessonCredits: 2,
      creditValueCents: 4250,
      trialGrantsCredits: false,
    });
  });

  it('asks for a credit’s value when the plan has credits, at most $100,000; none without credits', () => {
    expect(planInput({ ...filled, creditValue: ' ' }).errors).toEqual({
      creditValueCents: 'Enter what a credit is worth to the instructor.',
    });
    expect(planInput({ ...filled, creditValue: '0' }).errors.creditValueCents).toBe(
      'Credit value: more than $0 when the plan has credits.',
    );
    expect(planInput({ ...filled, creditValue: '100000.01' }).errors.creditValueCents).toBe(
      'Credit value: at most $100,000.',
    );
    expect(planInput({ ...filled, creditValue: '4O' }).errors.creditValueCents).toBe(
      'Credit value: an amount like 40 or 42.50, please.',
    );
    expect(planInput({ ...filled, creditValue: '$100000' }).input.creditValueCents).toBe(10_000_000);
    const none = planInput({ ...filled, lessonCredits: '0', creditValue: '', trialGrantsCredits: true });
    expect(none.errors).toEqual({});
    expect(none.input).toMatchObject({ lessonCredits: 0, creditValueCents: 0, trialGrantsCredits: true });
  });

  it('refuses a missing name, missing or zero prices and numbers out of range', () => {
    const { errors } = planInput({
      ...filled,
      name: ' ',
      monthlyPrice: '',
      yearlyPrice: '0',
      trialDays: '400',
      resourceDiscountPercent: '101',
      lessonCredits: '1.5',
    });
    expect(Object.keys(errors).sort()).toEqual([
      'lessonCredits',
      'monthlyPriceCents',
      'name',
      'resourceDiscountPercent',
      'trialDays',
      'yearlyPriceCents',
    ]);
    expect(errors.monthlyPriceCents).toBe('Enter the monthly price.');
    expect(errors.trialDays).toBe('Trial days: between 0 and 365.');
  });

  it('round-trips a plan through the form, and tells a price change apart', () => {
    const plan = {
      name: 'Member',
      description: '',
      monthlyPriceCents: 1250,
      yearlyPriceCents: 12000,
      trialDays: 7,
      active: false,
      position: 0,
      memberOnlyCourses: false,
      resourceDiscountPercent: 10,
      lessonCredits: 1,
      creditValueCents: 3550,
      trialGrantsCredits: true,
    };
    const values = formFromPlan(plan);
    expect(values.creditValue).toBe('35.50');
    expect(values.monthlyPrice).toBe('12.50');
    expect(values.yearlyPrice).toBe('120');
    const { input } = planInput(values);
    expect(input).toEqual(plan);
    expect(pricesChanged(plan, input)).toBe(false);
    expect(pricesChanged(plan, { ...input, yearlyPriceCents: 11000 })).toBe(true);
  });
});
