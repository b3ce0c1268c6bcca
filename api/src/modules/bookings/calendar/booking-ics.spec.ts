import { describe, expect, it } from 'vitest';
import {
  bookingIcs,
  bookingIcsFilename,
  bookingsIcs,
  bookingUid,
  type BookingCalendarEvent,
} from './booking-ics';

const base: BookingCalendarEvent = {
  id: '6f1c2a4e-0000-4000-8000-000000000001',
  title: 'Private lesson',
  status: 'confirmed',
  start: new Date('2027-03-14T07:30:00Z'),
  end: new Date('2027-03-14T08:30:00Z'),
  rescheduleCount: 0,
  instructorName: 'Ann Teacher',
  instructorEmail: 'ann@example.com',
  clientName: 'Bob Client',
  clientEmail: 'bob@example.com',
  note: 'Bring shoes; thanks',
  manageUrl: 'https://drx.example/my-bookings',
};

/** Unfolds RFC 5545 folded lines (CRLF + space/tab) into logical lines. */
function lines(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter(Boolean);
}

function prop(ics: string, name: string): string[] {
  return lines(ics)
    .filter((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`))
    .map((l) => l.slice(l.indexOf(':') + 1));
}

describe('bookingIcs', () => {
  it('publishes one confirmed event with a stable UID and UTC times', () => {
    const ics = bookingIcs(base);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(prop(ics, 'METHOD')).toEqual(['PUBLISH']);
    expect(prop(ics, 'UID')).toEqual([`booking-${base.id}@drx`]);
    expect(bookingUid(base.id)).toBe(`booking-${base.id}@drx`);
    expect(prop(ics, 'DTSTART')).toEqual(['20270314T073000Z']);
    expect(prop(ics, 'DTEND')).toEqual(['20270314T083000Z']);
    expect(prop(ics, 'SEQUENCE')).toEqual(['0']);
    expect(prop(ics, 'STATUS')).toEqual(['CONFIRMED']);
    expect(prop(ics, 'SUMMARY')).toEqual(['Private lesson with Ann Teacher']);
    expect(lines(ics).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    // Published calendars carry no iTIP organizer/attendees.
    expect(prop(ics, 'ORGANIZER')).toEqual([]);
  });

  it('describes the instructor, the client, the note (escaped) and links to /my-bookings', () => {
    const [description] = prop(bookingIcs(base), 'DESCRIPTION');
    expect(description).toContain('Instructor: Ann Teacher');
    expect(description).toContain('Client: Bob Client');
    expect(description).toContain('Bring shoes\\; thanks');
    expect(description).toContain('\\n');
    expect(description).toContain('https://drx.example/my-bookings');
  });

  it('REQUEST names the instructor as organizer and the client as attendee', () => {
    const ics = bookingIcs(base, 'REQUEST');
    expect(prop(ics, 'METHOD')).toEqual(['REQUEST']);
    expect(prop(ics, 'ORGANIZER')[0].toLowerCase()).toBe('mailto:ann@example.com');
    expect(prop(ics, 'ATTENDEE')[0].toLowerCase()).toBe('mailto:bob@example.com');
    expect(lines(ics).find((l) => l.startsWith('ATTENDEE'))).toContain('PARTSTAT="ACCEPTED"');
  });

  it('SEQUENCE grows with reschedules; a cancellation is CANCELLED with the next sequence', () => {
    const moved = {
      ...base,
      rescheduleCount: 2,
      start: new Date('2027-03-15T14:00:00Z'),
      end: new Date('2027-03-15T15:00:00Z'),
    };
    const request = bookingIcs(moved, 'REQUEST');
    expect(prop(request, 'SEQUENCE')).toEqual(['2']);
    expect(prop(request, 'UID')).toEqual([`booking-${base.id}@drx`]);
    expect(prop(request, 'DTSTART')).toEqual(['20270315T140000Z']);

    const cancel = bookingIcs({ ...moved, status: 'canceled' }, 'CANCEL');
    expect(prop(cancel, 'METHOD')).toEqual(['CANCEL']);
    expect(prop(cancel, 'STATUS')).toEqual(['CANCELLED']);
    expect(prop(cancel, 'SEQUENCE')).toEqual(['3']);
    expect(prop(cancel, 'DESCRIPTION')[0]).toContain('canceled');

    // A canceled booking in the feed (PUBLISH) is CANCELLED too.
    expect(prop(bookingIcs({ ...moved, status: 'canceled' }), 'STATUS')).toEqual(['CANCELLED']);
    expect(prop(bookingIcs({ ...base, status: 'requested' }), 'STATUS')).toEqual(['TENTATIVE']);
  });

  it('a feed holds many events (and an empty feed is a valid calendar)', () => {
    const feed = bookingsIcs([base, { ...base, id: 'other', status: 'completed' }], {
      method: 'PUBLISH',
      calendarName: 'DRX bookings',
    });
    expect(prop(feed, 'UID')).toEqual([`booking-${base.id}@drx`, 'booking-other@drx']);
    expect(prop(feed, 'X-WR-CALNAME')).toEqual(['DRX bookings']);
    const empty = bookingsIcs([], { method: 'PUBLISH' });
    expect(lines(empty)).toContain('BEGIN:VCALENDAR');
    expect(lines(empty)).not.toContain('BEGIN:VEVENT');
  });

  it('names the file after the start date', () => {
    expect(bookingIcsFilename(base)).toBe('drx-booking-2027-03-14.ics');
  });
});
