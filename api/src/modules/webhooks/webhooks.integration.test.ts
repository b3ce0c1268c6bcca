import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import {
  addToCart,
  type Agent,
  clearCart,
  CONFIRM,
  json,
  newKey,
  paidCourse,
  PASSWORD,
  REFUND,
  START,
} from '../orders/orders-fixtures.test';
import { emitWebhookEvent } from './webhook-emit';
import { eventually, WebhookReceiver } from './test/webhook-receiver';

/**
 * Outgoing webhooks against real local receivers (WEBHOOKS_ALLOW_PRIVATE_NETWORKS on, as the
 * receivers listen on 127.0.0.1) with a shortened retry schedule: 0.4 s, then 0.8 s (3 attempts).
 */

const DELAYS = [0.4, 0.8];

let t: TestApp;
let receiver: WebhookReceiver;
let admin: Agent;
let member: Agent;
let memberId: string;

const db = () => t.orm.em.fork();

async function signIn(username: string): Promise<{ agent: Agent; id: string }> {
  const agent = t.agent();
  const res = await agent.post('/api/login').set(json).send({ username, password: PASSWORD });
  expect(res.status).toBe(200);
  return { agent, id: res.body.id };
}

const CREATE = `mutation($input: WebhookEndpointCreateInput!) { webhookEndpointCreate(input: $input) {
  endpoint { id url events enabled } secret userErrors { code field message } } }`;
const UPDATE = `mutation($input: WebhookEndpointUpdateInput!) { webhookEndpointUpdate(input: $input) {
  endpoint { id enabled disabledReason disabledAt } userErrors { code field message } } }`;
const REDELIVER = `mutation($input: WebhookMessageRedeliverInput!) { webhookMessageRedeliver(input: $input) {
  message { id status attemptCount deliveredAt } attempt { trigger succeeded responseStatus } userErrors { code message } } }`;
const LOG = `query($id: ID!, $status: String) { adminWebhookEndpoint(id: $id) {
  id enabled disabledReason pendingCount failedCount lastSuccessAt
  deliveries(first: 50, status: $status) { totalCount nodes {
    id eventType subject payload status attemptCount lastResponseStatus lastDurationMs deliveredAt
    attempts { trigger url requestHeaders requestBody responseStatus responseBody succeeded error durationMs startedAt }
  } } } }`;

async function createEndpoint(url: string, events: string[]): Promise<{ id: string; secret: string }> {
  const res = await t.gql(admin, CREATE, { input: { url, events, description: 'test receiver' } });
  expect(res.errors).toBeUndefined();
  expect(res.data.webhookEndpointCreate.userErrors).toEqual([]);
  return { id: res.data.webhookEndpointCreate.endpoint.id, secret: res.data.webhookEndpointCreate.secret };
}

async function emit(type: 'order.paid' | 'order.refunded', subject: string, data: Record<string, unknown>) {
  return db().transactional((tx) => emitWebhookEvent(tx, type, subject, data));
}

async function log(id: string, status?: string) {
  const res = await t.gql(admin, LOG, { id, status });
  expect(res.errors).toBeUndefined();
  return res.data.adminWebhookEndpoint;
}

const dataOf = (body: string) => JSON.parse(body).data;

beforeAll(async () => {
  t = await startTestApp({ webhooksAllowPrivateNetworks: true, webhookRetryDelaysSeconds: DELAYS });
  receiver = await new WebhookReceiver().start();
  admin = (await signIn('admin')).agent;
  ({ agent: member, id: memberId } = await signIn('member'));
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});
afterEach(async () => {
  await db().execute('delete from webhook_endpoints');
  receiver.requests.length = 0;
  receiver.answerWith(() => ({ status: 200, body: 'ok' }));
});

