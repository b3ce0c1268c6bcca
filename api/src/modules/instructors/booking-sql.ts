/**
 * What the instructors module reads of bookings: the sessions that keep a slot busy, the seats left
 * in group classes, and a review's booking title (the data export). Bookings and class occurrences
 * are the bookings module's, which depends on this one (a booking is made in an instructor's slot),
 * so it registers its SQL when its `module.ts` loads instead of being imported (as orders does for
 * the cart: cart/paid-orders.ts).
 */
export interface BookingSql {
  /**
   * The bookings that keep instructors busy: columns `instructor_id`, `kind`, `starts_ms`,
   * `blocked_start_ms`, `blocked_end_ms` (ms since the epoch). Params: instructor ids (a list),
   * the window's start and end, now (a hold counts until it expires).
   */
  busy: string;
  /**
   * Group classes' seats: columns `session_type_id`, `starts_ms`, `capacity`, `seats_taken`.
   * Params: session type ids (a list), the window's start and end.
   */
  seats: string;
  /** The title of the booking `bookingExpr`, as a scalar subquery. */
  titleOf: (bookingExpr: string) => string;
}

let registered: BookingSql | null = null;

/** Registers the bookings module's SQL (its module.ts does it once, when loaded). */
export function registerBookingSql(sql: BookingSql): void {
  registered = sql;
}

/** The registered SQL; throws when none was registered (a missing import). */
export function bookingSql(): BookingSql {
  if (!registered) throw new Error('The bookings module registered no booking SQL (registerBookingSql)');
  return registered;
}
