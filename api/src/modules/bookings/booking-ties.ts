import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Whether two people are instructor and client: a booking that was made between them (requested
 * or confirmed, whatever became of it since — a hold that lapsed was never made). Messaging's rules
 * (who may write to whom) ask these.
 */
const MADE = `('requested', 'confirmed', 'completed', 'no_show', 'canceled', 'declined')`;

/** Whether `clientId` has (or had) a booking made with `instructorId`. */
export async function hasBookingBetween(
  em: EntityManager,
  clientId: string,
  instructorId: string,
): Promise<boolean> {
  const [row] = await em.execute<{ ok: boolean }[]>(
    `select exists (select 1 from bookings where client_id = ? and instructor_id = ? and status in ${MADE}) as ok`,
    [clientId, instructorId],
  );
  return row?.ok === true;
}

/** The client and instructor of a booking that was made; null for an unknown one or a lapsed hold. */
export async function bookingParties(
  em: EntityManager,
  bookingId: string,
): Promise<{ clientId: string; instructorId: string } | null> {
  const [row] = await em.execute<{ client_id: string; instructor_id: string }[]>(
    `select client_id, instructor_id from bookings where id = ? and status in ${MADE}`,
    [bookingId],
  );
  return row ? { clientId: row.client_id, instructorId: row.instructor_id } : null;
}

/** The title and start of the given bookings, by id (an unknown id is left out). */
export async function bookingTitles(
  em: EntityManager,
  bookingIds: readonly string[],
): Promise<Map<string, { title: string; startsAt: Date }>> {
  if (!bookingIds.length) return new Map();
  const rows = await em.execute<{ id: string; title: string; starts_at: Date }[]>(
    `select id, title, starts_at from bookings where id = any(string_to_array(?, ',')::uuid[])`,
    [bookingIds.join(',')],
  );
  return new Map(rows.map((b) => [b.id, { title: b.title, startsAt: new Date(b.starts_at) }]));
}
