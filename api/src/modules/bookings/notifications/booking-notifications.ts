import type { EntityManager } from '@mikro-orm/postgresql';
import { sessionTypeLocationModes } from '../../instructors';
import { userContacts } from '../../users';
import { jobs } from '../../../jobs';
import type { MailAttachment } from '../../mail';
import { notify } from '../../notifications';
import {
  bookingIcs,
  bookingIcsFilename,
  type BookingCalendarEvent,
  type IcsMethod,
} from '../calendar/booking-ics';
import {
  bookingMailContent,
  type BookingMailData,
  type BookingMailKind,
  type BookingMailRecipient,
} from './booking-mail-text';

/**
 * Booking mails and reminders. Everything runs on the caller's EntityManager, inside its
 * transaction: the mails are outbox rows (mail/mail.ts) and the reminder jobs pg-boss rows of the
 * same transaction, so a rolled-back change sends nothing.
 *
 * Each mail is sent once: a row of `booking_notifications (booking_id, kind, starts_at)` is
 * inserted first with `on conflict do nothing`; a second call for the same change (a retried
 * fulfilment, a second worker) finds the row and sends nothing.
 */

export const BOOKING_REMINDER_JOB = 'booking.reminder';

export type ReminderKind = 'reminder_24h' | 'reminder_1h';

export const REMINDER_OFFSETS_MS: Record<ReminderKind, number> = {
  reminder_24h: 24 * 60 * 60 * 1000,
  reminder_1h: 60 * 60 * 1000,
};

export interface ReminderJobData {
  bookingId: string;
  kind: ReminderKind;
  /** The booking's start the reminder is for (ISO); a rescheduled booking's old jobs find another. */
  startsAt: string;
}

/** A booking state change, as the bookings module reports it (booking-events.ts). */
export type BookingChange =
  | { type: 'confirmed' | 'requested' | 'approved' | 'declined' | 'canceled' }
  | { type: 'rescheduled'; previousStart: Date; previousEnd: Date }
  | { type: 'held' | 'expired' | 'completed' | 'no_show' };

/** A booking with the people and settings its mails need. */
export interface BookingMailRow {
  id: string;
  title: string;
  status: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  clientTimeZone: string;
  priceCents: number;
  refundedCents: number;
  feeCents: number;
  note: string;
  canceledBy: string | null;
  cancelReason: string | null;
  rescheduleCount: number;
  updatedAt: Date;
  locationMode: string | null;
  clientId: string;
  clientName: string;
  clientEmail: string | null;
  instructorId: string;
  instructorName: string;
  instructorEmail: string | null;
}

function nameOf(first: string | null, last: string | null, username: string): string {
  return [first, last].filter((p) => p && p.trim()).join(' ') || username;
}

/** Reads bookings by id with their client and instructor (in the caller’s transaction). */
export async function loadBookingMailRows(
  em: EntityManager,
  bookingIds: string[],
  forUpdate = false,
): Promise<Map<string, BookingMailRow>> {
  const out = new Map<string, BookingMailRow>();
  if (bookingIds.length === 0) return out;
  const rows: Record<string, any>[] = await em.getConnection().execute(
    `select b."id", b."title", b."status", b."starts_at", b."ends_at", b."time_zone", b."client_time_zone",
            b."price_cents", b."refunded_cents", b."fee_cents", b."note", b."canceled_by", b."cancel_reason",
            b."reschedule_count", b."updated_at", b."session_type_id", b."client_id", b."instructor_id"
       from "bookings" b
      where b."id" in (?)${forUpdate ? ' for update of b' : ''}`,
    [bookingIds],
    'all',
    em.getTransactionContext(),
  );
  // The people (users') and the session type's location mode (instructors'), asked of their owners.
  const people = await userContacts(
    em,
    rows.flatMap((r) => [r.client_id, r.instructor_id]),
  );
  const modes = await sessionTypeLocationModes(em, rows.map((r) => r.session_type_id).filter(Boolean));
  for (const r of rows) {
    const c = people.get(r.client_id);
    const i = people.get(r.instructor_id);
    if (!c || !i) continue;
    out.set(
      r.id,
      toMailRow({
        ...r,
        location_mode: modes.get(r.session_type_id) ?? null,
        c_first: c.first_name,
        c_last: c.last_name,
        c_username: c.username,
        c_email: c.email,
        i_first: i.first_name,
        i_last: i.last_name,
        i_username: i.username,
        i_email: i.email,
      }),
    );
  }
  return out;
}

