import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { json, PASSWORD } from '../../orders/orders-fixtures.test';
import {
  BOOKING_REMINDER_JOB,
  notifyBookingChange,
  scheduleReminders,
  sendReminder,
} from './booking-notifications';

// Booking mails (outbox, .ics attached), reminders once with two workers, the personal feed and the
// .ics route's permissions, on a real PostgreSQL database. Bookings are written with SQL here (the
// bookings module's own tests drive the same hook through its mutations).
let t: TestApp;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const conn = () => t.orm.em.fork().getConnection();
let seq = 0;

async function newUser(
  prefix: string,
  roles: string[] = ['user'],
): Promise<{ id: string; username: string; email: string }> {
  seq += 1;
  const username = `${prefix}${seq}${Date.now() % 100000}`;
  const id = randomUUID();
  const email = `${username}@example.com`;
  await conn().execute(
    `insert into users (id, username, username_key, password_hash, role, roles, first_name, email)
     select ?, ?, ?, password_hash, ?, ?, ?, ? from users where username_key = 'member'`,
    [id, username, username.toLowerCase(), roles[0], `{${roles.join(',')}}`, `First${seq}`, email],
  );
  return { id, username, email };
}

async function signIn(username: string) {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password: PASSWORD });
  expect(res.status).toBe(200);
  return agent;
}

interface Fixture {
  instructor: { id: string; username: string; email: string };
  client: { id: string; username: string; email: string };
  sessionTypeId: string;
}

async function fixture(): Promise<Fixture> {
  const instructor = await newUser('teach', ['instructor']);
  const client = await newUser('client');
  const sessionTypeId = randomUUID();
  await conn().execute(
    `insert into instructor_profiles (user_id, status, time_zone) values (?, 'approved', 'America/New_York')`,
    [instructor.id],
  );
  await conn().execute(
    `insert into session_types (id, instructor_id, kind, title, duration_minutes, price_cents) values (?, ?, 'private', 'Private lesson', 60, 6000)`,
    [sessionTypeId, instructor.id],
  );
  return { instructor, client, sessionTypeId };
}

async function insertBooking(f: Fixture, start: Date, status = 'confirmed'): Promise<string> {
  const id = randomUUID();
  const end = new Date(start.getTime() + HOUR);
  await conn().execute(
    `insert into bookings (id, session_type_id, instructor_id, client_id, kind, title, starts_at, ends_at, blocked,
       time_zone, client_time_zone, status, hold_expires_at, price_cents, cancel_free_hours, late_cancel_fee_percent)
     values (?, ?, ?, ?, 'private', 'Private lesson', ?, ?, tstzrange(?, ?), 'America/New_York', 'Europe/London', ?, ?, 6000, 24, 50)`,
    [
      id,
      f.sessionTypeId,
      f.instructor.id,
      f.client.id,
      start,
      end,
      start,
      end,
      status,
      status === 'held' ? new Date(Date.now() + 600_000) : null,
    ],
  );
  return id;
}

/** Runs the hook in its own transaction, as the bookings service does after a change. */
function notify(id: string, change: Parameters<typeof notifyBookingChange>[2]) {
  return t.orm.em.fork().transactional((tx) => notifyBookingChange(tx, id, change, t.config.publicUrl));
}

interface OutboxRow {
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

async function mailsTo(email: string): Promise<OutboxRow[]> {
  return conn().execute(
    `select "to", "subject", "text", "attachments" from mail_outbox where "to" = ? order by "created_at", "id"`,
    [email],
  );
}

const icsOf = (mail: OutboxRow) => Buffer.from(mail.attachments[0].content, 'base64').toString('utf8');

async function reminderJobs(bookingId: string): Promise<{ singleton_key: string; start_after: Date }[]> {
  return conn().execute(
    `select singleton_key, start_after from pgboss.job where name = ? and data->>'bookingId' = ? order by start_after`,
    [BOOKING_REMINDER_JOB, bookingId],
  );
}

describe('booking mails', () => {
  it('a confirmed paid booking mails the client and the instructor with an .ics, and queues two reminders', async () => {
    const f = await fixture();
    const start = new Date(Date.now() + 3 * DAY);
    start.setUTCMinutes(0, 0, 0);
    const id = await insertBooking(f, start);
    expect(await notify(id, { type: 'confirmed' })).toBe(2);

    const [clientMail] = await mailsTo(f.client.email);
    const [instructorMail] = await mailsTo(f.instructor.email);
    expect(clientMail.subject).toMatch(/^Booking confirmed: Private lesson with /);
    expect(instructorMail.subject).toMatch(/^New booking: Private lesson with /);
    expect(clientMail.text).toContain('Paid: $60.00');
    expect(clientMail.text).toMatch(/GMT|BST/); // the client's zone (Europe/London)
    expect(instructorMail.text).toMatch(/E[SD]T/); // the instructor's (America/New_York)
    for (const mail of [clientMail, instructorMail]) {
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0].contentType).toContain('text/calendar');
      const ics = icsOf(mail);
      expect(ics).toContain('METHOD:REQUEST');
      expect(ics).toContain(`UID:booking-${id}@drx`);
      expect(ics).toContain('STATUS:CONFIRMED');
    }

    const jobs = await reminderJobs(id);
    expect(jobs.map((j) => j.singleton_key)).toEqual([
      `reminder:${id}:reminder_24h:${start.toISOString()}`,
      `reminder:${id}:reminder_1h:${start.toISOString()}`,
    ]);
    expect(new Date(jobs[0].start_after).getTime()).toBe(start.getTime() - DAY);
    expect(new Date(jobs[1].start_after).getTime()).toBe(start.getTime() - HOUR);

    // The same change reported twice (a retried fulfilment) mails nothing more.
    expect(await notify(id, { type: 'confirmed' })).toBe(0);
    expect(await mailsTo(f.client.email)).toHaveLength(1);
  });

