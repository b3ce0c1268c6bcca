import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/test-app';
import { json, PASSWORD } from '../../orders/orders-fixtures.test';
import { BOOKING_REMINDER_JOB } from './booking-notifications';
import { liftHoldLimits } from '../../../test/booking-fixtures';

// The hook wired end to end: a paid booking made and paid through the graph (test provider) mails
// the client and the instructor with an .ics; cancelling mails both with STATUS:CANCELLED.
let t: TestApp;
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp();
  await liftHoldLimits(t); // many holds of one member; the limits have their own tests
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

/** The booking mails to `email` (a paid booking's order receipt is the orders' mail: order-receipt-mail.ts). */
async function mailsTo(email: string) {
  const rows: { subject: string; text: string; attachments: { contentType: string; content: string }[] }[] =
    await conn().execute(
      `select subject, text, attachments from mail_outbox
        where "to" = ? and subject not like 'Your DRX receipt for order %' order by created_at, id`,
      [email],
    );
  return rows.map((r) => ({
    ...r,
    ics: r.attachments[0] ? Buffer.from(r.attachments[0].content, 'base64').toString('utf8') : '',
  }));
}

const APPROVE = `mutation($input: BookingIdInput!) { bookingApprove(input: $input) { booking { id status } userErrors { code message } } }`;
const RESCHEDULE = `mutation($input: BookingRescheduleInput!) { bookingReschedule(input: $input) { booking { id status start } userErrors { code message } } }`;

async function bookableInstructor(requiresApproval: boolean) {
  const instructor = await newUser('Ann', 'instructor');
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
    `insert into session_types (id, instructor_id, kind, title, duration_minutes, price_cents, min_notice_minutes, requires_approval)
     values (?, ?, 'private', 'Private lesson', 60, 6000, 0, ?)`,
    [sessionTypeId, instructor.id, requiresApproval],
  );
  return { instructor, sessionTypeId };
}

/** A whole UTC hour about `hours` ahead, inside the instructor's hours (not 23:45–24:00 New York). */
function startIn(hours: number): Date {
  const start = new Date(Math.ceil((Date.now() + hours * HOUR) / HOUR) * HOUR);
  if (start.getUTCHours() === 4 || start.getUTCHours() === 5) start.setUTCHours(12);
  return start;
}

describe('booking mails through the booking flow', () => {
  it('pay → confirmed mails with .ics and reminders queued; cancel → cancellation mails (STATUS:CANCELLED)', async () => {
    const { instructor, sessionTypeId } = await bookableInstructor(false);
    const client = await newUser('Bob', 'user');
    const start = startIn(72);

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

  it('approval flow: the instructor is asked, approval mails the client; a reschedule mails both and moves the reminders', async () => {
    const { instructor, sessionTypeId } = await bookableInstructor(true);
    const client = await newUser('Cy', 'user');
    const start = startIn(96);
    const created = await t.gql(client.agent, CREATE, {
      input: {
        sessionTypeId,
        start: start.toISOString(),
        clientTimeZone: 'Asia/Tokyo',
        idempotencyKey: randomUUID(),
      },
    });
    expect(created.data.bookingCreate.userErrors).toEqual([]);
    const bookingId = created.data.bookingCreate.booking.id;
    await t.gql(client.agent, CONFIRM, { input: { orderId: created.data.bookingCreate.payment.orderId } });

    const [request] = await mailsTo(instructor.email);
    expect(request.subject).toBe('Booking request to approve: Private lesson with Cy');
    expect(request.text).toContain('approve or decline');
    expect(request.ics).toContain('STATUS:TENTATIVE');
    expect((await mailsTo(client.email))[0].subject).toBe('Booking requested: Private lesson with Ann');
    const reminders = () =>
      conn().execute<{ singleton_key: string }[]>(
        `select singleton_key from pgboss.job where name = ? and data->>'bookingId' = ? order by singleton_key`,
        [BOOKING_REMINDER_JOB, bookingId],
      );
    expect(await reminders()).toHaveLength(0); // not confirmed yet

    const approved = await t.gql(instructor.agent, APPROVE, { input: { bookingId } });
    expect(approved.data.bookingApprove.userErrors).toEqual([]);
    const clientMails = await mailsTo(client.email);
    expect(clientMails[1].subject).toBe('Booking approved: Private lesson with Ann');
    expect(clientMails[1].text).toMatch(/GMT\+9/); // Tokyo, the client's zone
    expect(clientMails[1].ics).toContain('STATUS:CONFIRMED');
    expect(await reminders()).toHaveLength(2);

    const newStart = new Date(start.getTime() + 24 * HOUR);
    const moved = await t.gql(client.agent, RESCHEDULE, {
      input: { bookingId, start: newStart.toISOString() },
    });
    expect(moved.errors).toBeUndefined();
    expect(moved.data.bookingReschedule.userErrors).toEqual([]);
    const rescheduledClient = (await mailsTo(client.email)).at(-1)!;
    const rescheduledInstructor = (await mailsTo(instructor.email)).at(-1)!;
    expect(rescheduledClient.subject).toBe('Booking rescheduled: Private lesson with Ann');
    expect(rescheduledInstructor.subject).toBe('Booking rescheduled: Private lesson with Cy');
    expect(rescheduledInstructor.text).toContain('Before: ');
    expect(rescheduledClient.ics).toContain('SEQUENCE:1');
    expect(rescheduledClient.ics).toContain(`UID:booking-${bookingId}@drx`);
    const keys = (await reminders()).map((r) => r.singleton_key);
    expect(keys).toHaveLength(4);
    expect(keys).toContain(`reminder:${bookingId}:reminder_1h:${newStart.toISOString()}`);
  });
});
