import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endMembership, makeMember } from '../../test/membership-fixtures';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  type Agent,
  addToCart,
  CONFIRM,
  json,
  newKey,
  PASSWORD,
  paidCourse,
  REFUND,
  resourceOf,
  START,
} from '../orders/orders-fixtures.test';
import { storeInviteToken } from './store-invite';
import { db, deliver, nextId, orderGidOf, orderPayload, refundPayload } from './store-webhook-fixtures.test';

// DRX courses and resources sold in the store: a paid store order grants them once per line, a
// refund or cancellation takes them back as a DRX refund does, an unknown buyer is invited and
// gets them on sign-up from the invitation (or signed in, with its token) — nobody else does.
let t: TestApp;
const as: Record<string, Agent> = {};
const idOf: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const name of ['admin', 'member', 'multi']) {
    const agent = t.agent();
    const res = await agent.post('/api/login').set(json).send({ username: name, password: PASSWORD });
    expect(res.status).toBe(200);
    as[name] = agent;
    idOf[name] = res.body.id;
  }
});
afterAll(async () => {
  await t?.close();
});

const courseSku = (id: string) => `DRX-COURSE-${id}`;
const resourceSku = (id: string) => `DRX-RESOURCE-${id}`;

const COURSE_ACCESS = `query($id: ID!) { course(id: $id) { viewerEnrollment { id source } } }`;
const RESOURCE_ACCESS = `query($id: ID!) { resource(id: $id) { viewerCanDownload viewerCanReview } }`;

async function enrollment(userId: string, courseId: string) {
  const rows = await db(t).execute<{ source: string; access_revoked_at: Date | null }[]>(
    'select source, access_revoked_at from enrollments where user_id = ? and course_id = ?',
    [userId, courseId],
  );
  return rows;
}
async function grants(orderId: number) {
  return db(t).execute<{ status: string; user_id: string | null; line_id: string; item_type: string }[]>(
    'select status, user_id, line_id, item_type from store_entitlement_grants where order_id = ? order by line_id',
    [orderGidOf(orderId)],
  );
}
async function storeEntitlements(userId: string, resourceId: string) {
  const [row] = await db(t).execute<{ n: number }[]>(
    `select count(*)::int as n from entitlements where user_id = ? and resource_id = ? and source = 'store'`,
    [userId, resourceId],
  );
  return row.n;
}
async function courseOpen(agent: Agent, courseId: string): Promise<boolean> {
  const res = await t.gql(agent, COURSE_ACCESS, { id: courseId });
  expect(res.errors).toBeUndefined();
  return res.data.course.viewerEnrollment !== null;
}