  it('a mail of a rolled-back change is never stored', async () => {
    const f = await fixture();
    const id = await insertBooking(f, new Date(Date.now() + 2 * DAY));
    await expect(
      t.orm.em.fork().transactional(async (tx) => {
        await notifyBookingChange(tx, id, { type: 'confirmed' }, t.config.publicUrl);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await mailsTo(f.client.email)).toHaveLength(0);
    expect(await reminderJobs(id)).toHaveLength(0);
  });

  it('a cancellation mails both with STATUS:CANCELLED, who canceled, the refund and the fee', async () => {
    const f = await fixture();
    const id = await insertBooking(f, new Date(Date.now() + 5 * HOUR));
    await notify(id, { type: 'confirmed' });
    await conn().execute(
      `update bookings set status = 'canceled', canceled_by = 'client', cancel_reason = 'Sick', canceled_at = now(), refunded_cents = 3000, fee_cents = 3000 where id = ?`,
      [id],
    );
    expect(await notify(id, { type: 'canceled' })).toBe(2);
    const clientMails = await mailsTo(f.client.email);
    const instructorMails = await mailsTo(f.instructor.email);
    const cancelClient = clientMails[clientMails.length - 1];
    const cancelInstructor = instructorMails[instructorMails.length - 1];
    expect(cancelClient.subject).toMatch(/^Booking canceled:/);
    expect(cancelClient.text).toContain('You canceled');
    expect(cancelClient.text).toContain('Refund: $30.00');
    expect(cancelClient.text).toContain('Late-cancellation fee kept: $30.00');
    expect(cancelInstructor.text).toContain('Canceled by the client');
    expect(cancelInstructor.text).toContain('Reason: Sick');
    for (const mail of [cancelClient, cancelInstructor]) {
      const ics = icsOf(mail);
      expect(ics).toContain('METHOD:CANCEL');
      expect(ics).toContain('STATUS:CANCELLED');
      expect(ics).toContain('SEQUENCE:1');
      expect(ics).toContain(`UID:booking-${id}@drx`);
    }
  });

  it('a booking made less than 24 h ahead gets only the 1 h reminder; less than 1 h: none', async () => {
    const f = await fixture();
    const soon = await insertBooking(f, new Date(Date.now() + 5 * HOUR));
    const verySoon = await insertBooking(f, new Date(Date.now() + 30 * 60_000 + 3 * DAY + 10 * HOUR));
    // One instant each: the times read separately could be a millisecond apart, and the blocked
    // range must hold the lesson (bookings_times_check).
    const verySoonStart = new Date(Date.now() + 30 * 60_000);
    const verySoonEnd = new Date(Date.now() + 90 * 60_000);
    await conn().execute(
      `update bookings set starts_at = ?, ends_at = ?, blocked = tstzrange(?, ?) where id = ?`,
      [verySoonStart, verySoonEnd, verySoonStart, verySoonEnd, verySoon],
    );
    const em = t.orm.em.fork();
    const startSoon = new Date(Date.now() + 5 * HOUR);
    await em.transactional(async (tx) => {
      expect(await scheduleReminders(tx, { id: soon, startsAt: startSoon })).toEqual(['reminder_1h']);
      expect(
        await scheduleReminders(tx, { id: verySoon, startsAt: new Date(Date.now() + 30 * 60_000) }),
      ).toEqual([]);
    });
  });
});

describe('reminders', () => {
  it('two workers running the same reminder at once send it once', async () => {
    const f = await fixture();
    const start = new Date(Date.now() + 20 * HOUR);
    const id = await insertBooking(f, start);
    const data = { bookingId: id, kind: 'reminder_24h' as const, startsAt: start.toISOString() };
    const results = await Promise.all([
      sendReminder(t.orm.em.fork(), data, t.config.publicUrl),
      sendReminder(t.orm.em.fork(), data, t.config.publicUrl),
      sendReminder(t.orm.em.fork(), data, t.config.publicUrl),
    ]);
    expect(results.sort()).toEqual([0, 0, 2]);
    const client = await mailsTo(f.client.email);
    expect(client).toHaveLength(1);
    expect(client[0].subject).toMatch(/^Reminder: Private lesson with .* tomorrow$/);
    expect(icsOf(client[0])).toContain(`UID:booking-${id}@drx`);
    expect(await mailsTo(f.instructor.email)).toHaveLength(1);
    const rows = await conn().execute(`select kind from booking_notifications where booking_id = ?`, [id]);
    expect(rows).toEqual([{ kind: 'reminder_24h' }]);
  });

  it('the queued job, worked by the app’s queue, sends the reminder once', async () => {
    const f = await fixture();
    // Starts in 50 minutes: the 1 h reminder is due now.
    const start = new Date(Date.now() + 50 * 60_000);
    const id = await insertBooking(f, start);
    const data = { bookingId: id, kind: 'reminder_1h', startsAt: start.toISOString() };
    const key = `reminder:${id}:reminder_1h:${start.toISOString()}`;
    expect(await t.handle.jobs.send(BOOKING_REMINDER_JOB, data, { singletonKey: key })).not.toBeNull();
    expect(await t.handle.jobs.send(BOOKING_REMINDER_JOB, data, { singletonKey: key })).toBeNull();
    await t.handle.jobs.runDue(BOOKING_REMINDER_JOB);
    await expect.poll(async () => (await mailsTo(f.client.email)).length, { timeout: 10_000 }).toBe(1);
    expect((await mailsTo(f.client.email))[0].subject).toMatch(/in 1 hour$/);
  });

  it('after a reschedule the old reminder sends nothing and the new one sends', async () => {
    const f = await fixture();
    const oldStart = new Date(Date.now() + 3 * DAY);
    const id = await insertBooking(f, oldStart);
    await notify(id, { type: 'confirmed' });
    const newStart = new Date(oldStart.getTime() + DAY);
    const newEnd = new Date(newStart.getTime() + HOUR);
    await conn().execute(
      `update bookings set starts_at = ?, ends_at = ?, blocked = tstzrange(?, ?), reschedule_count = reschedule_count + 1 where id = ?`,
      [newStart, newEnd, newStart, newEnd, id],
    );
    expect(
      await notify(id, {
        type: 'rescheduled',
        previousStart: oldStart,
        previousEnd: new Date(oldStart.getTime() + HOUR),
      }),
    ).toBe(2);
    const mails = await mailsTo(f.client.email);
    const rescheduled = mails[mails.length - 1];
    expect(rescheduled.subject).toMatch(/^Booking rescheduled:/);
    expect(rescheduled.text).toContain('Before: ');
    expect(icsOf(rescheduled)).toContain('SEQUENCE:1');
    expect(icsOf(rescheduled)).toContain('METHOD:REQUEST');

    const keys = (await reminderJobs(id)).map((j) => j.singleton_key);
    expect(keys).toContain(`reminder:${id}:reminder_24h:${newStart.toISOString()}`);
    expect(keys).toContain(`reminder:${id}:reminder_24h:${oldStart.toISOString()}`);

    const before = (await mailsTo(f.client.email)).length;
    // The old job, run at its time (a day before the old start), finds another start: nothing.
    const atOldTime = new Date(oldStart.getTime() - DAY);
    expect(
      await sendReminder(
        t.orm.em.fork(),
        { bookingId: id, kind: 'reminder_24h', startsAt: oldStart.toISOString() },
        t.config.publicUrl,
        atOldTime,
      ),
    ).toBe(0);
    expect((await mailsTo(f.client.email)).length).toBe(before);
    expect(
      await sendReminder(
        t.orm.em.fork(),
        { bookingId: id, kind: 'reminder_24h', startsAt: newStart.toISOString() },
        t.config.publicUrl,
      ),
    ).toBe(2);
    // A canceled booking's reminder sends nothing.
    await conn().execute(
      `update bookings set status = 'canceled', canceled_by = 'admin', canceled_at = now() where id = ?`,
      [id],
    );
    expect(
      await sendReminder(
        t.orm.em.fork(),
        { bookingId: id, kind: 'reminder_1h', startsAt: newStart.toISOString() },
        t.config.publicUrl,
      ),
    ).toBe(0);
  });
});

describe('calendar routes', () => {
  const FEED = `query { myCalendarFeed { url createdAt } }`;
  const RESET = `mutation { calendarFeedReset { calendarFeed { url createdAt } userErrors { code message } } }`;

  it('GET /api/bookings/{id}/ics: the client, the instructor and staff; guests 401; anyone else 404', async () => {
    const f = await fixture();
    const start = new Date('2027-03-14T07:30:00Z');
    const id = await insertBooking(f, start);
    const client = await signIn(f.client.username);
    const res = await client.get(`/api/bookings/${id}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="drx-booking-2027-03-14.ics"');
    expect(res.text).toContain('METHOD:PUBLISH');
    expect(res.text).toContain('DTSTART:20270314T073000Z');
    expect(res.text).toContain(`UID:booking-${id}@drx`);

    expect((await (await signIn(f.instructor.username)).get(`/api/bookings/${id}/ics`)).status).toBe(200);
    expect((await (await signIn('admin')).get(`/api/bookings/${id}/ics`)).status).toBe(200);
    expect((await t.agent().get(`/api/bookings/${id}/ics`)).status).toBe(401);
    const other = await newUser('other');
    const otherAgent = await signIn(other.username);
    expect((await otherAgent.get(`/api/bookings/${id}/ics`)).status).toBe(404);
    expect((await otherAgent.get(`/api/bookings/${randomUUID()}/ics`)).status).toBe(404);
    expect((await otherAgent.get(`/api/bookings/not-a-uuid/ics`)).status).toBe(404);
  });

  it('the personal feed lists my bookings as client and instructor, and stops working after a reset', async () => {
    const f = await fixture();
    const upcoming = await insertBooking(f, new Date(Date.now() + 2 * DAY));
    const old = await insertBooking(f, new Date(Date.now() - 40 * DAY), 'completed');
    const recentCanceled = await insertBooking(f, new Date(Date.now() + 3 * DAY), 'canceled');
    await conn().execute(`update bookings set canceled_at = now(), canceled_by = 'client' where id = ?`, [
      recentCanceled,
    ]);
    const expired = await insertBooking(f, new Date(Date.now() + 4 * DAY), 'expired');

    expect((await t.gql(t.agent(), FEED)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const client = await signIn(f.client.username);
    const first = await t.gql(client, FEED);
    expect(first.errors).toBeUndefined();
    const url: string = first.data.myCalendarFeed.url;
    expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // The same URL on the next read; only its hash is stored.
    expect((await t.gql(client, FEED)).data.myCalendarFeed.url).toBe(url);
    const token = url.split('/api/calendar/')[1].replace(/\.ics$/, '');
    const stored = await conn().execute(`select token_hash from calendar_feeds where user_id = ?`, [
      f.client.id,
    ]);
    expect(stored[0].token_hash).not.toContain(token);
    expect(stored[0].token_hash).toMatch(/^[0-9a-f]{64}$/);

    const path = new URL(url).pathname;
    const feed = await t.agent().get(path); // no cookie
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(feed.headers['cache-control']).toBe('private, max-age=300');
    expect(feed.text).toContain(`UID:booking-${upcoming}@drx`);
    expect(feed.text).toContain(`UID:booking-${recentCanceled}@drx`);
    expect(feed.text).toContain('STATUS:CANCELLED');
    expect(feed.text).not.toContain(old);
    expect(feed.text).not.toContain(expired);

    // The instructor's own feed has the same bookings (as instructor).
    const instructor = await signIn(f.instructor.username);
    const instructorUrl: string = (await t.gql(instructor, FEED)).data.myCalendarFeed.url;
    expect(instructorUrl).not.toBe(url);
    const instructorFeed = await t.agent().get(new URL(instructorUrl).pathname);
    expect(instructorFeed.text).toContain(`UID:booking-${upcoming}@drx`);
    expect(instructorFeed.text.replace(/\r\n[ \t]/g, '')).toContain('/instructor/bookings');

    const reset = await t.gql(client, RESET);
    expect(reset.data.calendarFeedReset.userErrors).toEqual([]);
    const newUrl: string = reset.data.calendarFeedReset.calendarFeed.url;
    expect(newUrl).not.toBe(url);
    expect((await t.agent().get(path)).status).toBe(404);
    expect((await t.agent().get(new URL(newUrl).pathname)).status).toBe(200);
    expect((await t.gql(client, FEED)).data.myCalendarFeed.url).toBe(newUrl);
    expect((await t.agent().get('/api/calendar/unknown-token-unknown-token-123.ics')).status).toBe(404);
  });
});
