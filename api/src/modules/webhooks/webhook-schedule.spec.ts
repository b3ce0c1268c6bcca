import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_DELAYS_SECONDS, maxAttempts, retryDelaySeconds } from './webhook-schedule';

describe('webhook retry schedule', () => {
  it('starts as Standard Webhooks’ example: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h', () => {
    expect(DEFAULT_RETRY_DELAYS_SECONDS.slice(0, 7)).toEqual([5, 300, 1800, 7200, 18000, 36000, 36000]);
  });

  it('grows and makes its last attempt 3 days after the first', () => {
    const total = DEFAULT_RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(total).toBe(72 * 3600);
    for (let i = 1; i < DEFAULT_RETRY_DELAYS_SECONDS.length; i++) {
      expect(DEFAULT_RETRY_DELAYS_SECONDS[i]).toBeGreaterThanOrEqual(DEFAULT_RETRY_DELAYS_SECONDS[i - 1]);
    }
    expect(maxAttempts()).toBe(12);
  });

  it('gives the wait after each failed attempt, and null after the last', () => {
    expect(retryDelaySeconds(1)).toBe(5);
    expect(retryDelaySeconds(2)).toBe(300);
    expect(retryDelaySeconds(11)).toBe(DEFAULT_RETRY_DELAYS_SECONDS[10]);
    expect(retryDelaySeconds(12)).toBeNull();
    expect(retryDelaySeconds(1, [0.2, 0.4])).toBe(0.2);
    expect(retryDelaySeconds(3, [0.2, 0.4])).toBeNull();
    expect(() => retryDelaySeconds(0)).toThrow();
  });
});
