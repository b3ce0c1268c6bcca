import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * What the bookings module reads and writes of the instructors' tables (instructor profiles,
 * session types, reviews): asked here, in the caller's transaction.
 */

/** A session type as a booking reads it. */
export interface SessionTypeRow {
  id: string;
  instructor_id: string;
  kind: 'private' | 'group' | 'consultation';
  title: string;
  duration_minutes: number;
  price_cents: number;
  capacity: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  requires_approval: boolean;
  cancel_free_hours: number;
  late_cancel_fee_percent: number;
  active: boolean;
}

/** A session type by id; null when there is none. */
export async function sessionTypeRow(em: EntityManager, id: string): Promise<SessionTypeRow | null> {
  const [row] = await em.execute<SessionTypeRow[]>(
    `select id, instructor_id, kind, title, duration_minutes, price_cents, capacity, buffer_before_minutes,
       buffer_after_minutes, requires_approval, cancel_free_hours, late_cancel_fee_percent, active
     from session_types where id = ?`,
    [id],
  );
  return row ?? null;
}

/** The location mode of each given session type, by id (an unknown id is left out). */
export async function sessionTypeLocationModes(
  em: EntityManager,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await em.execute<{ id: string; location_mode: string | null }[]>(
    `select id, location_mode from session_types where id in (?)`,
    [unique],
  );
  return new Map(rows.map((r) => [r.id, r.location_mode]));
}

/**
 * Locks the instructor's profile row until the transaction ends (every booking write takes it
 * first) and returns its status and time zone; null when the person has no instructor profile.
 */
export async function lockInstructorProfile(
  em: EntityManager,
  instructorId: string,
): Promise<{ status: string; time_zone: string } | null> {
  const [row] = await em.execute<{ status: string; time_zone: string }[]>(
    `select status, time_zone from instructor_profiles where user_id = ? for update`,
    [instructorId],
  );
  return row ?? null;
}

/** Adds a client's review of a booking's instructor, once per booking; false when the booking has one. */
export async function addInstructorReview(
  em: EntityManager,
  review: {
    id: string;
    bookingId: string;
    instructorId: string;
    clientId: string;
    rating: number;
    comment: string;
  },
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `insert into instructor_reviews (id, booking_id, instructor_id, client_id, rating, comment)
     values (?, ?, ?, ?, ?, ?) on conflict (booking_id) do nothing returning id`,
    [review.id, review.bookingId, review.instructorId, review.clientId, review.rating, review.comment],
  );
  return rows.length > 0;
}

/** Whether the booking has a review. */
export async function bookingHasReview(em: EntityManager, bookingId: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(`select id from instructor_reviews where booking_id = ?`, [
    bookingId,
  ]);
  return rows.length > 0;
}
