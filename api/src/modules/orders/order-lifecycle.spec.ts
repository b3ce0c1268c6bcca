import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, ORDER_TRANSITIONS } from './order-lifecycle';

describe('the order lifecycle', () => {
  it('names every status, and only statuses', () => {
    expect(Object.keys(ORDER_TRANSITIONS).sort()).toEqual([...ORDER_STATUSES].sort());
    for (const to of Object.values(ORDER_TRANSITIONS).flat()) expect(ORDER_STATUSES).toContain(to);
  });

  it('never takes an order back to pending, and never unpays a paid one', () => {
    for (const targets of Object.values(ORDER_TRANSITIONS)) expect(targets).not.toContain('pending');
    expect(ORDER_TRANSITIONS.paid).toEqual(['refunded']);
    expect(ORDER_TRANSITIONS.refunded).toEqual(['refunded']);
  });

  it('lets a canceled order only be refunded (a payment that came after all)', () => {
    expect(ORDER_TRANSITIONS.canceled).toEqual(['refunded']);
  });
});
