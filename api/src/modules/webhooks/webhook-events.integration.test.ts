import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAN_IDS } from '../../db/seeders/demo-plans';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  COMPLETE,
  correctAnswers,
  ENROLL,
  FREE,
  newMember,
  structureOf,
  SUBMIT,
} from '../learning/learning-fixtures.test';
import { type Agent, json, PASSWORD } from '../orders/orders-fixtures.test';
import type { WebhookEventType } from './webhook-events';
import { eventually, WebhookReceiver } from './test/webhook-receiver';

/**
 * The events of the app's modules beyond orders (webhooks.integration.test.ts has order.paid,
 * order.refunded and enrollment.created): each is caused by a real user through the graph, and
 * must reach a local receiver once, signed, with its subject's id in `data`. A refused action
 * makes no message (and so nothing is delivered).
 */

const EVENTS: WebhookEventType[] = [
  'enrollment.completed',
  'certificate.issued',
  'resource.published',
  'booking.created',
  'booking.cancelled',
  'subscription.updated',
];

let t: TestApp;
let receiver: WebhookReceiver;
let secret: string;
const as: Record<string, Agent> = {};
const idOf: Record<string, string> = {};

const db = () => t.orm.em.fork().getConnection();

type Data = Record<string, any>;

async function login(name: string) {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
  expect(res.status).toBe(200);
  as[name] = agent;
  idOf[name] = res.body.id;
}

