/**
 * The booking attempt in progress, kept in sessionStorage: a double click, a retry or a reload of
 * the same choice sends the same idempotency key (the server answers with the same booking and
 * payment); another session type, time or note makes a new attempt with a new key.
 */
export const BOOKING_ATTEMPT_KEY = 'drx_booking_attempt';

export interface BookingAttempt {
  idempotencyKey: string;
  sessionTypeId: string;
  start: string;
  note: string;
  clientTimeZone: string;
  bookingId: string | null;
}

interface Store {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const memory = new Map<string, string>();
const memoryStore: Store = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key),
};

function sessionStore(): Store {
  try {
    return globalThis.sessionStorage ?? memoryStore;
  } catch {
    return memoryStore;
  }
}

function read(store: Store): BookingAttempt | null {
  try {
    const raw = store.getItem(BOOKING_ATTEMPT_KEY);
    return raw ? (JSON.parse(raw) as BookingAttempt) : null;
  } catch {
    return null;
  }
}

function newKey(): string {
  return (
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`
  );
}

/** The attempt for this choice: the stored one when it is the same choice, else a new one. */
export function attemptFor(
  choice: Omit<BookingAttempt, 'idempotencyKey' | 'bookingId'>,
  store: Store = sessionStore(),
): BookingAttempt {
  const stored = read(store);
  if (
    stored &&
    stored.sessionTypeId === choice.sessionTypeId &&
    new Date(stored.start).getTime() === new Date(choice.start).getTime() &&
    stored.note === choice.note &&
    stored.clientTimeZone === choice.clientTimeZone
  )
    return stored;
  const attempt: BookingAttempt = { ...choice, idempotencyKey: newKey(), bookingId: null };
  store.setItem(BOOKING_ATTEMPT_KEY, JSON.stringify(attempt));
  return attempt;
}

/** Records the booking the attempt made. */
export function rememberAttemptBooking(
  attempt: BookingAttempt,
  bookingId: string,
  store: Store = sessionStore(),
) {
  store.setItem(BOOKING_ATTEMPT_KEY, JSON.stringify({ ...attempt, bookingId }));
}

/** The stored attempt that made this booking (to resume its payment after a reload). */
export function attemptForBooking(bookingId: string, store: Store = sessionStore()): BookingAttempt | null {
  const stored = read(store);
  return stored?.bookingId === bookingId ? stored : null;
}

/** Forgets the attempt (paid, given up, or the time was taken): the next try gets a new key. */
export function forgetAttempt(store: Store = sessionStore()) {
  try {
    store.removeItem(BOOKING_ATTEMPT_KEY);
  } catch {
    // nothing stored
  }
}
