import { describe, expect, it } from 'vitest';
import { cancellationTermsText, clientCancelTerms, lateFeeCents } from './booking-policy';

const booking = {
  startsAt: new Date('2027-03-10T23:00:00Z'), // 6:00 PM EST
  priceCents: 6000,
  refundedCents: 0,
  cancelFreeHours: 24,
  lateCancelFeePercent: 50,
  clientTimeZone: 'America/New_York',
};

describe('cancellation policy', () => {
  it('rounds the late fee half up to the cent', () => {
    expect(lateFeeCents(6000, 50)).toBe(3000);
    expect(lateFeeCents(999, 50)).toBe(500); // 499.5 → 500
    expect(lateFeeCents(333, 10)).toBe(33); // 33.3 → 33
    expect(lateFeeCents(5, 30)).toBe(2); // 1.5 → 2
  });

  it('is free until start − cancelFreeHours, inclusive, then keeps the fee', () => {
    expect(clientCancelTerms(booking, new Date('2027-03-09T23:00:00Z'))).toMatchObject({
      free: true,
      feeCents: 0,
      refundCents: 6000,
    });
    expect(clientCancelTerms(booking, new Date('2027-03-09T23:00:01Z'))).toMatchObject({
      free: false,
      feeCents: 3000,
      refundCents: 3000,
    });
  });

  it('says what cancelling now does, in the client’s zone', () => {
    expect(cancellationTermsText(booking, new Date('2027-03-01T00:00:00Z'))).toBe(
      'Free cancellation until Tue, Mar 9, 6:00 PM EST',
    );
    expect(cancellationTermsText(booking, new Date('2027-03-10T20:00:00Z'))).toBe(
      'Cancelling now keeps a 50% late-cancellation fee ($30.00); $30.00 is refunded',
    );
    expect(cancellationTermsText({ ...booking, priceCents: 0 }, new Date())).toBe(
      'Free session: cancelling costs nothing.',
    );
  });
});
