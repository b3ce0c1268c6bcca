import type request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PLAN_IDS } from '../../db/seeders/demo-plans';
import { startTestApp, type TestApp } from '../../test/test-app';
import { TestPaymentProvider } from '../payments/test-payment-provider';
import { processPeriodEnd } from './membership-renewal';
import { MembershipsService } from './memberships.service';

type Agent = ReturnType<typeof request.agent>;

const json = { 'content-type': 'application/json' };
const MEMBER_ONLY_COURSE = 'Tap Rhythms and Musicality';

let t: TestApp;
let admin: Agent;
let courseId: string;
let lessonId: string;
let counter = 0;

const db = () => t.orm.em.fork().getConnection();

const SUB = `id state status benefitsActive provider interval priceCents cancelAtPeriodEnd currentPeriodStart
  currentPeriodEnd trialEnd graceEndsAt nextChargeAt nextChargeCents pendingPlan { id name } pendingPriceCents
  plan { id name } lessonCreditsIncluded lessonCreditsLeft testClockAvailable
  invoices { id number amountCents status receiptUrl } events { kind detail }`;
const ERR = 'userErrors { code field message }';
const CHECKOUT = `mutation($input: SubscriptionCheckoutInput!) { subscriptionCheckout(input: $input) {
  subscription { ${SUB} } checkoutUrl ${ERR} } }`;
const CANCEL = `mutation($input: SubscriptionCancelInput!) { subscriptionCancel(input: $input) { subscription { ${SUB} } ${ERR} } }`;
const RESUME = `mutation { subscriptionResume { subscription { ${SUB} } ${ERR} } }`;
const CHANGE = `mutation($input: SubscriptionChangeInput!) { subscriptionChange(input: $input) { subscription { ${SUB} } ${ERR} } }`;
const CLOCK = `mutation($input: SubscriptionTestClockInput!) { subscriptionTestClockAdvance(input: $input) {
  subscription { ${SUB} } ${ERR} } }`;
const PAY = `mutation { subscriptionPaymentMethodUpdate { url subscription { ${SUB} } ${ERR} } }`;
const MINE = `query { mySubscription { ${SUB} } }`;
const ENROLL = `mutation($input: CourseEnrollInput!) { courseEnroll(input: $input) { enrollment { id source } ${ERR} } }`;
const LESSON = `query($id: ID!) { lesson(id: $id) { id title } }`;
const COMPLETE = `mutation($input: LessonProgressInput!) { lessonComplete(input: $input) { ${ERR} } }`;

async function ok<T = any>(agent: Agent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await t.gql<T>(agent, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data;
}

/** A new member's browser, signed in. */
async function newUser(): Promise<{ agent: Agent; id: string; username: string }> {
  const agent = t.agent();
  const username = `m${++counter}${Date.now().toString(36)}`;
  const res = await agent
    .post('/api/register')
    .set(json)
    .send({ username, password: 'membership-test-pw', firstName: 'Mia', email: `${username}@example.com` });
  expect(res.status).toBe(201);
  const [row] = await db().execute<{ id: string }[]>('select id from users where username = ?', [username]);
  return { agent, id: row.id, username };
}

async function subscribe(agent: Agent, planId: string = DEMO_PLAN_IDS.member, interval = 'month') {
  const data = await ok(agent, CHECKOUT, { input: { planId, interval } });
  expect(data.subscriptionCheckout.userErrors).toEqual([]);
  return data.subscriptionCheckout.subscription;
}

async function clock(agent: Agent, action: string) {
  const data = await ok(agent, CLOCK, { input: { action } });
  expect(data.subscriptionTestClockAdvance.userErrors).toEqual([]);
  return data.subscriptionTestClockAdvance.subscription;
}

async function lessonOpen(agent: Agent): Promise<boolean> {
  const res = await t.gql(agent, LESSON, { id: lessonId });
  return !res.errors && !!res.data.lesson;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = t.agent();
  expect(
    (await admin.post('/api/login').set(json).send({ username: 'admin', password: 'drx-demo-2026' })).status,
  ).toBe(200);
  const [course] = await db().execute<{ id: string }[]>('select id from courses where title = ?', [
    MEMBER_ONLY_COURSE,
  ]);
  courseId = course.id;
  const [lesson] = await db().execute<{ id: string }[]>(
    `select l.id from lessons l join course_modules m on m.id = l.module_id where m.course_id = ? order by m.position, l.position limit 1`,
    [courseId],
  );
  lessonId = lesson.id;
});
afterAll(() => t.close());