async function ok(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<Data> {
  const res = await t.gql(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

/** The messages made for `type` about `subject` (the emission, as the transaction committed it). */
async function messagesOf(type: WebhookEventType, subject: string) {
  return db().execute<{ id: string; status: string }[]>(
    `select id, status from webhook_messages where event_type = ? and subject = ? order by seq`,
    [type, subject],
  );
}

/**
 * Waits until every message of `type` about `subject` is delivered (after which none is sent
 * again), then returns the `data` of each request the receiver got for them, in arrival order,
 * each signature checked by the `standardwebhooks` package.
 */
async function delivered(type: WebhookEventType, subject: string): Promise<Data[]> {
  const messages = await eventually(
    async () => {
      const rows = await messagesOf(type, subject);
      return rows.length > 0 && rows.every((m) => m.status === 'succeeded') && rows;
    },
    15_000,
    `${type} about ${subject}`,
  );
  const requests = receiver.requests.filter((r) => messages.some((m) => m.id === r.headers['webhook-id']));
  return requests.map((r) => {
    const body = new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as Data;
    expect(body.type).toBe(type);
    expect(`${subject.split(':')[0]}:${body.data.id}`).toBe(subject);
    return body.data;
  });
}

/** The one delivery of `type` about `subject`: one message made, delivered once, signed. */
async function once(type: WebhookEventType, subject: string): Promise<Data> {
  const got = await delivered(type, subject);
  expect(got).toHaveLength(1);
  return got[0];
}

/** How many messages of `type` exist (a refused action must not add one). */
async function countOf(type: WebhookEventType): Promise<number> {
  const [{ n }] = await db().execute<{ n: number }[]>(
    'select count(*)::int as n from webhook_messages where event_type = ?',
    [type],
  );
  return n;
}

beforeAll(async () => {
  t = await startTestApp({ webhooksAllowPrivateNetworks: true, webhookRetryDelaysSeconds: [0.4, 0.8] });
  receiver = await new WebhookReceiver().start();
  for (const name of ['admin', 'officer', 'seller', 'multi', 'instructor']) await login(name);
  const created = await ok(
    as.admin,
    `mutation($input: WebhookEndpointCreateInput!) { webhookEndpointCreate(input: $input) {
      endpoint { id events } secret userErrors { code field message } } }`,
    { input: { url: receiver.url(), events: EVENTS, description: 'module events' } },
  );
  expect(created.webhookEndpointCreate.userErrors).toEqual([]);
  secret = created.webhookEndpointCreate.secret;
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

describe('webhook events of learning and certificates', () => {
  const REISSUE = `mutation($input: CertificateReissueInput!) { certificateReissue(input: $input) {
    certificate { id number } userErrors { code field message } } }`;

  /** Enrolls in the free course, completes its lessons and passes its quiz: the course is complete. */
  async function completeFreeCourse(browser: Agent) {
    const course = await structureOf(t, FREE);
    const enrolled = await ok(browser, ENROLL, { input: { courseId: course.id } });
    for (const lesson of course.lessons) await ok(browser, COMPLETE, { input: { lessonId: lesson.id } });
    const [quiz] = course.quizzes;
    const passed = await ok(browser, SUBMIT, {
      input: { quizId: quiz.id, answers: correctAnswers(quiz.questions) },
    });
    expect(passed.quizSubmit.courseCompleted).toBe(true);
    return {
      course,
      enrollmentId: enrolled.courseEnroll.enrollment.id as string,
      certificate: passed.quizSubmit.certificate as { id: string; number: string },
    };
  }

  it('completing a course sends enrollment.completed once, however often its last step is repeated', async () => {
    const { browser, id: userId } = await newMember(t, 'hooked');
    const { course, enrollmentId } = await completeFreeCourse(browser);
    // The last lesson again: the course stays complete, and is not reported again.
    const again = await ok(browser, COMPLETE, { input: { lessonId: course.lessons.at(-1)!.id } });
    expect(again.lessonComplete.courseCompleted).toBe(true);

    const data = await once('enrollment.completed', `enrollment:${enrollmentId}`);
    expect(data).toMatchObject({ id: enrollmentId, userId, courseId: course.id, source: 'free' });
    expect(Date.parse(data.completedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('issuing and reissuing a certificate each send certificate.issued; a refused reissue sends nothing', async () => {
    const { browser, id: userId } = await newMember(t, 'certified');
    const { course, certificate: first } = await completeFreeCourse(browser);

    const issued = await once('certificate.issued', `certificate:${first.id}`);
    expect(issued).toMatchObject({
      id: first.id,
      number: first.number,
      userId,
      courseId: course.id,
      replacesId: null,
    });

    const reissued = await ok(as.officer, REISSUE, {
      input: { certificateId: first.id, holderName: 'Hooked Corrected', reason: 'Name correction' },
    });
    expect(reissued.certificateReissue.userErrors).toEqual([]);
    const second = reissued.certificateReissue.certificate;
    expect(await once('certificate.issued', `certificate:${second.id}`)).toMatchObject({
      id: second.id,
      number: second.number,
      userId,
      holderName: 'Hooked Corrected',
      replacesId: first.id,
    });

    // The old certificate was reissued already: refused, and no message for it.
    const before = await countOf('certificate.issued');
    const refused = await ok(as.officer, REISSUE, {
      input: { certificateId: first.id, reason: 'Twice' },
    });
    expect(refused.certificateReissue.userErrors[0].code).toBe('CONFLICT');
    expect(await countOf('certificate.issued')).toBe(before);
  });
});

describe('webhook events of the curriculum store', () => {
  const PUBLISH = `mutation($input: ResourceIdInput!) { resourcePublish(input: $input) {
    resource { id status } userErrors { code field message } } }`;
  const APPROVE = `mutation($input: ResourceModerateInput!) { resourceApprove(input: $input) {
    resource { id status } userErrors { code field message } } }`;
  const resourceId = async (title: string) =>
    (await db().execute<{ id: string }[]>('select id from resources where title = ?', [title]))[0].id;

  it('publishing sends resource.published, by its seller or by staff approval; publishing another’s is refused silently', async () => {
    const draft = await resourceId('Hip Hop Choreography Planner'); // a draft of multi's
    const refused = await ok(as.seller, PUBLISH, { input: { id: draft } });
    expect(refused.resourcePublish.userErrors[0].code).toBe('FORBIDDEN');
    expect(await messagesOf('resource.published', `resource:${draft}`)).toEqual([]);

    const published = await ok(as.multi, PUBLISH, { input: { id: draft } });
    expect(published.resourcePublish.userErrors).toEqual([]);
    // The refused attempt came first on the same subject: had it made a message, it would be here.
    expect(await once('resource.published', `resource:${draft}`)).toMatchObject({
      id: draft,
      title: 'Hip Hop Choreography Planner',
      sellerId: idOf.multi,
      priceCents: 500,
      currency: 'USD',
    });
    // Published already: publishing again changes nothing and reports nothing.
    await ok(as.multi, PUBLISH, { input: { id: draft } });

    const rejected = await resourceId('Unlicensed Pop Song Compilation'); // seller's, rejected
    const approved = await ok(as.officer, APPROVE, { input: { resourceId: rejected } });
    expect(approved.resourceApprove.resource.status).toBe('published');
    expect(await once('resource.published', `resource:${rejected}`)).toMatchObject({
      id: rejected,
      sellerId: idOf.seller,
      priceCents: 300,
    });
    expect(await once('resource.published', `resource:${draft}`)).toBeTruthy();
  });
});

describe('webhook events of bookings', () => {
  const HOUR = 3_600_000;
  const BOOKING = 'id status orderId client { id } instructor { id }';
  const CREATE = `mutation($input: BookingCreateInput!) { bookingCreate(input: $input) {
    booking { ${BOOKING} } payment { orderId } userErrors { code field message } } }`;
  const CANCEL = `mutation($input: BookingReasonInput!) { bookingCancel(input: $input) {
    booking { ${BOOKING} } userErrors { code field message } } }`;
  const PAY = `mutation($input: OrderIdInput!) { checkoutConfirm(input: $input) {
    order { id status } userErrors { code message } } }`;
  const APPROVE = `mutation($input: BookingIdInput!) { bookingApprove(input: $input) {
    booking { ${BOOKING} } userErrors { code field message } } }`;
  const DECLINE = `mutation($input: BookingReasonInput!) { bookingDecline(input: $input) {
    booking { ${BOOKING} } userErrors { code field message } } }`;

  let freeType: string;
  let paidType: string;
  let approvalType: string;

  /** Day `days` from today at hh:00 UTC (within the instructor's open hours). */
  const dayAt = (days: number, hh: number) => {
    const d = new Date(Date.now() + days * 24 * HOUR);
    d.setUTCHours(hh, 0, 0, 0);
    return d;
  };

  async function sessionType(fields: Record<string, unknown>): Promise<string> {
    const id = randomUUID();
    const all = {
      kind: 'private',
      title: 'Webhook lesson',
      duration_minutes: 60,
      price_cents: 0,
      capacity: 1,
      min_notice_minutes: 0,
      horizon_days: 40,
      requires_approval: false,
      cancel_free_hours: 24,
      late_cancel_fee_percent: 50,
      ...fields,
    };
    const cols = Object.keys(all);
    await db().execute(
      `insert into session_types (id, instructor_id, ${cols.join(', ')}) values (?, ?, ${cols.map(() => '?').join(', ')})`,
      [id, idOf.instructor, ...Object.values(all)],
    );
    return id;
  }

  const book = (agent: Agent, sessionTypeId: string, start: Date) =>
    ok(agent, CREATE, {
      input: {
        sessionTypeId,
        start: start.toISOString(),
        clientTimeZone: 'Europe/London',
        idempotencyKey: `wh-${randomUUID()}`,
      },
    }).then((d) => d.bookingCreate);

  beforeAll(async () => {
    // The demo instructor, open every day all day in UTC, with none of the demo bookings.
    await db().execute(
      `insert into instructor_profiles (user_id, status, time_zone) values (?, 'approved', 'UTC')
       on conflict (user_id) do update set status = 'approved', time_zone = 'UTC'`,
      [idOf.instructor],
    );
    await db().execute('delete from bookings where instructor_id = ?', [idOf.instructor]);
    await db().execute('delete from availability_rules where instructor_id = ?', [idOf.instructor]);
    await db().execute('delete from availability_overrides where instructor_id = ?', [idOf.instructor]);
    // The demo's weekly group classes would block their hours (which a test run's "now" may meet).
    await db().execute(`update session_types set active = false where instructor_id = ? and kind = 'group'`, [
      idOf.instructor,
    ]);
    for (const weekday of [1, 2, 3, 4, 5, 6, 7]) {
      await db().execute(
        `insert into availability_rules (id, instructor_id, weekday, start_time, end_time) values (?, ?, ?, '00:00', '23:45')`,
        [randomUUID(), idOf.instructor, weekday],
      );
    }
    freeType = await sessionType({ title: 'Webhook intro' });
    paidType = await sessionType({ title: 'Webhook private', price_cents: 6000 });
    approvalType = await sessionType({ title: 'Webhook audition', requires_approval: true });
  });

  it('a booking sends booking.created once; another member’s booking of the taken slot is refused and sends nothing', async () => {
    const client = await newMember(t, 'booker');
    const start = dayAt(10, 10);
    const made = await book(client.browser, freeType, start);
    expect(made.userErrors).toEqual([]);
    expect(made.booking.status).toBe('CONFIRMED');
    const bookingId = made.booking.id;

    const before = await countOf('booking.created');
    const rival = await newMember(t, 'rival');
    const taken = await book(rival.browser, freeType, start);
    expect(taken.userErrors[0].code).toBe('SLOT_TAKEN');
    expect(await countOf('booking.created')).toBe(before);

    expect(await once('booking.created', `booking:${bookingId}`)).toMatchObject({
      id: bookingId,
      clientId: client.id,
      instructorId: idOf.instructor,
      sessionTypeId: freeType,
      status: 'confirmed',
      startsAt: start.toISOString(),
      priceCents: 0,
    });
  });

  it('a paid booking sends booking.created when it is paid, not while it is held', async () => {
    const client = await newMember(t, 'payer');
    const made = await book(client.browser, paidType, dayAt(11, 12));
    expect(made.booking.status).toBe('HELD');
    const bookingId = made.booking.id;
    expect(await messagesOf('booking.created', `booking:${bookingId}`)).toEqual([]);

    const paid = await ok(client.browser, PAY, { input: { orderId: made.payment.orderId } });
    expect(paid.checkoutConfirm.userErrors).toEqual([]);
    expect(await once('booking.created', `booking:${bookingId}`)).toMatchObject({
      id: bookingId,
      status: 'confirmed',
      priceCents: 6000,
      orderId: made.payment.orderId,
    });
  });

  it('a request sends booking.created; approving it sends nothing more; declining one sends booking.cancelled', async () => {
    const client = await newMember(t, 'requester');
    const approved = await book(client.browser, approvalType, dayAt(13, 9));
    const declined = await book(client.browser, approvalType, dayAt(13, 15));
    expect([approved.booking.status, declined.booking.status]).toEqual(['REQUESTED', 'REQUESTED']);
    const approve = await ok(as.instructor, APPROVE, { input: { bookingId: approved.booking.id } });
    expect(approve.bookingApprove.booking.status).toBe('CONFIRMED');
    const decline = await ok(as.instructor, DECLINE, {
      input: { bookingId: declined.booking.id, reason: 'Fully booked that week' },
    });
    expect(decline.bookingDecline.userErrors).toEqual([]);

    // The payload is read in the transaction that made the event: the request, not its approval.
    expect(await once('booking.created', `booking:${approved.booking.id}`)).toMatchObject({
      id: approved.booking.id,
      status: 'requested',
    });
    expect(await messagesOf('booking.cancelled', `booking:${approved.booking.id}`)).toEqual([]);
    expect(await once('booking.created', `booking:${declined.booking.id}`)).toMatchObject({
      status: 'requested',
    });
    expect(await once('booking.cancelled', `booking:${declined.booking.id}`)).toMatchObject({
      id: declined.booking.id,
      status: 'declined',
      cancelReason: 'Fully booked that week',
    });
  });

  it('cancelling sends booking.cancelled once, after booking.created; cancelling again is refused', async () => {
    const client = await newMember(t, 'canceller');
    const made = await book(client.browser, freeType, dayAt(12, 14));
    const bookingId = made.booking.id;
    const cancelled = await ok(client.browser, CANCEL, {
      input: { bookingId, reason: 'Moved house' },
    });
    expect(cancelled.bookingCancel.userErrors).toEqual([]);
    const again = await ok(client.browser, CANCEL, { input: { bookingId, reason: 'Twice' } });
    expect(again.bookingCancel.userErrors[0].code).toBe('CONFLICT');

    const data = await once('booking.cancelled', `booking:${bookingId}`);
    expect(data).toMatchObject({
      id: bookingId,
      clientId: client.id,
      status: 'canceled',
      cancelReason: 'Moved house',
    });
    expect(Date.parse(data.canceledAt)).toBeGreaterThan(Date.now() - 60_000);
    const created = await delivered('booking.created', `booking:${bookingId}`);
    expect(created).toHaveLength(1);
    const arrival = (type: string) =>
      receiver.ofType(type).find((r) => JSON.parse(r.body).data.id === bookingId)!.at;
    expect(arrival('booking.cancelled')).toBeGreaterThanOrEqual(arrival('booking.created'));
  });
});

describe('webhook events of memberships', () => {
  const SUB = 'id status cancelAtPeriodEnd';
  const CHECKOUT = `mutation($input: SubscriptionCheckoutInput!) { subscriptionCheckout(input: $input) {
    subscription { ${SUB} } userErrors { code field message } } }`;
  const CANCEL = `mutation($input: SubscriptionCancelInput!) { subscriptionCancel(input: $input) {
    subscription { ${SUB} } userErrors { code field message } } }`;

  it('joining and cancelling send subscription.updated in order; joining twice is refused and sends nothing', async () => {
    const { browser, id: userId } = await newMember(t, 'joiner');
    const joined = await ok(browser, CHECKOUT, {
      input: { planId: DEMO_PLAN_IDS.member, interval: 'month' },
    });
    expect(joined.subscriptionCheckout.userErrors).toEqual([]);
    const subscriptionId = joined.subscriptionCheckout.subscription.id;

    const before = await countOf('subscription.updated');
    const twice = await ok(browser, CHECKOUT, { input: { planId: DEMO_PLAN_IDS.member, interval: 'year' } });
    expect(twice.subscriptionCheckout.userErrors[0].code).toBe('CONFLICT');
    expect(await countOf('subscription.updated')).toBe(before);

    const cancelled = await ok(browser, CANCEL, { input: { reason: 'not_using' } });
    expect(cancelled.subscriptionCancel.subscription.cancelAtPeriodEnd).toBe(true);

    const updates = await delivered('subscription.updated', `subscription:${subscriptionId}`);
    expect(updates.map((d) => d.change)).toEqual(['started', 'cancel_requested']);
    expect(updates[0]).toMatchObject({
      id: subscriptionId,
      userId,
      planId: DEMO_PLAN_IDS.member,
      planName: 'Member',
      interval: 'month',
      priceCents: 1900,
      provider: 'test',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(updates[1]).toMatchObject({ id: subscriptionId, status: 'active', cancelAtPeriodEnd: true });
  });
});
