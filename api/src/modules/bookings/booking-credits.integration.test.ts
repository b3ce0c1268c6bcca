import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLapsedMember, makeMember, endMembership } from '../../test/membership-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import { json, PASSWORD, REFUND, type Agent } from '../orders/orders-fixtures.test';
import { lessonCreditsLeft, returnLessonCredit } from './booking-credits';
import { liftHoldLimits } from '../../test/booking-fixtures';

// Lesson credits of a membership pay Connect bookings (docs/memberships.md "Lesson credits"): taken
// by one conditional UPDATE in the booking's transaction, never overspent under concurrency, given
// back once inside the free window or on a decline, kept on a late cancellation.

let t: TestApp;
const as: Record<string, Agent> = {};
const idOf: Record<string, string> = {};
const typeOf: Record<string, string> = {};

const conn = () => t.orm.em.fork().getConnection();
const HOUR = 3_600_000;
const BOOKING = `id status priceCents orderId paidWithCredit creditReturned feeCents refundedCents cancellationTerms
  sessionType { id creditEligible }`;
const CREATE = `mutation($input: BookingCreateInput!) { bookingCreate(input: $input) {
  booking { ${BOOKING} } payment { orderId provider } userErrors { code field message } } }`;
const mutation = (name: string, input: string) => `mutation($input: ${input}!) { ${name}(input: $input) {
  booking { ${BOOKING} } userErrors { code field message } } }`;
const CANCEL = mutation('bookingCancel', 'BookingReasonInput');
const DECLINE = mutation('bookingDecline', 'BookingReasonInput');
const ADMIN_CANCEL = mutation('adminBookingCancel', 'AdminBookingCancelInput');

let keySeq = 0;
const key = () => `credit-${Date.now()}-${++keySeq}`;
let daySeq = 2;
/** A fresh slot: a later day each call, 10:00 UTC (more than the 24 h free window away). */
function nextDay(): Date {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + daySeq++);
  d.setUTCHours(10, 0, 0, 0);
  return d;
}
/** A start on the 15-minute grid `hours` from now, kept away from midnight. */
function startIn(hours: number): Date {
  const d = new Date(Date.now() + hours * HOUR);
  d.setUTCMinutes(Math.ceil(d.getUTCMinutes() / 15) * 15, 0, 0);
  while (d.getUTCHours() < 1 || d.getUTCHours() > 21) d.setTime(d.getTime() + 15 * 60_000);
  return d;
}

/**
 * A booking within the day (late to cancel free) at the first of the hours from `hours` on that can
 * be booked: one may be taken — e.g. by the demo's own bookings of the member, seeded at the first
 * open times — depending on when the test runs.
 */
async function createSoon(agent: Agent, sessionTypeId: string, hours: number) {
  let made = await create(agent, sessionTypeId, startIn(hours));
  for (let later = hours + 1; !made.booking && later <= hours + 8; later++) {
    made = await create(agent, sessionTypeId, startIn(later));
  }
  return made;
}

async function create(agent: Agent, sessionTypeId: string, start: Date, extra: Record<string, unknown> = {}) {
  const res = await t.gql(agent, CREATE, {
    input: {
      sessionTypeId,
      start: start.toISOString(),
      clientTimeZone: 'UTC',
      idempotencyKey: key(),
      ...extra,
    },
  });
  expect(res.errors).toBeUndefined();
  return res.data.bookingCreate;
}

async function run(agent: Agent, query: string, input: Record<string, unknown>) {
  const res = await t.gql(agent, query, { input });
  expect(res.errors).toBeUndefined();
  return Object.values(res.data)[0] as { booking: any; userErrors: { code: string }[] };
}

