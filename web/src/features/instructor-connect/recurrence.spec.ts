import { describe, expect, it } from 'vitest';
import {
  buildWeeklyRule,
  describeRecurrence,
  describeRule,
  parseWeeklyRule,
  recurrenceError,
} from './recurrence';

describe('the weekly recurrence builder', () => {
  it('builds the RRULE of weekdays and a wall-clock time', () => {
    expect(buildWeeklyRule({ days: ['TU'], time: '18:00', interval: 1 })).toBe(
      'FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0',
    );
    expect(buildWeeklyRule({ days: ['TH', 'MO'], time: '09:30', interval: 2 })).toBe(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;BYHOUR=9;BYMINUTE=30',
    );
  });

  it('reads back what it builds, whatever the order of the parts', () => {
    for (const recurrence of [
      { days: ['TU' as const], time: '18:00', interval: 1 },
      { days: ['MO' as const, 'WE' as const, 'SU' as const], time: '07:05', interval: 3 },
    ]) {
      expect(parseWeeklyRule(buildWeeklyRule(recurrence))).toEqual(recurrence);
    }
    expect(parseWeeklyRule('RRULE:BYMINUTE=15;BYHOUR=6;BYDAY=FR,MO;FREQ=WEEKLY')).toEqual({
      days: ['MO', 'FR'],
      time: '06:15',
      interval: 1,
    });
    expect(parseWeeklyRule('FREQ=WEEKLY;BYDAY=SA;BYHOUR=10')).toEqual({
      days: ['SA'],
      time: '10:00',
      interval: 1,
    });
  });

  it('gives null for rules the builder cannot show', () => {
    expect(parseWeeklyRule(null)).toBeNull();
    expect(parseWeeklyRule('FREQ=DAILY;BYHOUR=18;BYMINUTE=0')).toBeNull();
    expect(parseWeeklyRule('FREQ=WEEKLY;BYDAY=TU;BYHOUR=18,19;BYMINUTE=0')).toBeNull();
    expect(parseWeeklyRule('FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;COUNT=10')).toBeNull();
    expect(parseWeeklyRule('FREQ=WEEKLY;BYDAY=1TU;BYHOUR=18')).toBeNull();
    expect(parseWeeklyRule('FREQ=WEEKLY;BYDAY=TU')).toBeNull();
    expect(parseWeeklyRule('FREQ=WEEKLY;BYDAY=TU;BYHOUR=24')).toBeNull();
  });

  it('refuses a recurrence without days or with a bad time', () => {
    expect(recurrenceError({ days: [], time: '18:00', interval: 1 })).toBe('Pick at least one weekday');
    expect(recurrenceError({ days: ['MO'], time: '25:00', interval: 1 })).toBe(
      'Enter a start time, e.g. 18:00',
    );
    expect(recurrenceError({ days: ['MO'], time: '18:00', interval: 0 })).toBe('Repeat every 1 to 4 weeks');
    expect(() => buildWeeklyRule({ days: [], time: '18:00', interval: 1 })).toThrow();
  });

  it('says the rule in words', () => {
    expect(describeRecurrence({ days: ['TU', 'TH'], time: '18:00', interval: 1 })).toBe(
      'Every Tuesday and Thursday at 6:00 PM',
    );
    expect(describeRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;BYHOUR=0;BYMINUTE=30')).toBe(
      'Every 2 weeks on Monday at 12:30 AM',
    );
    expect(describeRule('FREQ=DAILY')).toBe('FREQ=DAILY');
  });
});
