import { DateTime } from 'luxon';
import { escapeHtml, formatMailTime } from '../../mail';

/**
 * Subjects and bodies (text and simple HTML) of booking mails. Each recipient reads the times in
 * their own zone: the client in the booking's `client_time_zone`, the instructor in the booking's
 * `time_zone` (Luxon; `ccc, LLL d, yyyy, h:mm a ZZZZ`, e.g. "Sun, Mar 14, 2027, 3:00 AM EDT").
 */

export type BookingMailKind =
  | 'confirmed'
  | 'requested'
  | 'approved'
  | 'declined'
  | 'canceled'
  | 'rescheduled'
  | 'reminder_24h'
  | 'reminder_1h';

export type BookingMailRecipient = 'client' | 'instructor';

export interface BookingMailData {
  id: string;
  /** The session type's title, e.g. "Private lesson". */
  title: string;
  start: Date;
  end: Date;
  /** The instructor's IANA zone (bookings.time_zone). */
  timeZone: string;
  /** The client's IANA zone (bookings.client_time_zone). */
  clientTimeZone: string;
  instructorName: string;
  clientName: string;
  priceCents: number;
  refundedCents: number;
  feeCents: number;
  note?: string | null;
  canceledBy?: string | null;
  cancelReason?: string | null;
  /** The start and end before a reschedule. */
  previousStart?: Date | null;
  previousEnd?: Date | null;
  /** The site's absolute URL (no trailing slash), for links to /my-bookings and /instructor/bookings. */
  publicUrl: string;
}

export interface BookingMailContent {
  subject: string;
  text: string;
  html: string;
}

// How every mail states a moment (the mail module's, shared with other mails).
export { formatMailTime, MAIL_TIME_FORMAT } from '../../mail';

/** "Sun, Mar 14, 2027, 3:00 AM – 4:00 AM EDT" style range: start in full, end's time and zone. */
export function formatMailRange(start: Date, end: Date, timeZone: string): string {
  const e = DateTime.fromJSDate(end, { zone: timeZone }).setLocale('en-US');
  return `${formatMailTime(start, timeZone)} – ${e.toFormat('h:mm a ZZZZ')}`;
}

export function formatMoney(cents: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
}

const CANCELED_BY: Record<string, string> = {
  client: 'the client',
  instructor: 'the instructor',
  admin: 'DRX support',
};

interface Draft {
  subject: string;
  greeting: string;
  lines: string[];
  link: { label: string; url: string };
}

function manageLink(recipient: BookingMailRecipient, data: BookingMailData): { label: string; url: string } {
  return recipient === 'client'
    ? { label: 'View your bookings', url: `${data.publicUrl}/my-bookings` }
    : { label: 'View your bookings', url: `${data.publicUrl}/instructor/bookings` };
}

