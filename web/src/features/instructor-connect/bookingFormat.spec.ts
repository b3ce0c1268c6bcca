import { describe, expect, it } from 'vitest';
import { bookingStatusLabel, BOOKING_STATUS_OPTIONS, cancelLine, personName } from './bookingFormat';

describe('booking labels', () => {
  it('labels the graph statuses and filters by their enum names', () => {
    expect(bookingStatusLabel('NO_SHOW')).toBe('No-show');
    expect(bookingStatusLabel('requested')).toBe('Request');
    expect(BOOKING_STATUS_OPTIONS.find((o) => o.label === 'Confirmed')?.value).toBe('CONFIRMED');
  });

  it('says who canceled and why, and a decline as a decline', () => {
    expect(cancelLine({ status: 'CANCELED', canceledBy: 'INSTRUCTOR', cancelReason: 'Ill' })).toBe(
      'Canceled by the instructor: Ill',
    );
    expect(cancelLine({ status: 'DECLINED', canceledBy: 'INSTRUCTOR', cancelReason: 'Away' })).toBe(
      'Declined: Away',
    );
    expect(cancelLine({ status: 'CANCELED', canceledBy: null, cancelReason: null })).toBe('Canceled');
  });

  it('names a person by first and last name, else display name', () => {
    expect(personName({ firstName: 'Mia', lastName: 'Member', username: 'member' })).toBe('Mia Member');
    expect(personName({ displayName: 'Mia', username: 'member' })).toBe('Mia');
    expect(personName({ username: 'member' })).toBe('member');
  });
});
