import type { EntityManager } from '@mikro-orm/postgresql';
import { occurrences, withoutOffDays } from '../scheduling';
import { type BusyInterval, type DateOverride, dayKey, generateSlots, type WeeklyRange } from '../scheduling';
import { localDate, plusZonedDays } from '../scheduling';
import { hhmm } from './availability.entity';
import { bookingSql } from './booking-sql';

/**
 * Bookable slots of session types, computed on the server from the database: the instructor's
 * weekly hours, date overrides, booking defaults and time zone, the live bookings (held and not
 * expired, requested, confirmed; their `blocked` range) and the instructor's group-class
 * occurrences, through `generateSlots` (scheduling/). A group class's slots are its occurrences
 * within notice and horizon with the seats left (full ones omitted).
 *
 * Everything is loaded for many instructors at once in a fixed number of queries
 * (`loadSlotContexts`), so lists (nextSlotAt, availableThisWeek) make no query per instructor.
 */

/**
 * Runs SQL on `em`'s transaction when it has one (a booking's check must see that transaction's
 * rows, and must not wait for a second pooled connection while holding the instructor's lock).
 */
function query<T>(em: EntityManager, sql: string, params: unknown[]): Promise<T> {
  return em.getConnection().execute(sql, params, 'all', em.getTransactionContext()) as Promise<T>;
}

export interface BookableSlot {
  start: Date;
  end: Date;
  /** Seats left of a group-class occurrence; null for private lessons and consultations. */
  seatsLeft: number | null;
}

/** Booking statuses that take the instructor's time (a `held` one only until its hold expires). */
export const LIVE_BOOKING_STATUSES = ['held', 'requested', 'confirmed'] as const;

/** What the slot computation needs of a session type (an active type of an approved instructor). */
export interface SlotSessionType {
  id: string;
  instructorId: string;
  kind: 'private' | 'group' | 'consultation';
  durationMinutes: number;
  capacity: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  maxPerDay: number | null;
  recurrenceRule: string | null;
  createdAt: Date;
  /** The instructor's IANA zone. */
  timeZone: string;
}

interface LiveBooking {
  kind: string;
  startsAt: Date;
  blockedStart: Date;
  blockedEnd: Date;
}

/** One instructor's hours, overrides, live bookings and group classes around a window. */
export interface InstructorSlotContext {
  instructorId: string;
  timeZone: string;
  weekly: WeeklyRange[];
  overrides: DateOverride[];
  bookings: LiveBooking[];
  /** The instructor's active group classes (their occurrences keep the time busy). */
  groupTypes: SlotSessionType[];
  /** class_occurrences rows: `${sessionTypeId}|${startMs}` → seats left (capacity − seats_taken). */
  seatsLeft: Map<string, number>;
}

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Widening of the loaded window: a slot's buffers (≤ 4 h) plus its length (≤ 8 h) fit in a day. */
const MARGIN = DAY;

interface SessionTypeRow {
  id: string;
  instructor_id: string;
  kind: SlotSessionType['kind'];
  duration_minutes: number;
  capacity: number;
  buffer_before_minutes: number;
  buffer_after_minutes: number;
  min_notice_minutes: number;
  horizon_days: number;
  max_per_day: number | null;
  recurrence_rule: string | null;
  created_ms: number;
  time_zone: string;
}

function toSlotType(r: SessionTypeRow): SlotSessionType {
  return {
    id: r.id,
    instructorId: r.instructor_id,
    kind: r.kind,
    durationMinutes: r.duration_minutes,
    capacity: r.capacity,
    bufferBeforeMinutes: r.buffer_before_minutes,
    bufferAfterMinutes: r.buffer_after_minutes,
    minNoticeMinutes: r.min_notice_minutes,
    horizonDays: r.horizon_days,
    maxPerDay: r.max_per_day,
    recurrenceRule: r.recurrence_rule,
    createdAt: new Date(Math.round(r.created_ms)),
    timeZone: r.time_zone,
  };
}

const SESSION_TYPE_COLUMNS = `st.id, st.instructor_id, st.kind, st.duration_minutes, st.capacity,
  st.buffer_before_minutes, st.buffer_after_minutes, st.min_notice_minutes, st.horizon_days,
  st.max_per_day, st.recurrence_rule, p.time_zone,
  (extract(epoch from st.created_at) * 1000)::float8 as created_ms`;

/**
 * The bookable session types among `sessionTypeIds`: active, of an approved instructor.
 * One query.
 */
export async function loadBookableSessionTypes(
  em: EntityManager,
  sessionTypeIds: string[],
): Promise<SlotSessionType[]> {
  if (sessionTypeIds.length === 0) return [];
  const rows = await query<SessionTypeRow[]>(
    em,
    `select ${SESSION_TYPE_COLUMNS}
       from session_types st join instructor_profiles p on p.user_id = st.instructor_id
      where st.id in (?) and st.active and p.status = 'approved'`,
    [sessionTypeIds],
  );
  return rows.map(toSlotType);
}

