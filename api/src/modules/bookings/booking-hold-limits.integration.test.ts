import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../dev/fake-stripe/src';
import { startTestApp, type TestApp } from '../../test/test-app';
import { CANCEL, json, PASSWORD, type Agent } from '../orders/orders-fixtures.test';

// Paid holds per member (issue 33): at most `bookingHoldsMax` unpaid holds at once (default 3) and
// `bookingHoldsPerHour` started an hour (default 10), counted under the member's lock in the
// booking's transaction; a hold whose PaymentIntent is canceled (Stripe's payment_intent.canceled,
// or the member leaving it) frees its time at once. Stripe is the fake server with the real SDK.

let t: TestApp;
let fake: FakeStripe;
const as: Record<string, Agent> = {};
const idOf: Record<string, string> = {};
const typeOf: Record<string, string> = {};
const INSTRUCTORS = ['instructor', 'multi', 'seller', 'lena', 'rhythm'];
const CLIENTS = ['member', 'studio', 'officer', 'admin'];

const conn = () => t.orm.em.fork().getConnection();
const CREATE = `mutation($input: BookingCreateInput!) { bookingCreate(input: $input) {
  booking { id status } payment { orderId provider clientSecret } userErrors { code field message } } }`;
const SETTINGS = `mutation($input: PlatformSettingsUpdateInput!) { platformSettingsUpdate(input: $input) {
  settings { platformFeePercent bookingHoldsMax bookingHoldsPerHour } userErrors { code field message } } }`;

let keySeq = 0;
const key = () => `hold-${Date.now()}-${++keySeq}`;
let daySeq = 3;
/** A fresh day for every booking, 10:00 UTC (no two bookings of this file meet). */
function nextDay(): Date {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daySeq++);
  d.setUTCHours(10, 0, 0, 0);
  return d;
}

async function hold(client: string, instructor: string, start = nextDay()) {
  const res = await t.gql(as[client], CREATE, {
    input: {
      sessionTypeId: typeOf[instructor],
      start: start.toISOString(),
      clientTimeZone: 'UTC',
      idempotencyKey: key(),
    },
  });
  expect(res.errors).toBeUndefined();
  return res.data.bookingCreate as {
    booking: { id: string; status: string } | null;
    payment: { orderId: string } | null;
    userErrors: { code: string; field: string | null; message: string }[];
  };
}

async function bookingRow(id: string) {
  const [row] = await conn().execute<{ status: string; order_status: string; pi: string }[]>(
    `select b.status, o.status as order_status, o.payment_reference as pi
     from bookings b join orders o on o.id = b.order_id where b.id = ?`,
    [id],
  );
  return row;
}

function deliver(event: { id?: string; type: string; data: { object: unknown } }) {
  const { body, signature } = fake.signEvent(event);
  return t
    .agent()
    .post('/api/webhooks/stripe')
    .set('content-type', 'application/json')
    .set('stripe-signature', signature)
    .send(body);
}

