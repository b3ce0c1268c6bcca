import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockingViolations } from '../support/accessibility';
import { DEMO_PASSWORD, useBrowser, waitForQuietNetwork } from '../support/browser';
import { apiSignIn } from '../support/two-step';

/**
 * Outgoing webhooks from end to end (issue 15): an admin adds an endpoint on /admin/webhooks that
 * points at a receiver this spec runs (the suite's server allows private networks for it), copies
 * the secret shown once; a new member buys a resource; the receiver gets `order.paid`, signed as
 * Standard Webhooks says (checked here with node:crypto), and the admin finds the delivery in the
 * endpoint's log with its attempt.
 */

const b = useBrowser();
const RESOURCE = 'Toddler Creative Movement Activities'; // $10.00 in the demo catalogue

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
let server: http.Server;
let receiverUrl = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/drx-hooks-${Date.now().toString(36)}`;
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** Standard Webhooks' check, written from the spec: v1 = base64 HMAC-SHA256 of "id.timestamp.body". */
function signatureValid(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key)
    .update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`)
    .digest();
  return String(r.headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, value] = entry.split(',');
      const given = Buffer.from(value ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

async function waitFor<T>(check: () => T | undefined, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('webhooks', () => {
  it('an admin adds an endpoint, a member buys, the receiver gets a signed order.paid and the log shows it', async () => {
    // The admin adds the endpoint.
    const admin = await b.page();
    const login = await apiSignIn(admin, (path) => path, {
      username: 'admin',
      password: DEMO_PASSWORD,
    });
    expect(login.ok()).toBe(true);
    await admin.goto('/admin');
    await admin.getByRole('navigation').getByRole('link', { name: 'Webhooks' }).first().click();
    await admin.waitForURL('**/admin/webhooks');
    await admin.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
    await admin.getByRole('button', { name: 'Add endpoint' }).click();
    await admin.getByText('Enter the URL that receives the webhooks').waitFor();
    await admin.getByText('Choose at least one event').waitFor();
    await admin.getByLabel('URL').fill(receiverUrl);
    await admin.getByLabel('Description').fill('e2e receiver');
    await admin.getByRole('checkbox', { name: 'order.paid' }).check({ force: true });
    await admin.getByRole('checkbox', { name: 'enrollment.created' }).check({ force: true });
    await admin.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await admin.getByTestId('webhook-secret-value').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const row = admin.getByTestId('webhook-endpoint-row').filter({ hasText: receiverUrl });
    await row.waitFor();
    await waitForQuietNetwork(admin, 300);
    expect(await blockingViolations(admin)).toEqual([]);

    // A new member buys a resource with the test provider.
    const buyer = await b.page();
    const username = `hooks_${Date.now().toString(36)}`;
    const registered = await buyer.request.post('/api/register', {
      data: { username, password: 'webhooks-e2e-pw', firstName: 'Hana' },
    });
    expect(registered.status()).toBe(201);
    const buyerId = ((await registered.json()) as { id: string }).id;
    const found = await buyer.request.post('/graphql', {
      data: {
        query:
          'query ($search: String) { resources(first: 5, filter: { search: $search }) { nodes { id title } } }',
        variables: { search: RESOURCE },
      },
    });
    const resource = (
      (await found.json()) as { data: { resources: { nodes: { id: string; title: string }[] } } }
    ).data.resources.nodes.find((n) => n.title === RESOURCE)!;
    const added = await buyer.request.post('/graphql', {
      data: {
        query:
          'mutation ($input: CartItemAddInput!) { cartItemAdd(input: $input) { userErrors { message } } }',
        variables: { input: { itemType: 'resource', itemId: resource.id } },
      },
    });
    expect(added.ok()).toBe(true);
    await buyer.goto('/checkout');
    await buyer.getByTestId('checkout-line').filter({ hasText: RESOURCE }).waitFor();
    await buyer.getByRole('button', { name: 'Place order' }).click();
    await buyer.getByTestId('test-payment-panel').getByRole('button', { name: 'Pay $10.00' }).click();
    await buyer.getByRole('heading', { name: 'Payment successful', level: 1 }).waitFor();

    // The receiver gets order.paid, signed with the secret the admin copied. (The endpoint hears every
    // order.paid of the run's app: another spec's, cart-checkout's of the same resource, may come too.)
    const paid = await waitFor(() =>
      received.find((r) => {
        const event = JSON.parse(r.body);
        return event.type === 'order.paid' && event.data.userId === buyerId;
      }),
    );
    const messageId = String(paid.headers['webhook-id']);
    const ofThisMessage = () => received.filter((r) => r.headers['webhook-id'] === messageId);
    expect(paid.headers['webhook-id']).toMatch(/^msg_/);
    expect(signatureValid(secret, paid)).toBe(true);
    expect(signatureValid(`whsec_${Buffer.alloc(32).toString('base64')}`, paid)).toBe(false);
    const body = JSON.parse(paid.body);
    expect(body.data).toMatchObject({ status: 'paid', totalCents: 1000, currency: 'USD' });
    expect(body.data.lines[0]).toMatchObject({ itemType: 'resource', itemId: resource.id });

    // The admin sees the delivery in the endpoint's log, with its attempt.
    await row.getByRole('link', { name: receiverUrl }).click();
    await admin.waitForURL('**/admin/webhooks/*');
    await admin.getByRole('heading', { name: receiverUrl, level: 1 }).waitFor();
    const delivery = admin
      .getByTestId('webhook-delivery-row')
      .filter({ hasText: 'order.paid' })
      .filter({ has: admin.locator(`[aria-controls="delivery-${messageId}"]`) });
    await delivery.getByText('Delivered').waitFor();
    await delivery.getByText(/^200 · \d+ ms$/).waitFor();
    await delivery.getByRole('button', { name: 'Details' }).click();
    await admin.getByText('Attempt 1').waitFor();
    await admin.getByText('received', { exact: true }).waitFor();
    await admin.getByText(String(paid.headers['webhook-id'])).first().waitFor();

    // Redeliver sends it again, now.
    const before = ofThisMessage().length;
    await delivery.getByRole('button', { name: /^Redeliver order\.paid/ }).click();
    await admin.getByText('Redelivered: 200').waitFor();
    expect(ofThisMessage().length).toBe(before + 1);
    await waitForQuietNetwork(admin, 300);
    expect(await blockingViolations(admin)).toEqual([]);
  });
});