function toMailRow(r: Record<string, any>): BookingMailRow {
  return {
    id: r.id,
    title: r.title,
    status: r.status,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    timeZone: r.time_zone,
    clientTimeZone: r.client_time_zone,
    priceCents: r.price_cents,
    refundedCents: r.refunded_cents,
    feeCents: r.fee_cents,
    note: r.note ?? '',
    canceledBy: r.canceled_by,
    cancelReason: r.cancel_reason,
    rescheduleCount: r.reschedule_count,
    updatedAt: new Date(r.updated_at),
    locationMode: r.location_mode ?? null,
    clientId: r.client_id,
    clientName: nameOf(r.c_first, r.c_last, r.c_username),
    clientEmail: r.c_email,
    instructorId: r.instructor_id,
    instructorName: nameOf(r.i_first, r.i_last, r.i_username),
    instructorEmail: r.i_email,
  };
}

/** One booking's row (see loadBookingMailRows); null when there is none. */
export async function loadBookingMailRow(
  em: EntityManager,
  bookingId: string,
  forUpdate = false,
): Promise<BookingMailRow | null> {
  return (await loadBookingMailRows(em, [bookingId], forUpdate)).get(bookingId) ?? null;
}

export function locationLabel(mode: string | null): string | null {
  if (mode === 'online') return 'Online';
  if (mode === 'in_person') return 'In person';
  return null;
}

/** The calendar event of a booking row, for `recipient`'s manage link. */
export function calendarEventOf(
  row: BookingMailRow,
  publicUrl: string,
  recipient: BookingMailRecipient = 'client',
): BookingCalendarEvent {
  return {
    id: row.id,
    title: row.title,
    status: row.status,
    start: row.startsAt,
    end: row.endsAt,
    rescheduleCount: row.rescheduleCount,
    instructorName: row.instructorName,
    instructorEmail: row.instructorEmail,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    note: row.note,
    location: locationLabel(row.locationMode),
    manageUrl: `${publicUrl}${recipient === 'client' ? '/my-bookings' : '/instructor/bookings'}`,
    updatedAt: row.updatedAt,
  };
}

function mailDataOf(
  row: BookingMailRow,
  publicUrl: string,
  previous?: { start: Date; end: Date },
): BookingMailData {
  return {
    id: row.id,
    title: row.title,
    start: row.startsAt,
    end: row.endsAt,
    timeZone: row.timeZone,
    clientTimeZone: row.clientTimeZone,
    instructorName: row.instructorName,
    clientName: row.clientName,
    priceCents: row.priceCents,
    refundedCents: row.refundedCents,
    feeCents: row.feeCents,
    note: row.note,
    canceledBy: row.canceledBy,
    cancelReason: row.cancelReason,
    previousStart: previous?.start ?? null,
    previousEnd: previous?.end ?? null,
    publicUrl,
  };
}

function icsAttachment(
  row: BookingMailRow,
  publicUrl: string,
  recipient: BookingMailRecipient,
  method: IcsMethod,
): MailAttachment {
  const event = calendarEventOf(row, publicUrl, recipient);
  return {
    filename: bookingIcsFilename(event),
    content: bookingIcs(event, method),
    contentType: `text/calendar; charset=utf-8; method=${method}`,
  };
}

/**
 * Records notification (`kind`, `startsAt`) of a booking; true when this call is the first (so it
 * is the one to send). Two transactions racing: the second waits on the key and gets false.
 */
export async function claimNotification(
  em: EntityManager,
  bookingId: string,
  kind: string,
  startsAt: Date,
): Promise<boolean> {
  const rows: unknown[] = await em.getConnection().execute(
    `insert into "booking_notifications" ("booking_id", "kind", "starts_at") values (?, ?, ?)
       on conflict do nothing returning "booking_id"`,
    [bookingId, kind, startsAt],
    'all',
    em.getTransactionContext(),
  );
  return rows.length > 0;
}

/**
 * Sends `kind` to each of `recipients` through `notify` (kind `bookings`: skipped for a recipient
 * without an address or who switched booking mails off), with the booking's .ics attached.
 */