async function upsertInstructor(userId: string) {
  await conn().execute(
    `insert into instructor_profiles (user_id, status, time_zone) values (?, 'approved', 'UTC')
     on conflict (user_id) do update set status = 'approved', time_zone = 'UTC'`,
    [userId],
  );
  await conn().execute('delete from availability_rules where instructor_id = ?', [userId]);
  await conn().execute('delete from availability_overrides where instructor_id = ?', [userId]);
  await conn().execute(`update session_types set active = false where instructor_id = ?`, [userId]);
  for (const weekday of [1, 2, 3, 4, 5, 6, 7]) {
    await conn().execute(
      `insert into availability_rules (id, instructor_id, weekday, start_time, end_time) values (?, ?, ?, '00:00', '23:45')`,
      [randomUUID(), userId, weekday],
    );
  }
  const id = randomUUID();
  await conn().execute(
    `insert into session_types (id, instructor_id, kind, title, duration_minutes, price_cents, capacity,
       min_notice_minutes, horizon_days, requires_approval, cancel_free_hours, late_cancel_fee_percent)
     values (?, ?, 'private', 'Paid lesson', 60, 6000, 1, 0, 90, false, 24, 50)`,
    [id, userId],
  );
  return id;
}

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    stripeSecretKey: 'sk_test_fake',
    stripePublishableKey: 'pk_test_fake',
    stripeApiBase: fake.url,
    stripeWebhookSecret: 'whsec_test',
  });
  for (const name of [...INSTRUCTORS, ...CLIENTS]) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    idOf[name] = res.body.id;
  }
  await conn().execute('delete from bookings');
  for (const name of INSTRUCTORS) typeOf[name] = await upsertInstructor(idOf[name]);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('booking holds per member', () => {
  it('5 concurrent holds at 5 instructors: exactly 3 are held, 2 refused with TOO_MANY_HOLDS (REST: 409)', async () => {
    const made = await Promise.all(INSTRUCTORS.map((name) => hold('member', name)));
    const held = made.filter((m) => m.booking?.status === 'HELD');
    const refused = made.filter((m) => !m.booking);
    expect(held).toHaveLength(3);
    for (const m of held) expect(m.userErrors).toEqual([]);
    expect(refused).toHaveLength(2);
    for (const m of refused) {
      expect(m.userErrors).toEqual([
        {
          code: 'TOO_MANY_HOLDS',
          field: null,
          message: 'You are already holding 3 unpaid sessions — pay for or cancel one before booking another',
        },
      ]);
    }
    const [{ n }] = await conn().execute<{ n: number }[]>(
      `select count(*)::int as n from bookings where client_id = ? and status = 'held'`,
      [idOf.member],
    );
    expect(n).toBe(3);

    const rest = await as.member
      .post('/api/bookings')
      .set(json)
      .send({ sessionTypeId: typeOf.lena, start: nextDay().toISOString(), clientTimeZone: 'UTC' });
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({ code: 'TOO_MANY_HOLDS' });

    // Leaving a hold (checkoutCancel) cancels its PaymentIntent and frees its time at once: one more fits.
    const left = held[0];
    const cancel = await t.gql(as.member, CANCEL, { input: { orderId: left.payment!.orderId } });
    expect(cancel.data.checkoutCancel.userErrors).toEqual([]);
    const row = await bookingRow(left.booking!.id);
    expect(row).toMatchObject({ status: 'expired', order_status: 'canceled' });
    expect(fake.paymentIntents.get(row.pi)?.status).toBe('canceled');
    expect((await hold('member', 'lena')).booking?.status).toBe('HELD');
    expect((await hold('member', 'rhythm')).userErrors[0]?.code).toBe('TOO_MANY_HOLDS');
  });

  it('payment_intent.canceled frees the held time at once (another member takes it) and the member’s hold', async () => {
    const start = nextDay();
    const made = await hold('officer', 'instructor', start);
    expect(made.booking?.status).toBe('HELD');
    // The time is held: another member cannot take it.
    expect((await hold('studio', 'instructor', start)).userErrors[0]?.code).toBe('SLOT_TAKEN');

    const { pi } = await bookingRow(made.booking!.id);
    const event = {
      id: `evt_cancel_${randomUUID().slice(0, 8)}`,
      type: 'payment_intent.canceled',
      data: { object: { id: pi, object: 'payment_intent', status: 'canceled', metadata: {} } },
    };
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('failed');
    expect(await bookingRow(made.booking!.id)).toMatchObject({ status: 'expired', order_status: 'canceled' });
    expect((await deliver(event)).body.outcome).toBe('duplicate');

    const taken = await hold('studio', 'instructor', start);
    expect(taken.userErrors).toEqual([]);
    expect(taken.booking?.status).toBe('HELD');
  });

  it('the member leaving a held booking (bookingCancel; REST POST /bookings/:id/cancel) cancels its PaymentIntent and frees the time', async () => {
    const start = nextDay();
    const made = await hold('officer', 'multi', start);
    expect(made.booking?.status).toBe('HELD');
    const { pi } = await bookingRow(made.booking!.id);
    // Only its client leaves a hold: the instructor cannot cancel an unpaid hold.
    const byInstructor = await as.multi.post(`/api/bookings/${made.booking!.id}/cancel`).set(json).send({});
    expect(byInstructor.status).toBe(409);
    const left = await as.officer.post(`/api/bookings/${made.booking!.id}/cancel`).set(json).send({});
    expect(left.status).toBe(200);
    expect(left.body.status).toBe('EXPIRED');
    expect(await bookingRow(made.booking!.id)).toMatchObject({ status: 'expired', order_status: 'canceled' });
    expect(fake.paymentIntents.get(pi)?.status).toBe('canceled');
    expect((await hold('studio', 'multi', start)).booking?.status).toBe('HELD');
  });

  it('an expired hold has its PaymentIntent canceled at Stripe by the hold-expiry job, once; a PaymentIntent already paid is left', async () => {
    const start = nextDay();
    const made = await hold('officer', 'rhythm', start);
    expect(made.booking?.status).toBe('HELD');
    const { pi } = await bookingRow(made.booking!.id);
    expect(fake.paymentIntents.get(pi)?.status).not.toBe('canceled');
    // The ten minutes run out; the hold's own job expires it (and queues the cancel of its payment).
    await conn().execute(`update bookings set hold_expires_at = now() - interval '1 minute' where id = ?`, [
      made.booking!.id,
    ]);
    await t.handle.jobs.send('booking.hold-expiry', { bookingId: made.booking!.id });
    const cancels = () =>
      fake.requests.filter((r) => r.method === 'POST' && r.path === `/v1/payment_intents/${pi}/cancel`)
        .length;
    for (let i = 0; i < 50 && fake.paymentIntents.get(pi)?.status !== 'canceled'; i++) {
      await t.handle.jobs.runDue('booking.hold-expiry');
      await t.handle.jobs.runDue('booking.cancel-hold-payment');
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await bookingRow(made.booking!.id)).toMatchObject({ status: 'expired', order_status: 'canceled' });
    expect(fake.paymentIntents.get(pi)?.status).toBe('canceled');
    expect(cancels()).toBe(1);
    // The job again (a retry, the sweep): nothing more is asked of Stripe.
    await t.handle.jobs.send('booking.cancel-hold-payment', { orderId: made.payment!.orderId });
    await t.handle.jobs.runDue('booking.cancel-hold-payment');
    expect(cancels()).toBe(1);

    // A hold whose card went through just before it expired: its PaymentIntent is not canceled,
    // and the payment's webhook handles it as any payment of a canceled checkout (docs/payments.md 2b).
    const paidLate = await hold('officer', 'rhythm', nextDay());
    const late = await bookingRow(paidLate.booking!.id);
    fake.setPaymentIntentStatus(late.pi, 'succeeded');
    await conn().execute(`update bookings set hold_expires_at = now() - interval '1 minute' where id = ?`, [
      paidLate.booking!.id,
    ]);
    await t.handle.jobs.send('booking.hold-expiry', { bookingId: paidLate.booking!.id });
    for (let i = 0; i < 30 && (await bookingRow(paidLate.booking!.id)).status === 'held'; i++) {
      await t.handle.jobs.runDue('booking.hold-expiry');
      await new Promise((r) => setTimeout(r, 100));
    }
    await t.handle.jobs.runDue('booking.cancel-hold-payment');
    await new Promise((r) => setTimeout(r, 300));
    await t.handle.jobs.runDue('booking.cancel-hold-payment');
    expect(fake.paymentIntents.get(late.pi)?.status).toBe('succeeded');
    const res = await deliver({
      id: `evt_paid_${randomUUID().slice(0, 8)}`,
      type: 'payment_intent.succeeded',
      data: { object: { ...fake.paymentIntents.get(late.pi) } },
    });
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('refunded');
    expect((await bookingRow(paidLate.booking!.id)).order_status).toBe('refunded');
  });

  it('at most 10 holds started in an hour, even when each was left (HOLD_RATE_LIMITED, REST 429)', async () => {
    for (let i = 0; i < 10; i++) {
      const made = await hold('admin', INSTRUCTORS[i % INSTRUCTORS.length]);
      expect(made.userErrors).toEqual([]);
      const cancel = await t.gql(as.admin, CANCEL, { input: { orderId: made.payment!.orderId } });
      expect(cancel.data.checkoutCancel.userErrors).toEqual([]);
    }
    const eleventh = await hold('admin', 'instructor');
    expect(eleventh.booking).toBeNull();
    expect(eleventh.userErrors).toEqual([
      {
        code: 'HOLD_RATE_LIMITED',
        field: null,
        message: 'You have started 10 paid bookings in the last hour — please try again later',
      },
    ]);
    const rest = await as.admin
      .post('/api/bookings')
      .set(json)
      .send({ sessionTypeId: typeOf.multi, start: nextDay().toISOString(), clientTimeZone: 'UTC' });
    expect(rest.status).toBe(429);
    expect(rest.body.code).toBe('HOLD_RATE_LIMITED');
    // An hour later the holds no longer count.
    await conn().execute(
      `update bookings set hold_started_at = hold_started_at - interval '61 minutes' where client_id = ?`,
      [idOf.admin],
    );
    expect((await hold('admin', 'instructor')).booking?.status).toBe('HELD');
  });

  it('admins change the limits (platform settings); bad values are refused', async () => {
    const read = await t.gql(as.admin, '{ platformSettings { bookingHoldsMax bookingHoldsPerHour } }');
    expect(read.data.platformSettings).toEqual({ bookingHoldsMax: 3, bookingHoldsPerHour: 10 });
    const bad = await t.gql(as.admin, SETTINGS, { input: { bookingHoldsMax: 0 } });
    expect(bad.data.platformSettingsUpdate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'bookingHoldsMax',
    });
    const set = await t.gql(as.admin, SETTINGS, { input: { bookingHoldsMax: 1 } });
    expect(set.data.platformSettingsUpdate).toMatchObject({
      settings: { platformFeePercent: 10, bookingHoldsMax: 1, bookingHoldsPerHour: 10 },
      userErrors: [],
    });
    // The studio member holds one time (previous test): a second is refused now.
    const second = await hold('studio', 'multi');
    expect(second.userErrors[0]).toMatchObject({
      code: 'TOO_MANY_HOLDS',
      message: 'You are already holding an unpaid session — pay for or cancel one before booking another',
    });
    await t.gql(as.admin, SETTINGS, { input: { bookingHoldsMax: 3 } });
    expect((await hold('studio', 'multi')).booking?.status).toBe('HELD');
  });
});