/** The active session types of approved instructors among `instructorIds` (one query). */
export async function loadInstructorsSessionTypes(
  em: EntityManager,
  instructorIds: string[],
): Promise<SlotSessionType[]> {
  if (instructorIds.length === 0) return [];
  const rows = await query<SessionTypeRow[]>(
    em,
    `select ${SESSION_TYPE_COLUMNS}
       from session_types st join instructor_profiles p on p.user_id = st.instructor_id
      where st.instructor_id in (?) and st.active and p.status = 'approved'
      order by st.instructor_id, st.created_at, st.id`,
    [instructorIds],
  );
  return rows.map(toSlotType);
}

/**
 * Loads, for each instructor, everything slots in [from, to) depend on (four queries whatever the
 * number of instructors). `zones` gives each instructor's time zone.
 */
export async function loadSlotContexts(
  em: EntityManager,
  zones: Map<string, string>,
  from: Date,
  to: Date,
  now: Date,
): Promise<Map<string, InstructorSlotContext>> {
  const ids = [...zones.keys()];
  const out = new Map<string, InstructorSlotContext>();
  if (ids.length === 0) return out;
  for (const [id, timeZone] of zones) {
    out.set(id, {
      instructorId: id,
      timeZone,
      weekly: [],
      overrides: [],
      bookings: [],
      groupTypes: [],
      seatsLeft: new Map(),
    });
  }
  const wideFrom = new Date(from.getTime() - MARGIN);
  const wideTo = new Date(to.getTime() + MARGIN);
  // Local dates of every zone lie within a day of the UTC date.
  const firstDate = new Date(wideFrom.getTime() - DAY).toISOString().slice(0, 10);
  const lastDate = new Date(wideTo.getTime() + DAY).toISOString().slice(0, 10);

  const [rules, overrides, bookings, groups] = await Promise.all([
    query<{ instructor_id: string; weekday: number; start_time: string; end_time: string }[]>(
      em,
      `select instructor_id, weekday, start_time::text as start_time, end_time::text as end_time
         from availability_rules where instructor_id in (?)`,
      [ids],
    ),
    query<
      {
        instructor_id: string;
        date: string;
        kind: 'extra' | 'off';
        start_time: string | null;
        end_time: string | null;
      }[]
    >(
      em,
      `select instructor_id, date::text as date, kind, start_time::text as start_time, end_time::text as end_time
         from availability_overrides
        where instructor_id in (?) and date between ?::date and ?::date`,
      [ids, firstDate, lastDate],
    ),
    query<
      {
        instructor_id: string;
        kind: string;
        starts_ms: number;
        blocked_start_ms: number;
        blocked_end_ms: number;
      }[]
    >(em, bookingSql().busy, [ids, wideFrom, wideTo, now]),
    query<SessionTypeRow[]>(
      em,
      `select ${SESSION_TYPE_COLUMNS}
         from session_types st join instructor_profiles p on p.user_id = st.instructor_id
        where st.instructor_id in (?) and st.active and st.kind = 'group'`,
      [ids],
    ),
  ]);
  for (const r of rules) {
    out
      .get(r.instructor_id)
      ?.weekly.push({ weekday: r.weekday, start: hhmm(r.start_time), end: hhmm(r.end_time) });
  }
  for (const r of overrides) {
    out.get(r.instructor_id)?.overrides.push({
      date: r.date,
      kind: r.kind,
      start: r.start_time === null ? null : hhmm(r.start_time),
      end: r.end_time === null ? null : hhmm(r.end_time),
    });
  }
  for (const r of bookings) {
    out.get(r.instructor_id)?.bookings.push({
      kind: r.kind,
      startsAt: new Date(Math.round(r.starts_ms)),
      blockedStart: new Date(Math.round(r.blocked_start_ms)),
      blockedEnd: new Date(Math.round(r.blocked_end_ms)),
    });
  }
  for (const r of groups) out.get(r.instructor_id)?.groupTypes.push(toSlotType(r));

  const groupIds = groups.map((g) => g.id);
  if (groupIds.length > 0) {
    const seats = await query<
      { session_type_id: string; starts_ms: number; capacity: number; seats_taken: number }[]
    >(em, bookingSql().seats, [groupIds, wideFrom, wideTo]);
    const instructorOfType = new Map(groups.map((g) => [g.id, g.instructor_id]));
    for (const s of seats) {
      out
        .get(instructorOfType.get(s.session_type_id) ?? '')
        ?.seatsLeft.set(`${s.session_type_id}|${Math.round(s.starts_ms)}`, s.capacity - s.seats_taken);
    }
  }
  return out;
}

/** A group class's occurrences in [from, to), without those an `off` override cancels. */
function classOccurrences(type: SlotSessionType, overrides: DateOverride[], from: Date, to: Date) {
  if (!type.recurrenceRule) return [];
  try {
    const list = occurrences(
      type.recurrenceRule,
      type.timeZone,
      type.durationMinutes,
      from,
      to,
      localDate(type.createdAt, type.timeZone),
    );
    return withoutOffDays(list, overrides, type.timeZone);
  } catch {
    return []; // an unreadable rule offers nothing (sessionTypeCreate validates new ones)
  }
}

/**
 * The slots of one session type whose start lies in [from, to), from an already loaded context
 * of its instructor (no query). Sorted by start.
 */