function draft(kind: BookingMailKind, recipient: BookingMailRecipient, data: BookingMailData): Draft {
  const zoneOf = recipient === 'client' ? data.clientTimeZone : data.timeZone;
  const when = formatMailRange(data.start, data.end, zoneOf);
  const otherName = recipient === 'client' ? data.instructorName : data.clientName;
  const name = recipient === 'client' ? data.clientName : data.instructorName;
  const what =
    recipient === 'client'
      ? `${data.title} with ${data.instructorName}`
      : `${data.title} with ${data.clientName}`;
  const link = manageLink(recipient, data);
  const greeting = `Hi ${name},`;
  const whenLine = `When: ${when}`;
  const noteLine = data.note?.trim() ? [`Note from ${data.clientName}: ${data.note.trim()}`] : [];
  const price = formatMoney(data.priceCents);

  switch (kind) {
    case 'confirmed':
      return recipient === 'client'
        ? {
            subject: `Booking confirmed: ${what}`,
            greeting,
            lines: [
              `Your ${data.title.toLowerCase()} with ${data.instructorName} is confirmed.`,
              whenLine,
              ...(data.priceCents > 0 ? [`Paid: ${price}`] : []),
              'The attached calendar file adds it to your calendar.',
            ],
            link,
          }
        : {
            subject: `New booking: ${what}`,
            greeting,
            lines: [
              `${data.clientName} booked a ${data.title.toLowerCase()} with you.`,
              whenLine,
              ...noteLine,
            ],
            link,
          };
    case 'requested':
      return recipient === 'instructor'
        ? {
            subject: `Booking request to approve: ${what}`,
            greeting,
            lines: [
              `${data.clientName} asks to book a ${data.title.toLowerCase()} with you.`,
              whenLine,
              ...noteLine,
              'Please approve or decline the request. Declining refunds the client in full.',
            ],
            link: { label: 'Approve or decline', url: link.url },
          }
        : {
            subject: `Booking requested: ${what}`,
            greeting,
            lines: [
              `Your request for a ${data.title.toLowerCase()} with ${data.instructorName} was sent.`,
              whenLine,
              `${data.instructorName} will approve or decline it; if declined, you get a full refund.`,
            ],
            link,
          };
    case 'approved':
      return recipient === 'client'
        ? {
            subject: `Booking approved: ${what}`,
            greeting,
            lines: [
              `${data.instructorName} approved your ${data.title.toLowerCase()}. It is confirmed.`,
              whenLine,
            ],
            link,
          }
        : {
            subject: `You approved: ${what}`,
            greeting,
            lines: [
              `You approved ${data.clientName}'s ${data.title.toLowerCase()}. It is confirmed.`,
              whenLine,
            ],
            link,
          };
    case 'declined': {
      const reason = data.cancelReason?.trim() ? [`Reason: ${data.cancelReason.trim()}`] : [];
      const refund = data.refundedCents > 0 ? [`Refund: ${formatMoney(data.refundedCents)} (in full)`] : [];
      return recipient === 'client'
        ? {
            subject: `Booking declined: ${what}`,
            greeting,
            lines: [`${data.instructorName} declined your request.`, whenLine, ...reason, ...refund],
            link,
          }
        : {
            subject: `You declined: ${what}`,
            greeting,
            lines: [`You declined ${data.clientName}'s request.`, whenLine, ...reason, ...refund],
            link,
          };
    }
    case 'canceled': {
      const by = data.canceledBy ? (CANCELED_BY[data.canceledBy] ?? data.canceledBy) : 'DRX';
      const byYou =
        (recipient === 'client' && data.canceledBy === 'client') ||
        (recipient === 'instructor' && data.canceledBy === 'instructor');
      const lines = [`${byYou ? 'You canceled' : `Canceled by ${by}`}: ${what}.`, `Was: ${when}`];
      if (data.cancelReason?.trim()) lines.push(`Reason: ${data.cancelReason.trim()}`);
      if (data.priceCents > 0) {
        lines.push(`Refund: ${formatMoney(data.refundedCents)}`);
        if (data.feeCents > 0) lines.push(`Late-cancellation fee kept: ${formatMoney(data.feeCents)}`);
      }
      return { subject: `Booking canceled: ${what}`, greeting, lines, link };
    }
    case 'rescheduled': {
      const before =
        data.previousStart && data.previousEnd
          ? formatMailRange(data.previousStart, data.previousEnd, zoneOf)
          : null;
      return {
        subject: `Booking rescheduled: ${what}`,
        greeting,
        lines: [
          `Your ${data.title.toLowerCase()} with ${otherName} has a new time.`,
          ...(before ? [`Before: ${before}`] : []),
          `Now: ${when}`,
          'The attached calendar file updates your calendar.',
        ],
        link,
      };
    }
    case 'reminder_24h':
    case 'reminder_1h': {
      const soon = kind === 'reminder_24h' ? 'tomorrow' : 'in 1 hour';
      return {
        subject: `Reminder: ${what} ${soon}`,
        greeting,
        lines: [`Your ${data.title.toLowerCase()} with ${otherName} starts ${soon}.`, whenLine],
        link,
      };
    }
  }
}

/** The mail of `kind` for `recipient`. */
export function bookingMailContent(
  kind: BookingMailKind,
  recipient: BookingMailRecipient,
  data: BookingMailData,
): BookingMailContent {
  const d = draft(kind, recipient, data);
  const text = [d.greeting, '', ...d.lines, '', `${d.link.label}: ${d.link.url}`, '', '— DRX'].join('\n');
  const html = [
    `<p>${escapeHtml(d.greeting)}</p>`,
    `<p>${d.lines.map(escapeHtml).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(d.link.url)}">${escapeHtml(d.link.label)}</a></p>`,
    '<p>— DRX</p>',
  ].join('\n');
  return { subject: d.subject, text, html };
}
