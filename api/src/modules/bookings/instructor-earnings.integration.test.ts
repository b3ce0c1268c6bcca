import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { json, PASSWORD, type Agent } from '../orders/orders-fixtures.test';
import { liftHoldLimits } from '../../test/booking-fixtures';
import { queriesDuring } from '../../test/query-count';

// An instructor's booking earnings on a real PostgreSQL: a paid booking (test provider) is a
// pending earning, a late cancellation leaves the fee, a full refund reverses it; nobody else reads it.

let t: TestApp;
const as: Record<string, Agent> = {};
const idOf: Record<string, string> = {};
let lessonType: string; // $60, free cancellation until 24 h before, 50% late fee

const conn = () => t.orm.em.fork().getConnection();
const HOUR = 3_600_000;

const EARNINGS = `{ instructorEarnings(first: 10) { totalCount nodes { id orderId orderNumber grossCents feeCents
  netCents status createdAt booking { id title start status } } } }`;
const SUMMARY = `{ instructorEarningsSummary { bookingsCount grossCents netCents pendingCents availableCents
  reversedCount reversedGrossCents refundedCents holdDays } }`;
const CREATE = `mutation($input: BookingCreateInput!) { bookingCreate(input: $input) {
  booking { id status } payment { orderId } userErrors { code message } } }`;
const CONFIRM = `mutation($input: OrderIdInput!) { checkoutConfirm(input: $input) { userErrors { code message } } }`;
const CANCEL = `mutation($input: BookingReasonInput!) { bookingCancel(input: $input) {
  booking { id status refundedCents feeCents } userErrors { code message } } }`;

/** A start on the hour `hours` from now, kept between 01:00 and 21:00 UTC. */
function startIn(hours: number): Date {
  const d = new Date(Date.now() + hours * HOUR);
  d.setUTCMinutes(0, 0, 0);
  d.setTime(d.getTime() + HOUR);
  while (d.getUTCHours() < 1 || d.getUTCHours() > 21) d.setTime(d.getTime() + HOUR);
  return d;
}

async function bookAndPay(agent: Agent, start: Date) {
  const made = await t.gql(agent, CREATE, {
    input: {
      sessionTypeId: lessonType,
      start: start.toISOString(),
      clientTimeZone: 'UTC',
      idempotencyKey: randomUUID(),
    },
  });
  expect(made.errors).toBeUndefined();
  expect(made.data.bookingCreate.userErrors).toEqual([]);
  const orderId = made.data.bookingCreate.payment.orderId as string;
  const paid = await t.gql(agent, CONFIRM, { input: { orderId } });
  expect(paid.errors).toBeUndefined();
  expect(paid.data.checkoutConfirm.userErrors).toEqual([]);
  return { bookingId: made.data.bookingCreate.booking.id as string, orderId };
}

async function earnings(agent: Agent) {
  const res = await t.gql(agent, EARNINGS);
  expect(res.errors).toBeUndefined();
  return res.data.instructorEarnings as { totalCount: number; nodes: any[] };
}
async function summary(agent: Agent) {
  const res = await t.gql(agent, SUMMARY);
  expect(res.errors).toBeUndefined();
  return res.data.instructorEarningsSummary;
}
const rowOf = (list: { nodes: any[] }, orderId: string) => list.nodes.find((n) => n.orderId === orderId);

async function login(name: string) {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
  expect(res.status).toBe(200);
  as[name] = agent;
  idOf[name] = res.body.id;
}

