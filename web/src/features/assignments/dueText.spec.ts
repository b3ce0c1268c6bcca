import { describe, expect, it } from 'vitest';
import { dueText } from './dueText';

const at = (iso: string) => new Date(iso);

describe('dueText', () => {
  it('names a date further away, tomorrow, and today with its time', () => {
    const now = at('2026-12-06T10:00:00Z');
    expect(dueText(at('2026-12-12T15:00:00Z'), now, 'UTC')).toEqual({
      text: 'Due 12 Dec 2026',
      overdue: false,
    });
    expect(dueText(at('2026-12-07T09:00:00Z'), now, 'UTC').text).toBe('Due tomorrow');
    expect(dueText(at('2026-12-06T14:05:00Z'), now, 'UTC').text).toBe('Due today at 14:05');
  });

  it('counts overdue calendar days', () => {
    const now = at('2026-12-06T10:00:00Z');
    expect(dueText(at('2026-12-03T18:00:00Z'), now, 'UTC')).toEqual({
      text: 'Overdue by 3 days',
      overdue: true,
    });
    expect(dueText(at('2026-12-05T23:00:00Z'), now, 'UTC').text).toBe('Overdue by 1 day');
    expect(dueText(at('2026-12-06T09:30:00Z'), now, 'UTC').text).toBe('Overdue since 09:30');
    // The due moment itself is overdue (a submission then is late).
    expect(dueText(now, now, 'UTC').overdue).toBe(true);
  });

  it('uses the learner’s time zone for the calendar day', () => {
    // 23:30 UTC on the 6th is already the 7th in Tokyo, still the 6th in New York.
    const now = at('2026-12-06T12:00:00Z');
    const due = at('2026-12-06T23:30:00Z');
    expect(dueText(due, now, 'Asia/Tokyo').text).toBe('Due tomorrow');
    expect(dueText(due, now, 'America/New_York').text).toBe('Due today at 18:30');
  });
});
