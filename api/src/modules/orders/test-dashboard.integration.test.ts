import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { json, PASSWORD, type Agent } from './orders-fixtures.test';

// The test provider's stand-in for Stripe's dashboard (orderTestDashboard, what `npm start` and the
// e2e suite have): a booking paid with the test provider, refunded or disputed "in Stripe", goes
// through the same code as Stripe's webhook — the booking canceled and its time freed, the
// instructor's earning reversed — and an open dispute leaves the booking in place until it is lost.

let t: TestApp;
const as: Record<string, Agent> = {};
const idOf: Record<string, string> = {};
let lessonType: string;
const conn = () => t.orm.em.fork().getConnection();
const HOUR = 3_600_000;

const CREATE = `mutation($input: BookingCreateInput!) { bookingCreate(input: $input) {
  booking { id status } payment { orderId } userErrors { code message } } }`;
const CONFIRM = `mutation($input: OrderIdInput!) { checkoutConfirm(input: $input) { userErrors { code message } } }`;
const DASHBOARD = `mutation($input: OrderTestDashboardInput!) { orderTestDashboard(input: $input) {
  order { status totalCents refundedCents disputeStatus history { event note amountCents } }
  userErrors { code field message } } }`;

function startIn(hours: number): Date {
  const d = new Date(Date.now() + hours * HOUR);
  d.setUTCMinutes(0, 0, 0);
  d.setTime(d.getTime() + HOUR);
  while (d.getUTCHours() < 1 || d.getUTCHours() > 21) d.setTime(d.getTime() + HOUR);
  return d;
}

async function book(agent: Agent, start: Date) {
  const made = await t.gql(agent, CREATE, {
    input: {
      sessionTypeId: lessonType,
      start: start.toISOString(),
      clientTimeZone: 'UTC',
      idempotencyKey: randomUUID(),
    },
  });
  expect(made.errors).toBeUndefined();
  return made.data.bookingCreate as {
    booking: { id: string } | null;
    payment: { orderId: string } | null;
    userErrors: { code: string }[];
  };
}

async function bookAndPay(agent: Agent, start: Date) {
  const made = await book(agent, start);
  expect(made.userErrors).toEqual([]);
  const orderId = made.payment!.orderId;
  const paid = await t.gql(agent, CONFIRM, { input: { orderId } });
  expect(paid.data.checkoutConfirm.userErrors).toEqual([]);
  return { bookingId: made.booking!.id, orderId };
}

const dashboard = async (input: Record<string, unknown>, agent = as.admin) => {
  const res = await t.gql(agent, DASHBOARD, { input });
  expect(res.errors).toBeUndefined();
  return res.data.orderTestDashboard;
};
const bookingStatus = async (id: string) =>
  (await conn().execute<{ status: string }[]>('select status from bookings where id = ?', [id]))[0].status;
const earningStatus = async (orderId: string) =>
  (
    await conn().execute<{ status: string }[]>('select status from seller_earnings where order_id = ?', [
      orderId,
    ])
  ).map((r) => r.status);

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['admin', 'instructor', 'multi', 'member']) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    idOf[name] = res.body.id;
  }
  await conn().execute('delete from bookings where instructor_id = ?', [idOf.instructor]);
  await conn().execute(
    `insert into instructor_profiles (user_id, status, time_zone) values (?, 'approved', 'UTC')
     on conflict (user_id) do update set status = 'approved', time_zone = 'UTC'`,
    [idOf.instructor],
  );
  await conn().execute('delete from availability_rules where instructor_id = ?', [idOf.instructor]);
  await conn().execute('delete from availability_overrides where instructor_id = ?', [idOf.instructor]);
  await conn().execute(`update session_types set active = false where instructor_id = ? and kind = 'group'`, [
    idOf.instructor,
  ]);
  for (const weekday of [1, 2, 3, 4, 5, 6, 7]) {
    await conn().execute(
      `insert into availability_rules (id, instructor_id, weekday, start_time, end_time) values (?, ?, ?, '00:00', '23:45')`,
      [randomUUID(), idOf.instructor, weekday],
    );
  }
  lessonType = randomUUID();
  await conn().execute(
    `insert into session_types (id, instructor_id, kind, title, duration_minutes, price_cents, capacity,
       min_notice_minutes, horizon_days, requires_approval, cancel_free_hours, late_cancel_fee_percent)
     values (?, ?, 'private', 'Private tango', 60, 6000, 1, 0, 40, false, 24, 50)`,
    [lessonType, idOf.instructor],
  );
});
afterAll(() => t?.close());

