import { describe, expect, it } from 'vitest';
import {
  formatDateTime,
  formatUptime,
  formatUserCount,
  healthFromResponse,
  paymentModeView,
  percentOf,
} from './adminFormat';

describe('formatUptime', () => {
  it('shows hours and minutes', () => {
    expect(formatUptime(3 * 3600 + 12 * 60)).toBe('3 h 12 min');
    expect(formatUptime(3 * 3600 + 12 * 60 + 59)).toBe('3 h 12 min');
  });

  it('leaves out zero parts', () => {
    expect(formatUptime(3600)).toBe('1 h');
    expect(formatUptime(12 * 60)).toBe('12 min');
    expect(formatUptime(2 * 86_400 + 5 * 60)).toBe('2 d 5 min');
  });

  it('shows days, hours and minutes for long uptimes', () => {
    expect(formatUptime(86_400 + 3600 + 60)).toBe('1 d 1 h 1 min');
  });

  it('shows seconds under a minute', () => {
    expect(formatUptime(0)).toBe('0 s');
    expect(formatUptime(45.7)).toBe('45 s');
  });

  it('gives an empty string for impossible values', () => {
    expect(formatUptime(-1)).toBe('');
    expect(formatUptime(Number.NaN)).toBe('');
    expect(formatUptime(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('formatUserCount', () => {
  it('agrees the noun with the number', () => {
    expect(formatUserCount(0)).toBe('0 users');
    expect(formatUserCount(1)).toBe('1 user');
    expect(formatUserCount(2)).toBe('2 users');
    expect(formatUserCount(1234)).toBe('1,234 users');
  });
});

describe('formatDateTime', () => {
  it('formats ISO timestamps in UTC', () => {
    expect(formatDateTime('2025-03-04T10:15:30Z')).toBe('Mar 4, 2025, 10:15 AM UTC');
  });

  it('gives an empty string for missing or invalid values', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('soon')).toBe('');
    expect(formatDateTime({})).toBe('');
  });
});

describe('percentOf', () => {
  it('rounds to whole percent and stays within 0…100', () => {
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(3, 3)).toBe(100);
    expect(percentOf(5, 3)).toBe(100);
    expect(percentOf(0, 3)).toBe(0);
    expect(percentOf(2, 0)).toBe(0);
  });
});

describe('healthFromResponse', () => {
  it('is healthy only for an OK answer with status ready', () => {
    expect(healthFromResponse(true, { status: 'ready', checks: { database: 'ok' } })).toBe('healthy');
    expect(healthFromResponse(false, { status: 'ready' })).toBe('unhealthy');
    expect(healthFromResponse(true, { status: 'ok' })).toBe('unhealthy');
    expect(healthFromResponse(false, { status: 'unavailable' })).toBe('unhealthy');
    expect(healthFromResponse(true, { status: 'starting' })).toBe('unhealthy');
    expect(healthFromResponse(true, null)).toBe('unhealthy');
    expect(healthFromResponse(true, 'ok')).toBe('unhealthy');
  });
});

describe('paymentModeView', () => {
  it('says plainly when no money moves or no payment is taken', () => {
    expect(paymentModeView('stripe')).toMatchObject({ label: 'Stripe', palette: 'green' });
    expect(paymentModeView('test')).toMatchObject({ label: 'Test provider', palette: 'orange' });
    expect(paymentModeView('test').description).toContain('no money moves');
    expect(paymentModeView('none')).toMatchObject({ label: 'Not configured', palette: 'red' });
    expect(paymentModeView('none').description).toContain('Checkout refuses paid orders');
    expect(paymentModeView('other')).toEqual({ label: 'other', palette: 'gray', description: '' });
  });
});
