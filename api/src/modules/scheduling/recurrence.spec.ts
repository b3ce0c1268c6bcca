import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { describeRecurrenceRule, occurrences, validateRecurrenceRule, withoutOffDays } from './recurrence';

const NY = 'America/New_York';
const LON = 'Europe/London';
const seen = (d: Date, zone: string) => DateTime.fromJSDate(d, { zone }).toFormat('yyyy-MM-dd HH:mm');
const starts = (list: { start: Date }[]) => list.map((o) => o.start.toISOString());

describe('group-class occurrences', () => {
  const tuesday18 = 'FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0';

  it('every Tuesday 18:00 in New York stays 18:00 local across the March change (seen from London)', () => {
    const list = occurrences(
      tuesday18,
      NY,
      60,
      new Date('2027-03-01T00:00:00Z'),
      new Date('2027-04-01T00:00:00Z'),
    );
    expect(starts(list)).toEqual([
      '2027-03-02T23:00:00.000Z',
      '2027-03-09T23:00:00.000Z',
      '2027-03-16T22:00:00.000Z', // EDT from 2027-03-14
      '2027-03-23T22:00:00.000Z',
      '2027-03-30T22:00:00.000Z',
    ]);
    expect(list.map((o) => seen(o.start, NY).slice(11))).toEqual([
      '18:00',
      '18:00',
      '18:00',
      '18:00',
      '18:00',
    ]);
    // London moves on 2027-03-28: 23:00, 23:00, 22:00, 22:00, then 23:00 BST.
    expect(list.map((o) => seen(o.start, LON).slice(11))).toEqual([
      '23:00',
      '23:00',
      '22:00',
      '22:00',
      '23:00',
    ]);
    for (const o of list) expect(o.end.getTime() - o.start.getTime()).toBe(3_600_000);
  });

  it('and across the November change', () => {
    const list = occurrences(
      tuesday18,
      NY,
      90,
      new Date('2027-10-25T00:00:00Z'),
      new Date('2027-11-15T00:00:00Z'),
    );
    expect(starts(list)).toEqual([
      '2027-10-26T22:00:00.000Z',
      '2027-11-02T22:00:00.000Z',
      '2027-11-09T23:00:00.000Z',
    ]);
    expect(list.map((o) => seen(o.start, LON))).toEqual([
      '2027-10-26 23:00',
      '2027-11-02 22:00',
      '2027-11-09 23:00',
    ]);
  });

  it('a London class on Sundays 10:00 across 2027-03-28 and 2027-10-31, seen from New York', () => {
    const rule = 'FREQ=WEEKLY;BYDAY=SU;BYHOUR=10;BYMINUTE=0';
    const spring = occurrences(
      rule,
      LON,
      60,
      new Date('2027-03-20T00:00:00Z'),
      new Date('2027-04-05T00:00:00Z'),
    );
    expect(starts(spring)).toEqual([
      '2027-03-21T10:00:00.000Z',
      '2027-03-28T09:00:00.000Z',
      '2027-04-04T09:00:00.000Z',
    ]);
    expect(spring.map((o) => seen(o.start, NY).slice(11))).toEqual(['06:00', '05:00', '05:00']);
    const fall = occurrences(
      rule,
      LON,
      60,
      new Date('2027-10-23T00:00:00Z'),
      new Date('2027-11-08T00:00:00Z'),
    );
    expect(fall.map((o) => seen(o.start, LON).slice(11))).toEqual(['10:00', '10:00', '10:00']);
    expect(fall.map((o) => seen(o.start, NY).slice(11))).toEqual(['05:00', '06:00', '05:00']);
  });

  it('DTSTART and COUNT, UNTIL, INTERVAL with a start date', () => {
    const counted = occurrences(
      'DTSTART:20270302T180000\nRRULE:FREQ=WEEKLY;COUNT=3',
      NY,
      60,
      new Date('2027-01-01T00:00:00Z'),
      new Date('2028-01-01T00:00:00Z'),
    );
    expect(counted.map((o) => seen(o.start, NY))).toEqual([
      '2027-03-02 18:00',
      '2027-03-09 18:00',
      '2027-03-16 18:00',
    ]);
    const until = occurrences(
      'FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0;UNTIL=20270317T000000Z',
      NY,
      60,
      new Date('2027-03-01T00:00:00Z'),
      new Date('2027-05-01T00:00:00Z'),
    );
    expect(until.map((o) => seen(o.start, NY))).toEqual([
      '2027-03-02 18:00',
      '2027-03-09 18:00',
      '2027-03-16 18:00',
    ]);
    const everyOther = occurrences(
      'FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;BYHOUR=18;BYMINUTE=30',
      NY,
      60,
      new Date('2027-03-01T00:00:00Z'),
      new Date('2027-04-01T00:00:00Z'),
      '2027-03-09',
    );
    expect(everyOther.map((o) => seen(o.start, NY))).toEqual(['2027-03-09 18:30', '2027-03-23 18:30']);
    // TZID on DTSTART names the same zone; the series is read in the class's zone.
    const tzid = occurrences(
      'DTSTART;TZID=America/New_York:20270302T180000\nRRULE:FREQ=WEEKLY;COUNT=2',
      NY,
      60,
      new Date('2027-01-01T00:00:00Z'),
      new Date('2028-01-01T00:00:00Z'),
    );
    expect(tzid.map((o) => seen(o.start, NY))).toEqual(['2027-03-02 18:00', '2027-03-09 18:00']);
  });

  it('keeps only starts in [from, to)', () => {
    const from = new Date('2027-03-09T23:00:00Z');
    const list = occurrences(tuesday18, NY, 60, from, new Date('2027-03-16T22:00:00Z'));
    expect(starts(list)).toEqual(['2027-03-09T23:00:00.000Z']);
    expect(occurrences(tuesday18, NY, 60, from, from)).toEqual([]);
  });

  it('a daily class in the skipped hour moves after the gap (RFC 5545); in the repeated hour it happens once', () => {
    const skipped = occurrences(
      'FREQ=DAILY;BYHOUR=2;BYMINUTE=30',
      NY,
      30,
      new Date('2027-03-13T00:00:00Z'),
      new Date('2027-03-16T00:00:00Z'),
    );
    expect(starts(skipped)).toEqual([
      '2027-03-13T07:30:00.000Z',
      '2027-03-14T07:30:00.000Z',
      '2027-03-15T06:30:00.000Z',
    ]);
    const repeated = occurrences(
      'FREQ=DAILY;BYHOUR=1;BYMINUTE=30',
      NY,
      30,
      new Date('2027-11-06T00:00:00Z'),
      new Date('2027-11-09T00:00:00Z'),
    );
    expect(starts(repeated)).toEqual([
      '2027-11-06T05:30:00.000Z',
      '2027-11-07T05:30:00.000Z',
      '2027-11-08T06:30:00.000Z',
    ]);
  });

  it('an off override removes the occurrences of that date (all day or a range)', () => {
    const list = occurrences(
      tuesday18,
      NY,
      60,
      new Date('2027-03-01T00:00:00Z'),
      new Date('2027-03-24T00:00:00Z'),
    );
    const kept = withoutOffDays(
      list,
      [
        { date: '2027-03-09', kind: 'off', start: null, end: null },
        { date: '2027-03-16', kind: 'off', start: '17:00', end: '19:00' },
        { date: '2027-03-23', kind: 'off', start: '08:00', end: '12:00' },
        { date: '2027-03-02', kind: 'extra', start: '08:00', end: '12:00' },
      ],
      NY,
    );
    expect(kept.map((o) => seen(o.start, NY).slice(0, 10))).toEqual(['2027-03-02', '2027-03-23']);
  });
});

