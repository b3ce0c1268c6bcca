/**
 * "Add to calendar" links: Google Calendar's TEMPLATE URL and Outlook.com's compose deep link.
 * Times are UTC instants (Google: `YYYYMMDDTHHmmssZ`; Outlook: ISO 8601 with Z).
 */

export interface CalendarLinkEvent {
  title: string;
  start: Date;
  end: Date;
  details: string;
  location?: string | null;
}

/** `20270314T073000Z`: Google's compact UTC form. */
export function googleDate(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** `2027-03-14T07:30:00Z`: Outlook's form (no milliseconds). */
export function outlookDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${googleDate(event.start)}/${googleDate(event.end)}`,
    details: event.details,
  });
  if (event.location) params.set('location', event.location);
  return `https://calendar.google.com/calendar/render?${params.toString().replace(/\+/g, '%20')}`;
}

export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  const params = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: outlookDate(event.start),
    enddt: outlookDate(event.end),
    body: event.details,
  });
  if (event.location) params.set('location', event.location);
  return `https://outlook.live.com/calendar/0/deeplink/compose?${params.toString().replace(/\+/g, '%20')}`;
}

/** The .ics download path of a booking (relative to the site: the web serves /api). */
export function bookingIcsPath(bookingId: string): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/ics`;
}

export interface CalendarLinks {
  google: string;
  outlook: string;
  ics: string;
}

export function calendarLinks(bookingId: string, event: CalendarLinkEvent): CalendarLinks {
  return {
    google: googleCalendarUrl(event),
    outlook: outlookCalendarUrl(event),
    ics: bookingIcsPath(bookingId),
  };
}
