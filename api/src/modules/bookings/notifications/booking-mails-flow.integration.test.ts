import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { json, PASSWORD } from '../../orders/orders-fixtures.test';
import { BOOKING_REMINDER_JOB } from './booking-notifications';

// The hook wired end to end: a paid booking made and paid through the graph (test provider) mails
// the client and the instructor with an .ics; cancelling mails both with STATUS:CANCELLED.
let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

const conn = () => t.orm.em.fork().getConnection();

async function newUser(prefix: string, role: string) {
  const username = `${prefix}${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
  const id = randomUUID();
  const email = `${username}@example.com`;
  await conn().execute(
    `insert into users (id, username, username_key, password_hash, role, roles, first_name, email)
     select ?, ?, ?, password_hash, ?, ?, ?, ? from users where username_key = 'member'`,
    [id, username, username.toLowerCase(), role, `{${role}}`, prefix, email],
  );
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password: PASSWORD });
  expect(res.status).toBe(200);
  return { id, email, agent };
}

const CREATE = `mutation($input: BookingCreateInput!) { bookingCreate(input: $input) {
  booking { id status calendarLinks { google outlook ics } } payment { orderId provider } userErrors { code message } } }`;
const CONFIRM = `mutation($input: OrderIdInput!) { checkoutConfirm(input: $input) { order { id status } userErrors { code message } } }`;
const CANCEL = `mutation($input: BookingReasonInput!) { bookingCancel(input: $input) { booking { id status refundedCents feeCents } userErrors { code message } } }`;

async function mailsTo(email: string) {
  const rows: { subject: string; text: string; attachments: { contentType: string; content: string }[] }[] =
    await conn().execute(
      `select subject, text, attachments from mail_outbox where "to" = ? order by created_at, id`,
      [email],
    );
  return rows.map((r) => ({
    ...r,
    ics: r.attachments[0] ? Buffer.from(r.attachments[0].content, 'base64').toString('utf8') : '',
  }));
}

describe('booking mails through the booking flow', () => {
  it('pay → confirmed mails with .ics and reminders queued; cancel → cancellation mails (STATUS:CANCELLED)', async () => {
    const instructor = await newUser('Ann', 'instructor');
    const client = await newUser('Bob', 'user');
    await conn().execute(
      `insert into instructor_profiles (user_id, status, time_zone, min_notice_minutes) values (?, 'approved', 'America/New_York', 0)`,
      [instructor.id],
    );
    for (let weekday = 1; weekday <= 7; weekday += 1) {
      await conn().execute(
        `insert into availability_rules (id, instructor_id, weekday, start_time, end_time) values (?, ?, ?, '00:00', '23:45')`,
        [randomUUID(), instructor.id, weekday],
      );
    }
    const sessionTypeId = randomUUID();
    await conn().execute(
      `insert into session_types (id, instructor_id, kind, title, duration_minutes, price_cents, min_notice_minutes)
       values (?, ?, 'private', 'Private lesson', 60, 6000, 0)`,
      [sessionTypeId, instructor.id],
    );
    // Three days ahead on a whole UTC hour (a whole hour in New York too), inside the hours.
    const start = new Date(Math.ceil((Date.now() + 72 * HOUR) / HOUR) * HOUR);
    if (new Date(start).getUTCHours() === 4 || new Date(start).getUTCHours() === 5) start.setUTCHours(12);

    const created = await t.gql(client.agent, CREATE, {
      input: {
        sessionTypeId,
        start: start.toISOString(),
        clientTimeZone: 'Europe/London',
        idempotencyKey: randomUUID(),
      },
    });
    expect(created.errors).toBeUndefined();
    expect(created.data.bookingCreate.userErrors).toEqual([]);
    const booking = created.data.bookingCreate.booking;
    expect(booking.status).toBe('HELD');
    expect(booking.calendarLinks.ics).toBe(`/api/bookings/${booking.id}/ics`);
    expect(booking.calendarLinks.google).toContain('calendar.google.com');
    expect(await mailsTo(client.email)).toHaveLength(0); // a hold mails nobody

    const paid = await t.gql(client.agent, CONFIRM, {
      input: { orderId: created.data.bookingCreate.payment.orderId },
    });
    expect(paid.errors).toBeUndefined();
    expect(paid.data.checkoutConfirm.order.status).toBe('paid');

    const [clientMail] = await mailsTo(client.email);
    const [instructorMail] = await mailsTo(instructor.email);
    expect(clientMail.subject).toBe('Booking confirmed: Private lesson with Ann');
    expect(instructorMail.subject).toBe('New booking: Private lesson with Bob');
    for (const mail of [clientMail, instructorMail]) {
      expect(mail.attachments[0].contentType).toContain('text/calendar');
      expect(mail.ics).toContain(`UID:booking-${booking.id}@drx`);
      expect(mail.ics).toContain('STATUS:CONFIRMED');
    }
    const jobs = await conn().execute(
      `select singleton_key from pgboss.job where name = ? and data->>'bookingId' = ?`,
      [BOOKING_REMINDER_JOB, booking.id],
    );
    expect(jobs).toHaveLength(2);

    const canceled = await t.gql(client.agent, CANCEL, {
      input: { bookingId: booking.id, reason: 'Cannot make it' },
    });
    expect(canceled.errors).toBeUndefined();
    expect(canceled.data.bookingCancel.userErrors).toEqual([]);
    const clientMails = await mailsTo(client.email);
    const instructorMails = await mailsTo(instructor.email);
    expect(clientMails).toHaveLength(2);
    expect(instructorMails).toHaveLength(2);
    expect(clientMails[1].subject).toBe('Booking canceled: Private lesson with Ann');
    expect(clientMails[1].text).toContain('You canceled');
    expect(clientMails[1].text).toContain('Reason: Cannot make it');
    expect(clientMails[1].text).toContain('Refund: $60.00'); // three days ahead: free cancellation
    expect(instructorMails[1].text).toContain('Canceled by the client');
    for (const mail of [clientMails[1], instructorMails[1]]) {
      expect(mail.ics).toContain('METHOD:CANCEL');
      expect(mail.ics).toContain('STATUS:CANCELLED');
    }
  });
});