describe('plans', () => {
  it('lists the active plans to everyone, in the graph and at GET /api/subscription-plans', async () => {
    const guest = t.agent();
    const data = await ok(
      guest,
      `{ subscriptionPlans { id name monthlyPriceCents yearlyPriceCents resourceDiscountPercent } }`,
    );
    expect(data.subscriptionPlans.map((p: { name: string }) => p.name)).toEqual(['Member', 'Studio Pro']);
    const rest = await guest.get('/api/subscription-plans');
    expect(rest.status).toBe(200);
    expect(rest.body.map((p: { id: string }) => p.id)).toEqual([
      DEMO_PLAN_IDS.member,
      DEMO_PLAN_IDS.studioPro,
    ]);
    expect((await guest.get('/api/subscription')).status).toBe(401);
    const mine = await t.gql(guest, MINE);
    expect(mine.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('keeps admin fields and operations from members', async () => {
    const { agent } = await newUser();
    for (const query of [
      '{ adminSubscriptionPlans { id } }',
      '{ adminSubscriptions { totalCount } }',
      '{ membershipStats { mrrCents } }',
      '{ subscriptionPlans { subscriberCount } }',
    ]) {
      const res = await t.gql(agent, query);
      expect(res.errors?.[0]?.extensions?.code, query).toBe('FORBIDDEN');
    }
  });
});

describe('joining, member-only courses and cancelling (test provider)', () => {
  it('opens member-only courses while the membership gives access, keeps progress after, and brings it back', async () => {
    const { agent, id } = await newUser();
    const refused = await ok(agent, ENROLL, { input: { courseId } });
    expect(refused.courseEnroll.userErrors[0].code).toBe('MEMBERSHIP_REQUIRED');
    expect(await lessonOpen(agent)).toBe(false);

    const sub = await subscribe(agent);
    expect(sub).toMatchObject({
      state: 'active',
      status: 'active',
      benefitsActive: true,
      provider: 'test',
      priceCents: 1900,
    });
    expect(sub.invoices).toEqual([expect.objectContaining({ amountCents: 1900, status: 'paid' })]);
    expect(new Date(sub.nextChargeAt).getTime()).toBe(new Date(sub.currentPeriodEnd).getTime());

    const enrolled = await ok(agent, ENROLL, { input: { courseId } });
    expect(enrolled.courseEnroll.enrollment.source).toBe('membership');
    expect(await lessonOpen(agent)).toBe(true);
    expect((await ok(agent, COMPLETE, { input: { lessonId } })).lessonComplete.userErrors).toEqual([]);

    // Cancel: cancelling, benefits stay on until the period end; resume is possible.
    const cancelled = await ok(agent, CANCEL, {
      input: { reason: 'too_expensive', comment: 'Back in spring' },
    });
    expect(cancelled.subscriptionCancel.subscription).toMatchObject({
      state: 'cancelling',
      cancelAtPeriodEnd: true,
      benefitsActive: true,
      nextChargeAt: null,
    });
    expect(await lessonOpen(agent)).toBe(true);
    const again = await ok(agent, CANCEL, { input: {} });
    expect(again.subscriptionCancel.userErrors[0].code).toBe('CONFLICT');
    const resumed = await ok(agent, RESUME);
    expect(resumed.subscriptionResume.subscription.state).toBe('active');
    await ok(agent, CANCEL, { input: {} });

    // The period ends: access is gone, the enrollment and the progress are kept.
    const ended = await clock(agent, 'END_PERIOD');
    expect(ended).toMatchObject({ state: 'ended', status: 'canceled', benefitsActive: false });
    expect(await lessonOpen(agent)).toBe(false);
    const mine = await ok(agent, `{ myEnrollments { nodes { course { id } } } }`);
    expect(mine.myEnrollments.nodes.map((n: { course: { id: string } }) => n.course.id)).not.toContain(
      courseId,
    );
    const [progress] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from lesson_progress where user_id = ? and lesson_id = ?',
      [id, lessonId],
    );
    expect(progress.n).toBe(1);
    expect((await ok(agent, RESUME)).subscriptionResume.userErrors[0].code).toBe('NOT_FOUND');

    // Joining again brings the course back with its progress.
    const back = await subscribe(agent);
    expect(back.state).toBe('active');
    expect(back.invoices).toHaveLength(1);
    expect(await lessonOpen(agent)).toBe(true);
    const view = await ok(agent, `query($id: ID!) { lesson(id: $id) { completed } }`, { id: lessonId });
    expect(view.lesson.completed).toBe(true);
  });

  it('never lets a membership end an enrollment that was not made through it', async () => {
    const { agent, id } = await newUser();
    await db().execute(
      `insert into enrollments (id, user_id, course_id, source, created_at) values (gen_random_uuid(), ?, ?, 'granted', now())`,
      [id, courseId],
    );
    await subscribe(agent);
    await ok(agent, CANCEL, { input: {} });
    await clock(agent, 'END_PERIOD');
    expect(await lessonOpen(agent)).toBe(true);
  });

  it('allows one membership per member, also under concurrent checkouts', async () => {
    const { agent, id } = await newUser();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.gql(agent, CHECKOUT, { input: { planId: DEMO_PLAN_IDS.member, interval: 'month' } }),
      ),
    );
    const started = results.filter((r) => r.data?.subscriptionCheckout?.subscription);
    expect(started).toHaveLength(1);
    for (const r of results.filter((x) => !x.data?.subscriptionCheckout?.subscription)) {
      expect(r.data.subscriptionCheckout.userErrors[0]).toMatchObject({ code: 'CONFLICT' });
    }
    const [rows] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from subscriptions where user_id = ?',
      [id],
    );
    expect(rows.n).toBe(1);
  });

  it('refuses bad input with clear errors', async () => {
    const { agent } = await newUser();
    const bad = async (input: Record<string, unknown>) =>
      (await ok(agent, CHECKOUT, { input })).subscriptionCheckout.userErrors[0];
    expect(await bad({ planId: DEMO_PLAN_IDS.member, interval: 'week' })).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'interval',
    });
    expect(await bad({ planId: 'nope', interval: 'month' })).toMatchObject({
      code: 'NOT_FOUND',
      field: 'planId',
    });
    expect((await ok(agent, CANCEL, { input: {} })).subscriptionCancel.userErrors[0].code).toBe('NOT_FOUND');
    await subscribe(agent);
    expect(
      (await ok(agent, CANCEL, { input: { reason: 'bored' } })).subscriptionCancel.userErrors[0],
    ).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'reason',
    });
    const rest = await agent
      .post('/api/subscription/checkout')
      .set(json)
      .send({ planId: DEMO_PLAN_IDS.member, interval: 'month' });
    expect(rest.status).toBe(409);
    expect(rest.body.message).toMatch(/already have a membership/);
  });
});

