import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_ORDER_TOTAL_CENTS, loadConfig } from './config';

const ENV = { SESSION_SECRET: 'test-secret' };

describe('MAX_ORDER_TOTAL_CENTS', () => {
  it('defaults to $100,000.00', () => {
    expect(DEFAULT_MAX_ORDER_TOTAL_CENTS).toBe(10_000_000);
    expect(loadConfig(ENV).maxOrderTotalCents).toBe(10_000_000);
  });

  it('takes a whole number of cents from 1 to 2147483647', () => {
    expect(loadConfig({ ...ENV, MAX_ORDER_TOTAL_CENTS: '250000' }).maxOrderTotalCents).toBe(250_000);
    expect(loadConfig({ ...ENV, MAX_ORDER_TOTAL_CENTS: '2147483647' }).maxOrderTotalCents).toBe(
      2_147_483_647,
    );
  });

  it.each(['0', '-5', '12.5', 'lots', '2147483648'])(
    'refuses %s with a message naming the setting',
    (raw) => {
      expect(() => loadConfig({ ...ENV, MAX_ORDER_TOTAL_CENTS: raw })).toThrow(
        /^MAX_ORDER_TOTAL_CENTS must be a whole number of cents between 1 and 2147483647/,
      );
    },
  );
});
