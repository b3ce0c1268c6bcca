import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../../dev/fake-stripe/src';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  addToCart,
  CONFIRM,
  clearCart,
  count,
  db,
  type Name,
  newKey,
  signIn,
  START,
} from './orders-fixtures.test';

// The edges of refunds made in Stripe's dashboard (issue 33): a booking order refunded in part or
// in whole, and licences of an order refunded in part. The fake Stripe's dashboard-side calls send
// signed `charge.refunded` events to the app's webhook endpoint, as Stripe does.
let t: TestApp;
let fake: FakeStripe;
let server: http.Server;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;
let sessionTypeId: string;

const CREATE = `mutation($input: BookingCreateInput!) { bookingCreate(input: $input) {
  booking { id status } payment { orderId } userErrors { code field message } } }`;
const CANCEL_BOOKING = `mutation($input: BookingReasonInput!) { bookingCancel(input: $input) {
  booking { id status refundedCents } userErrors { code field message } } }`;
const LINE = `id licencesLeft licenceHolders { username }`;
const ASSIGN = `mutation($input: LicenceAssignInput!) { licenceAssign(input: $input) {
  orderLine { ${LINE} } userErrors { code field message } } }`;
const PRICE = 6000;

let daySeq = 5;
function nextDay(): Date {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daySeq++);
  d.setUTCHours(10, 0, 0, 0);
  return d;
}

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    stripeSecretKey: 'sk_test_fake',
    stripePublishableKey: 'pk_test_fake',
    stripeApiBase: fake.url,
    stripeWebhookSecret: 'whsec_test',
  });
  server = http.createServer(t.handle.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.setWebhookEndpoint(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`);
  ({ as, idOf } = await signIn(t));
  // The seller teaches a paid private lesson, bookable any day.
  const instructor = idOf.seller;
  await db(t).execute(
    `insert into instructor_profiles (user_id, status, time_zone) values (?, 'approved', 'UTC')
     on conflict (user_id) do update set status = 'approved', time_zone = 'UTC'`,
    [instructor],
  );
  await db(t).execute('delete from availability_rules where instructor_id = ?', [instructor]);
  await db(t).execute('delete from availability_overrides where instructor_id = ?', [instructor]);
  for (const weekday of [1, 2, 3, 4, 5, 6, 7]) {
    await db(t).execute(
      `insert into availability_rules (id, instructor_id, weekday, start_time, end_time) values (?, ?, ?, '00:00', '23:45')`,
      [randomUUID(), instructor, weekday],
    );
  }
  sessionTypeId = randomUUID();
  await db(t).execute(
    `insert into session_types (id, instructor_id, kind, title, duration_minutes, price_cents, capacity,
       min_notice_minutes, horizon_days, requires_approval, cancel_free_hours, late_cancel_fee_percent)
     values (?, ?, 'private', 'Refund edge lesson', 60, ?, 1, 0, 90, false, 24, 50)`,
    [sessionTypeId, instructor, PRICE],
  );
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await t?.close();
  await fake?.close();
});

async function hold(who: Name, start: Date) {
  const res = await t.gql(as[who], CREATE, {
    input: { sessionTypeId, start: start.toISOString(), clientTimeZone: 'UTC', idempotencyKey: newKey() },
  });
  expect(res.errors).toBeUndefined();
  return res.data.bookingCreate as {
    booking: { id: string; status: string } | null;
    payment: { orderId: string } | null;
    userErrors: { code: string }[];
  };
}

/** The member books and pays the lesson with Stripe (card accepted, checkout confirmed). */
async function bookPaid(who: Name, start = nextDay()) {
  const made = await hold(who, start);
  expect(made.userErrors).toEqual([]);
  const orderId = made.payment!.orderId;
  const [row] = await db(t).execute<{ payment_reference: string }[]>(
    'select payment_reference from orders where id = ?',
    [orderId],
  );
  fake.setPaymentIntentStatus(row.payment_reference, 'succeeded');
  const confirmed = await t.gql(as[who], CONFIRM, { input: { orderId } });
  expect(confirmed.data.checkoutConfirm.order.status).toBe('paid');
  return { bookingId: made.booking!.id, orderId, piId: row.payment_reference, start };
}

const bookingRow = async (id: string) =>
  (
    await db(t).execute<{ status: string; refunded_cents: number; fee_cents: number }[]>(
      'select status, refunded_cents, fee_cents from bookings where id = ?',
      [id],
    )
  )[0];
const orderRow = async (id: string) =>
  (
    await db(t).execute<{ status: string; refunded_cents: string }[]>(
      'select status, refunded_cents from orders where id = ?',
      [id],
    )
  )[0];
const earning = async (orderId: string) =>
  (
    await db(t).execute<{ status: string; gross_cents: string }[]>(
      'select status, gross_cents from seller_earnings where order_id = ?',
      [orderId],
    )
  )[0];
const history = (orderId: string) =>
  db(t).execute<{ event: string; note: string }[]>(
    'select event, note from order_history where order_id = ? order by created_at, id',
    [orderId],
  );

describe('a booking order refunded in Stripe’s dashboard', () => {
  it('in part: the booking records the refunded amount and stays booked; the earning is what is left; a later cancellation refunds only the rest', async () => {
    const b = await bookPaid('member');
    expect(await bookingRow(b.bookingId)).toMatchObject({ status: 'confirmed', refunded_cents: 0 });

    const { delivery } = await fake.dashboardRefund(b.piId, 1500);
    expect(delivery.body).toMatchObject({ outcome: 'partly_refunded' });
    expect(await bookingRow(b.bookingId)).toMatchObject({ status: 'confirmed', refunded_cents: 1500 });
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'refunded' });
    expect(Number((await orderRow(b.orderId)).refunded_cents)).toBe(1500);
    expect(await earning(b.orderId)).toMatchObject({ status: 'pending' });
    expect(Number((await earning(b.orderId)).gross_cents)).toBe(PRICE - 1500);
    const [entry] = await history(b.orderId);
    expect(entry.event).toBe('provider_partial_refund');
    expect(entry.note).toContain('The booking stays booked with $15.00 of its $60.00 refunded');

    // The client cancels inside the free window: DRX refunds the rest, not the whole price again.
    const canceled = await t.gql(as.member, CANCEL_BOOKING, { input: { bookingId: b.bookingId } });
    expect(canceled.data.bookingCancel.userErrors).toEqual([]);
    expect(await bookingRow(b.bookingId)).toMatchObject({ status: 'canceled', refunded_cents: PRICE });
    expect(Number((await orderRow(b.orderId)).refunded_cents)).toBe(PRICE);
    expect((await earning(b.orderId)).status).toBe('reversed');
    const drxRefunds = [...fake.refunds.values()].filter((r) => r.payment_intent === b.piId);
    expect(drxRefunds.map((r) => r.amount).sort((x, y) => x - y)).toEqual([1500, PRICE - 1500]);
  });

  it('in whole: the booking is canceled, its time freed for another member, the earning reversed', async () => {
    const b = await bookPaid('member');
    const { delivery } = await fake.dashboardRefund(b.piId);
    expect(delivery.body).toMatchObject({ outcome: 'refunded' });
    expect(await bookingRow(b.bookingId)).toMatchObject({ status: 'canceled', refunded_cents: PRICE });
    expect((await earning(b.orderId)).status).toBe('reversed');
    const again = await hold('studio', b.start);
    expect(again.userErrors).toEqual([]);
    expect(again.booking?.status).toBe('HELD');
  });

  it('two partial refunds that add up to the price cancel the booking', async () => {
    const b = await bookPaid('multi');
    await fake.dashboardRefund(b.piId, 2000);
    expect(await bookingRow(b.bookingId)).toMatchObject({ status: 'confirmed', refunded_cents: 2000 });
    const rest = await fake.dashboardRefund(b.piId);
    expect(rest.delivery.body).toMatchObject({ outcome: 'refunded' });
    expect(await bookingRow(b.bookingId)).toMatchObject({ status: 'canceled', refunded_cents: PRICE });
  });
});

describe('licences of an order refunded in part', () => {
  /** A priced resource nobody of these holds (so each can receive a licence). */
  async function freshResources(n: number, people: string[]) {
    const rows = await db(t).execute<{ id: string }[]>(
      `select r.id from resources r
       where r.status = 'published' and r.price_cents > 0
         and r.seller_id not in (${people.map(() => '?').join(', ')})
         and not exists (select 1 from entitlements e where e.resource_id = r.id
                         and e.user_id in (${people.map(() => '?').join(', ')}))
       order by r.price_cents desc, r.id limit ?`,
      [...people, ...people, n],
    );
    expect(rows).toHaveLength(n);
    return rows.map((r) => r.id);
  }
  const licenceOf = (userId: string, lineId: string) =>
    count(t, `select 1 from entitlements where user_id = ? and order_line_id = ? and source = 'licence'`, [
      userId,
      lineId,
    ]);

  it('a refund covering a licence line revokes its licences only; the other line keeps and can still give its own', async () => {
    const buyer = 'member';
    const [first, second] = await freshResources(2, [idOf.member, idOf.studio, idOf.officer]);
    await clearCart(t, idOf[buyer]);
    await addToCart(t, as[buyer], 'resource', first, 2);
    await addToCart(t, as[buyer], 'resource', second, 3);
    const started = await t.gql(as[buyer], START, { input: { idempotencyKey: newKey() } });
    expect(started.data.checkoutStart.userErrors).toEqual([]);
    const orderId = started.data.checkoutStart.order.id as string;
    const [{ payment_reference: piId }] = await db(t).execute<{ payment_reference: string }[]>(
      'select payment_reference from orders where id = ?',
      [orderId],
    );
    fake.setPaymentIntentStatus(piId, 'succeeded');
    expect((await t.gql(as[buyer], CONFIRM, { input: { orderId } })).data.checkoutConfirm.order.status).toBe(
      'paid',
    );
    const lines = await db(t).execute<{ id: string; item_id: string; paid_cents: number }[]>(
      `select id, item_id, (line_total_cents - member_discount_cents - discount_cents)::int as paid_cents
       from order_lines where order_id = ? order by position`,
      [orderId],
    );
    const one = lines.find((l) => l.item_id === first)!;
    const two = lines.find((l) => l.item_id === second)!;
    const give = async (lineId: string, username: string) =>
      (await t.gql(as[buyer], ASSIGN, { input: { orderLineId: lineId, username } })).data.licenceAssign;
    expect((await give(one.id, 'studio')).userErrors).toEqual([]);
    expect((await give(two.id, 'officer')).userErrors).toEqual([]);

    // A refund smaller than either line covers none: every licence stays, and can still be given.
    const firstPosition = lines[0];
    await fake.dashboardRefund(piId, 1);
    expect(await licenceOf(idOf.studio, one.id)).toBe(1);
    expect(await licenceOf(idOf.officer, two.id)).toBe(1);

    // Enough to cover the first line in position: its licence goes, the other stays.
    const covered = firstPosition.id === one.id ? one : two;
    const kept = covered === one ? two : one;
    await fake.dashboardRefund(piId, covered.paid_cents - 1);
    const coveredHolder = covered === one ? idOf.studio : idOf.officer;
    const keptHolder = covered === one ? idOf.officer : idOf.studio;
    expect(await licenceOf(coveredHolder, covered.id)).toBe(0);
    expect(await licenceOf(keptHolder, kept.id)).toBe(1);
    expect(await count(t, `select 1 from entitlements where order_line_id = ?`, [covered.id])).toBe(0);
    expect(
      await count(t, `select 1 from entitlements where order_line_id = ? and source = 'order'`, [kept.id]),
    ).toBe(1);

    // The kept line still gives licences (the order is refunded only in part); the covered one none.
    const keptLeft = kept === two ? 1 : 0;
    const page = await t.gql(as[buyer], `query($id: ID!) { order(id: $id) { lines { ${LINE} } } }`, {
      id: orderId,
    });
    const byId = Object.fromEntries(
      (page.data.order.lines as { id: string; licencesLeft: number }[]).map((l) => [l.id, l.licencesLeft]),
    );
    expect(byId[covered.id]).toBe(0);
    expect(byId[kept.id]).toBe(keptLeft);
    if (keptLeft) {
      // (the studio member holds the other resource's licence only, so may take this one)
      expect((await give(kept.id, 'studio')).userErrors).toEqual([]);
      expect(await licenceOf(idOf.studio, kept.id)).toBe(1);
    }
    const refused = await give(covered.id, 'officer');
    expect(refused.userErrors[0]?.code).toBe('CONFLICT');
  });
});
