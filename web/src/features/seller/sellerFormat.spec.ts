import { describe, expect, it } from 'vitest';
import {
  axisTicks,
  formatCents,
  formatPercent,
  niceMax,
  onboardingStep,
  requirementLabel,
  shortDate,
} from './sellerFormat';

describe('sellerFormat', () => {
  it('formats cents as dollars', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(null)).toBe('$0.00');
  });

  it('formats percents with at most two decimals', () => {
    expect(formatPercent(10)).toBe('10%');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatPercent(7.25)).toBe('7.25%');
  });

  it('rounds a chart maximum up to a nice number', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(10)).toBe(10);
    expect(niceMax(11)).toBe(20);
    expect(niceMax(2100)).toBe(2500);
    expect(niceMax(7300)).toBe(10000);
    expect(axisTicks(100, 4)).toEqual([0, 25, 50, 75, 100]);
  });

  it('reads days, requirements and the onboarding step', () => {
    expect(shortDate('2026-11-21')).toBe('Nov 21');
    expect(requirementLabel('tos_acceptance.date')).toBe('Tos acceptance date');
    expect(onboardingStep('?onboarding=return')).toBe('return');
    expect(onboardingStep('?onboarding=refresh&x=1')).toBe('refresh');
    expect(onboardingStep('?onboarding=other')).toBeNull();
    expect(onboardingStep('')).toBeNull();
  });
});
