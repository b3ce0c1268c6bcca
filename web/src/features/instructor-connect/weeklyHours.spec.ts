import { describe, expect, it } from 'vitest';
import {
  addRange,
  copyToAllDays,
  emptyWeek,
  removeRange,
  rulesFromWeek,
  weekErrors,
  weekFromRules,
  weeklyTotalHours,
} from './weeklyHours';

describe('the weekly hours editor', () => {
  it('turns the API rules into a week and back (seconds dropped, sorted by start)', () => {
    const week = weekFromRules([
      { weekday: 2, startTime: '14:00:00', endTime: '18:00:00' },
      { weekday: 2, startTime: '09:00', endTime: '12:00' },
      { weekday: 7, startTime: '10:00', endTime: '11:00' },
    ]);
    expect(week[2]).toEqual([
      { start: '09:00', end: '12:00' },
      { start: '14:00', end: '18:00' },
    ]);
    expect(week[1]).toEqual([]);
    expect(rulesFromWeek(week)).toEqual([
      { weekday: 2, startTime: '09:00', endTime: '12:00' },
      { weekday: 2, startTime: '14:00', endTime: '18:00' },
      { weekday: 7, startTime: '10:00', endTime: '11:00' },
    ]);
  });

  it('marks overlapping ranges of a day, not touching ones or other days', () => {
    const week = weekFromRules([
      { weekday: 1, startTime: '09:00', endTime: '12:00' },
      { weekday: 1, startTime: '11:30', endTime: '13:00' },
      { weekday: 1, startTime: '13:00', endTime: '14:00' },
      { weekday: 3, startTime: '09:00', endTime: '12:00' },
    ]);
    expect(weekErrors(week)).toEqual({
      '1:0': 'Overlaps 11:30 AM–1:00 PM',
      '1:1': 'Overlaps 9:00 AM–12:00 PM',
    });
  });

  it('marks a range whose end is not after its start, and unreadable times', () => {
    const week = emptyWeek();
    week[4] = [
      { start: '17:00', end: '09:00' },
      { start: '10:00', end: '10:00' },
      { start: '9:00', end: '10:00' },
      { start: '08:00', end: '20:00' },
    ];
    expect(weekErrors(week)).toEqual({
      '4:0': 'The end must be after the start',
      '4:1': 'The end must be after the start',
      '4:2': 'Enter both times as HH:mm',
    });
    // The invalid ones do not count as overlapping the all-day range.
    expect(weeklyTotalHours(week)).toBe(12);
  });

  it('adds a range after the last one, removes one, copies a day to the week', () => {
    let week = addRange(emptyWeek(), 1);
    expect(week[1]).toEqual([{ start: '09:00', end: '17:00' }]);
    week = addRange(week, 1);
    expect(week[1][1]).toEqual({ start: '18:00', end: '19:00' });
    expect(weekErrors(week)).toEqual({});
    const copied = copyToAllDays(week, 1);
    expect(Object.values(copied).every((ranges) => ranges.length === 2)).toBe(true);
    copied[3][0].start = '08:00';
    expect(copied[1][0].start).toBe('09:00');
    expect(removeRange(copied, 1, 0)[1]).toEqual([{ start: '18:00', end: '19:00' }]);
    expect(weeklyTotalHours(copied)).toBe(7 * 9 + 1);
  });
});

describe('date overrides in words', () => {
  it('tells a day off, a blocked range and extra hours apart', async () => {
    const { overrideLabel } = await import('./weeklyHours');
    expect(overrideLabel({ kind: 'off', startTime: null, endTime: null })).toBe('Day off');
    expect(overrideLabel({ kind: 'off', startTime: '12:00:00', endTime: '13:30:00' })).toBe(
      'Blocked 12:00 PM–1:30 PM',
    );
    expect(overrideLabel({ kind: 'EXTRA', startTime: '18:00', endTime: '20:00' })).toBe(
      'Extra hours 6:00 PM–8:00 PM',
    );
  });
});
