import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayKey,
  daysFrom,
  formatCountdown,
  formatDateTime,
  formatDayKey,
  formatNextSlot,
  formatSession,
  formatTime,
  groupSlotsByDay,
  initialTimeZone,
  isValidTimeZone,
  rememberTimeZone,
  slotWindow,
  TIME_ZONE_STORAGE_KEY,
  timeZoneOptions,
  zoneSummary,
} from './slotTime';

function memoryStore(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

describe('slot times in the booker zone', () => {
  it('formats one instant in each zone with Intl (no hand-made offsets)', () => {
    const start = '2027-03-09T14:00:00.000Z';
    expect(formatTime(start, 'America/New_York')).toBe('9:00 AM');
    expect(formatTime(start, 'Europe/London')).toBe('2:00 PM');
    expect(formatTime(start, 'Asia/Kolkata')).toBe('7:30 PM');
    expect(formatDateTime(start, 'America/New_York')).toBe('Tue, Mar 9, 2027, 9:00 AM EST');
  });

  it('follows the daylight-saving change of each zone', () => {
    // 2027-03-14: New York springs forward; London still on GMT until 2027-03-28.
    expect(formatTime('2027-03-13T14:00:00Z', 'America/New_York')).toBe('9:00 AM');
    expect(formatTime('2027-03-15T13:00:00Z', 'America/New_York')).toBe('9:00 AM');
    expect(formatTime('2027-03-15T13:00:00Z', 'Europe/London')).toBe('1:00 PM');
    expect(formatTime('2027-03-29T13:00:00Z', 'Europe/London')).toBe('2:00 PM');
    expect(formatSession('2027-11-08T14:00:00Z', '2027-11-08T15:00:00Z', 'America/New_York')).toBe(
      'Mon, Nov 8, 9:00 AM – 10:00 AM EST',
    );
  });

  it('names the day of an instant in the zone', () => {
    // 23:30 in New York on Mar 9 is already Mar 10 in London.
    const late = '2027-03-10T04:30:00Z';
    expect(dayKey(late, 'America/New_York')).toBe('2027-03-09');
    expect(dayKey(late, 'Europe/London')).toBe('2027-03-10');
    expect(dayKey(late, 'Pacific/Kiritimati')).toBe('2027-03-10');
  });

  it('groups slots by the booker day, sorted, across a midnight that differs per zone', () => {
    const slots = [
      { start: '2027-03-10T14:00:00Z', id: 'c' },
      { start: '2027-03-10T04:30:00Z', id: 'b' },
      { start: '2027-03-09T14:00:00Z', id: 'a' },
    ];
    const ny = groupSlotsByDay(slots, 'America/New_York');
    expect([...ny.keys()]).toEqual(['2027-03-09', '2027-03-10']);
    expect(ny.get('2027-03-09')?.map((s) => s.id)).toEqual(['a', 'b']);
    expect(ny.get('2027-03-10')?.map((s) => s.id)).toEqual(['c']);
    const london = groupSlotsByDay(slots, 'Europe/London');
    expect(london.get('2027-03-10')?.map((s) => s.id)).toEqual(['b', 'c']);
  });

  it('keeps the repeated hour of a fall-back day as two distinct slots', () => {
    // 2027-11-07 01:30 happens twice in New York (EDT, then EST).
    const first = '2027-11-07T05:30:00Z';
    const second = '2027-11-07T06:30:00Z';
    const days = groupSlotsByDay([{ start: second }, { start: first }], 'America/New_York');
    expect(days.get('2027-11-07')?.map((s) => formatDateTime(s.start, 'America/New_York'))).toEqual([
      'Sun, Nov 7, 2027, 1:30 AM EDT',
      'Sun, Nov 7, 2027, 1:30 AM EST',
    ]);
  });

  it('does calendar arithmetic on day keys (month and year ends, leap days)', () => {
    expect(addDays('2027-02-28', 1)).toBe('2027-03-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-12-31', 1)).toBe('2028-01-01');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(daysFrom('2027-03-13', 3)).toEqual(['2027-03-13', '2027-03-14', '2027-03-15']);
    expect(formatDayKey('2027-03-14')).toBe('Sun, Mar 14');
    expect(formatDayKey('2027-03-14', { long: true })).toBe('Sunday, March 14, 2027');
  });

  it('asks the server for a window that covers the days in every zone, never before now', () => {
    const now = new Date('2027-01-01T00:00:00Z');
    expect(slotWindow('2027-03-09', '2027-03-15', now)).toEqual({
      from: '2027-03-08T10:00:00.000Z',
      to: '2027-03-16T12:00:00.000Z',
    });
    const later = new Date('2027-03-09T15:00:00Z');
    expect(slotWindow('2027-03-09', '2027-03-15', later).from).toBe('2027-03-09T15:00:00.000Z');
  });

  it('says when the next free slot is, relative to today in the viewer zone', () => {
    const now = new Date('2027-03-09T12:00:00Z');
    expect(formatNextSlot('2027-03-09T20:00:00Z', 'America/New_York', now)).toBe('Today, 3:00 PM');
    expect(formatNextSlot('2027-03-10T14:00:00Z', 'America/New_York', now)).toBe('Tomorrow, 9:00 AM');
    expect(formatNextSlot('2027-03-12T14:00:00Z', 'America/New_York', now)).toBe('Fri, Mar 12, 9:00 AM');
  });

  it('remembers the chosen zone and ignores an unknown one', () => {
    const store = memoryStore();
    rememberTimeZone('Europe/London', store);
    expect(store.map.get(TIME_ZONE_STORAGE_KEY)).toBe('Europe/London');
    expect(initialTimeZone(store)).toBe('Europe/London');
    const bad = memoryStore({ [TIME_ZONE_STORAGE_KEY]: 'Mars/Olympus_Mons' });
    expect(isValidTimeZone(initialTimeZone(bad))).toBe(true);
    expect(initialTimeZone(bad)).not.toBe('Mars/Olympus_Mons');
  });

  it('lists IANA zones for the picker, including the ones given', () => {
    const zones = timeZoneOptions(['America/New_York']);
    expect(zones).toContain('Europe/London');
    expect(zones).toContain('UTC');
    expect(new Set(zones).size).toBe(zones.length);
  });

  it('describes both zones and counts the hold down', () => {
    expect(zoneSummary('Europe/London', 'America/New_York')).toBe(
      'Times in Europe/London · instructor in America/New_York',
    );
    expect(formatCountdown(9 * 60_000 + 5_000)).toBe('9:05');
    expect(formatCountdown(-10)).toBe('0:00');
  });
});