describe('the test dashboard (Stripe-side refunds and disputes with the test provider)', () => {
  it('a refund in part keeps the booking; the rest cancels it and frees its time', async () => {
    const start = startIn(72);
    const paid = await bookAndPay(as.member, start);
    expect(await earningStatus(paid.orderId)).toEqual(['pending']);
    // The time is taken.
    expect((await book(as.multi, start)).userErrors[0]?.code).toBe('SLOT_TAKEN');

    const part = await dashboard({ orderId: paid.orderId, action: 'REFUND', amountCents: 1000 });
    expect(part.userErrors).toEqual([]);
    expect(part.order).toMatchObject({ status: 'refunded', refundedCents: 1000 });
    expect(part.order.history).toEqual([
      expect.objectContaining({ event: 'provider_partial_refund', amountCents: 1000 }),
    ]);
    expect(part.order.history[0].note).toContain('Kept (not covered in full): ');
    expect(await bookingStatus(paid.bookingId)).toBe('confirmed');
    expect(await earningStatus(paid.orderId)).toEqual(['pending']);

    // More than is left is refused.
    const tooMuch = await dashboard({ orderId: paid.orderId, action: 'REFUND', amountCents: 5001 });
    expect(tooMuch.userErrors).toEqual([
      { code: 'INVALID_INPUT', field: 'amountCents', message: 'Refund between 1 and 5000 cents' },
    ]);

    const rest = await dashboard({ orderId: paid.orderId, action: 'REFUND' });
    expect(rest.userErrors).toEqual([]);
    expect(rest.order).toMatchObject({ status: 'refunded', refundedCents: 6000 });
    expect(await bookingStatus(paid.bookingId)).toBe('canceled');
    expect(await earningStatus(paid.orderId)).toEqual(['reversed']);
    // The time is free again: another member books it.
    expect((await book(as.multi, start)).userErrors).toEqual([]);
  });

  it('an open dispute keeps the booking and reverses the earning; lost, the booking is canceled', async () => {
    const start = startIn(96);
    const paid = await bookAndPay(as.member, start);
    const opened = await dashboard({ orderId: paid.orderId, action: 'DISPUTE_OPEN' });
    expect(opened.order).toMatchObject({ status: 'paid', disputeStatus: 'open' });
    expect(await bookingStatus(paid.bookingId)).toBe('confirmed');
    expect(await earningStatus(paid.orderId)).toEqual(['reversed']);

    const lost = await dashboard({ orderId: paid.orderId, action: 'DISPUTE_LOST' });
    expect(lost.order).toMatchObject({ status: 'refunded', refundedCents: 6000, disputeStatus: 'lost' });
    expect(lost.order.history.map((h: { event: string }) => h.event)).toEqual([
      'dispute_opened',
      'dispute_lost',
    ]);
    expect(await bookingStatus(paid.bookingId)).toBe('canceled');
    expect((await book(as.multi, start)).userErrors).toEqual([]);
  });

  it('a won dispute gives the earning back', async () => {
    const paid = await bookAndPay(as.member, startIn(120));
    await dashboard({ orderId: paid.orderId, action: 'DISPUTE_OPEN' });
    expect(await earningStatus(paid.orderId)).toEqual(['reversed']);
    const won = await dashboard({ orderId: paid.orderId, action: 'DISPUTE_WON' });
    expect(won.order).toMatchObject({ status: 'paid', disputeStatus: 'won', refundedCents: 0 });
    expect(await earningStatus(paid.orderId)).toEqual(['pending']);
    expect(await bookingStatus(paid.bookingId)).toBe('confirmed');
  });

  it('is for staff only', async () => {
    const res = await t.gql(as.member, DASHBOARD, { input: { orderId: randomUUID(), action: 'REFUND' } });
    expect(res.data?.orderTestDashboard ?? null).toBeNull();
    expect(res.errors?.length).toBeGreaterThan(0);
  });
});
