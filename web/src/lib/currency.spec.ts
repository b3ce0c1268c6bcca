import { describe, expect, it } from 'vitest';
import { formatCurrency } from './currency';

describe('formatCurrency', () => {
  it('formats numbers as USD with two decimals', () => {
    expect(formatCurrency(12.5)).toBe('$12.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(1234.567)).toBe('$1,234.57');
    expect(formatCurrency(-5)).toBe('-$5.00');
  });

  it('formats numeric strings, with or without a currency symbol', () => {
    expect(formatCurrency('12.5')).toBe('$12.50');
    expect(formatCurrency('$12.50')).toBe('$12.50');
    expect(formatCurrency('1,000')).toBe('$1,000.00');
  });

  it('shows $0.00 for empty or invalid values', () => {
    expect(formatCurrency('')).toBe('$0.00');
    expect(formatCurrency('   ')).toBe('$0.00');
    expect(formatCurrency('abc')).toBe('$0.00');
    expect(formatCurrency(null)).toBe('$0.00');
    expect(formatCurrency(undefined)).toBe('$0.00');
    expect(formatCurrency(Number.NaN)).toBe('$0.00');
    expect(formatCurrency(Number.POSITIVE_INFINITY)).toBe('$0.00');
    expect(formatCurrency({})).toBe('$0.00');
    expect(formatCurrency(true)).toBe('$0.00');
  });

  it('never shows a negative zero', () => {
    expect(formatCurrency(-0)).toBe('$0.00');
    expect(formatCurrency(-0.001)).toBe('$0.00');
  });
});
