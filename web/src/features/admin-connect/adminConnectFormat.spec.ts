import { describe, expect, it } from 'vitest';
import { dateRangeBounds } from './adminConnectFormat';

describe('the admin bookings date range', () => {
  it('runs from the start of the first day to the end of the last, in local time', () => {
    const { from, to } = dateRangeBounds('2027-03-13', '2027-03-14');
    expect(new Date(from!).getTime()).toBe(new Date(2027, 2, 13).getTime());
    expect(new Date(to!).getTime()).toBe(new Date(2027, 2, 15).getTime());
  });

  it('leaves an empty or unreadable date unbounded', () => {
    expect(dateRangeBounds('', '')).toEqual({ from: null, to: null });
    expect(dateRangeBounds('13/03/2027', '2027-03-14').from).toBeNull();
  });
});
