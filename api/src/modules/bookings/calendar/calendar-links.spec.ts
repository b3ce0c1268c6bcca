import { describe, expect, it } from 'vitest';
import { calendarLinks, googleDate } from './calendar-links';

const event = {
  title: 'Private lesson with Ann & Co',
  start: new Date('2027-11-07T06:30:00.000Z'),
  end: new Date('2027-11-07T07:30:00.000Z'),
  details: 'Line one\nManage: https://drx.example/my-bookings?x=1&y=2',
};

describe('calendar links', () => {
  it('formats Google dates as compact UTC', () => {
    expect(googleDate(new Date('2027-03-14T07:05:09.123Z'))).toBe('20270314T070509Z');
  });

  it('builds a Google TEMPLATE URL with encoded text, dates and details', () => {
    const { google } = calendarLinks('b1', event);
    expect(google.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    const url = new URL(google);
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe(event.title);
    expect(url.searchParams.get('dates')).toBe('20271107T063000Z/20271107T073000Z');
    expect(url.searchParams.get('details')).toBe(event.details);
    // Encoded: no raw spaces, ampersands of the text or newlines in the URL.
    expect(google).not.toMatch(/[ \n]/);
    expect(google).toContain('text=Private%20lesson%20with%20Ann%20%26%20Co');
    expect(google).toContain('dates=20271107T063000Z%2F20271107T073000Z');
  });

  it('builds an Outlook compose deep link', () => {
    const { outlook } = calendarLinks('b1', event);
    expect(outlook.startsWith('https://outlook.live.com/calendar/0/deeplink/compose?')).toBe(true);
    const url = new URL(outlook);
    expect(url.searchParams.get('subject')).toBe(event.title);
    expect(url.searchParams.get('startdt')).toBe('2027-11-07T06:30:00Z');
    expect(url.searchParams.get('enddt')).toBe('2027-11-07T07:30:00Z');
    expect(url.searchParams.get('body')).toBe(event.details);
    expect(outlook).not.toMatch(/[ \n]/);
  });

  it('links the .ics download of the booking', () => {
    expect(calendarLinks('6f1c2a4e-1', event).ics).toBe('/api/bookings/6f1c2a4e-1/ics');
  });
});
