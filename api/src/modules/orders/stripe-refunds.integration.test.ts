import http from 'node:http';
import type { AddressInfo } from 'node:net';
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
  paidCourse,
  REFUND,
  resourceOf,
  signIn,
  START,
} from './orders-fixtures.test';

// Refunds and disputes made on Stripe's side (issue 33): the fake Stripe's dashboard-side calls
// send signed `charge.refunded` / `charge.dispute.*` events to the app's webhook endpoint, as
// Stripe does; the app takes back (or gives back) through the DRX refund path, once per event.
let t: TestApp;
let fake: FakeStripe;
let server: http.Server;
let as: Record<Name, Agent>;
let idOf: Record<Name, string>;

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
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((r) => server?.close(r));
  await t?.close();
  await fake?.close();
});

interface Bought {
  orderId: string;
  piId: string;
  totalCents: number;
  lines: { id: string; item_type: string; item_id: string; paid_cents: number; title: string }[];
}

/** The buyer pays for a cart of these items with Stripe (card accepted, checkout confirmed). */
async function buy(who: Name, items: { type: 'course' | 'resource'; id: string; quantity?: number }[]) {
  await clearCart(t, idOf[who]);
  for (const item of items) await addToCart(t, as[who], item.type, item.id, item.quantity ?? 1);
  const started = await t.gql(as[who], START, { input: { idempotencyKey: newKey() } });
  expect(started.data.checkoutStart.userErrors).toEqual([]);
  const order = started.data.checkoutStart.order;
  const [row] = await db(t).execute<{ payment_reference: string }[]>(
    'select payment_reference from orders where id = ?',
    [order.id],
  );
  fake.setPaymentIntentStatus(row.payment_reference, 'succeeded');
  const confirmed = await t.gql(as[who], CONFIRM, { input: { orderId: order.id } });
  expect(confirmed.data.checkoutConfirm.order.status).toBe('paid');
  const lines = await db(t).execute<Bought['lines']>(
    `select id, item_type, item_id, title, (line_total_cents - member_discount_cents - discount_cents)::int as paid_cents
     from order_lines where order_id = ? order by position`,
    [order.id],
  );
  return { orderId: order.id, piId: row.payment_reference, totalCents: order.totalCents, lines } as Bought;
}

const entitlementsOfLine = (lineId: string) =>
  count(t, `select 1 from entitlements where order_line_id = ?`, [lineId]);
const courseOpen = async (userId: string, courseId: string) =>
  (
    await db(t).execute<{ open: boolean }[]>(
      `select access_revoked_at is null as open from enrollments where user_id = ? and course_id = ?`,
      [userId, courseId],
    )
  )[0]?.open ?? false;
const orderRow = async (id: string) =>
  (
    await db(t).execute<
      {
        status: string;
        refunded_cents: number;
        dispute_status: string | null;
        refund_reason: string | null;
      }[]
    >('select status, refunded_cents, dispute_status, refund_reason from orders where id = ?', [id])
  )[0];
const earnings = (orderId: string) =>
  db(t).execute<{ order_line_id: string; status: string }[]>(
    'select order_line_id, status from seller_earnings where order_id = ? order by order_line_id',
    [orderId],
  );
const history = (orderId: string) =>
  db(t).execute<{ event: string; note: string; amount_cents: string | null }[]>(
    'select event, note, amount_cents from order_history where order_id = ? order by created_at, id',
    [orderId],
  );

