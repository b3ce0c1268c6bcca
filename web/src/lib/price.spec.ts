import { describe, expect, it } from 'vitest';
import { parsePrice } from './price';

describe('parsePrice', () => {
  it('returns finite numbers unchanged', () => {
    expect(parsePrice(12.5)).toBe(12.5);
    expect(parsePrice(0)).toBe(0);
    expect(parsePrice(-3)).toBe(-3);
  });

  it('parses plain numeric strings', () => {
    expect(parsePrice('49')).toBe(49);
    expect(parsePrice('19.99')).toBe(19.99);
    expect(parsePrice('.5')).toBe(0.5);
  });

  it('strips currency symbols, separators and words', () => {
    expect(parsePrice('$12.50')).toBe(12.5);
    expect(parsePrice('$1,234.56')).toBe(1234.56);
    expect(parsePrice('USD 30')).toBe(30);
    expect(parsePrice(' 7.00 € ')).toBe(7);
  });

  it('keeps a minus sign placed before the first digit', () => {
    expect(parsePrice('-5')).toBe(-5);
    expect(parsePrice('-$5.25')).toBe(-5.25);
    expect(parsePrice('5-3')).toBe(53);
  });

  it('keeps only the first decimal point', () => {
    expect(parsePrice('1.2.3')).toBe(1.23);
  });

  it('treats unparseable input as 0', () => {
    expect(parsePrice('')).toBe(0);
    expect(parsePrice('free')).toBe(0);
    expect(parsePrice('.')).toBe(0);
    expect(parsePrice('-')).toBe(0);
    expect(parsePrice(null)).toBe(0);
    expect(parsePrice(undefined)).toBe(0);
    expect(parsePrice(Number.NaN)).toBe(0);
    expect(parsePrice(Number.POSITIVE_INFINITY)).toBe(0);
    expect(Object.is(parsePrice('-0'), 0)).toBe(true);
  });
});
