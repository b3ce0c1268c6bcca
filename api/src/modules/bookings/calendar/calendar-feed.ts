import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingsIcs, type BookingCalendarEvent } from './booking-ics';
import {
  calendarEventOf,
  loadBookingMailRow,
  type BookingMailRow,
} from '../notifications/booking-notifications';

/**
 * The personal calendar feed: `GET /api/calendar/{token}.ics`, no cookie. One row of
 * `calendar_feeds` per user keeps only the SHA-256 of the token (a database leak reveals no URL).
 *
 * The token is 32 bytes, HMAC-SHA256(SESSION_SECRET, "calendar-feed:" user id ":" created_at):
 * unguessable without the server's secret, and re-derivable, so `myCalendarFeed` can show the
 * same URL on every read although only the hash is stored. A reset writes a new created_at (so a
 * new token and hash): the old URL stops working. If the secret changed, the derived token no
 * longer matches the stored hash and the next read issues a new one.
 */

const FEED_PAST_DAYS = 30;
const DAY_MS = 86_400_000;

export interface CalendarFeedRecord {
  userId: string;
  token: string;
  createdAt: Date;
}

export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function deriveFeedToken(secret: string, userId: string, createdAt: Date): string {
  return createHmac('sha256', secret)
    .update(`calendar-feed:${userId}:${createdAt.toISOString()}`)
    .digest('base64url');
}

export function feedUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/calendar/${token}.ics`;
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

async function writeFeed(
  em: EntityManager,
  secret: string,
  userId: string,
  replace: boolean,
): Promise<CalendarFeedRecord> {
  const createdAt = new Date(); // the column keeps milliseconds, as the derivation reads them
  const token = deriveFeedToken(secret, userId, createdAt);
  const rows: { created_at: Date }[] = await em.getConnection().execute(
    `insert into "calendar_feeds" ("user_id", "token_hash", "created_at") values (?, ?, ?)
       on conflict ("user_id") do ${replace ? 'update set "token_hash" = excluded."token_hash", "created_at" = excluded."created_at"' : 'nothing'}
       returning "created_at"`,
    [userId, hashFeedToken(token), createdAt],
    'all',
    em.getTransactionContext(),
  );
  if (rows.length === 0) {
    // Another request created it first: read theirs.
    const existing = await readFeed(em, secret, userId);
    if (existing) return existing;
    return writeFeed(em, secret, userId, true);
  }
  return { userId, token, createdAt };
}

async function readFeed(
  em: EntityManager,
  secret: string,
  userId: string,
): Promise<CalendarFeedRecord | null> {
  const rows: { token_hash: string; created_at: Date }[] = await em
    .getConnection()
    .execute(
      `select "token_hash", "created_at" from "calendar_feeds" where "user_id" = ?`,
      [userId],
      'all',
      em.getTransactionContext(),
    );
  const row = rows[0];
  if (!row) return null;
  const createdAt = new Date(row.created_at);
  const token = deriveFeedToken(secret, userId, createdAt);
  if (!sameHash(hashFeedToken(token), row.token_hash)) return null;
  return { userId, token, createdAt };
}

/** The user's feed, created on first read (or re-issued when the secret changed). */
export async function myCalendarFeed(
  em: EntityManager,
  secret: string,
  userId: string,
): Promise<CalendarFeedRecord> {
  const existing = await readFeed(em, secret, userId);
  if (existing) return existing;
  const rows: unknown[] = await em
    .getConnection()
    .execute(
      `select 1 from "calendar_feeds" where "user_id" = ?`,
      [userId],
      'all',
      em.getTransactionContext(),
    );
  return writeFeed(em, secret, userId, rows.length > 0);
}

/** A new token for the user's feed: the old URL stops working. */
export async function resetCalendarFeed(
  em: EntityManager,
  secret: string,
  userId: string,
): Promise<CalendarFeedRecord> {
  const previous = await em
    .getConnection()
    .execute<{ created_at: Date }[]>(
      `select "created_at" from "calendar_feeds" where "user_id" = ?`,
      [userId],
      'all',
      em.getTransactionContext(),
    );
  // A new created_at even when reset twice in one millisecond.
  const before = previous[0] ? new Date(previous[0].created_at).getTime() : 0;
  const now = Date.now();
  const createdAt = new Date(now > before ? now : before + 1);
  const token = deriveFeedToken(secret, userId, createdAt);
  await em.getConnection().execute(
    `insert into "calendar_feeds" ("user_id", "token_hash", "created_at") values (?, ?, ?)
       on conflict ("user_id") do update set "token_hash" = excluded."token_hash", "created_at" = excluded."created_at"`,
    [userId, hashFeedToken(token), createdAt],
    'all',
    em.getTransactionContext(),
  );
  return { userId, token, createdAt };
}

/** The user whose feed token this is, or null. */
export async function feedOwner(em: EntityManager, token: string): Promise<string | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const rows: { user_id: string }[] = await em
    .getConnection()
    .execute(
      `select "user_id" from "calendar_feeds" where "token_hash" = ?`,
      [hashFeedToken(token)],
      'all',
      em.getTransactionContext(),
    );
  return rows[0]?.user_id ?? null;
}

/**
 * The feed's events: the user's bookings as client and as instructor starting 30 days ago or
 * later — held, requested, confirmed and completed ones, and those canceled or declined in the
 * last 30 days (STATUS:CANCELLED, so subscribed calendars remove them).
 */
export async function feedEvents(
  em: EntityManager,
  userId: string,
  publicUrl: string,
  now = new Date(),
): Promise<BookingCalendarEvent[]> {
  const since = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS);
  const ids: { id: string }[] = await em.getConnection().execute(
    `select "id" from "bookings"
      where ("client_id" = ? or "instructor_id" = ?)
        and "starts_at" >= ?
        and ("status" in ('held', 'requested', 'confirmed', 'completed')
             or ("status" in ('canceled', 'declined') and coalesce("canceled_at", "updated_at") >= ?))
      order by "starts_at", "id"
      limit 1000`,
    [userId, userId, since, since],
    'all',
    em.getTransactionContext(),
  );
  const rows = (await Promise.all(ids.map((r) => loadBookingMailRow(em, r.id)))).filter(
    (r): r is BookingMailRow => r !== null,
  );
  return rows.map((row) =>
    calendarEventOf(row, publicUrl, row.clientId === userId ? 'client' : 'instructor'),
  );
}

export async function feedIcs(em: EntityManager, userId: string, publicUrl: string): Promise<string> {
  return bookingsIcs(await feedEvents(em, userId, publicUrl), {
    method: 'PUBLISH',
    calendarName: 'DRX bookings',
  });
}