async function sendBookingMails(
  em: EntityManager,
  row: BookingMailRow,
  kind: BookingMailKind,
  recipients: BookingMailRecipient[],
  publicUrl: string,
  method: IcsMethod,
  previous?: { start: Date; end: Date },
): Promise<number> {
  const data = mailDataOf(row, publicUrl, previous);
  let sent = 0;
  for (const recipient of recipients) {
    const userId = recipient === 'client' ? row.clientId : row.instructorId;
    const content = bookingMailContent(kind, recipient, data);
    const mail = await notify(em, {
      userId,
      kind: 'bookings',
      ...content,
      attachments: [icsAttachment(row, publicUrl, recipient, method)],
    });
    if (mail) sent += 1;
  }
  return sent;
}

/** Queues the 24 h and 1 h reminders of a confirmed booking's current start (skipping past ones). */
export async function scheduleReminders(
  em: EntityManager,
  row: Pick<BookingMailRow, 'id' | 'startsAt'>,
  now = new Date(),
): Promise<ReminderKind[]> {
  const scheduled: ReminderKind[] = [];
  for (const kind of Object.keys(REMINDER_OFFSETS_MS) as ReminderKind[]) {
    const at = new Date(row.startsAt.getTime() - REMINDER_OFFSETS_MS[kind]);
    if (at.getTime() <= now.getTime()) continue; // booked less than 24 h / 1 h ahead
    const startsAt = row.startsAt.toISOString();
    const data: ReminderJobData = { bookingId: row.id, kind, startsAt };
    await jobs.send(BOOKING_REMINDER_JOB, data, {
      startAfter: at,
      singletonKey: `reminder:${row.id}:${kind}:${startsAt}`,
      em,
    });
    scheduled.push(kind);
  }
  return scheduled;
}

const MAILED_CHANGES = new Set(['confirmed', 'requested', 'approved', 'declined', 'canceled', 'rescheduled']);

/**
 * The mails (and reminders) of a booking change. Call after the change is written, with the
 * EntityManager of its transaction. Returns how many mails were queued.
 */
export async function notifyBookingChange(
  em: EntityManager,
  bookingId: string,
  change: BookingChange,
  publicUrl: string,
): Promise<number> {
  if (!MAILED_CHANGES.has(change.type)) return 0; // held, expired, completed, no_show: no mail
  const row = await loadBookingMailRow(em, bookingId);
  if (!row) return 0;
  const both: BookingMailRecipient[] = ['client', 'instructor'];
  switch (change.type) {
    case 'confirmed':
    case 'approved': {
      if (!(await claimNotification(em, row.id, change.type, row.startsAt))) return 0;
      const sent = await sendBookingMails(em, row, change.type, both, publicUrl, 'REQUEST');
      await scheduleReminders(em, row);
      return sent;
    }
    case 'requested':
      if (!(await claimNotification(em, row.id, 'requested', row.startsAt))) return 0;
      return sendBookingMails(em, row, 'requested', both, publicUrl, 'REQUEST');
    case 'declined':
    case 'canceled':
      if (!(await claimNotification(em, row.id, change.type, row.startsAt))) return 0;
      return sendBookingMails(em, row, change.type, both, publicUrl, 'CANCEL');
    case 'rescheduled': {
      if (!(await claimNotification(em, row.id, `rescheduled_${row.rescheduleCount}`, row.startsAt)))
        return 0;
      const sent = await sendBookingMails(em, row, 'rescheduled', both, publicUrl, 'REQUEST', {
        start: change.previousStart,
        end: change.previousEnd,
      });
      if (row.status === 'confirmed') await scheduleReminders(em, row);
      return sent;
    }
    default:
      return 0; // held, expired, completed, no_show: no mail
  }
}

/**
 * The `booking.reminder` job: in one transaction, re-reads the booking; sends only if it is still
 * confirmed, starts at the job's start and has not started yet, and this is the first claim of
 * (booking, kind, start). Returns how many mails were queued.
 */
export async function sendReminder(
  em: EntityManager,
  data: ReminderJobData,
  publicUrl: string,
  now = new Date(),
): Promise<number> {
  return em.transactional(async (tx) => {
    const row = await loadBookingMailRow(tx, data.bookingId);
    if (!row || row.status !== 'confirmed') return 0;
    const startsAt = new Date(data.startsAt);
    if (row.startsAt.getTime() !== startsAt.getTime()) return 0; // rescheduled: the new start has its own jobs
    if (row.startsAt.getTime() <= now.getTime()) return 0; // too late to remind
    if (!(await claimNotification(tx, row.id, data.kind, row.startsAt))) return 0;
    return sendBookingMails(tx, row, data.kind, ['client', 'instructor'], publicUrl, 'PUBLISH');
  });
}
