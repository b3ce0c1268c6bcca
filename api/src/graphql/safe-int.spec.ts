import { Kind } from 'graphql';
import { describe, expect, it } from 'vitest';
import { SafeInt } from './safe-int';

describe('SafeInt', () => {
  it('serializes whole numbers past 32 bits, and bigint columns read as strings of digits', () => {
    expect(SafeInt.serialize(198_000_000_000)).toBe(198_000_000_000);
    expect(SafeInt.serialize('198000000000')).toBe(198_000_000_000);
    expect(SafeInt.serialize(-5)).toBe(-5);
  });

  it('refuses what a JavaScript number does not hold exactly, and fractions', () => {
    for (const value of [2 ** 53, 1.5, Number.NaN, '12.5', 'x', null]) {
      expect(() => SafeInt.serialize(value)).toThrow(/^SafeInt cannot represent/);
    }
  });

  it('parses variables and literals within the range', () => {
    expect(SafeInt.parseValue(3_000_000_000)).toBe(3_000_000_000);
    expect(SafeInt.parseLiteral({ kind: Kind.INT, value: '3000000000' })).toBe(3_000_000_000);
    expect(() => SafeInt.parseLiteral({ kind: Kind.FLOAT, value: '1.5' })).toThrow(
      'SafeInt must be a whole number',
    );
    expect(() => SafeInt.parseLiteral({ kind: Kind.INT, value: '9007199254740993' })).toThrow(
      /SafeInt cannot/,
    );
  });
});
