import type { MikroORM } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database';
import { createTestDatabase } from '../../test/database';
import { bookableSlots, firstSlots, isBookableStart } from './slot-service';

let orm: MikroORM;
let drop: () => Promise<void>;
let ines: string;
let member: string;
let privateId: string;
let groupId: string;

const conn = () => orm.em.fork().getConnection();
const em = () => orm.em.fork();
// Wednesday 2027-03-10, 12:00 UTC (07:00 EST): before the US DST change of Sunday 2027-03-14.
const NOW = new Date('2027-03-10T12:00:00Z');
const iso = (slots: { start: Date }[]) => slots.map((s) => s.start.toISOString());

async function userId(username: string) {
  const [row] = await conn().execute<{ id: string }[]>('select id from users where username = ?', [username]);
  return row.id;
}

async function book(
  start: string,
  minutes: number,
  status: string,
  opts: { holdExpiresAt?: Date; before?: number; after?: number; kind?: string; typeId?: string } = {},
) {
  const s = new Date(start);
  const e = new Date(s.getTime() + minutes * 60_000);
  const bs = new Date(s.getTime() - (opts.before ?? 0) * 60_000);
  const be = new Date(e.getTime() + (opts.after ?? 0) * 60_000);
  await conn().execute(
    `insert into bookings (id, session_type_id, instructor_id, client_id, kind, title, starts_at, ends_at, blocked,
       time_zone, client_time_zone, status, hold_expires_at, price_cents, cancel_free_hours, late_cancel_fee_percent)
     values (?, ?, ?, ?, ?, 'Lesson', ?, ?, tstzrange(?, ?), 'America/New_York', 'Europe/London', ?, ?, 6000, 24, 50)`,
    [
      randomUUID(),
      opts.typeId ?? privateId,
      ines,
      member,
      opts.kind ?? 'private',
      s,
      e,
      bs,
      be,
      status,
      opts.holdExpiresAt ?? null,
    ],
  );
}

beforeAll(async () => {
  const db = await createTestDatabase();
  drop = db.drop;
  orm = await openDatabase(db.url, { seed: true, silent: true });
  ines = await userId('instructor');
  member = await userId('member');
});
afterAll(async () => {
  await orm.close(true);
  await drop();
});

beforeEach(async () => {
  const c = conn();
  await c.execute('delete from bookings');
  await c.execute('delete from class_occurrences');
  await c.execute('delete from session_types');
  await c.execute('delete from availability_rules');
  await c.execute('delete from availability_overrides');
  await c.execute('delete from instructor_profiles');
  await c.execute(
    `insert into instructor_profiles (user_id, status, time_zone) values (?, 'approved', 'America/New_York')`,
    [ines],
  );
  // Monday to Friday 09:00–12:00 New York time.
  for (const weekday of [1, 2, 3, 4, 5]) {
    await c.execute(
      `insert into availability_rules (id, instructor_id, weekday, start_time, end_time) values (?, ?, ?, '09:00', '12:00')`,
      [randomUUID(), ines, weekday],
    );
  }
  privateId = randomUUID();
  groupId = randomUUID();
  await c.execute(
    `insert into session_types (id, instructor_id, kind, title, duration_minutes, price_cents, min_notice_minutes, horizon_days, created_at)
     values (?, ?, 'private', 'Private lesson', 60, 6000, 0, 365, '2027-01-01T00:00:00Z')`,
    [privateId, ines],
  );
});

async function addGroup(rule = 'FREQ=WEEKLY;BYDAY=MO;BYHOUR=11;BYMINUTE=0', capacity = 8) {
  await conn().execute(
    `insert into session_types (id, instructor_id, kind, title, duration_minutes, price_cents, capacity, recurrence_rule,
       buffer_after_minutes, min_notice_minutes, horizon_days, created_at)
     values (?, ?, 'group', 'Salsa class', 60, 2000, ?, ?, 15, 0, 365, '2027-01-01T00:00:00Z')`,
    [groupId, ines, capacity, rule],
  );
}