describe('refunds made in the Stripe dashboard', () => {
  it('a full refund takes back the download, the course enrolment and the seller’s earning', async () => {
    const course = await paidCourse(t, idOf.member);
    const resource = await resourceOf(t, idOf.seller, idOf.member);
    const b = await buy('member', [
      { type: 'course', id: course.id },
      { type: 'resource', id: resource.id },
    ]);
    const resourceLine = b.lines.find((l) => l.item_type === 'resource')!;
    expect(await entitlementsOfLine(resourceLine.id)).toBe(1);
    expect(await courseOpen(idOf.member, course.id)).toBe(true);
    expect((await earnings(b.orderId)).map((e) => e.status)).toEqual(['pending']);

    const { delivery } = await fake.dashboardRefund(b.piId);
    expect(delivery.status).toBe(200);
    expect(delivery.body).toMatchObject({ outcome: 'refunded' });

    expect(await entitlementsOfLine(resourceLine.id)).toBe(0);
    expect(await courseOpen(idOf.member, course.id)).toBe(false);
    expect((await earnings(b.orderId)).map((e) => e.status)).toEqual(['reversed']);
    expect(await orderRow(b.orderId)).toMatchObject({
      status: 'refunded',
      refunded_cents: b.totalCents,
      refund_reason: 'Refunded in Stripe',
    });
    const [entry] = await history(b.orderId);
    expect(entry.event).toBe('provider_refund');
    expect(Number(entry.amount_cents)).toBe(b.totalCents);
    // The buyer's order page no longer offers the download.
    const page = await t.gql(
      as.member,
      `query($id: ID!) { order(id: $id) { status lines { itemType downloadUrl } } }`,
      {
        id: b.orderId,
      },
    );
    expect(
      page.data.order.lines.find((l: { itemType: string }) => l.itemType === 'resource').downloadUrl,
    ).toBeNull();
  });

  it('a partial refund takes back only the lines it covers in full, in order, and says so', async () => {
    const first = await resourceOf(t, idOf.seller, idOf.multi);
    const second = await resourceOf(t, idOf.seller, idOf.multi, [first.id]);
    const b = await buy('multi', [
      { type: 'resource', id: first.id },
      { type: 'resource', id: second.id },
    ]);
    const [one, two] = b.lines;
    expect(one.paid_cents).toBeGreaterThan(1);

    // Less than the first line: nothing taken back, the amount recorded.
    const small = await fake.dashboardRefund(b.piId, one.paid_cents - 1);
    expect(small.delivery.body).toMatchObject({ outcome: 'partly_refunded' });
    expect(await entitlementsOfLine(one.id)).toBe(1);
    expect(await entitlementsOfLine(two.id)).toBe(1);
    expect(await orderRow(b.orderId)).toMatchObject({
      status: 'refunded',
      refunded_cents: one.paid_cents - 1,
    });

    // One cent more covers the first line in full: only it goes.
    const more = await fake.dashboardRefund(b.piId, 1);
    expect(more.delivery.body).toMatchObject({ outcome: 'partly_refunded' });
    expect(await entitlementsOfLine(one.id)).toBe(0);
    expect(await entitlementsOfLine(two.id)).toBe(1);
    const byLine = Object.fromEntries((await earnings(b.orderId)).map((e) => [e.order_line_id, e.status]));
    expect(byLine).toEqual({ [one.id]: 'reversed', [two.id]: 'pending' });
    const notes = await history(b.orderId);
    expect(notes.map((n) => n.event)).toEqual(['provider_partial_refund', 'provider_partial_refund']);
    expect(notes[0].note).toContain('Nothing more taken back');
    expect(notes[0].note).toContain(`Kept (not covered in full): ${one.title}, ${two.title}`);
    expect(notes[1].note).toContain(`Taken back: ${one.title}.`);
    expect(notes[1].note).toContain(`Kept (not covered in full): ${two.title}`);

    // The rest: a full refund now.
    const rest = await fake.dashboardRefund(b.piId);
    expect(rest.delivery.body).toMatchObject({ outcome: 'refunded' });
    expect(await entitlementsOfLine(two.id)).toBe(0);
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'refunded', refunded_cents: b.totalCents });
  });

  it('a replayed event changes nothing, nor does a later event about the same refund', async () => {
    const resource = await resourceOf(t, idOf.seller, idOf.studio);
    const b = await buy('studio', [{ type: 'resource', id: resource.id }]);
    const { delivery } = await fake.dashboardRefund(b.piId);
    expect(delivery.body).toMatchObject({ outcome: 'refunded' });
    // The buyer buys it again; a replay of the refund must not take the new purchase back.
    const again = await buy('studio', [{ type: 'resource', id: resource.id }]);
    const replay = await fake.deliver(delivery.event);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ outcome: 'duplicate' });
    const sameState = await fake.deliver({ ...delivery.event, id: `evt_again_${b.orderId.slice(0, 8)}` });
    expect(sameState.body).toMatchObject({ outcome: 'unchanged' });
    expect(await history(b.orderId)).toHaveLength(1);
    expect(await entitlementsOfLine(again.lines[0].id)).toBe(1);
    expect((await earnings(again.orderId)).map((e) => e.status)).toEqual(['pending']);
  });

  it('concurrent duplicate deliveries take back once', async () => {
    const course = await paidCourse(t, idOf.studio);
    const resource = await resourceOf(t, idOf.seller, idOf.studio);
    const b = await buy('studio', [
      { type: 'course', id: course.id },
      { type: 'resource', id: resource.id },
    ]);
    // The refund is made with no endpoint listening; then its event arrives five times at once,
    // under one id (Stripe's retries) and under others (events describing the same charge).
    fake.setWebhookEndpoint(null);
    const missed = await fake.dashboardRefund(b.piId);
    expect(missed.delivery.status).toBe(0);
    fake.setWebhookEndpoint(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/stripe`);
    const event = {
      id: `evt_conc_${b.orderId.slice(0, 8)}`,
      type: 'charge.refunded',
      data: { object: fake.charge(b.piId) },
    };
    const results = await Promise.all([
      fake.deliver(event),
      fake.deliver(event),
      fake.deliver(event),
      fake.deliver({ ...event, id: `${event.id}_b` }),
      fake.deliver({ ...event, id: `${event.id}_c` }),
    ]);
    const outcomes = results.map((r) => (r.body as { outcome: string }).outcome).sort();
    expect(outcomes).toEqual(['duplicate', 'duplicate', 'refunded', 'unchanged', 'unchanged']);
    expect(await history(b.orderId)).toHaveLength(1);
    expect(await courseOpen(idOf.studio, course.id)).toBe(false);
    expect(await count(t, `select 1 from entitlements where order_id = ?`, [b.orderId])).toBe(0);
    expect(await orderRow(b.orderId)).toMatchObject({ refunded_cents: b.totalCents });
  });

  it('the echo of a refund DRX made itself takes nothing back twice', async () => {
    const resource = await resourceOf(t, idOf.seller, idOf.member);
    const b = await buy('member', [{ type: 'resource', id: resource.id }]);
    // Stripe's echo of the staff refund arrives after the buyer bought it again: it must leave the
    // new order alone and the refunded one as the staff refund left it.
    const refunded = await t.gql(as.admin, REFUND, {
      input: { orderId: b.orderId, reason: 'Asked by the buyer' },
    });
    expect(refunded.data.orderRefund.userErrors).toEqual([]);
    const again = await buy('member', [{ type: 'resource', id: resource.id }]);
    const deliveries = (await fake.flushWebhooks()).filter(
      (d) => (d.event.data.object as { payment_intent: string }).payment_intent === b.piId,
    );
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0].body).toMatchObject({ outcome: 'unchanged' });
    expect(await orderRow(b.orderId)).toMatchObject({
      refund_reason: 'Asked by the buyer',
      refunded_cents: b.totalCents,
    });
    expect(await history(b.orderId)).toHaveLength(0);
    expect(await entitlementsOfLine(again.lines[0].id)).toBe(1);
  });
});

describe('disputes (chargebacks)', () => {
  it('a dispute suspends what the order gave; lost, it counts as a full refund', async () => {
    const course = await paidCourse(t, idOf.multi);
    const resource = await resourceOf(t, idOf.seller, idOf.multi);
    const b = await buy('multi', [
      { type: 'course', id: course.id },
      { type: 'resource', id: resource.id },
    ]);
    const resourceLine = b.lines.find((l) => l.item_type === 'resource')!;
    const opened = await fake.openDispute(b.piId);
    expect(opened.delivery.body).toMatchObject({ outcome: 'disputed' });
    expect(await entitlementsOfLine(resourceLine.id)).toBe(0);
    expect(await courseOpen(idOf.multi, course.id)).toBe(false);
    expect((await earnings(b.orderId)).map((e) => e.status)).toEqual(['reversed']);
    expect(await orderRow(b.orderId)).toMatchObject({ status: 'paid', dispute_status: 'open' });

    const closed = await fake.closeDispute(opened.dispute.id, 'lost');
    expect(closed.delivery.body).toMatchObject({ outcome: 'dispute_lost' });
    expect(await orderRow(b.orderId)).toMatchObject({
      status: 'refunded',
      refunded_cents: b.totalCents,
      dispute_status: 'lost',
      refund_reason: 'Chargeback lost in Stripe',
    });
    expect(await entitlementsOfLine(resourceLine.id)).toBe(0);
    expect(await courseOpen(idOf.multi, course.id)).toBe(false);
    expect((await history(b.orderId)).map((h) => h.event)).toEqual(['dispute_opened', 'dispute_lost']);
    // Replayed, the closing changes nothing.
    expect((await fake.deliver(closed.delivery.event)).body).toMatchObject({ outcome: 'duplicate' });
  });

  it('a won dispute gives back the download, the licences given, the course and the earning', async () => {
    const course = await paidCourse(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    const b = await buy('member', [
      { type: 'course', id: course.id },
      { type: 'resource', id: resource.id, quantity: 2 },
    ]);
    const resourceLine = b.lines.find((l) => l.item_type === 'resource')!;
    const assigned = await t.gql(
      as.member,
      `mutation($input: LicenceAssignInput!) { licenceAssign(input: $input) { userErrors { code message } } }`,
      { input: { orderLineId: resourceLine.id, username: 'officer' } },
    );
    expect(assigned.data.licenceAssign.userErrors).toEqual([]);
    expect(await entitlementsOfLine(resourceLine.id)).toBe(2);

    const opened = await fake.openDispute(b.piId);
    expect(opened.delivery.body).toMatchObject({ outcome: 'disputed' });
    expect(await entitlementsOfLine(resourceLine.id)).toBe(0);
    expect(await courseOpen(idOf.member, course.id)).toBe(false);
    // A second "created" for the order (a replay under another id) suspends nothing more.
    expect(
      (await fake.deliver({ ...opened.delivery.event, id: `${opened.delivery.event.id}_x` })).body,
    ).toMatchObject({
      outcome: 'unchanged',
    });

    const won = await fake.closeDispute(opened.dispute.id, 'won');
    expect(won.delivery.body).toMatchObject({ outcome: 'dispute_won' });
    expect(await entitlementsOfLine(resourceLine.id)).toBe(2);
    const [line] = await db(t).execute<{ licences_given: number }[]>(
      'select licences_given from order_lines where id = ?',
      [resourceLine.id],
    );
    expect(line.licences_given).toBe(1);
    expect(await courseOpen(idOf.member, course.id)).toBe(true);
    expect((await earnings(b.orderId)).map((e) => e.status)).toEqual(['pending']);
    expect(await orderRow(b.orderId)).toMatchObject({
      status: 'paid',
      refunded_cents: 0,
      dispute_status: 'won',
    });
    // The buyer's order says so.
    const seen = await t.gql(
      as.member,
      `query($id: ID!) { order(id: $id) { status disputeStatus history { event note } } }`,
      {
        id: b.orderId,
      },
    );
    expect(seen.data.order).toMatchObject({ status: 'paid', disputeStatus: 'won' });
    expect(seen.data.order.history.map((h: { event: string }) => h.event)).toEqual([
      'dispute_opened',
      'dispute_won',
    ]);
    expect(seen.data.order.history[1].note).toContain(`Given back: `);
    // Replayed, the win gives nothing twice.
    expect((await fake.deliver(won.delivery.event)).body).toMatchObject({ outcome: 'duplicate' });
    expect(await entitlementsOfLine(resourceLine.id)).toBe(2);
  });
});
