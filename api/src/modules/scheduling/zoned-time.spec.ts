import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  isValidTimeZone,
  isoWeekday,
  localDate,
  parseWallTime,
  possibleInstants,
  wallBoundToInstant,
  zonedInstant,
} from './zoned-time';

const NY = 'America/New_York';
const LON = 'Europe/London';
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('zoned time', () => {
  it('maps ordinary wall times with the offset of that date', () => {
    expect(iso(zonedInstant('2027-03-13', '09:00', NY))).toBe('2027-03-13T14:00:00.000Z');
    expect(iso(zonedInstant('2027-03-14', '09:00', NY))).toBe('2027-03-14T13:00:00.000Z');
    expect(iso(zonedInstant('2027-03-27', '09:00', LON))).toBe('2027-03-27T09:00:00.000Z');
    expect(iso(zonedInstant('2027-03-28', '09:00', LON))).toBe('2027-03-28T08:00:00.000Z');
    expect(iso(zonedInstant('2027-11-07', '09:00', NY))).toBe('2027-11-07T14:00:00.000Z');
    expect(iso(zonedInstant('2027-10-31', '09:00', LON))).toBe('2027-10-31T09:00:00.000Z');
  });

  it('skips wall times that do not exist (spring forward), or reads them with the offset before the gap', () => {
    expect(zonedInstant('2027-03-14', '02:00', NY)).toBeNull();
    expect(zonedInstant('2027-03-14', '02:59', NY)).toBeNull();
    expect(iso(zonedInstant('2027-03-14', '03:00', NY))).toBe('2027-03-14T07:00:00.000Z');
    expect(iso(zonedInstant('2027-03-14', '01:59', NY))).toBe('2027-03-14T06:59:00.000Z');
    expect(zonedInstant('2027-03-28', '01:30', LON)).toBeNull();
    expect(iso(zonedInstant('2027-03-14', '02:30', NY, 'later'))).toBe('2027-03-14T07:30:00.000Z');
    expect(possibleInstants(Date.UTC(2027, 2, 14, 2, 30), NY)).toEqual([]);
  });

  it('takes the earlier of a repeated wall time (fall back)', () => {
    expect(possibleInstants(Date.UTC(2027, 10, 7, 1, 30), NY)).toEqual([
      Date.parse('2027-11-07T05:30:00Z'),
      Date.parse('2027-11-07T06:30:00Z'),
    ]);
    expect(iso(zonedInstant('2027-11-07', '01:30', NY))).toBe('2027-11-07T05:30:00.000Z');
    expect(iso(zonedInstant('2027-10-31', '01:00', LON))).toBe('2027-10-31T00:00:00.000Z');
    // Luxon alone would pick the later one here; ours must not.
    expect(
      DateTime.fromObject({ year: 2027, month: 11, day: 7, hour: 1, minute: 30 }, { zone: NY }).toUTC().hour,
    ).toBe(6);
  });

  it('maps range bounds inside a gap to the end of the gap', () => {
    expect(new Date(wallBoundToInstant(Date.UTC(2027, 2, 14, 2, 30), NY)).toISOString()).toBe(
      '2027-03-14T07:00:00.000Z',
    );
    expect(new Date(wallBoundToInstant(Date.UTC(2027, 2, 28, 1, 0), LON)).toISOString()).toBe(
      '2027-03-28T01:00:00.000Z',
    );
    expect(new Date(wallBoundToInstant(Date.UTC(2027, 2, 28, 1, 59), LON)).toISOString()).toBe(
      '2027-03-28T01:00:00.000Z',
    );
    expect(new Date(wallBoundToInstant(Date.UTC(2027, 10, 7, 1, 0), NY)).toISOString()).toBe(
      '2027-11-07T05:00:00.000Z',
    );
  });

  it('gives the local date of an instant', () => {
    expect(localDate(new Date('2027-03-15T03:30:00Z'), NY)).toBe('2027-03-14');
    expect(localDate(new Date('2027-03-15T04:30:00Z'), NY)).toBe('2027-03-15');
    expect(localDate(new Date('2027-10-30T23:30:00Z'), LON)).toBe('2027-10-31');
    expect(localDate(new Date('2027-10-30T23:30:00Z'), 'Pacific/Auckland')).toBe('2027-10-31');
  });

  it('validates IANA zones and wall-clock times', () => {
    expect(isValidTimeZone('America/New_York')).toBe(true);
    expect(isValidTimeZone('Europe/London')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(42)).toBe(false);
    expect(() => zonedInstant('2027-01-01', '09:00', 'Mars/Olympus')).toThrow(/Unknown time zone/);
    expect(parseWallTime('09:30')).toBe(570);
    expect(parseWallTime('09:30:00')).toBe(570);
    expect(parseWallTime('24:00')).toBe(1440);
    expect(parseWallTime('24:30')).toBeNull();
    expect(parseWallTime('9:30')).toBeNull();
    expect(() => zonedInstant('2027-02-30', '09:00', NY)).toThrow(/Invalid date/);
  });

  it('counts calendar days and weekdays', () => {
    expect(isoWeekday('2027-03-14')).toBe(7);
    expect(isoWeekday('2027-03-15')).toBe(1);
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
  });
});