describe('failed payments: grace, lapse, recovery', () => {
  it('keeps benefits through the grace period, mails the member, then stops them until paid', async () => {
    const { agent, id, username } = await newUser();
    await subscribe(agent);
    await ok(agent, ENROLL, { input: { courseId } });

    const failed = await clock(agent, 'FAIL_RENEWAL');
    expect(failed).toMatchObject({ state: 'grace', status: 'past_due', benefitsActive: true });
    const graceDays = (new Date(failed.graceEndsAt).getTime() - Date.now()) / 86_400_000;
    expect(graceDays).toBeGreaterThan(6.9);
    expect(graceDays).toBeLessThanOrEqual(7);
    expect(failed.invoices[0]).toMatchObject({ status: 'open', amountCents: 1900 });
    expect(await lessonOpen(agent)).toBe(true);
    const mails = await db().execute<{ subject: string }[]>(
      `select subject from mail_outbox where "to" = ? order by created_at`,
      [`${username}@example.com`],
    );
    expect(mails.map((m) => m.subject)).toContain('Your DRX membership payment failed');

    const lapsed = await clock(agent, 'END_GRACE');
    expect(lapsed).toMatchObject({ state: 'lapsed', status: 'unpaid', benefitsActive: false });
    expect(await lessonOpen(agent)).toBe(false);

    const paid = await ok(agent, PAY);
    expect(paid.subscriptionPaymentMethodUpdate.url).toBeNull();
    expect(paid.subscriptionPaymentMethodUpdate.subscription).toMatchObject({
      state: 'active',
      benefitsActive: true,
      graceEndsAt: null,
    });
    expect(await lessonOpen(agent)).toBe(true);
    const kinds = paid.subscriptionPaymentMethodUpdate.subscription.events.map(
      (e: { kind: string }) => e.kind,
    );
    expect(kinds).toEqual(['started', 'payment_failed', 'lapsed', 'payment_recovered']);
    const [row] = await db().execute<{ n: number }[]>(
      'select count(*)::int as n from subscription_invoices where user_id = ? and status = ?',
      [id, 'paid'],
    );
    expect(row.n).toBe(2);
  });

  it('uses the grace days the admin set, for payments that fail afterwards', async () => {
    const set = await ok(
      admin,
      `mutation { membershipSettingsUpdate(input: { graceDays: 3 }) { settings { graceDays } ${ERR} } }`,
    );
    expect(set.membershipSettingsUpdate.settings.graceDays).toBe(3);
    const bad = await ok(
      admin,
      `mutation { membershipSettingsUpdate(input: { graceDays: 99 }) { settings { graceDays } ${ERR} } }`,
    );
    expect(bad.membershipSettingsUpdate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'graceDays',
    });
    try {
      const { agent } = await newUser();
      await subscribe(agent);
      const failed = await clock(agent, 'FAIL_RENEWAL');
      const days = (new Date(failed.graceEndsAt).getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(2.9);
      expect(days).toBeLessThanOrEqual(3);
    } finally {
      await ok(admin, `mutation { membershipSettingsUpdate(input: { graceDays: 7 }) { ${ERR} } }`);
    }
  });

  it('sends the grace reminder by the job queue two days before the grace period ends', async () => {
    await ok(admin, `mutation { membershipSettingsUpdate(input: { graceDays: 1 }) { ${ERR} } }`);
    try {
      const { agent, username } = await newUser();
      await subscribe(agent);
      await clock(agent, 'FAIL_RENEWAL');
      // A one-day grace period: the reminder is due at once; the app's workers send it.
      let subjects: string[] = [];
      for (
        let i = 0;
        i < 40 && !subjects.includes('Reminder: update your payment method to keep your membership');
        i++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        const rows = await db().execute<{ subject: string }[]>(
          `select subject from mail_outbox where "to" = ?`,
          [`${username}@example.com`],
        );
        subjects = rows.map((r) => r.subject);
      }
      expect(subjects).toContain('Reminder: update your payment method to keep your membership');
      const mine = await ok(agent, `{ mySubscription { state events { kind } } }`);
      expect(mine.mySubscription.state).toBe('grace');
      expect(mine.mySubscription.events.map((e: { kind: string }) => e.kind)).toContain('grace_reminder');
    } finally {
      await ok(admin, `mutation { membershipSettingsUpdate(input: { graceDays: 7 }) { ${ERR} } }`);
    }
  });

  it('renews a paid period with a new invoice and the same price', async () => {
    const { agent } = await newUser();
    await subscribe(agent, DEMO_PLAN_IDS.member, 'year');
    const renewed = await clock(agent, 'RENEW');
    expect(renewed.state).toBe('active');
    // The clock moved a year on: the new period starts now and lasts a year.
    const days = (new Date(renewed.currentPeriodEnd).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(367);
    expect(
      renewed.invoices.map((i: { amountCents: number; status: string }) => [i.amountCents, i.status]),
    ).toEqual([
      [19000, 'paid'],
      [19000, 'paid'],
    ]);
  });
});

describe('changing plan', () => {
  it('upgrades at once with a prorated charge and downgrades at the period end', async () => {
    const { agent } = await newUser();
    await subscribe(agent);
    const up = await ok(agent, CHANGE, { input: { planId: DEMO_PLAN_IDS.studioPro, interval: 'month' } });
    const upgraded = up.subscriptionChange.subscription;
    expect(upgraded).toMatchObject({
      plan: { name: 'Studio Pro' },
      priceCents: 4900,
      pendingPlan: null,
      lessonCreditsLeft: 2,
    });
    // Almost the whole month is left: about 4900 − 1900.
    expect(upgraded.invoices[0].amountCents).toBeGreaterThan(2900);
    expect(upgraded.invoices[0].amountCents).toBeLessThanOrEqual(3000);

    const down = await ok(agent, CHANGE, { input: { planId: DEMO_PLAN_IDS.member, interval: 'month' } });
    expect(down.subscriptionChange.subscription).toMatchObject({
      plan: { name: 'Studio Pro' },
      pendingPlan: { name: 'Member' },
      pendingPriceCents: 1900,
      nextChargeCents: 1900,
    });
    const same = await ok(agent, CHANGE, { input: { planId: DEMO_PLAN_IDS.studioPro, interval: 'month' } });
    expect(same.subscriptionChange.subscription.pendingPlan).toBeNull();
    await ok(agent, CHANGE, { input: { planId: DEMO_PLAN_IDS.member, interval: 'month' } });
    const renewed = await clock(agent, 'RENEW');
    expect(renewed).toMatchObject({ plan: { name: 'Member' }, priceCents: 1900, pendingPlan: null });
    expect(renewed.invoices[0].amountCents).toBe(1900);
  });

  it('gives the plan trial on a first membership only', async () => {
    const { agent } = await newUser();
    const trial = await subscribe(agent, DEMO_PLAN_IDS.studioPro);
    expect(trial).toMatchObject({
      state: 'trialing',
      status: 'trialing',
      benefitsActive: true,
      invoices: [],
    });
    expect(Math.round((new Date(trial.trialEnd).getTime() - Date.now()) / 86_400_000)).toBe(14);
    await ok(agent, CANCEL, { input: {} });
    await clock(agent, 'END_PERIOD');
    const second = await subscribe(agent, DEMO_PLAN_IDS.studioPro);
    expect(second).toMatchObject({ state: 'active', trialEnd: null });
    expect(second.invoices[0].amountCents).toBe(4900);
  });
});

describe('admin', () => {
  it('creates and changes plans; a price change leaves current members their price', async () => {
    const created = await ok(
      admin,
      `mutation($input: SubscriptionPlanCreateInput!) { subscriptionPlanCreate(input: $input) { plan { id name active } ${ERR} } }`,
      {
        input: {
          name: `Trial plan ${Date.now()}`,
          monthlyPriceCents: 1000,
          yearlyPriceCents: 10000,
          resourceDiscountPercent: 5,
        },
      },
    );
    const planId = created.subscriptionPlanCreate.plan.id;
    const dup = await ok(
      admin,
      `mutation($input: SubscriptionPlanCreateInput!) { subscriptionPlanCreate(input: $input) { plan { id } ${ERR} } }`,
      { input: { name: 'Member', monthlyPriceCents: 1, yearlyPriceCents: 1 } },
    );
    expect(dup.subscriptionPlanCreate.userErrors[0].code).toBe('CONFLICT');
    const { agent } = await newUser();
    await subscribe(agent, planId);
    const update = `mutation($input: SubscriptionPlanUpdateInput!) { subscriptionPlanUpdate(input: $input) {
      plan { id monthlyPriceCents subscriberCount } ${ERR} } }`;
    const changed = await ok(admin, update, { input: { id: planId, monthlyPriceCents: 1500 } });
    expect(changed.subscriptionPlanUpdate.plan).toMatchObject({
      monthlyPriceCents: 1500,
      subscriberCount: 1,
    });
    const negative = await ok(admin, update, { input: { id: planId, resourceDiscountPercent: 101 } });
    expect(negative.subscriptionPlanUpdate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'resourceDiscountPercent',
    });
    const renewed = await clock(agent, 'RENEW');
    expect(renewed.invoices[0].amountCents).toBe(1000);
    await ok(admin, update, { input: { id: planId, active: false } });
    const guestPlans = await ok(t.agent(), '{ subscriptionPlans { id } }');
    expect(guestPlans.subscriptionPlans.map((p: { id: string }) => p.id)).not.toContain(planId);
  });

  it('comps a membership with a reason kept in its history, lists and counts members', async () => {
    const { agent, id, username } = await newUser();
    const comp = await ok(
      admin,
      `mutation($input: SubscriptionCompInput!) { subscriptionComp(input: $input) { subscription { id state provider compReason nextChargeAt events { kind detail } } ${ERR} } }`,
      { input: { userId: id, planId: DEMO_PLAN_IDS.member, months: 2, reason: 'Festival prize' } },
    );
    expect(comp.subscriptionComp.subscription).toMatchObject({
      provider: 'comp',
      compReason: 'Festival prize',
      nextChargeAt: null,
    });
    expect(comp.subscriptionComp.subscription.events[0]).toMatchObject({ kind: 'comped' });
    expect(await lessonOpen(agent)).toBe(false); // not enrolled yet
    expect((await ok(agent, ENROLL, { input: { courseId } })).courseEnroll.userErrors).toEqual([]);
    expect(await lessonOpen(agent)).toBe(true);

    const list = await ok(
      admin,
      `query($s: String, $q: String) { adminSubscriptions(status: $s, search: $q) { totalCount nodes { id state member { username } } } }`,
      { s: 'cancelling', q: username },
    );
    // A comp ends by itself: it shows as cancelling (no renewal).
    expect(list.adminSubscriptions.nodes).toEqual([expect.objectContaining({ member: { username } })]);
    const stats = await ok(
      admin,
      `{ membershipStats(months: 3) { mrrCents activeMembers points { date mrrCents activeMembers } } }`,
    );
    expect(stats.membershipStats.activeMembers).toBeGreaterThan(0);
    expect(stats.membershipStats.points).toHaveLength(3);
    expect(stats.membershipStats.points[2].activeMembers).toBeGreaterThanOrEqual(
      stats.membershipStats.activeMembers,
    );
  });

  it('serves invoice receipts (HTML and PDF) to their member and admins only', async () => {
    const { agent } = await newUser();
    const sub = await subscribe(agent);
    const url = sub.invoices[0].receiptUrl;
    const html = await agent.get(url);
    expect(html.status).toBe(200);
    expect(html.text).toContain('Member membership, monthly');
    const pdf = await agent.get(`${url}.pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await admin.get(url)).status).toBe(200);
    const other = await newUser();
    expect((await other.agent.get(url)).status).toBe(404);
    expect((await t.agent().get(url)).status).toBe(401);
  });
});

describe('the test clock', () => {
  it('is refused in production', async () => {
    const { id } = await newUser();
    const em = t.orm.em.fork();
    const user = await em.findOneOrFail('User', { id });
    const service = new MembershipsService(em, new TestPaymentProvider(), {
      publicUrl: 'http://x',
      production: true,
    });
    await expect(service.testClock(user as never, { action: 'RENEW' }, false)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('lets the period-end job end a cancelled membership on time', async () => {
    const { agent, id } = await newUser();
    await subscribe(agent);
    await ok(agent, CANCEL, { input: {} });
    // Time passes for this membership (as the test clock does), then the queued job runs.
    await db().execute(
      `update subscriptions set current_period_start = current_period_start - interval '40 days',
              current_period_end = current_period_end - interval '40 days' where user_id = ?`,
      [id],
    );
    const [sub] = await db().execute<{ id: string }[]>('select id from subscriptions where user_id = ?', [
      id,
    ]);
    const em = t.orm.em.fork();
    await em.transactional((tem) => processPeriodEnd(tem, sub.id));
    expect((await ok(agent, MINE)).mySubscription).toMatchObject({ state: 'ended', status: 'canceled' });
  });
});