/** The credit order of a booking and the instructor's earning on it (booking-credit-orders.ts). */
async function creditOrder(orderId: string) {
  const [order] = await conn().execute<
    {
      status: string;
      subtotal_cents: string;
      credit_cents: string;
      total_cents: string;
      payment_provider: string;
    }[]
  >('select status, subtotal_cents, credit_cents, total_cents, payment_provider from orders where id = ?', [
    orderId,
  ]);
  const earnings = await conn().execute<{ seller_id: string; gross_cents: number; status: string }[]>(
    'select seller_id, gross_cents, status from seller_earnings where order_id = ?',
    [orderId],
  );
  return {
    status: order.status,
    subtotal: Number(order.subtotal_cents),
    credit: Number(order.credit_cents),
    total: Number(order.total_cents),
    provider: order.payment_provider,
    earnings: earnings.map((e) => ({
      sellerId: e.seller_id,
      gross: Number(e.gross_cents),
      status: e.status,
    })),
  };
}

async function creditsUsed(subscriptionId: string): Promise<number> {
  const [row] = await conn().execute<{ credits_used: number }[]>(
    'select credits_used from subscriptions where id = ?',
    [subscriptionId],
  );
  return Number(row.credits_used);
}

const left = () => lessonCreditsLeft(t.orm.em.fork(), idOf.member);

async function upsertInstructor(userId: string) {
  await conn().execute(
    `insert into instructor_profiles (user_id, status, time_zone) values (?, 'approved', 'UTC')
     on conflict (user_id) do update set status = 'approved', time_zone = 'UTC'`,
    [userId],
  );
  await conn().execute('delete from availability_rules where instructor_id = ?', [userId]);
  await conn().execute('delete from availability_overrides where instructor_id = ?', [userId]);
  // The demo's weekly group classes would block their hours (which a test run's "now" may meet).
  await conn().execute(`update session_types set active = false where instructor_id = ? and kind = 'group'`, [
    userId,
  ]);
  for (const weekday of [1, 2, 3, 4, 5, 6, 7]) {
    await conn().execute(
      `insert into availability_rules (id, instructor_id, weekday, start_time, end_time) values (?, ?, ?, '00:00', '23:45')`,
      [randomUUID(), userId, weekday],
    );
  }
}

async function sessionType(instructorId: string, fields: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const all = {
    kind: 'private',
    title: 'Lesson',
    duration_minutes: 60,
    price_cents: 5000,
    capacity: 1,
    min_notice_minutes: 0,
    horizon_days: 60,
    requires_approval: false,
    recurrence_rule: null,
    cancel_free_hours: 24,
    late_cancel_fee_percent: 50,
    ...fields,
  };
  const cols = Object.keys(all);
  await conn().execute(
    `insert into session_types (id, instructor_id, ${cols.join(', ')}) values (?, ?, ${cols.map(() => '?').join(', ')})`,
    [id, instructorId, ...Object.values(all)],
  );
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
  await liftHoldLimits(t); // many holds of one member; the limits have their own tests
  for (const name of ['admin', 'instructor', 'multi', 'seller', 'member', 'studio']) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    idOf[name] = res.body.id;
  }
  await conn().execute('delete from bookings');
  await conn().execute('delete from class_occurrences');
  for (const name of ['instructor', 'multi', 'seller']) {
    await upsertInstructor(idOf[name]);
    typeOf[name] = await sessionType(idOf[name], { title: `Private with ${name}` });
  }
  typeOf.approval = await sessionType(idOf.instructor, { title: 'Audition prep', requires_approval: true });
  typeOf.consult = await sessionType(idOf.instructor, {
    kind: 'consultation',
    title: 'Call',
    duration_minutes: 30,
    price_cents: 0,
  });
  typeOf.free = await sessionType(idOf.instructor, { title: 'Free chat', price_cents: 0 });
  typeOf.group = await sessionType(idOf.multi, {
    kind: 'group',
    title: 'Group',
    price_cents: 2000,
    capacity: 8,
    recurrence_rule: 'FREQ=DAILY;BYHOUR=15;BYMINUTE=0',
  });
});
afterAll(() => t?.close());

