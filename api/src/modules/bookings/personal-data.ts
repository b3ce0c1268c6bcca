import type { EntityManager } from '@mikro-orm/postgresql';
import { publicNames } from '../users';

/**
 * The bookings module's part of "download my data" and "delete my account" (privacy module, GDPR art.
 * 15/17/20): the person's bookings as client and as instructor, the checks the deletion asks before
 * it acts, and the erasure of the calendar feeds. Bookings themselves are kept (the other party's and
 * the books' record).
 */

type Row = Record<string, unknown>;

/**
 * The bookings as client (the instructor by public name only, placed before `createdAt`) and as
 * instructor (the sessions without who booked them: that is the client's data), by start.
 */
export async function exportBookingsData(
  em: EntityManager,
  userId: string,
): Promise<{ bookingsAsClient: Row[]; bookingsAsInstructor: Row[] }> {
  const booked = await em.execute<Row[]>(
    `select b.id, b.title, b.kind, b.status, b.starts_at as "startsAt", b.ends_at as "endsAt",
       b.time_zone as "timeZone", b.price_cents as "priceCents", b.refunded_cents as "refundedCents",
       b.note, b.cancel_reason as "cancelReason", b.canceled_by as "canceledBy", b.canceled_at as "canceledAt",
       b.created_at as "createdAt", b.instructor_id as "instructorId"
     from bookings b where b.client_id = ? order by b.starts_at`,
    [userId],
  );
  const instructorNames = await publicNames(
    em,
    booked.map((b) => b.instructorId as string),
  );
  const bookingsAsClient = booked
    .filter((b) => instructorNames.has(b.instructorId as string))
    .map(({ createdAt, instructorId, ...rest }) => ({
      ...rest,
      instructor: instructorNames.get(instructorId as string),
      createdAt,
    }));
  const bookingsAsInstructor = await em.execute<Row[]>(
    `select b.id, b.title, b.kind, b.status, b.starts_at as "startsAt", b.ends_at as "endsAt",
       b.price_cents as "priceCents", b.refunded_cents as "refundedCents", b.fee_cents as "feeCents",
       b.canceled_by as "canceledBy", b.canceled_at as "canceledAt", b.created_at as "createdAt"
     from bookings b where b.instructor_id = ? order by b.starts_at`,
    [userId],
  );
  return { bookingsAsClient, bookingsAsInstructor };
}

const count = async (em: EntityManager, sql: string, userId: string) =>
  (await em.execute<{ n: number }[]>(sql, [userId]))[0]?.n ?? 0;

/** The instructor's lessons still to come (held, requested or confirmed). */
export async function upcomingInstructorBookingCount(em: EntityManager, userId: string): Promise<number> {
  return count(
    em,
    `select count(*)::int as n from bookings
     where instructor_id = ? and status in ('held', 'requested', 'confirmed') and ends_at > now()`,
    userId,
  );
}

/** The member's bookings still to come that the cancel path can end (requested or confirmed). */
export async function upcomingClientBookings(em: EntityManager, userId: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from bookings where client_id = ? and status in ('requested', 'confirmed') and starts_at > now()
     order by starts_at`,
    [userId],
  );
  return rows.map((r) => r.id);
}

/** Any booking of the member still live and to come (held in checkout, or one that was not cancelled). */
export async function liveClientBookings(em: EntityManager, userId: string): Promise<number> {
  return count(
    em,
    `select count(*)::int as n from bookings
     where client_id = ? and status in ('held', 'requested', 'confirmed') and starts_at > now()`,
    userId,
  );
}

/** The person's calendar feeds go (a feed's secret address is a way in to their schedule). */
export async function eraseBookingsData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`delete from calendar_feeds where user_id = ?`, [userId]);
}