export function computeSlots(
  type: SlotSessionType,
  ctx: InstructorSlotContext,
  from: Date,
  to: Date,
  now: Date,
): BookableSlot[] {
  if (to.getTime() <= from.getTime()) return [];
  const tz = type.timeZone;
  if (type.kind === 'group') {
    const earliest = now.getTime() + type.minNoticeMinutes * MINUTE;
    const latest = plusZonedDays(now, type.horizonDays, tz).getTime();
    const out: BookableSlot[] = [];
    for (const occ of classOccurrences(type, ctx.overrides, from, to)) {
      const start = occ.start.getTime();
      if (start < earliest || start >= latest) continue;
      const left = ctx.seatsLeft.get(`${type.id}|${start}`) ?? type.capacity;
      if (left <= 0) continue;
      out.push({ start: occ.start, end: occ.end, seatsLeft: left });
    }
    return out;
  }

  const wideFrom = new Date(from.getTime() - MARGIN);
  const wideTo = new Date(to.getTime() + MARGIN);
  const busy: BusyInterval[] = ctx.bookings.map((b) => ({ start: b.blockedStart, end: b.blockedEnd }));
  for (const g of ctx.groupTypes) {
    for (const occ of classOccurrences(g, ctx.overrides, wideFrom, wideTo)) {
      busy.push({
        start: new Date(occ.start.getTime() - g.bufferBeforeMinutes * MINUTE),
        end: new Date(occ.end.getTime() + g.bufferAfterMinutes * MINUTE),
      });
    }
  }
  const bookingsPerDay = new Map<string, number>();
  if (type.maxPerDay !== null) {
    for (const b of ctx.bookings) {
      if (b.kind === 'group') continue;
      const key = dayKey(b.startsAt, tz);
      bookingsPerDay.set(key, (bookingsPerDay.get(key) ?? 0) + 1);
    }
  }
  return generateSlots({
    rules: {
      timeZone: tz,
      durationMinutes: type.durationMinutes,
      bufferBeforeMinutes: type.bufferBeforeMinutes,
      bufferAfterMinutes: type.bufferAfterMinutes,
      minNoticeMinutes: type.minNoticeMinutes,
      horizonDays: type.horizonDays,
      maxPerDay: type.maxPerDay,
    },
    weekly: ctx.weekly,
    overrides: ctx.overrides,
    busy,
    bookingsPerDay,
    from,
    to,
    now,
  }).map((s) => ({ start: s.start, end: s.end, seatsLeft: null }));
}

/**
 * The bookable slots of a session type whose start lies in [from, to): an empty list when the
 * type is archived, unknown or its instructor is not approved. Private lessons and consultations:
 * the instructor's hours and overrides minus live bookings (held until expiry, requested,
 * confirmed — their blocked ranges) and group-class occurrences, with notice, horizon and the
 * daily cap (the instructor's live private/consultation bookings that local day). Group classes:
 * the occurrences within notice and horizon with seats left (full ones omitted).
 *
 * The bookings module calls it to check a requested start (and a reschedule target): pass the
 * transaction's EntityManager so the check sees that transaction's rows.
 */
export async function bookableSlots(
  em: EntityManager,
  args: { sessionTypeId: string; from: Date; to: Date; now?: Date },
): Promise<BookableSlot[]> {
  const now = args.now ?? new Date();
  const [type] = await loadBookableSessionTypes(em, [args.sessionTypeId]);
  if (!type) return [];
  const contexts = await loadSlotContexts(
    em,
    new Map([[type.instructorId, type.timeZone]]),
    args.from,
    args.to,
    now,
  );
  return computeSlots(type, contexts.get(type.instructorId)!, args.from, args.to, now);
}

/** Whether `start` is a bookable start of the session type now (one slot starting exactly then). */
export async function isBookableStart(
  em: EntityManager,
  args: { sessionTypeId: string; start: Date; now?: Date },
): Promise<BookableSlot | null> {
  const from = args.start;
  const to = new Date(args.start.getTime() + MINUTE);
  const slots = await bookableSlots(em, { sessionTypeId: args.sessionTypeId, from, to, now: args.now });
  return slots.find((s) => s.start.getTime() === args.start.getTime()) ?? null;
}

/**
 * The first bookable start of each instructor in [from, to) over all their active session types,
 * in a fixed number of queries; instructors without one are absent from the map.
 */
export async function firstSlots(
  em: EntityManager,
  instructorIds: string[],
  from: Date,
  to: Date,
  now: Date = new Date(),
): Promise<Map<string, Date>> {
  const out = new Map<string, Date>();
  const types = await loadInstructorsSessionTypes(em, instructorIds);
  if (types.length === 0) return out;
  const zones = new Map(types.map((t) => [t.instructorId, t.timeZone]));
  const contexts = await loadSlotContexts(em, zones, from, to, now);
  for (const type of types) {
    const [first] = computeSlots(type, contexts.get(type.instructorId)!, from, to, now);
    if (!first) continue;
    const best = out.get(type.instructorId);
    if (!best || first.start < best) out.set(type.instructorId, first.start);
  }
  return out;
}
