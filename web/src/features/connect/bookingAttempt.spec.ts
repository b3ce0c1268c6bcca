import { describe, expect, it } from 'vitest';
import { attemptFor, attemptForBooking, forgetAttempt, rememberAttemptBooking } from './bookingAttempt';

function store() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

const choice = {
  sessionTypeId: 's1',
  start: '2027-03-09T14:00:00.000Z',
  note: '',
  clientTimeZone: 'Europe/London',
};

describe('booking attempts (one idempotency key per attempt)', () => {
  it('gives the same key for the same choice, a new one for another time or note', () => {
    const s = store();
    const first = attemptFor(choice, s);
    expect(attemptFor({ ...choice, start: '2027-03-09T14:00:00Z' }, s).idempotencyKey).toBe(
      first.idempotencyKey,
    );
    const other = attemptFor({ ...choice, start: '2027-03-09T15:00:00.000Z' }, s);
    expect(other.idempotencyKey).not.toBe(first.idempotencyKey);
    expect(
      attemptFor({ ...choice, start: '2027-03-09T15:00:00.000Z', note: 'hi' }, s).idempotencyKey,
    ).not.toBe(other.idempotencyKey);
  });

  it('finds the attempt of a booking to resume its payment, and forgets it', () => {
    const s = store();
    const attempt = attemptFor(choice, s);
    rememberAttemptBooking(attempt, 'b1', s);
    expect(attemptForBooking('b1', s)?.idempotencyKey).toBe(attempt.idempotencyKey);
    expect(attemptForBooking('b2', s)).toBeNull();
    forgetAttempt(s);
    expect(attemptForBooking('b1', s)).toBeNull();
    expect(attemptFor(choice, s).idempotencyKey).not.toBe(attempt.idempotencyKey);
  });
});