beforeAll(async () => {
  t = await startTestApp();
  await liftHoldLimits(t); // many holds of one member; the limits have their own tests
  for (const name of ['instructor', 'multi', 'member', 'seller']) await login(name);
  as.guest = t.agent();
  // Start from no bookings (the demo seed's lessons would otherwise count too).
  await conn().execute('delete from bookings');
  await conn().execute(
    `insert into instructor_profiles (user_id, status, time_zone) values (?, 'approved', 'UTC')
     on conflict (user_id) do update set status = 'approved', time_zone = 'UTC'`,
    [idOf.instructor],
  );
  await conn().execute('delete from availability_rules where instructor_id = ?', [idOf.instructor]);
  await conn().execute('delete from availability_overrides where instructor_id = ?', [idOf.instructor]);
  // The demo's weekly group classes would block their hours (which a test run's "now" may meet).
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

describe('instructor earnings', () => {
  it('start empty for the instructor once the demo bookings are gone', async () => {
    expect((await earnings(as.instructor)).totalCount).toBe(0);
    expect((await summary(as.instructor)).bookingsCount).toBe(0);
  });

  it('a paid booking is pending, a late cancellation leaves the fee, a full refund reverses it', async () => {
    const early = await bookAndPay(as.member, startIn(72));
    const late = await bookAndPay(as.member, startIn(6));

    let list = await earnings(as.instructor);
    expect(list.totalCount).toBe(2);
    const paid = rowOf(list, early.orderId);
    expect(paid).toMatchObject({ grossCents: 6000, feeCents: 600, netCents: 5400, status: 'pending' });
    expect(paid.orderNumber).toMatch(/\S/);
    expect(paid.booking).toMatchObject({ id: early.bookingId, title: 'Private tango', status: 'CONFIRMED' });
    expect(await summary(as.instructor)).toMatchObject({
      bookingsCount: 2,
      grossCents: 12000,
      netCents: 10800,
      pendingCents: 10800,
      availableCents: 0,
      reversedCount: 0,
      refundedCents: 0,
      holdDays: 7,
    });

    // The client cancels inside 24 h: 50% ($30) is kept, so the earning is the fee.
    const lateCancel = await t.gql(as.member, CANCEL, { input: { bookingId: late.bookingId } });
    expect(lateCancel.data.bookingCancel.userErrors).toEqual([]);
    expect(lateCancel.data.bookingCancel.booking).toMatchObject({ refundedCents: 3000, feeCents: 3000 });
    // The instructor cancels the other: a full refund.
    const full = await t.gql(as.instructor, CANCEL, { input: { bookingId: early.bookingId } });
    expect(full.data.bookingCancel.userErrors).toEqual([]);
    expect(full.data.bookingCancel.booking.refundedCents).toBe(6000);

    list = await earnings(as.instructor);
    expect(rowOf(list, late.orderId)).toMatchObject({
      grossCents: 3000,
      feeCents: 300,
      netCents: 2700,
      status: 'pending',
      booking: { id: late.bookingId, status: 'CANCELED' },
    });
    expect(rowOf(list, early.orderId)).toMatchObject({ status: 'reversed', grossCents: 6000 });
    expect(await summary(as.instructor)).toMatchObject({
      bookingsCount: 1,
      grossCents: 3000,
      netCents: 2700,
      pendingCents: 2700,
      reversedCount: 1,
      reversedGrossCents: 6000,
      refundedCents: 9000,
    });

    // Past the hold period the kept fee becomes available.
    await conn().execute(
      `update seller_earnings set created_at = now() - interval '8 days' where order_id = ?`,
      [late.orderId],
    );
    expect(await summary(as.instructor)).toMatchObject({ pendingCents: 0, availableCents: 2700 });
    expect(rowOf(await earnings(as.instructor), late.orderId).status).toBe('available');

    // Once transferred to the instructor's Stripe account it is theirs: no longer owed by DRX.
    await conn().execute(
      `insert into seller_transfers (seller_id, earning_id, order_id, order_number, destination_account,
         transfer_group, net_cents, amount_cents, status, stripe_transfer_id, paid_at, round)
       select e.seller_id, e.id, e.order_id, 'T-1', 'acct_test_instructor', 'order_' || e.order_id,
         e.net_cents, e.net_cents, 'paid', 'tr_test_' || e.id, now(), e.transfer_round
         from seller_earnings e where e.order_id = ?`,
      [late.orderId],
    );
    expect(await summary(as.instructor)).toMatchObject({ pendingCents: 0, availableCents: 0 });
  });

  it('another instructor sees none of it; members, sellers and guests are refused', async () => {
    expect((await earnings(as.instructor)).totalCount).toBe(2);
    expect((await earnings(as.multi)).totalCount).toBe(0);
    expect((await summary(as.multi)).refundedCents).toBe(0);
    for (const who of ['member', 'seller']) {
      expect((await t.gql(as[who], EARNINGS)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
      expect((await t.gql(as[who], SUMMARY)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
    expect((await t.gql(as.guest, EARNINGS)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    // A seller's own ledger never shows the booking's client-facing session.
    const sellerLedger = await t.gql(as.seller, `{ sellerEarnings { nodes { booking { id } } } }`);
    expect(sellerLedger.errors).toBeUndefined();
    expect(sellerLedger.data.sellerEarnings.nodes.every((n: any) => n.booking === null)).toBe(true);
  });

  it("reads a page's booked sessions in one statement, whatever the page's size", async () => {
    for (const hours of [96, 120, 144]) await bookAndPay(as.member, startIn(hours));
    const page = (first: number) => async () => {
      const res = await t.gql(
        as.instructor,
        `{ instructorEarnings(first: ${first}) { nodes { orderId booking { id title } } } }`,
      );
      expect(res.errors).toBeUndefined();
      expect(res.data.instructorEarnings.nodes).toHaveLength(first);
      expect(res.data.instructorEarnings.nodes.every((n: any) => n.booking?.title === 'Private tango')).toBe(
        true,
      );
    };
    const one = await queriesDuring(t.orm, page(1));
    const five = await queriesDuring(t.orm, page(5));
    expect(five.length).toBe(one.length);
  });
});