describe('recurrence rule validation and description', () => {
  it('accepts usable rules', () => {
    expect(validateRecurrenceRule('FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0')).toBeNull();
    expect(validateRecurrenceRule('FREQ=WEEKLY;BYDAY=MO,WE;BYHOUR=9')).toBeNull();
    expect(validateRecurrenceRule('DTSTART:20270302T180000\nRRULE:FREQ=WEEKLY;COUNT=10')).toBeNull();
    expect(
      validateRecurrenceRule('FREQ=MONTHLY;BYDAY=1SA;BYHOUR=11;BYMINUTE=30;UNTIL=20271231T000000Z'),
    ).toBeNull();
  });

  it('explains what is wrong with a bad rule', () => {
    expect(validateRecurrenceRule('')).toMatch(/empty/);
    expect(validateRecurrenceRule('every tuesday')).toMatch(/could not be read/);
    expect(validateRecurrenceRule('BYDAY=TU;BYHOUR=18')).toMatch(/FREQ/);
    expect(validateRecurrenceRule('FREQ=HOURLY;BYHOUR=18')).toMatch(/daily, weekly, monthly or yearly/);
    expect(validateRecurrenceRule('FREQ=WEEKLY;BYDAY=XX;BYHOUR=18')).toMatch(/BYDAY/);
    expect(validateRecurrenceRule('FREQ=WEEKLY;BYDAY=TU')).toMatch(/time of day/);
    expect(validateRecurrenceRule('FREQ=WEEKLY;BYDAY=TU;BYHOUR=25')).toMatch(/BYHOUR/);
    expect(validateRecurrenceRule('FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=75')).toMatch(/BYMINUTE/);
    expect(validateRecurrenceRule('FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;COUNT=0')).toMatch(/COUNT/);
  });

  it('describes a rule for people', () => {
    expect(describeRecurrenceRule('FREQ=WEEKLY;BYDAY=TU;BYHOUR=18;BYMINUTE=0')).toBe(
      'every week on Tuesday at 6:00 PM',
    );
    expect(describeRecurrenceRule('FREQ=WEEKLY;BYDAY=TU,TH;BYHOUR=9;BYMINUTE=30', NY)).toBe(
      'every week on Tuesday, Thursday at 9:30 AM (America/New_York)',
    );
    expect(describeRecurrenceRule('FREQ=WEEKLY;INTERVAL=2;BYDAY=SA;BYHOUR=0')).toBe(
      'every 2 weeks on Saturday at 12:00 AM',
    );
    expect(describeRecurrenceRule('not a rule')).toBe('not a rule');
  });
});