describe('lesson credits', () => {
  it('pays with a credit (a paid order of total 0, no payment; the instructor earns the credit’s value, here the price) until the plan’s credits are used, then the member pays', async () => {
    const sub = await makeMember(t, idOf.member, { lessonCredits: 2 });
    expect(await left()).toBe(2);

    const first = await create(as.member, typeOf.instructor, nextDay());
    expect(first.userErrors).toEqual([]);
    expect(first.booking).toMatchObject({ status: 'CONFIRMED', paidWithCredit: true, priceCents: 5000 });
    expect(first.payment).toBeNull();
    expect(await creditOrder(first.booking.orderId)).toEqual({
      status: 'paid',
      subtotal: 5000,
      credit: 5000,
      total: 0,
      provider: 'credit',
      earnings: [{ sellerId: idOf.instructor, gross: 5000, status: 'pending' }],
    });
    expect(await creditsUsed(sub)).toBe(1);
    expect(await left()).toBe(1);

    const second = await create(as.member, typeOf.multi, nextDay());
    expect(second.booking).toMatchObject({ status: 'CONFIRMED', paidWithCredit: true });
    expect((await creditOrder(second.booking.orderId)).earnings).toEqual([
      { sellerId: idOf.multi, gross: 5000, status: 'pending' },
    ]);
    expect(await creditsUsed(sub)).toBe(2);
    expect(await left()).toBe(0);

    // The third: no credit left → held with an order to pay.
    const third = await create(as.member, typeOf.instructor, nextDay());
    expect(third.booking).toMatchObject({ status: 'HELD', paidWithCredit: false });
    expect(third.payment.orderId).toBeTruthy();
    expect(await creditsUsed(sub)).toBe(2);

    // useCredit true without a credit left is refused, and nothing is booked.
    const refused = await create(as.member, typeOf.instructor, nextDay(), { useCredit: true });
    expect(refused.userErrors[0]).toMatchObject({ code: 'CONFLICT', field: 'useCredit' });
  });

  it('useCredit false pays; group classes, free sessions and (always free) consultations never take a credit', async () => {
    const sub = await makeMember(t, idOf.member, { lessonCredits: 3 });
    const paying = await create(as.member, typeOf.multi, nextDay(), { useCredit: false });
    expect(paying.booking).toMatchObject({ status: 'HELD', paidWithCredit: false });

    const groupStart = nextDay();
    groupStart.setUTCHours(15, 0, 0, 0);
    const group = await create(as.member, typeOf.group, groupStart);
    expect(group.booking).toMatchObject({ status: 'HELD', paidWithCredit: false });
    expect(group.booking.sessionType.creditEligible).toBe(false);
    const groupStart2 = nextDay();
    groupStart2.setUTCHours(15, 0, 0, 0);
    const refused = await create(as.member, typeOf.group, groupStart2, { useCredit: true });
    expect(refused.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field: 'useCredit' });

    for (const freeType of [typeOf.free, typeOf.consult]) {
      const free = await create(as.member, freeType, nextDay());
      expect(free.booking).toMatchObject({ status: 'CONFIRMED', paidWithCredit: false, orderId: null });
      expect(free.booking.sessionType.creditEligible).toBe(false);
    }
    expect(await creditsUsed(sub)).toBe(0);
  });

  it('5 concurrent bookings (3 instructors) with 2 credits: exactly 2 are credited', async () => {
    const sub = await makeMember(t, idOf.member, { lessonCredits: 2 });
    const instructors = ['instructor', 'multi', 'seller', 'instructor', 'multi'];
    const made = await Promise.all(instructors.map((name) => create(as.member, typeOf[name], nextDay())));
    for (const m of made) expect(m.userErrors).toEqual([]);
    const credited = made.filter((m) => m.booking.paidWithCredit);
    expect(credited).toHaveLength(2);
    for (const m of credited) expect((await creditOrder(m.booking.orderId)).total).toBe(0);
    expect(made.filter((m) => m.booking.status === 'HELD')).toHaveLength(3);
    expect(await creditsUsed(sub)).toBe(2);
  });

  it('a cancellation inside the free window gives the credit back once; a late one keeps it', async () => {
    const sub = await makeMember(t, idOf.member, { lessonCredits: 2 });
    const early = await create(as.member, typeOf.instructor, nextDay());
    const late = await createSoon(as.member, typeOf.multi, 5);
    expect(early.booking.paidWithCredit && late.booking.paidWithCredit).toBe(true);
    expect(early.booking.cancellationTerms).toMatch(/lesson credit is given back/);
    expect(late.booking.cancellationTerms).toMatch(/keeps the credit/);
    expect(await creditsUsed(sub)).toBe(2);

    const canceled = await run(as.member, CANCEL, { bookingId: early.booking.id });
    expect(canceled.userErrors).toEqual([]);
    expect(canceled.booking).toMatchObject({
      status: 'CANCELED',
      creditReturned: true,
      refundedCents: 0,
      feeCents: 0,
    });
    expect(await creditsUsed(sub)).toBe(1);
    // The credit came back: the instructor's earning is reversed, the order refunded (nothing was charged).
    expect(await creditOrder(early.booking.orderId)).toMatchObject({
      status: 'refunded',
      total: 0,
      earnings: [expect.objectContaining({ sellerId: idOf.instructor, status: 'reversed' })],
    });
    // Again: the booking is no longer live, and the credit cannot come back twice.
    const again = await run(as.member, CANCEL, { bookingId: early.booking.id });
    expect(again.userErrors[0].code).toBe('CONFLICT');
    expect(await returnLessonCredit(t.orm.em.fork(), early.booking.id)).toBe(false);
    expect(await creditsUsed(sub)).toBe(1);

    const lateCancel = await run(as.member, CANCEL, { bookingId: late.booking.id });
    expect(lateCancel.booking).toMatchObject({ status: 'CANCELED', creditReturned: false, feeCents: 0 });
    expect(await creditsUsed(sub)).toBe(1);
    // A late cancellation keeps the credit spent: the instructor keeps the late fee's share (50 %).
    expect(await creditOrder(late.booking.orderId)).toMatchObject({
      status: 'paid',
      earnings: [{ sellerId: idOf.multi, gross: 2500, status: 'pending' }],
    });
  });

  it('a decline, an instructor’s and an admin’s cancellation give the credit back', async () => {
    const sub = await makeMember(t, idOf.member, { lessonCredits: 3 });
    const request = await create(as.member, typeOf.approval, nextDay());
    expect(request.booking).toMatchObject({ status: 'REQUESTED', paidWithCredit: true });
    const byInstructor = await createSoon(as.member, typeOf.instructor, 3);
    const byAdmin = await createSoon(as.member, typeOf.multi, 3);
    expect(await creditsUsed(sub)).toBe(3);

    expect(
      (await run(as.instructor, DECLINE, { bookingId: request.booking.id })).booking.creditReturned,
    ).toBe(true);
    expect(
      (await run(as.instructor, CANCEL, { bookingId: byInstructor.booking.id })).booking.creditReturned,
    ).toBe(true);
    const admin = await run(as.admin, ADMIN_CANCEL, {
      bookingId: byAdmin.booking.id,
      reason: 'Studio closed',
    });
    expect(admin.booking.creditReturned).toBe(true);
    expect(await creditsUsed(sub)).toBe(0);
    for (const b of [request, byInstructor, byAdmin]) {
      const order = await creditOrder(b.booking.orderId);
      expect(order.status).toBe('refunded');
      expect(order.earnings.map((e) => e.status)).toEqual(['reversed']);
    }
  });

  it('an admin’s refund of a credit order cancels the session, gives the credit back and reverses the earning; nothing goes to a provider', async () => {
    const sub = await makeMember(t, idOf.member, { lessonCredits: 1 });
    const made = await create(as.member, typeOf.instructor, nextDay());
    expect(made.booking.paidWithCredit).toBe(true);
    expect(await creditsUsed(sub)).toBe(1);
    const res = await t.gql(as.admin, REFUND, {
      input: { orderId: made.booking.orderId, reason: 'Goodwill' },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.orderRefund.userErrors).toEqual([]);
    expect(res.data.orderRefund.order).toMatchObject({
      status: 'refunded',
      totalCents: 0,
    });
    expect(await creditsUsed(sub)).toBe(0);
    const [booking] = await conn().execute<{ status: string; credit_returned_at: Date | null }[]>(
      'select status, credit_returned_at from bookings where id = ?',
      [made.booking.id],
    );
    expect(booking.status).toBe('canceled');
    expect(booking.credit_returned_at).not.toBeNull();
    expect((await creditOrder(made.booking.orderId)).earnings.map((e) => e.status)).toEqual(['reversed']);
  });

  it('a new billing period starts the count again; a credit of an ended period is not given back to the new one', async () => {
    const sub = await makeMember(t, idOf.member, { lessonCredits: 1 });
    const old = await create(as.member, typeOf.instructor, nextDay());
    expect(old.booking.paidWithCredit).toBe(true);
    expect(await left()).toBe(0);
    // The membership renews: its current period now starts after the credits' period.
    await conn().execute(
      `update subscriptions set current_period_start = now() - interval '1 hour', current_period_end = now() + interval '30 days'
       where id = ?`,
      [sub],
    );
    expect(await left()).toBe(1);
    const fresh = await create(as.member, typeOf.multi, nextDay());
    expect(fresh.booking.paidWithCredit).toBe(true);
    expect(await creditsUsed(sub)).toBe(1);
    // Cancelling the old period's booking does not add a credit to the new period.
    const canceled = await run(as.member, CANCEL, { bookingId: old.booking.id });
    expect(canceled.booking.creditReturned).toBe(true);
    expect(await creditsUsed(sub)).toBe(1);
    expect(await left()).toBe(0);
  });

  it('a lapsed or ended membership has no credits', async () => {
    await makeLapsedMember(t, idOf.member, { lessonCredits: 5 });
    expect(await left()).toBe(0);
    const lapsed = await create(as.member, typeOf.instructor, nextDay());
    expect(lapsed.booking).toMatchObject({ status: 'HELD', paidWithCredit: false });
    await endMembership(t, idOf.member);
    const ended = await create(as.member, typeOf.multi, nextDay());
    expect(ended.booking).toMatchObject({ status: 'HELD', paidWithCredit: false });
    // A non-member asking for a credit is refused.
    const refused = await create(as.studio, typeOf.instructor, nextDay(), { useCredit: true });
    expect(refused.userErrors[0]).toMatchObject({ code: 'CONFLICT', field: 'useCredit' });
  });
});