const monday = { from: new Date('2027-03-15T00:00:00Z'), to: new Date('2027-03-16T04:00:00Z') };

describe('bookableSlots', () => {
  it('offers the weekly hours in the instructor’s zone, after the DST change (09:00 EDT = 13:00Z)', async () => {
    const slots = await bookableSlots(em(), { sessionTypeId: privateId, ...monday, now: NOW });
    expect(iso(slots)).toEqual([
      '2027-03-15T13:00:00.000Z',
      '2027-03-15T13:15:00.000Z',
      '2027-03-15T13:30:00.000Z',
      '2027-03-15T13:45:00.000Z',
      '2027-03-15T14:00:00.000Z',
      '2027-03-15T14:15:00.000Z',
      '2027-03-15T14:30:00.000Z',
      '2027-03-15T14:45:00.000Z',
      '2027-03-15T15:00:00.000Z',
    ]);
    expect(
      slots.every((s) => s.seatsLeft === null && s.end.getTime() - s.start.getTime() === 3_600_000),
    ).toBe(true);
    // Before the change: 09:00 EST = 14:00Z on Friday 2027-03-12.
    const friday = await bookableSlots(em(), {
      sessionTypeId: privateId,
      from: new Date('2027-03-12T00:00:00Z'),
      to: new Date('2027-03-13T00:00:00Z'),
      now: NOW,
    });
    expect(friday[0].start.toISOString()).toBe('2027-03-12T14:00:00.000Z');
  });

  it('leaves out live bookings (with their buffers) but not expired holds or canceled ones', async () => {
    await book('2027-03-15T14:00:00Z', 60, 'confirmed', { after: 15 }); // 10:00–11:00 (+15) local
    await book('2027-03-15T13:00:00Z', 30, 'held', { holdExpiresAt: new Date(NOW.getTime() - 60_000) });
    await book('2027-03-15T13:00:00Z', 60, 'canceled');
    const slots = await bookableSlots(em(), { sessionTypeId: privateId, ...monday, now: NOW });
    // 09:00 fits (ends 10:00); 10:00–11:15 is blocked; the last start 11:00 ends at 12:00 = busy until 11:15 → out.
    expect(iso(slots)).toEqual(['2027-03-15T13:00:00.000Z']);

    // The same hold while it runs keeps 09:00–09:30.
    await conn().execute(`update bookings set hold_expires_at = ? where status = 'held'`, [
      new Date(NOW.getTime() + 600_000),
    ]);
    expect(await bookableSlots(em(), { sessionTypeId: privateId, ...monday, now: NOW })).toEqual([]);
  });

  it('keeps notice, horizon, the daily cap and date overrides', async () => {
    await conn().execute(
      `update session_types set min_notice_minutes = 60, horizon_days = 5, max_per_day = 1`,
    );
    const now = new Date('2027-03-15T13:30:00Z'); // Monday 09:30 EDT: bookable from 10:30
    const today = await bookableSlots(em(), { sessionTypeId: privateId, ...monday, now });
    expect(iso(today)).toEqual([
      '2027-03-15T14:30:00.000Z',
      '2027-03-15T14:45:00.000Z',
      '2027-03-15T15:00:00.000Z',
    ]);
    const far = await bookableSlots(em(), {
      sessionTypeId: privateId,
      from: new Date('2027-03-21T00:00:00Z'),
      to: new Date('2027-03-30T00:00:00Z'),
      now,
    });
    expect(far).toEqual([]); // beyond 5 days

    await book('2027-03-16T13:00:00Z', 60, 'confirmed');
    const tuesday = await bookableSlots(em(), {
      sessionTypeId: privateId,
      from: new Date('2027-03-16T00:00:00Z'),
      to: new Date('2027-03-17T00:00:00Z'),
      now,
    });
    expect(tuesday).toEqual([]); // the cap of 1 a day is reached

    await conn().execute(
      `insert into availability_overrides (id, instructor_id, date, kind) values (?, ?, '2027-03-17', 'off')`,
      [randomUUID(), ines],
    );
    await conn().execute(
      `insert into availability_overrides (id, instructor_id, date, kind, start_time, end_time) values
         (?, ?, '2027-03-18', 'extra', '14:00', '15:00')`,
      [randomUUID(), ines],
    );
    const wednesday = await bookableSlots(em(), {
      sessionTypeId: privateId,
      from: new Date('2027-03-17T00:00:00Z'),
      to: new Date('2027-03-18T04:00:00Z'),
      now,
    });
    expect(wednesday).toEqual([]);
    const thursday = await bookableSlots(em(), {
      sessionTypeId: privateId,
      from: new Date('2027-03-18T00:00:00Z'),
      to: new Date('2027-03-19T04:00:00Z'),
      now,
    });
    expect(iso(thursday)).toContain('2027-03-18T18:00:00.000Z'); // 14:00 EDT extra hours
    expect(iso(thursday)).toContain('2027-03-18T13:00:00.000Z'); // weekly hours too
  });

  it('lists a group class’s occurrences with the seats left and keeps its time busy for private lessons', async () => {
    await addGroup();
    const group = await bookableSlots(em(), { sessionTypeId: groupId, ...monday, now: NOW });
    expect(group).toEqual([
      { start: new Date('2027-03-15T15:00:00Z'), end: new Date('2027-03-15T16:00:00Z'), seatsLeft: 8 },
    ]);
    const privateSlots = await bookableSlots(em(), { sessionTypeId: privateId, ...monday, now: NOW });
    expect(iso(privateSlots).at(-1)).toBe('2027-03-15T14:00:00.000Z'); // 10:00–11:00 ends at the class

    await conn().execute(
      `insert into class_occurrences (session_type_id, starts_at, capacity, seats_taken) values (?, '2027-03-15T15:00:00Z', 8, 3)`,
      [groupId],
    );
    expect((await bookableSlots(em(), { sessionTypeId: groupId, ...monday, now: NOW }))[0].seatsLeft).toBe(5);
    await conn().execute(`update class_occurrences set seats_taken = 8`);
    expect(await bookableSlots(em(), { sessionTypeId: groupId, ...monday, now: NOW })).toEqual([]);

    await conn().execute(
      `insert into availability_overrides (id, instructor_id, date, kind) values (?, ?, '2027-03-22', 'off')`,
      [randomUUID(), ines],
    );
    const twoWeeks = await bookableSlots(em(), {
      sessionTypeId: groupId,
      from: new Date('2027-03-16T00:00:00Z'),
      to: new Date('2027-04-06T00:00:00Z'),
      now: NOW,
    });
    expect(iso(twoWeeks)).toEqual(['2027-03-29T15:00:00.000Z', '2027-04-05T15:00:00.000Z']);
  });

  it('offers nothing for an archived type or an instructor not approved', async () => {
    await conn().execute(`update instructor_profiles set status = 'suspended'`);
    expect(await bookableSlots(em(), { sessionTypeId: privateId, ...monday, now: NOW })).toEqual([]);
    await conn().execute(`update instructor_profiles set status = 'approved'`);
    await conn().execute(`update session_types set active = false`);
    expect(await bookableSlots(em(), { sessionTypeId: privateId, ...monday, now: NOW })).toEqual([]);
    expect(await bookableSlots(em(), { sessionTypeId: randomUUID(), ...monday, now: NOW })).toEqual([]);
  });

  it('checks one start and finds each instructor’s first slot', async () => {
    const ok = await isBookableStart(em(), {
      sessionTypeId: privateId,
      start: new Date('2027-03-15T13:15:00Z'),
      now: NOW,
    });
    expect(ok?.end.toISOString()).toBe('2027-03-15T14:15:00.000Z');
    expect(
      await isBookableStart(em(), {
        sessionTypeId: privateId,
        start: new Date('2027-03-15T13:10:00Z'),
        now: NOW,
      }),
    ).toBeNull();
    const first = await firstSlots(em(), [ines, member], NOW, new Date('2027-03-24T12:00:00Z'), NOW);
    expect([...first.entries()]).toEqual([[ines, new Date('2027-03-10T14:00:00Z')]]);
  });
});
