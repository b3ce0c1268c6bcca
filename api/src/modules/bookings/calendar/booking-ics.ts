import { createEvents, type EventAttributes, type EventStatus } from 'ics';

/**
 * iCalendar (RFC 5545) text of bookings, built with the `ics` package. One event per booking with
 * a stable UID (`booking-<id>@drx`) so calendars update the same entry: SEQUENCE grows with each
 * reschedule (and once more when the booking ends as canceled/declined), DTSTART/DTEND in UTC.
 *
 * - `PUBLISH`: downloads and the personal feed.
 * - `REQUEST` / `CANCEL`: the attachment of booking mails (iTIP), so mail clients offer to add,
 *   move or remove the event.
 */

export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** What an event needs to know about a booking (plain data: no entity, no database). */
export interface BookingCalendarEvent {
  id: string;
  title: string;
  status: string;
  start: Date;
  end: Date;
  rescheduleCount: number;
  instructorName: string;
  instructorEmail?: string | null;
  clientName: string;
  clientEmail?: string | null;
  note?: string | null;
  /** e.g. "Online" or "In person"; optional LOCATION. */
  location?: string | null;
  /** Absolute URL of the page to manage the booking (…/my-bookings). */
  manageUrl: string;
  /** When the booking last changed (LAST-MODIFIED). */
  updatedAt?: Date | null;
}

export const ICS_PRODUCT_ID = '-//DRX//Instructor Connect//EN';

/** The UID of a booking's event: stable across reschedules and cancellation. */
export function bookingUid(bookingId: string): string {
  return `booking-${bookingId}@drx`;
}

const CANCELLED_STATUSES = new Set(['canceled', 'declined', 'expired']);

/** True when the booking's event is STATUS:CANCELLED. */
export function isCancelledStatus(status: string): boolean {
  return CANCELLED_STATUSES.has(status);
}

/** SEQUENCE: the reschedules, plus one once the booking is canceled or declined. */
export function bookingSequence(event: Pick<BookingCalendarEvent, 'status' | 'rescheduleCount'>): number {
  return event.rescheduleCount + (isCancelledStatus(event.status) ? 1 : 0);
}

/** ICS STATUS of a booking status: requested = TENTATIVE, ended ones = CANCELLED. */
export function icsStatus(status: string): EventStatus {
  if (isCancelledStatus(status)) return 'CANCELLED';
  if (status === 'requested' || status === 'held') return 'TENTATIVE';
  return 'CONFIRMED';
}

/** The DESCRIPTION text: who, the client's note, the link to manage it. */
export function bookingDescription(event: BookingCalendarEvent): string {
  const lines = [
    `${event.title} with ${event.instructorName}.`,
    `Instructor: ${event.instructorName}`,
    `Client: ${event.clientName}`,
  ];
  if (event.note?.trim()) lines.push(`Note: ${event.note.trim()}`);
  if (isCancelledStatus(event.status)) lines.push('This booking was canceled.');
  lines.push(`Manage your booking: ${event.manageUrl}`);
  return lines.join('\n');
}

function eventAttributes(event: BookingCalendarEvent, method: IcsMethod): EventAttributes {
  const status = method === 'CANCEL' ? 'CANCELLED' : icsStatus(event.status);
  const attributes: EventAttributes = {
    uid: bookingUid(event.id),
    sequence: bookingSequence({
      rescheduleCount: event.rescheduleCount,
      // A CANCEL is always the cancelled revision.
      status: method === 'CANCEL' ? 'canceled' : event.status,
    }),
    start: event.start.getTime(),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: event.end.getTime(),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${event.title} with ${event.instructorName}`,
    description: bookingDescription(event),
    url: event.manageUrl,
    status,
    busyStatus: status === 'CANCELLED' ? 'FREE' : 'BUSY',
    transp: status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE',
  };
  if (event.location) attributes.location = event.location;
  if (event.updatedAt) attributes.lastModified = event.updatedAt.getTime();
  // iTIP messages name the organizer (the instructor) and the attendee (the client).
  if (method !== 'PUBLISH' && event.instructorEmail) {
    attributes.organizer = { name: event.instructorName, email: event.instructorEmail };
    if (event.clientEmail) {
      attributes.attendees = [
        {
          name: event.clientName,
          email: event.clientEmail,
          rsvp: false,
          partstat: status === 'CANCELLED' ? 'DECLINED' : 'ACCEPTED',
          role: 'REQ-PARTICIPANT',
        },
      ];
    }
  }
  return attributes;
}

/** A calendar of `events` (one VEVENT each; an empty list is a valid empty calendar). */
export function bookingsIcs(
  events: BookingCalendarEvent[],
  options: { method: IcsMethod; calendarName?: string },
): string {
  const { error, value } = createEvents(
    events.map((e) => eventAttributes(e, options.method)),
    {
      productId: ICS_PRODUCT_ID,
      method: options.method,
      ...(options.calendarName ? { calName: options.calendarName } : {}),
    },
  );
  if (error || value == null) throw error ?? new Error('ics: no calendar');
  return value;
}

/** The .ics of one booking. */
export function bookingIcs(event: BookingCalendarEvent, method: IcsMethod = 'PUBLISH'): string {
  return bookingsIcs([event], { method });
}

/** A download/attachment file name: `drx-booking-<yyyy-mm-dd>.ics` (the UTC date of the start). */
export function bookingIcsFilename(event: Pick<BookingCalendarEvent, 'start'>): string {
  return `drx-booking-${event.start.toISOString().slice(0, 10)}.ics`;
}