describe('a paid store order of a DRX course', () => {
  let courseId: string;
  const orderId = nextId();

  beforeAll(async () => {
    courseId = (await paidCourse(t, idOf.member)).id;
  });

  it('does not enrol while the order is unpaid', async () => {
    const res = await deliver(
      t,
      'orders/create',
      orderPayload({ id: orderId, financialStatus: 'pending', lines: [{ sku: courseSku(courseId) }] }),
    );
    expect(res.status).toBe(200);
    expect(await enrollment(idOf.member, courseId)).toEqual([]);
    expect(await grants(orderId)).toEqual([]);
  });

  it('enrols its buyer once, however often and however concurrently it is told', async () => {
    const paid = orderPayload({
      id: orderId,
      financialStatus: 'paid',
      updatedAt: '2026-11-28T10:01:00Z',
      lines: [{ sku: courseSku(courseId) }],
    });
    const webhookId = randomUUID();
    const first = await deliver(t, 'orders/paid', paid, { webhookId });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ granted: 1 });
    const replay = await deliver(t, 'orders/paid', paid, { webhookId });
    expect(replay.body.duplicate).toBe(true);
    // Two more webhooks of the same order (other ids), at the same time.
    const [a, b] = await Promise.all([
      deliver(t, 'orders/updated', paid),
      deliver(t, 'orders/paid', { ...paid, updated_at: '2026-11-28T10:02:00Z' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await enrollment(idOf.member, courseId)).toEqual([{ source: 'store', access_revoked_at: null }]);
    expect(await grants(orderId)).toEqual([
      expect.objectContaining({ status: 'granted', user_id: idOf.member, item_type: 'course' }),
    ]);
    expect(await courseOpen(as.member, courseId)).toBe(true);
  });

  it('a refund covering the line revokes it as a DRX refund does', async () => {
    const res = await deliver(t, 'refunds/create', refundPayload(orderId, [{ id: orderId * 10 }]));
    expect(res.status).toBe(200);
    expect(res.body.revoked).toBe(1);
    expect((await grants(orderId))[0].status).toBe('revoked');
    const [row] = await enrollment(idOf.member, courseId);
    expect(row.access_revoked_at).not.toBeNull();
    expect(await courseOpen(as.member, courseId)).toBe(false);
    // A late paid webhook does not grant the revoked line again.
    await deliver(
      t,
      'orders/updated',
      orderPayload({
        id: orderId,
        financialStatus: 'paid',
        updatedAt: '2026-11-28T10:30:00Z',
        lines: [{ sku: courseSku(courseId) }],
      }),
    );
    expect((await grants(orderId))[0].status).toBe('revoked');
    expect(await courseOpen(as.member, courseId)).toBe(false);
  });

  it('a new store order of the course opens it again; cancelling that order closes it', async () => {
    const again = nextId();
    await deliver(t, 'orders/create', orderPayload({ id: again, lines: [{ sku: courseSku(courseId) }] }));
    expect(await courseOpen(as.member, courseId)).toBe(true);
    const cancelled = await deliver(
      t,
      'orders/cancelled',
      orderPayload({
        id: again,
        financialStatus: 'refunded',
        cancelledAt: '2026-11-28T11:00:00Z',
        updatedAt: '2026-11-28T11:00:00Z',
        lines: [{ sku: courseSku(courseId) }],
      }),
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.revoked).toBe(1);
    expect(await courseOpen(as.member, courseId)).toBe(false);
  });
});

describe('holding the item from another source', () => {
  it('a store refund leaves a course open that the buyer also holds another way', async () => {
    const courseId = (await paidCourse(t, idOf.multi)).id;
    const first = nextId();
    const second = nextId();
    const email = 'multi@demo.drx.dance';
    await deliver(
      t,
      'orders/create',
      orderPayload({ id: first, email, lines: [{ sku: courseSku(courseId) }] }),
    );
    await deliver(
      t,
      'orders/create',
      orderPayload({ id: second, email, lines: [{ sku: courseSku(courseId) }] }),
    );
    await deliver(t, 'orders/cancelled', {
      ...orderPayload({ id: first, email, lines: [{ sku: courseSku(courseId) }] }),
      cancelled_at: '2026-11-28T11:00:00Z',
      updated_at: '2026-11-28T11:00:00Z',
    });
    // The second store order still gives it.
    expect(await courseOpen(as.multi, courseId)).toBe(true);
    await deliver(t, 'refunds/create', refundPayload(second, [{ id: second * 10 }]));
    expect(await courseOpen(as.multi, courseId)).toBe(false);
  });

  it('a DRX refund leaves open a course a store order gives, and the other way round', async () => {
    const course = await paidCourse(t, idOf.member);
    await db(t).execute('delete from cart_items where user_id = ?', [idOf.member]);
    await addToCart(t, as.member, 'course', course.id);
    const started = await t.gql(as.member, START, { input: { idempotencyKey: newKey() } });
    expect(started.data.checkoutStart.userErrors).toEqual([]);
    const confirmed = await t.gql(as.member, CONFIRM, {
      input: { orderId: started.data.checkoutStart.order.id },
    });
    expect(confirmed.data.checkoutConfirm.order.status).toBe('paid');
    expect(await courseOpen(as.member, course.id)).toBe(true);

    const storeOrder = nextId();
    await deliver(
      t,
      'orders/create',
      orderPayload({ id: storeOrder, lines: [{ sku: courseSku(course.id) }] }),
    );
    expect((await grants(storeOrder))[0].status).toBe('granted');

    const refunded = await t.gql(as.admin, REFUND, {
      input: { orderId: started.data.checkoutStart.order.id, reason: 'test' },
    });
    expect(refunded.data.orderRefund.userErrors).toEqual([]);
    expect(await courseOpen(as.member, course.id)).toBe(true);

    await deliver(t, 'refunds/create', refundPayload(storeOrder, [{ id: storeOrder * 10 }]));
    expect(await courseOpen(as.member, course.id)).toBe(false);
  });

  it('a store refund counts only DRX order lines still live: not one disputed or refunded, but one refunded only in part elsewhere', async () => {
    // The buyer holds the course from a DRX order too; the DRX order's state varies per case.
    async function drxOrderAndStoreOrder() {
      const course = await paidCourse(t, idOf.multi);
      await db(t).execute('delete from cart_items where user_id = ?', [idOf.multi]);
      await addToCart(t, as.multi, 'course', course.id);
      const started = await t.gql(as.multi, START, { input: { idempotencyKey: newKey() } });
      expect(started.data.checkoutStart.userErrors).toEqual([]);
      const orderId = started.data.checkoutStart.order.id as string;
      const confirmed = await t.gql(as.multi, CONFIRM, { input: { orderId } });
      expect(confirmed.data.checkoutConfirm.order.status).toBe('paid');
      const storeOrder = nextId();
      await deliver(
        t,
        'orders/create',
        orderPayload({
          id: storeOrder,
          email: 'multi@demo.drx.dance',
          lines: [{ sku: courseSku(course.id) }],
        }),
      );
      expect((await grants(storeOrder))[0].status).toBe('granted');
      return { courseId: course.id, orderId, storeOrder };
    }

    // 1. The DRX order's course line is suspended by an open dispute (the order is still `paid`):
    // it gives nothing, so the store refund closes the course.
    const disputed = await drxOrderAndStoreOrder();
    await db(t).execute(`update orders set dispute_status = 'open', disputed_at = now() where id = ?`, [
      disputed.orderId,
    ]);
    await db(t).execute(`update order_lines set suspended_at = now() where order_id = ?`, [disputed.orderId]);
    await deliver(
      t,
      'refunds/create',
      refundPayload(disputed.storeOrder, [{ id: disputed.storeOrder * 10 }]),
    );
    expect(await courseOpen(as.multi, disputed.courseId)).toBe(false);

    // 2. The DRX order was refunded only in part (another line, say): the course line is live, so
    // the store refund leaves the course open.
    const partly = await drxOrderAndStoreOrder();
    await db(t).execute(
      `update orders set status = 'refunded', refunded_cents = 1, refunded_at = now() where id = ? and total_cents > 1`,
      [partly.orderId],
    );
    await deliver(t, 'refunds/create', refundPayload(partly.storeOrder, [{ id: partly.storeOrder * 10 }]));
    expect(await courseOpen(as.multi, partly.courseId)).toBe(true);

    // 3. A DRX order lost in a dispute (refunded in full, its lines taken back) gives nothing either.
    const lost = await drxOrderAndStoreOrder();
    await db(t).execute(
      `update orders set status = 'refunded', refunded_cents = total_cents, refunded_at = now(),
         dispute_status = 'lost', disputed_at = now() where id = ?`,
      [lost.orderId],
    );
    await db(t).execute(`update order_lines set refunded_at = now() where order_id = ?`, [lost.orderId]);
    await deliver(t, 'refunds/create', refundPayload(lost.storeOrder, [{ id: lost.storeOrder * 10 }]));
    expect(await courseOpen(as.multi, lost.courseId)).toBe(false);
  });

  it('a staff-granted course stays open after a store refund', async () => {
    const courseId = (await paidCourse(t, idOf.member)).id;
    await db(t).execute(
      `insert into enrollments (id, user_id, course_id, source, created_at) values (?, ?, ?, 'granted', now())`,
      [randomUUID(), idOf.member, courseId],
    );
    const id = nextId();
    await deliver(t, 'orders/create', orderPayload({ id, lines: [{ sku: courseSku(courseId) }] }));
    await deliver(t, 'refunds/create', refundPayload(id, [{ id: id * 10 }]));
    expect((await grants(id))[0].status).toBe('revoked');
    expect(await enrollment(idOf.member, courseId)).toEqual([{ source: 'granted', access_revoked_at: null }]);
  });
});

describe('a member-only course', () => {
  it('bought in the store stays open after the membership ends; refunded, it goes back to the membership', async () => {
    const [course] = await db(t).execute<{ id: string }[]>(
      `select id from courses c where c.published and c.member_only
         and not exists (select 1 from enrollments e where e.course_id = c.id and e.user_id = ?)
       order by id limit 1`,
      [idOf.multi],
    );
    expect(course).toBeTruthy();
    await makeMember(t, idOf.multi, { memberOnlyCourses: true });
    const enrolled = await t.gql(
      as.multi,
      `mutation($id: ID!) { courseEnroll(input: { courseId: $id }) { userErrors { code } } }`,
      {
        id: course.id,
      },
    );
    expect(enrolled.errors).toBeUndefined();
    expect(await enrollment(idOf.multi, course.id)).toEqual([
      { source: 'membership', access_revoked_at: null },
    ]);

    const id = nextId();
    const email = 'multi@demo.drx.dance';
    await deliver(t, 'orders/create', orderPayload({ id, email, lines: [{ sku: courseSku(course.id) }] }));
    expect(await enrollment(idOf.multi, course.id)).toEqual([{ source: 'store', access_revoked_at: null }]);

    await deliver(t, 'refunds/create', refundPayload(id, [{ id: id * 10 }]));
    expect(await enrollment(idOf.multi, course.id)).toEqual([
      { source: 'membership', access_revoked_at: null },
    ]);
    expect(await courseOpen(as.multi, course.id)).toBe(true);
    await endMembership(t, idOf.multi);
    expect(await courseOpen(as.multi, course.id)).toBe(false);
  });
});

describe('a DRX resource sold in the store', () => {
  it('entitles the buyer beside their other rows; a refund removes only its own row', async () => {
    const resource = await resourceOf(t, null, idOf.member);
    const before = await t.gql(as.member, RESOURCE_ACCESS, { id: resource.id });
    expect(before.data.resource.viewerCanDownload).toBe(false);

    const id = nextId();
    const res = await deliver(
      t,
      'orders/create',
      orderPayload({
        id,
        lines: [
          { sku: resourceSku(resource.id) },
          { sku: 'SOCKS-1' },
          { sku: `DRX-RESOURCE-${randomUUID()}` },
        ],
      }),
    );
    expect(res.status).toBe(200);
    // The SKU of a resource that does not exist grants nothing; merchandise neither.
    expect(res.body.granted).toBe(1);
    expect(await storeEntitlements(idOf.member, resource.id)).toBe(1);
    const after = await t.gql(as.member, RESOURCE_ACCESS, { id: resource.id });
    expect(after.data.resource).toEqual({ viewerCanDownload: true, viewerCanReview: true });
    // Authorised (the test data directory holds no demo files: 404 for the file itself, never 403).
    const download = await as.member.get(`/api/resources/${resource.id}/download`);
    expect(download.status).not.toBe(403);

    // A staff grant of the same resource stays when the store line is refunded.
    await db(t).execute(
      `insert into entitlements (id, user_id, resource_id, source, created_at) values (?, ?, ?, 'granted', now())`,
      [randomUUID(), idOf.member, resource.id],
    );
    await deliver(t, 'refunds/create', refundPayload(id, [{ id: id * 10 }]));
    expect(await storeEntitlements(idOf.member, resource.id)).toBe(0);
    expect(
      (await t.gql(as.member, RESOURCE_ACCESS, { id: resource.id })).data.resource.viewerCanDownload,
    ).toBe(true);
    await db(t).execute(
      `delete from entitlements where user_id = ? and resource_id = ? and source = 'granted'`,
      [idOf.member, resource.id],
    );
    expect(
      (await t.gql(as.member, RESOURCE_ACCESS, { id: resource.id })).data.resource.viewerCanDownload,
    ).toBe(false);
    const refused = await as.member.get(`/api/resources/${resource.id}/download`);
    expect(refused.status).toBe(403);
  });
});

describe('a buyer without an account', () => {
  let seq = 0;
  const unique = () => `${Date.now()}${++seq}`;
  const register = (agent: Agent, email: string, storeInvite?: string) =>
    agent
      .post('/api/register')
      .set(json)
      .send({ username: `buyer${unique()}`, password: 'a-long-password-2026', email, storeInvite });
  const MY_STORE_ORDERS = `{ storeOrders { nodes { id lines { drxItemType drxItemId } } } }`;
  const CLAIM = `mutation($token: String!) { storeClaimInvite(token: $token) { claimed userErrors { code field message } } }`;

  /** The invitation mailed to `email`: its text and the register link's parameters. */
  async function invitation(email: string) {
    const mails = await db(t).execute<{ subject: string; text: string; html: string }[]>(
      `select subject, text, html from mail_outbox where lower("to") = lower(?)`,
      [email],
    );
    expect(mails).toHaveLength(1);
    const href = /https?:\/\/\S+\/register\?\S+/.exec(mails[0].text)?.[0];
    expect(href).toBeTruthy();
    const link = new URL(href!);
    return {
      mail: mails[0],
      email: link.searchParams.get('email'),
      token: link.searchParams.get('storeInvite')!,
    };
  }

  /** A paid store order of a new course and resource by an email without account. */
  async function pendingOrder(email: string) {
    const course = await paidCourse(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    const id = nextId();
    const paid = orderPayload({
      id,
      email,
      lines: [{ sku: courseSku(course.id) }, { sku: resourceSku(resource.id) }],
    });
    const res = await deliver(t, 'orders/create', paid);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ pending: 2, granted: 0 });
    return { course, resource, id, paid };
  }

  it('is invited by mail, and registering from the invitation grants the purchase', async () => {
    const email = `store-buyer-${unique()}@example.com`;
    const { course, resource, id, paid } = await pendingOrder(email.toUpperCase());
    expect((await grants(id)).map((g) => g.status)).toEqual(['pending', 'pending']);
    // Told again: no second invitation.
    await deliver(t, 'orders/paid', paid);

    const invite = await invitation(email);
    expect(invite.mail.text).toContain(
      `/register?email=${encodeURIComponent(email.toUpperCase())}&storeInvite=${invite.token}`,
    );
    expect(invite.mail.html).toContain(`&amp;storeInvite=${invite.token}`);
    expect(invite.mail.text).not.toContain('Unsubscribe');
    expect(invite.email).toBe(email.toUpperCase());
    expect(invite.token).toBe(storeInviteToken(t.config.sessionSecret, email));

    const agent = t.agent();
    const registered = await register(agent, email, invite.token);
    expect(registered.status).toBe(201);
    const userId = registered.body.id as string;
    expect((await grants(id)).every((g) => g.status === 'granted' && g.user_id === userId)).toBe(true);
    expect(await enrollment(userId, course.id)).toEqual([{ source: 'store', access_revoked_at: null }]);
    expect(await storeEntitlements(userId, resource.id)).toBe(1);
    expect(await courseOpen(agent, course.id)).toBe(true);

    // The order placed before the account existed is the new member's now.
    const orders = await t.gql(agent, MY_STORE_ORDERS);
    expect(orders.data.storeOrders.nodes).toEqual([
      {
        id: orderGidOf(id),
        lines: [
          { drxItemType: 'course', drxItemId: course.id },
          { drxItemType: 'resource', drxItemId: resource.id },
        ],
      },
    ]);

    // A refund of the order then takes them back from the new account.
    await deliver(t, 'orders/updated', {
      ...paid,
      financial_status: 'refunded',
      updated_at: '2026-11-28T12:00:00Z',
    });
    expect(await courseOpen(agent, course.id)).toBe(false);
    expect(await storeEntitlements(userId, resource.id)).toBe(0);
  });

  it('registering with the buyer’s email but without the invitation’s token claims nothing', async () => {
    const email = `store-buyer-${unique()}@example.com`;
    const { course, resource, id, paid } = await pendingOrder(email);
    const { token } = await invitation(email);
    const flipped = token.slice(0, 5) + (token[5] === 'A' ? 'B' : 'A') + token.slice(6);

    // No token, a forged one, one issued for another email (as REST), and none through the graph.
    const strangers: string[] = [];
    for (const storeInvite of [
      undefined,
      flipped,
      'not a token!',
      storeInviteToken(t.config.sessionSecret, 'someone-else@example.com'),
    ]) {
      const agent = t.agent();
      const registered = await register(agent, email, storeInvite);
      expect(registered.status).toBe(201);
      strangers.push(registered.body.id);
      expect(await courseOpen(agent, course.id)).toBe(false);
      expect((await t.gql(agent, MY_STORE_ORDERS)).data.storeOrders.nodes).toEqual([]);
    }
    const viaGraph = await t.gql(
      t.agent(),
      `mutation($input: RegisterInput!) { register(input: $input) { user { id } userErrors { code } } }`,
      {
        input: {
          username: `buyer${unique()}`,
          password: 'a-long-password-2026',
          email,
          storeInvite: flipped,
        },
      },
    );
    expect(viaGraph.data.register.userErrors).toEqual([]);
    strangers.push(viaGraph.data.register.user.id);
    // A later webhook of the order maps it by email only to an account that verified the address:
    // none of those did, so the order stays nobody's and its lines still wait.
    await deliver(t, 'orders/updated', { ...paid, updated_at: '2026-11-28T10:05:00Z' });
    const [held] = await db(t).execute<{ user_id: string | null }[]>(
      'select user_id from store_orders where id = ?',
      [orderGidOf(id)],
    );
    expect(held.user_id).toBeNull();

    expect((await grants(id)).map((g) => [g.status, g.user_id])).toEqual([
      ['pending', null],
      ['pending', null],
    ]);
    for (const userId of strangers) {
      expect(await enrollment(userId, course.id)).toEqual([]);
      expect(await storeEntitlements(userId, resource.id)).toBe(0);
    }
    // The invitation's holder still gets it all.
    const agent = t.agent();
    const registered = await register(agent, email, token);
    expect(registered.status).toBe(201);
    expect((await grants(id)).every((g) => g.status === 'granted' && g.user_id === registered.body.id)).toBe(
      true,
    );
    expect(await courseOpen(agent, course.id)).toBe(true);
    // The order goes with its lines to the invitation's holder.
    expect((await t.gql(agent, MY_STORE_ORDERS)).data.storeOrders.nodes).toHaveLength(1);
    for (const userId of strangers) {
      expect(await enrollment(userId, course.id)).toEqual([]);
    }
  });

  it('a signed-in member with the buyer’s email claims it with the token; anyone else is refused', async () => {
    const email = `store-buyer-${unique()}@example.com`;
    const { course, resource, id } = await pendingOrder(email);
    const { token } = await invitation(email);

    // The buyer registered without the link; another member holds the link.
    const buyer = t.agent();
    const buyerId = (await register(buyer, email.toUpperCase())).body.id as string;
    const other = t.agent();
    expect((await register(other, `other-${unique()}@example.com`)).status).toBe(201);

    const guest = await t.gql(t.agent(), CLAIM, { token });
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const refused = await t.gql(other, CLAIM, { token });
    expect(refused.errors).toBeUndefined();
    expect(refused.data.storeClaimInvite).toEqual({
      claimed: 0,
      userErrors: [
        { code: 'INVALID_INPUT', field: 'token', message: 'This invitation is for another email address.' },
      ],
    });
    const forged = await t.gql(buyer, CLAIM, { token: token.slice(1) });
    expect(forged.data.storeClaimInvite.userErrors).toEqual([
      expect.objectContaining({ code: 'INVALID_INPUT', field: 'token' }),
    ]);
    expect((await grants(id)).map((g) => g.status)).toEqual(['pending', 'pending']);

    const claimed = await t.gql(buyer, CLAIM, { token });
    expect(claimed.data.storeClaimInvite).toEqual({ claimed: 2, userErrors: [] });
    expect((await grants(id)).every((g) => g.status === 'granted' && g.user_id === buyerId)).toBe(true);
    expect(await courseOpen(buyer, course.id)).toBe(true);
    expect(await storeEntitlements(buyerId, resource.id)).toBe(1);
    expect((await t.gql(buyer, MY_STORE_ORDERS)).data.storeOrders.nodes).toEqual([
      expect.objectContaining({ id: orderGidOf(id) }),
    ]);
    // Claiming again (the link opened twice) changes nothing.
    const again = await t.gql(buyer, CLAIM, { token });
    expect(again.data.storeClaimInvite).toEqual({ claimed: 0, userErrors: [] });
    expect(await storeEntitlements(buyerId, resource.id)).toBe(1);
  });

  it('the squatter case: an account registered first with the shopper’s email gets nothing; verifying the address does', async () => {
    const email = `store-shopper-${unique()}@example.com`;
    // Someone registers the shopper's address before the shopper ever comes to DRX.
    const squatter = t.agent();
    const squatterId = (await register(squatter, email)).body.id as string;
    const { course, resource, id } = await pendingOrder(email);
    // Not the squatter's: the order and its lines wait for whoever proves the address.
    const [held] = await db(t).execute<{ user_id: string | null }[]>(
      'select user_id from store_orders where id = ?',
      [orderGidOf(id)],
    );
    expect(held.user_id).toBeNull();
    expect(await enrollment(squatterId, course.id)).toEqual([]);
    expect(await storeEntitlements(squatterId, resource.id)).toBe(0);
    expect((await t.gql(squatter, MY_STORE_ORDERS)).data.storeOrders.nodes).toEqual([]);

    // The shopper (who reads that mailbox) registers too, and opens the verification link.
    const shopper = t.agent();
    const shopperId = (await register(shopper, email)).body.id as string;
    const mails = await db(t).execute<{ text: string }[]>(
      `select text from mail_outbox where lower("to") = lower(?) and subject = 'Confirm your email address for DRX' order by created_at desc, id desc`,
      [email],
    );
    const token = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails[0].text)?.[1];
    const verified = await t.gql(
      shopper,
      `mutation($token: String!) { emailVerify(token: $token) { user { id emailVerified } userErrors { code } } }`,
      { token },
    );
    expect(verified.data.emailVerify).toEqual({
      user: { id: shopperId, emailVerified: true },
      userErrors: [],
    });
    expect(await courseOpen(shopper, course.id)).toBe(true);
    expect(await storeEntitlements(shopperId, resource.id)).toBe(1);
    expect((await t.gql(shopper, MY_STORE_ORDERS)).data.storeOrders.nodes).toEqual([
      expect.objectContaining({ id: orderGidOf(id) }),
    ]);
    // The squatter still has nothing, and can no longer verify the address.
    expect(await enrollment(squatterId, course.id)).toEqual([]);
    expect((await t.gql(squatter, MY_STORE_ORDERS)).data.storeOrders.nodes).toEqual([]);

    // The store's next order for that address goes straight to the verified account.
    const next = await pendingOrderOrGranted(email);
    expect(next.body).toMatchObject({ granted: 2, pending: 0 });
    expect(await storeEntitlements(squatterId, next.resource.id)).toBe(0);
  });

  /** Another paid order of a new course and resource by `email`, answered as delivered. */
  async function pendingOrderOrGranted(email: string) {
    const course = await paidCourse(t, idOf.member);
    const resource = await resourceOf(t, null, idOf.member);
    const res = await deliver(
      t,
      'orders/create',
      orderPayload({
        id: nextId(),
        email,
        lines: [{ sku: courseSku(course.id) }, { sku: resourceSku(resource.id) }],
      }),
    );
    expect(res.status).toBe(200);
    return { course, resource, body: res.body };
  }

  it('a pending grant cancelled before sign-up is not claimed', async () => {
    const course = await paidCourse(t, idOf.member);
    const email = `late-buyer-${Date.now()}@example.com`;
    const id = nextId();
    await deliver(t, 'orders/create', orderPayload({ id, email, lines: [{ sku: courseSku(course.id) }] }));
    await deliver(
      t,
      'orders/cancelled',
      orderPayload({
        id,
        email,
        cancelledAt: '2026-11-28T11:00:00Z',
        updatedAt: '2026-11-28T11:00:00Z',
        lines: [{ sku: courseSku(course.id) }],
      }),
    );
    expect((await grants(id))[0].status).toBe('revoked');
    const registered = await t
      .agent()
      .post('/api/register')
      .set(json)
      .send({ username: `late${Date.now()}`, password: 'a-long-password-2026', email });
    expect(registered.status).toBe(201);
    expect(await enrollment(registered.body.id, course.id)).toEqual([]);
  });
});
