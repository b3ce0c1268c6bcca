import { describe, expect, it } from 'vitest';
import { compInput } from './compForm';

describe('compInput', () => {
  it('accepts a member, a plan, 1–36 months and a trimmed reason', () => {
    expect(compInput({ userId: 'u1', planId: 'p1', months: ' 3 ', reason: ' Workshop guest ' })).toEqual({
      input: { userId: 'u1', planId: 'p1', months: 3, reason: 'Workshop guest' },
      errors: {},
    });
  });

  it('refuses a missing member or plan, months out of range and an empty or long reason', () => {
    expect(compInput({ userId: '', planId: '', months: '0', reason: ' ' }).errors).toEqual({
      userId: 'Choose the member.',
      planId: 'Choose a plan.',
      months: 'A whole number of months from 1 to 36.',
      reason: 'Say why (it is kept in the membership’s history).',
    });
    const long = compInput({ userId: 'u', planId: 'p', months: '37', reason: 'x'.repeat(501) });
    expect(long.input).toBeNull();
    expect(long.errors.months).toBeDefined();
    expect(long.errors.reason).toBe('At most 500 characters.');
  });
});