describe('what a credit is worth (issue 33)', () => {
  const PLAN = `mutation($input: SubscriptionPlanCreateInput!) { subscriptionPlanCreate(input: $input) {
    plan { id lessonCredits creditValueCents trialGrantsCredits } userErrors { code field message } } }`;
  const PLAN_UPDATE = `mutation($input: SubscriptionPlanUpdateInput!) { subscriptionPlanUpdate(input: $input) {
    plan { id creditValueCents trialGrantsCredits } userErrors { code field message } } }`;
  const setCreditValue = (sub: string, cents: number) =>
    conn().execute(
      `update subscription_plans set credit_value_cents = ? where id = (select plan_id from subscriptions where id = ?)`,
      [cents, sub],
    );

  it('a credit-paid booking earns the instructor the plan’s credit value, not the session’s price (at most the price)', async () => {
    const sub = await makeMember(t, idOf.member, { lessonCredits: 3, creditValueCents: 3000 });
    const made = await create(as.member, typeOf.instructor, nextDay());
    expect(made.booking).toMatchObject({ status: 'CONFIRMED', paidWithCredit: true, priceCents: 5000 });
    // The member's order still shows the session paid in full by the credit; the instructor earns 3000.
    expect(await creditOrder(made.booking.orderId)).toEqual({
      status: 'paid',
      subtotal: 5000,
      credit: 5000,
      total: 0,
      provider: 'credit',
      earnings: [{ sellerId: idOf.instructor, gross: 3000, status: 'pending' }],
    });
    // A late cancellation keeps the credit spent: the instructor keeps the late fee's 50 % of 3000.
    const late = await createSoon(as.member, typeOf.multi, 5);
    expect(late.booking.paidWithCredit).toBe(true);
    await run(as.member, CANCEL, { bookingId: late.booking.id });
    expect((await creditOrder(late.booking.orderId)).earnings).toEqual([
      { sellerId: idOf.multi, gross: 1500, status: 'pending' },
    ]);
    // A credit worth more than the session earns the session's price, never more.
    await setCreditValue(sub, 9_000_000);
    const cheap = await create(as.member, typeOf.seller, nextDay());
    expect((await creditOrder(cheap.booking.orderId)).earnings).toEqual([
      { sellerId: idOf.seller, gross: 5000, status: 'pending' },
    ]);
  });

  it('a free trial gives no credits unless the plan says so (trialGrantsCredits)', async () => {
    const MINE = `{ mySubscription { status lessonCreditsIncluded lessonCreditsLeft } }`;
    const sub = await makeMember(t, idOf.member, { lessonCredits: 2 });
    await conn().execute(
      `update subscriptions set status = 'trialing', trial_end = current_period_end where id = ?`,
      [sub],
    );
    expect(await left()).toBe(0);
    const mine = await t.gql(as.member, MINE);
    expect(mine.data.mySubscription).toEqual({
      status: 'trialing',
      lessonCreditsIncluded: 0,
      lessonCreditsLeft: 0,
    });
    const paying = await create(as.member, typeOf.instructor, nextDay());
    expect(paying.booking).toMatchObject({ status: 'HELD', paidWithCredit: false });
    const refused = await create(as.member, typeOf.multi, nextDay(), { useCredit: true });
    expect(refused.userErrors[0]).toMatchObject({ code: 'CONFLICT', field: 'useCredit' });
    expect(await creditsUsed(sub)).toBe(0);

    await conn().execute(
      `update subscription_plans set trial_grants_credits = true where id = (select plan_id from subscriptions where id = ?)`,
      [sub],
    );
    expect(await left()).toBe(2);
    expect((await t.gql(as.member, MINE)).data.mySubscription).toMatchObject({ lessonCreditsLeft: 2 });
    const credited = await create(as.member, typeOf.seller, nextDay());
    expect(credited.booking).toMatchObject({ status: 'CONFIRMED', paidWithCredit: true });
    expect(await creditsUsed(sub)).toBe(1);
  });

  it('admins set a plan’s credit value and trial flag; credits need a value; members cannot read the value', async () => {
    const name = `Credit plan ${Date.now()}`;
    const input = { name, monthlyPriceCents: 3000, yearlyPriceCents: 30000, lessonCredits: 2 };
    const missing = await t.gql(as.admin, PLAN, { input });
    expect(missing.data.subscriptionPlanCreate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'creditValueCents',
    });
    const tooMuch = await t.gql(as.admin, PLAN, { input: { ...input, creditValueCents: 10_000_001 } });
    expect(tooMuch.data.subscriptionPlanCreate.userErrors[0]).toMatchObject({ field: 'creditValueCents' });
    const made = await t.gql(as.admin, PLAN, { input: { ...input, creditValueCents: 2500 } });
    expect(made.data.subscriptionPlanCreate).toMatchObject({
      plan: { lessonCredits: 2, creditValueCents: 2500, trialGrantsCredits: false },
      userErrors: [],
    });
    const id = made.data.subscriptionPlanCreate.plan.id;
    const changed = await t.gql(as.admin, PLAN_UPDATE, {
      input: { id, creditValueCents: 4000, trialGrantsCredits: true },
    });
    expect(changed.data.subscriptionPlanUpdate.plan).toEqual({
      id,
      creditValueCents: 4000,
      trialGrantsCredits: true,
    });
    const zero = await t.gql(as.admin, PLAN_UPDATE, { input: { id, creditValueCents: 0 } });
    expect(zero.data.subscriptionPlanUpdate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'creditValueCents',
    });
    const asMember = await t.gql(
      as.member,
      `{ subscriptionPlans { id trialGrantsCredits creditValueCents } }`,
    );
    expect(asMember.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
