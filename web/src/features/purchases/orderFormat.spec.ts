import { describe, expect, it } from 'vitest';
import {
  formatCents,
  formatOrderDate,
  itemCountLabel,
  ORDER_STATUSES,
  orderStatusLabel,
  orderStatusPalette,
  isAppPath,
  orderPollInterval,
  paymentProviderLabel,
  PENDING_POLL_MS,
} from './orderFormat';

describe('order status badges', () => {
  it('label and colour every status of the graph', () => {
    expect(ORDER_STATUSES.map(orderStatusLabel)).toEqual([
      'Pending',
      'Paid',
      'Failed',
      'Refunded',
      'Canceled',
    ]);
    expect(ORDER_STATUSES.map(orderStatusPalette)).toEqual(['orange', 'green', 'red', 'purple', 'gray']);
  });

  it('show an unknown status as given, in gray', () => {
    expect(orderStatusLabel('disputed')).toBe('disputed');
    expect(orderStatusPalette('disputed')).toBe('gray');
    expect(orderStatusLabel('toString')).toBe('toString');
  });
});

describe('order amounts and dates', () => {
  it('formats whole cents as dollars', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(123456)).toBe('$1,234.56');
  });

  it('formats dates and tolerates missing ones', () => {
    expect(formatOrderDate('2026-11-21T10:00:00.000Z')).toMatch(/Nov 2[01], 2026/);
    expect(formatOrderDate(null)).toBe('');
    expect(formatOrderDate('not a date')).toBe('');
  });

  it('counts the items of the lines', () => {
    expect(itemCountLabel([{ quantity: 1 }])).toBe('1 item');
    expect(itemCountLabel([{ quantity: 2 }, { quantity: 1 }])).toBe('3 items');
    expect(itemCountLabel([])).toBe('0 items');
  });
});

describe('polling a pending order', () => {
  it('polls only while pending and within the time limit', () => {
    expect(orderPollInterval('pending', false)).toBe(PENDING_POLL_MS);
    expect(orderPollInterval('pending', true)).toBe(0);
    expect(orderPollInterval('paid', false)).toBe(0);
    expect(orderPollInterval(undefined, false)).toBe(0);
  });
});

describe('isAppPath', () => {
  it('routes the app’s own pages in the browser, not API files or other origins', () => {
    expect(isAppPath('/courses/ballet')).toBe(true);
    expect(isAppPath('/api/resources/1/download')).toBe(false);
    expect(isAppPath('//evil.example/x')).toBe(false);
    expect(isAppPath('https://example.com/')).toBe(false);
  });
});

describe('paymentProviderLabel', () => {
  it('names each provider of the graph', () => {
    expect(paymentProviderLabel('stripe')).toBe('Stripe');
    expect(paymentProviderLabel('test')).toBe('Test provider (no card charged)');
    expect(paymentProviderLabel('free')).toBe('None (free order)');
    expect(paymentProviderLabel('credit')).toBe('Membership lesson credit (nothing charged)');
    expect(paymentProviderLabel('paypal')).toBe('paypal');
  });
});
