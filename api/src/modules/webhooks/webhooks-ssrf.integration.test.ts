import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { json, PASSWORD } from '../orders/orders-fixtures.test';
import { emitWebhookEvent } from './webhook-emit';
import { newWebhookSecret } from './webhook-signature';
import { eventually, WebhookReceiver } from './test/webhook-receiver';

/**
 * The SSRF guard with WEBHOOKS_ALLOW_PRIVATE_NETWORKS off (the default): registration refuses
 * private targets, and a delivery never connects to one — also when the endpoint row names one
 * directly (written before the rule, or a host whose DNS answer changed).
 */

let t: TestApp;
let receiver: WebhookReceiver;
let admin: ReturnType<TestApp['agent']>;

const db = () => t.orm.em.fork();

beforeAll(async () => {
  t = await startTestApp({ webhookRetryDelaysSeconds: [3600] });
  expect(t.config.webhooksAllowPrivateNetworks).toBe(false);
  receiver = await new WebhookReceiver().start();
  admin = t.agent();
  const res = await admin.post('/api/login').set(json).send({ username: 'admin', password: PASSWORD });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  await receiver?.close();
  await t?.close();
});

const CREATE = `mutation($input: WebhookEndpointCreateInput!) { webhookEndpointCreate(input: $input) {
  endpoint { id } userErrors { code field message } } }`;

describe('webhook SSRF guard (private networks not allowed)', () => {
  it.each([
    ['http://127.0.0.1:8080/hook', /127\.0\.0\.1, a loopback address/],
    ['http://10.0.0.5/hook', /10\.0\.0\.5, a private address/],
    ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254, a linkLocal address/],
    ['http://[::1]:8080/hook', /::1, a loopback address/],
    ['http://[::ffff:127.0.0.1]/hook', /::ffff:7f00:1 \(127\.0\.0\.1\), a loopback address/],
    ['http://100.64.1.1/hook', /carrierGradeNat/],
    ['http://[fd00::1]/hook', /uniqueLocal/],
    ['http://localhost:8080/hook', /localhost is not reachable/],
  ])('refuses to register %s', async (url, message) => {
    const res = await t.gql(admin, CREATE, { input: { url, events: ['order.paid'] } });
    expect(res.data.webhookEndpointCreate.endpoint).toBeNull();
    expect(res.data.webhookEndpointCreate.userErrors[0]).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'url',
    });
    expect(res.data.webhookEndpointCreate.userErrors[0].message).toMatch(message);
  });

  it.each([
    ['127.0.0.1', (port: number) => `http://127.0.0.1:${port}/hooks`, /127\.0\.0\.1, a loopback address/],
    ['IPv4-mapped IPv6', (port: number) => `http://[::ffff:127.0.0.1]:${port}/hooks`, /loopback/],
    ['[::1]', (port: number) => `http://[::1]:${port}/hooks`, /::1, a loopback address/],
    [
      'a host name resolving to loopback',
      (port: number) => `http://localhost:${port}/hooks`,
      /localhost resolves to .*loopback/,
    ],
    ['the metadata address', () => 'http://169.254.169.254/latest/meta-data/', /linkLocal/],
    ['a private address', () => 'http://10.255.255.1/hooks', /private/],
  ])('never connects to %s at delivery', async (_name, urlOf, message) => {
    const url = urlOf(receiver.port);
    // Written as it might be in the table (by an older rule or a changed DNS answer).
    const [endpoint] = await db().execute<{ id: string }[]>(
      `insert into webhook_endpoints (url, events, secret) values (?, '{order.paid}', ?) returning id`,
      [url, newWebhookSecret()],
    );
    await db().transactional((tx) => emitWebhookEvent(tx, 'order.paid', `order:${endpoint.id}`, { id: 1 }));
    const [attempt] = await eventually(
      () =>
        db()
          .execute<
            { error: string; response_status: number | null; succeeded: boolean; duration_ms: number }[]
          >(
            `select a.error, a.response_status, a.succeeded, a.duration_ms from webhook_attempts a
           join webhook_messages m on m.id = a.message_id where m.endpoint_id = ?`,
            [endpoint.id],
          )
          .then((rows) => rows.length > 0 && rows),
      10_000,
      'the refused attempt',
    );
    expect(attempt).toMatchObject({ succeeded: false, response_status: null });
    expect(attempt.error).toMatch(message);
    expect(attempt.error).toMatch(/WEBHOOKS_ALLOW_PRIVATE_NETWORKS is off/);
    expect(receiver.requests).toHaveLength(0);
    await db().execute('delete from webhook_endpoints where id = ?', [endpoint.id]);
  });
});
