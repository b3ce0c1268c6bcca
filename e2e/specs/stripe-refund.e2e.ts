import { describe, expect, it } from 'vitest';
import { signInByApi, useBrowser } from '../support/browser';
import { gql } from '../support/graphql';

const b = useBrowser();

// A demo resource (api/src/db/seeders/demo-resources.data.ts): $9.00, with a file.
const RESOURCE = 'Student Progress Tracker Spreadsheet';

// A refund made outside DRX — in Stripe's dashboard; on the npm-start server the suite runs, the
// test payment provider's stand-in for it (orderTestDashboard), which applies the event Stripe
// would send exactly as the Stripe webhook does — takes the buyer's download away.
describe('a refund made in Stripe', () => {
  it('an admin refunds the payment in the (test) dashboard and the buyer’s download is gone', async () => {
    const stamp = Date.now().toString(36);
    const buyer = await b.page();
    const registered = await buyer.request.post('/api/register', {
      data: { username: `sr_buyer_${stamp}`, password: 'stripe-refund-e2e-pw', firstName: 'Rafa' },
    });
    expect(registered.status()).toBe(201);

    const { resources } = await gql<{ resources: { nodes: { id: string; title: string }[] } }>(
      buyer,
      'query ($search: String) { resources(first: 5, filter: { search: $search }) { nodes { id title } } }',
      { search: RESOURCE },
    );
    const resource = resources.nodes.find((n) => n.title === RESOURCE);
    if (!resource) throw new Error(`No published resource titled ${RESOURCE}`);

    // Bought and paid with the labelled test provider.
    await buyer.goto(`/curriculum/${resource.id}`);
    await buyer.getByRole('heading', { name: RESOURCE, level: 1 }).waitFor();
    await buyer.getByTestId('add-to-cart').first().click();
    await buyer.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();
    await buyer.goto('/simple-checkout');
    await buyer.getByTestId('checkout-line').filter({ hasText: RESOURCE }).waitFor();
    await buyer.getByRole('button', { name: 'Place order' }).click();
    await buyer
      .getByTestId('test-payment-panel')
      .getByRole('button', { name: /^Pay \$/ })
      .click();
    await buyer.waitForURL('**/payment-success?order=*');
    const orderId = new URL(buyer.url()).searchParams.get('order')!;

    await buyer.goto('/my-purchases');
    const line = buyer.getByTestId('order-line').filter({ hasText: RESOURCE });
    const link = line.getByRole('link', { name: `Download ${RESOURCE}` });
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    expect((await buyer.request.get(href)).status()).toBe(200);

    // The admin refunds the whole payment in the dashboard.
    const admin = await b.page();
    await signInByApi(admin, 'admin');
    const done = await gql<{
      orderTestDashboard: {
        order: { status: string; refundedCents: number; totalCents: number; history: { event: string }[] };
        userErrors: unknown[];
      };
    }>(
      admin,
      `mutation ($input: OrderTestDashboardInput!) { orderTestDashboard(input: $input) {
         order { status refundedCents totalCents history { event } } userErrors { code message } } }`,
      { input: { orderId, action: 'REFUND' } },
    );
    expect(done.orderTestDashboard.userErrors).toEqual([]);
    expect(done.orderTestDashboard.order.status).toBe('refunded');
    expect(done.orderTestDashboard.order.refundedCents).toBe(done.orderTestDashboard.order.totalCents);
    expect(done.orderTestDashboard.order.history.map((h) => h.event)).toEqual(['provider_refund']);

    // The admin's order page tells what happened, in words.
    await admin.goto(`/admin/orders/${orderId}`);
    const history = admin.getByTestId('order-history-item');
    await history.filter({ hasText: 'Refunded in the payment provider' }).waitFor();
    expect(await history.count()).toBe(1);

    // The buyer's purchase shows no download any more, and the file is refused.
    await buyer.reload();
    await line.waitFor();
    await line.getByRole('link', { name: `Download ${RESOURCE}` }).waitFor({ state: 'detached' });
    expect((await buyer.request.get(href)).status()).toBeGreaterThanOrEqual(400);
  });
});
