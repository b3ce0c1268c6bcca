import type { BookingSql } from '../instructors';

/** What the instructors module reads of bookings (registered by module.ts: instructors/booking-sql.ts). */
export const instructorBookingSql: BookingSql = {
  busy: `select instructor_id, kind, (extract(epoch from starts_at) * 1000)::float8 as starts_ms,
              (extract(epoch from lower(blocked)) * 1000)::float8 as blocked_start_ms,
              (extract(epoch from upper(blocked)) * 1000)::float8 as blocked_end_ms
         from bookings
        where instructor_id in (?)
          and blocked && tstzrange(?, ?)
          and (status in ('requested', 'confirmed') or (status = 'held' and hold_expires_at > ?))`,
  seats: `select co.session_type_id, (extract(epoch from co.starts_at) * 1000)::float8 as starts_ms,
              co.capacity, co.seats_taken
         from class_occurrences co
        where co.session_type_id in (?) and co.starts_at >= ? and co.starts_at < ?`,
  titleOf: (bookingExpr) => `(select b.title from bookings b where b.id = ${bookingExpr})`,
};