describe('webhook delivery', () => {
  it('POSTs a signed Standard Webhooks message that an independent verifier accepts, and logs it', async () => {
    const endpoint = await createEndpoint(receiver.url(), ['order.paid']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    receiver.answerWith(() => ({ status: 204 }));
    expect(await emit('order.paid', 'order:1', { id: '1', totalCents: 4200, currency: 'USD' })).toBe(1);

    const [req] = await eventually(
      () => receiver.requests.length === 1 && receiver.requests,
      10_000,
      'a delivery',
    );
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.headers['user-agent']).toMatch(/^DRX-Webhooks\//);
    expect(req.headers['webhook-id']).toMatch(/^msg_/);
    expect(Number(req.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    expect(req.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // The `standardwebhooks` package (the spec authors' own) checks the signature and timestamp.
    const verified = new Webhook(endpoint.secret).verify(req.body, req.headers as Record<string, string>);
    expect(verified).toMatchObject({
      type: 'order.paid',
      data: { id: '1', totalCents: 4200, currency: 'USD' },
    });
    expect(Date.parse((verified as { timestamp: string }).timestamp)).toBeGreaterThan(Date.now() - 60_000);
    expect(() =>
      new Webhook(endpoint.secret).verify(req.body.replace('4200', '4201'), req.headers as never),
    ).toThrow();

    // The endpoint and its deliveries are read by two statements: wait until both show the success
    // (one read can fall between the attempt's commit and the other).
    const entry = await eventually(async () => {
      const l = await log(endpoint.id);
      return l.deliveries.nodes[0]?.status === 'succeeded' && l.lastSuccessAt && l;
    });
    const [message] = entry.deliveries.nodes;
    expect(message).toMatchObject({
      id: req.headers['webhook-id'],
      eventType: 'order.paid',
      subject: 'order:1',
      attemptCount: 1,
      lastResponseStatus: 204,
    });
    expect(message.attempts).toHaveLength(1);
    expect(message.attempts[0]).toMatchObject({
      trigger: 'automatic',
      succeeded: true,
      responseStatus: 204,
      url: receiver.url(),
    });
    expect(message.attempts[0].requestBody).toBe(req.body);
    expect(JSON.parse(message.attempts[0].requestHeaders)['webhook-signature']).toBe(
      req.headers['webhook-signature'],
    );
    expect(entry.lastSuccessAt).toBeTruthy();
  });

  it('makes no message for a change that rolls back, nor for an endpoint not subscribed or switched off', async () => {
    const paidOnly = await createEndpoint(receiver.url(), ['order.paid']);
    const off = await createEndpoint(receiver.url(), ['order.refunded']);
    await t.gql(admin, UPDATE, { input: { id: off.id, enabled: false } });
    await expect(
      db().transactional(async (tx) => {
        await emitWebhookEvent(tx, 'order.paid', 'order:rolled-back', { id: 'x' });
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await emit('order.refunded', 'order:2', { id: '2' })).toBe(0);
    const [{ n }] = await db().execute('select count(*)::int as n from webhook_messages');
    expect(n).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(receiver.requests).toHaveLength(0);
    expect((await log(paidOnly.id)).deliveries.totalCount).toBe(0);
  });

  it('retries with growing waits until the receiver answers 2xx, keeping every attempt', async () => {
    const endpoint = await createEndpoint(receiver.url(), ['order.paid']);
    let calls = 0;
    receiver.answerWith(() =>
      ++calls <= 2 ? { status: 503, body: 'busy, try later' } : { status: 200, body: 'thanks' },
    );
    await emit('order.paid', 'order:3', { id: '3' });
    const reqs = await eventually(
      () => receiver.requests.length >= 3 && receiver.requests,
      15_000,
      '3 attempts',
    );
    // The same message each time: same id and body, a fresh timestamp and signature.
    expect(new Set(reqs.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(new Set(reqs.map((r) => r.body)).size).toBe(1);
    const gap1 = reqs[1].at - reqs[0].at;
    const gap2 = reqs[2].at - reqs[1].at;
    expect(gap1).toBeGreaterThanOrEqual(DELAYS[0] * 1000 - 50);
    expect(gap2).toBeGreaterThanOrEqual(DELAYS[1] * 1000 - 50);

    const entry = await eventually(async () => {
      const l = await log(endpoint.id);
      return l.deliveries.nodes[0]?.status === 'succeeded' && l;
    });
    const [message] = entry.deliveries.nodes;
    expect(message.attemptCount).toBe(3);
    expect(message.attempts.map((a: { responseStatus: number }) => a.responseStatus)).toEqual([
      503, 503, 200,
    ]);
    expect(message.attempts[0]).toMatchObject({
      succeeded: false,
      error: 'HTTP 503',
      responseBody: 'busy, try later',
    });
    expect(message.attempts[2]).toMatchObject({ succeeded: true, error: null, responseBody: 'thanks' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.requests).toHaveLength(3); // nothing after the success
  });

  it('delivers each subject’s messages in creation order; other subjects do not wait', async () => {
    await createEndpoint(receiver.url(), ['order.paid', 'order.refunded']);
    let failedFirst = false;
    receiver.answerWith((req) => {
      if (dataOf(req.body).n === 1 && !failedFirst) {
        failedFirst = true;
        return { status: 500 };
      }
      return { status: 200 };
    });
    await emit('order.paid', 'order:A', { n: 1 });
    await emit('order.refunded', 'order:A', { n: 2 });
    await emit('order.paid', 'order:B', { n: 3 });
    await eventually(() => receiver.requests.length >= 4, 15_000, '4 requests');
    await new Promise((resolve) => setTimeout(resolve, 600));
    const seen = receiver.requests.map((r) => dataOf(r.body).n);
    expect(seen).toHaveLength(4);
    const firstSuccessOf1 = seen.lastIndexOf(1);
    expect(seen.indexOf(2)).toBeGreaterThan(firstSuccessOf1); // order:A's second waits for its first
    expect(seen.indexOf(3)).toBeLessThan(firstSuccessOf1); // order:B did not wait for order:A
    expect(seen.filter((n) => n === 2)).toHaveLength(1);
  });

  it('follows no redirect: a 3xx is a failed attempt and the target is never asked', async () => {
    const other = await new WebhookReceiver().start();
    try {
      const endpoint = await createEndpoint(receiver.url(), ['order.paid']);
      receiver.answerWith(() => ({ status: 302, headers: { location: other.url('/elsewhere') } }));
      await emit('order.paid', 'order:R', { id: 'R' });
      const entry = await eventually(async () => {
        const l = await log(endpoint.id);
        return l.deliveries.nodes[0]?.attempts.length >= 1 && l;
      });
      expect(entry.deliveries.nodes[0].attempts[0]).toMatchObject({
        succeeded: false,
        responseStatus: 302,
        error: 'Redirect (302) not followed',
      });
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('keeps at most 2 KB of an answer', async () => {
    const endpoint = await createEndpoint(receiver.url(), ['order.paid']);
    receiver.answerWith(() => ({ status: 200, body: 'é'.repeat(1500) + 'x'.repeat(5000) }));
    await emit('order.paid', 'order:L', { id: 'L' });
    const entry = await eventually(async () => {
      const l = await log(endpoint.id);
      return l.deliveries.nodes[0]?.status === 'succeeded' && l;
    });
    const body: string = entry.deliveries.nodes[0].attempts[0].responseBody;
    expect(Buffer.byteLength(body.replace(/\uFFFD$/, ''), 'utf8')).toBeLessThanOrEqual(2048);
    expect(body.startsWith('é'.repeat(1000))).toBe(true);
  });

  it('switches an endpoint off after its retries are used up, tells the admins, and resumes when switched on', async () => {
    const endpoint = await createEndpoint(receiver.url(), ['order.paid', 'order.refunded']);
    receiver.answerWith(() => ({ status: 500, body: 'broken' }));
    await emit('order.paid', 'order:S', { n: 1 });
    await emit('order.refunded', 'order:S', { n: 2 });

    const off = await eventually(
      async () => {
        const l = await log(endpoint.id);
        return !l.enabled && l;
      },
      20_000,
      'the switch-off',
    );
    expect(off.disabledReason).toMatch(
      /^Switched off automatically: message msg_\S+ \(order\.paid\) failed 3 attempts/,
    );
    expect(off.failedCount).toBe(1);
    expect(off.pendingCount).toBe(1); // order:S's second message waits
    expect(receiver.requests.map((r) => dataOf(r.body).n)).toEqual([1, 1, 1]);
    const [mail] = await db().execute(
      `select "to", "subject", "text" from mail_outbox where "subject" = 'A webhook endpoint was switched off'`,
    );
    const [adminRow] = await db().execute(`select email from users where username = 'admin'`);
    expect(mail.to).toBe(adminRow.email);
    expect(mail.text).toContain(receiver.url());
    expect(mail.text).toContain(`/admin/webhooks/${endpoint.id}`);
    // Switched off: new events make no message for it.
    expect(await emit('order.paid', 'order:T', { n: 3 })).toBe(0);

    // Fixed and switched on again: the waiting message goes out.
    receiver.answerWith(() => ({ status: 200 }));
    const on = await t.gql(admin, UPDATE, { input: { id: endpoint.id, enabled: true } });
    expect(on.data.webhookEndpointUpdate.endpoint).toMatchObject({ enabled: true, disabledReason: null });
    await eventually(
      () => receiver.requests.some((r) => dataOf(r.body).n === 2),
      10_000,
      'the resumed message',
    );

    // The failed one is redelivered by hand: a manual attempt, now succeeded.
    const failed = (await log(endpoint.id, 'failed')).deliveries.nodes[0];
    const again = await t.gql(admin, REDELIVER, { input: { messageId: failed.id } });
    expect(again.data.webhookMessageRedeliver).toMatchObject({
      userErrors: [],
      attempt: { trigger: 'manual', succeeded: true, responseStatus: 200 },
      message: { id: failed.id, status: 'succeeded', attemptCount: 4 },
    });
    const unknown = await t.gql(admin, REDELIVER, { input: { messageId: 'msg_doesnotexist0000000' } });
    expect(unknown.data.webhookMessageRedeliver.userErrors[0].code).toBe('NOT_FOUND');
  });

  it('keeps an endpoint on when it takes other messages (one payload refused is not the endpoint failing)', async () => {
    const endpoint = await createEndpoint(receiver.url(), ['order.paid']);
    receiver.answerWith((req) => (dataOf(req.body).n === 1 ? { status: 422 } : { status: 200 }));
    await emit('order.paid', 'order:U', { n: 1 });
    await emit('order.paid', 'order:V', { n: 2 });
    const l = await eventually(
      async () => {
        const e = await log(endpoint.id);
        return e.failedCount === 1 && e;
      },
      20_000,
      'the failure',
    );
    expect(l.enabled).toBe(true);
  });
});

describe('webhook admin graph', () => {
  it('is for admins only', async () => {
    const guest = t.agent();
    for (const [agent, code] of [
      [member, 'FORBIDDEN'],
      [guest, 'UNAUTHENTICATED'],
    ] as const) {
      const list = await t.gql(agent, `{ adminWebhookEndpoints { id } }`);
      expect(list.errors?.[0].extensions?.code).toBe(code);
      const create = await t.gql(agent, CREATE, { input: { url: receiver.url(), events: ['order.paid'] } });
      expect(create.errors?.[0].extensions?.code).toBe(code);
      const secret = await t.gql(
        agent,
        `{ adminWebhookEndpointSecret(id: "00000000-0000-0000-0000-000000000000") }`,
      );
      expect(secret.errors?.[0].extensions?.code).toBe(code);
    }
    const [{ n }] = await db().execute('select count(*)::int as n from webhook_endpoints');
    expect(n).toBe(0);
  });

  it('refuses bad input with clear userErrors', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ url: 'ftp://example.com/x', events: ['order.paid'] }, 'url', /https:\/\//],
      [{ url: 'https://user:pw@example.com/x', events: ['order.paid'] }, 'url', /user name and password/],
      [{ url: receiver.url(), events: [] }, 'events', /at least one event/],
      [{ url: receiver.url(), events: ['order.shipped'] }, 'events', /Unknown event "order\.shipped"/],
      [
        { url: receiver.url(), events: ['order.paid'], description: 'x'.repeat(501) },
        'description',
        /at most 500/,
      ],
    ];
    for (const [input, field, message] of cases) {
      const res = await t.gql(admin, CREATE, { input });
      expect(res.data.webhookEndpointCreate.endpoint).toBeNull();
      expect(res.data.webhookEndpointCreate.userErrors[0]).toMatchObject({ code: 'INVALID_INPUT', field });
      expect(res.data.webhookEndpointCreate.userErrors[0].message).toMatch(message);
    }
  });

  it('lists, reveals and rotates the secret, changes and deletes an endpoint', async () => {
    const endpoint = await createEndpoint(receiver.url(), ['order.refunded', 'order.paid']);
    const list = await t.gql(
      admin,
      `{ adminWebhookEndpoints { id url events enabled } adminWebhookEventTypes { type description } }`,
    );
    expect(list.data.adminWebhookEndpoints).toEqual([
      { id: endpoint.id, url: receiver.url(), events: ['order.paid', 'order.refunded'], enabled: true },
    ]);
    expect(list.data.adminWebhookEventTypes.map((e: { type: string }) => e.type)).toContain(
      'subscription.updated',
    );
    const reveal = `query($id: ID!) { adminWebhookEndpointSecret(id: $id) }`;
    expect((await t.gql(admin, reveal, { id: endpoint.id })).data.adminWebhookEndpointSecret).toBe(
      endpoint.secret,
    );
    const rotated = await t.gql(
      admin,
      `mutation($input: WebhookEndpointIdInput!) { webhookEndpointSecretRotate(input: $input) { secret userErrors { code } } }`,
      { input: { id: endpoint.id } },
    );
    const secret = rotated.data.webhookEndpointSecretRotate.secret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(endpoint.secret);
    await emit('order.paid', 'order:W', { id: 'W' });
    const [req] = await eventually(() => receiver.requests.length === 1 && receiver.requests);
    expect(() => new Webhook(secret).verify(req.body, req.headers as never)).not.toThrow();
    expect(() => new Webhook(endpoint.secret).verify(req.body, req.headers as never)).toThrow();

    const changed = await t.gql(
      admin,
      `mutation($input: WebhookEndpointUpdateInput!) { webhookEndpointUpdate(input: $input) { endpoint { url description events } userErrors { code field } } }`,
      {
        input: {
          id: endpoint.id,
          url: receiver.url('/v2'),
          description: 'v2',
          events: ['certificate.issued'],
        },
      },
    );
    expect(changed.data.webhookEndpointUpdate).toEqual({
      endpoint: { url: receiver.url('/v2'), description: 'v2', events: ['certificate.issued'] },
      userErrors: [],
    });
    const del = `mutation($input: WebhookEndpointIdInput!) { webhookEndpointDelete(input: $input) { deletedId userErrors { code } } }`;
    expect(
      (await t.gql(admin, del, { input: { id: endpoint.id } })).data.webhookEndpointDelete.deletedId,
    ).toBe(endpoint.id);
    expect(
      (await t.gql(admin, del, { input: { id: endpoint.id } })).data.webhookEndpointDelete.userErrors[0].code,
    ).toBe('NOT_FOUND');
    const [{ n }] = await db().execute('select count(*)::int as n from webhook_messages');
    expect(n).toBe(0); // its log went with it
  });
});

describe('webhook events of the app', () => {
  it('a purchase sends order.paid and enrollment.created; a refund sends order.refunded after it', async () => {
    const endpoint = await createEndpoint(receiver.url(), [
      'order.paid',
      'order.refunded',
      'enrollment.created',
    ]);
    await clearCart(t, memberId);
    const course = await paidCourse(t, memberId);
    await addToCart(t, member, 'course', course.id);
    const started = await t.gql(member, START, { input: { idempotencyKey: newKey() } });
    const orderId = started.data.checkoutStart.order.id;
    const confirmed = await t.gql(member, CONFIRM, { input: { orderId } });
    expect(confirmed.data.checkoutConfirm.order.status).toBe('paid');

    const paid = await eventually(() => receiver.ofType('order.paid')[0], 10_000, 'order.paid');
    const body = new Webhook(endpoint.secret).verify(paid.body, paid.headers as never) as Record<string, any>;
    expect(body.data).toMatchObject({
      id: orderId,
      userId: memberId,
      status: 'paid',
      currency: 'USD',
      totalCents: course.priceCents,
      refundedCents: 0,
      lines: [{ itemType: 'course', itemId: course.id, quantity: 1, lineTotalCents: course.priceCents }],
    });
    const enrolled = await eventually(
      () => receiver.ofType('enrollment.created')[0],
      10_000,
      'enrollment.created',
    );
    expect(JSON.parse(enrolled.body).data).toMatchObject({
      userId: memberId,
      courseId: course.id,
      source: 'purchase',
    });

    const refund = await t.gql(admin, REFUND, { input: { orderId, reason: 'webhook test' } });
    expect(refund.data.orderRefund.userErrors).toEqual([]);
    const refunded = await eventually(() => receiver.ofType('order.refunded')[0], 10_000, 'order.refunded');
    expect(JSON.parse(refunded.body).data).toMatchObject({
      id: orderId,
      status: 'refunded',
      refundedCents: course.priceCents,
      refundReason: 'webhook test',
    });
    expect(refunded.at).toBeGreaterThanOrEqual(paid.at);
    const l = await log(endpoint.id);
    expect(l.deliveries.nodes.map((m: { subject: string }) => m.subject)).toContain(`order:${orderId}`);
  });
});
