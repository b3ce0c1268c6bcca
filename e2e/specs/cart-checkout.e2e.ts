import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, pathOf, signIn, useBrowser } from '../support/browser';

const b = useBrowser();

// Demo catalogue items the demo member does not own yet (see api/src/db/seeders).
const RESOURCE = 'Jazz Combination Cue Cards'; // $6.00, one text file
const RESOURCE_FILE = 'jazz-cue-cards.txt';
const COURSE = 'Latin and Ballroom for Adult Beginners'; // $79.00
const COURSE_SLUG = 'latin-and-ballroom-for-adult-beginners';
const REFUND_RESOURCE = 'Toddler Creative Movement Activities'; // $10.00

/** The id of a published resource, found through the public graph as any visitor could. */
async function resourceIdByTitle(page: Page, title: string): Promise<string> {
  const res = await page.request.post('/graphql', {
    data: {
      query:
        'query ($search: String) { resources(first: 5, filter: { search: $search }) { nodes { id title } } }',
      variables: { search: title },
    },
  });
  expect(res.ok()).toBe(true);
  const body = (await res.json()) as { data: { resources: { nodes: { id: string; title: string }[] } } };
  const found = body.data.resources.nodes.find((node) => node.title === title);
  if (!found) throw new Error(`No published resource titled ${title}`);
  return found.id;
}

async function openCart(page: Page) {
  const dropdown = page.getByTestId('cart-dropdown');
  if (!(await dropdown.isVisible())) {
    // The app's dropdown (before the app, a guest's press opens the page entry's own).
    await appReady(page);
    await page.getByTestId('cart-button').click();
  }
  await dropdown.waitFor();
  return dropdown;
}

async function closeCart(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByTestId('cart-dropdown').waitFor({ state: 'hidden' });
}

describe('cart and checkout', () => {
  it('a guest fills a cart, signs in, checks out with the test provider and uses what was bought', async () => {
    const page = await b.page();
    const resourceId = await resourceIdByTitle(page, RESOURCE);

    // A guest adds a resource and a course from their pages.
    await page.goto(`/curriculum/${resourceId}`);
    await page.getByRole('heading', { name: RESOURCE, level: 1 }).waitFor();
    await page.getByTestId('add-to-cart').first().click();
    await page.getByText('Added to Cart').first().waitFor();
    await page.getByTestId('cart-count').filter({ hasText: /^1$/ }).waitFor();

    await page.goto(`/courses/${COURSE_SLUG}`);
    await page.getByRole('heading', { name: COURSE, level: 1 }).waitFor();
    await page.getByTestId('add-to-cart').first().click();
    await page.getByTestId('cart-count').filter({ hasText: /^2$/ }).waitFor();

    // The header dropdown is the guest cart with both lines.
    let cart = await openCart(page);
    await cart.getByText('Guest Shopping Cart').waitFor();
    await cart.getByTestId('cart-line').filter({ hasText: RESOURCE }).waitFor();
    await cart.getByTestId('cart-line').filter({ hasText: COURSE }).waitFor();
    await cart.getByTestId('cart-total').filter({ hasText: '$85.00' }).waitFor();
    await closeCart(page);

    // Signing in moves the guest items into the member's cart: a member of this test's own, whose
    // cart no other spec fills at the same time (cart.e2e.ts runs beside it in the pool).
    const member = `shopper_${Date.now().toString(36)}`;
    const registrar = await b.page();
    expect(
      (
        await registrar.request.post('/api/register', {
          data: { username: member, password: 'checkout-e2e-pw' },
        })
      ).status(),
    ).toBe(201);
    await signIn(page, member, 'checkout-e2e-pw');
    await page.waitForURL((url) => url.pathname !== '/auth');
    await page.getByText('Cart Transferred').first().waitFor();
    cart = await openCart(page);
    await cart.getByText('Your Cart').waitFor();
    await cart.getByTestId('cart-line').filter({ hasText: RESOURCE }).waitFor();
    await cart.getByTestId('cart-line').filter({ hasText: COURSE }).waitFor();
    await page.getByTestId('cart-count').filter({ hasText: /^2$/ }).waitFor();

    // Quantities change from the dropdown: two copies of the resource, then back to one... and up again.
    const resourceLine = cart.getByTestId('cart-line').filter({ hasText: RESOURCE });
    await resourceLine.getByRole('button', { name: `Increase quantity of ${RESOURCE}` }).click();
    await resourceLine.getByTestId('cart-line-quantity').filter({ hasText: /^2$/ }).waitFor();
    await cart.getByTestId('cart-total').filter({ hasText: '$91.00' }).waitFor();
    await resourceLine.getByRole('button', { name: `Increase quantity of ${RESOURCE}` }).click();
    await resourceLine.getByTestId('cart-line-quantity').filter({ hasText: /^3$/ }).waitFor();
    await resourceLine.getByRole('button', { name: `Decrease quantity of ${RESOURCE}` }).click();
    await resourceLine.getByTestId('cart-line-quantity').filter({ hasText: /^2$/ }).waitFor();
    await cart.getByTestId('cart-total').filter({ hasText: '$91.00' }).waitFor();

    // Checkout (the member's Checkout button goes to /simple-checkout).
    await cart.getByRole('button', { name: 'Checkout', exact: true }).click();
    await page.waitForURL('**/simple-checkout');
    await page.getByRole('heading', { name: 'Simple checkout', level: 1 }).waitFor();
    const lines = page.getByTestId('checkout-line');
    await lines.filter({ hasText: RESOURCE }).filter({ hasText: 'Resource · 2 licences' }).waitFor();
    await lines.filter({ hasText: COURSE }).filter({ hasText: 'Course ·' }).waitFor();
    await page.getByTestId('order-total').filter({ hasText: '$91.00' }).waitFor();

    // An unknown coupon is refused inline and leaves the total alone.
    await page.getByLabel('Coupon code').fill('NO-SUCH-CODE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('coupon-error').waitFor();
    await page.getByRole('button', { name: 'Remove' }).click();
    await page.getByTestId('coupon-error').waitFor({ state: 'detached' });

    // The labelled test provider takes the payment.
    await page.getByRole('button', { name: 'Place order' }).click();
    const panel = page.getByTestId('test-payment-panel');
    await panel.getByText('Test payment — no card is charged').waitFor();
    await panel.getByRole('button', { name: 'Pay $91.00' }).click();

    await page.waitForURL('**/payment-success?order=*');
    await page.getByRole('heading', { name: 'Payment successful', level: 1 }).waitFor();
    const orderNumber = (await page.getByTestId('order-number').innerText()).trim();
    expect(orderNumber).toMatch(/\S+/);
    await page.getByTestId('order-total').filter({ hasText: '$91.00' }).waitFor();
    // The server emptied the cart.
    await page.getByTestId('cart-count').waitFor({ state: 'detached' });

    // The order is in My Purchases, paid, with the download and the course.
    await page.getByRole('link', { name: 'View my purchases' }).click();
    await page.waitForURL('**/my-purchases');
    const order = page.getByTestId('purchase-order').filter({ hasText: orderNumber });
    await order.getByTestId('order-status').filter({ hasText: 'Paid' }).waitFor();
    await order.getByRole('link', { name: 'Receipt', exact: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      order.getByRole('link', { name: `Download ${RESOURCE}` }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(RESOURCE_FILE);
    expect(await download.failure()).toBeNull();

    await order.getByRole('link', { name: `Open course ${COURSE}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/courses/'));
    await page.getByRole('heading', { name: COURSE, level: 1 }).waitFor();
    await page.getByTestId('enrollment-actions').getByText('Enrolled').waitFor();
    expect(pathOf(page)).toMatch(/^\/courses\//);
  });

  it('asks a visitor to sign in, and lets staff find a paid order and refund it with a reason', async () => {
    // A visitor on a checkout page is asked to sign in; /checkout itself is signed-in only.
    const page = await b.page();
    await page.goto('/simple-checkout');
    await page.getByRole('link', { name: 'Sign in to check out' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === '/simple-checkout',
    );
    await page.goto('/checkout');
    await page.waitForURL(
      (url) => url.pathname === '/auth' && url.searchParams.get('returnTo') === '/checkout',
    );

    // A new member with an empty cart is shown the way to the catalogues.
    const username = `buyer_${Date.now().toString(36)}`;
    const registered = await page.request.post('/api/register', {
      data: { username, password: 'checkout-e2e-pw', firstName: 'Bea' },
    });
    expect(registered.status()).toBe(201);
    await page.goto('/checkout');
    await page.getByRole('heading', { name: 'Checkout', level: 1 }).waitFor();
    await page.getByText('Your cart is empty').waitFor();
    await page.getByRole('link', { name: 'Browse courses' }).waitFor();

    // One resource in the cart, bought at /checkout with the test provider.
    const resourceId = await resourceIdByTitle(page, REFUND_RESOURCE);
    const added = await page.request.post('/graphql', {
      data: {
        query:
          'mutation ($input: CartItemAddInput!) { cartItemAdd(input: $input) { userErrors { message } } }',
        variables: { input: { itemType: 'resource', itemId: resourceId } },
      },
    });
    expect(
      ((await added.json()) as { data: { cartItemAdd: { userErrors: unknown[] } } }).data.cartItemAdd
        .userErrors,
    ).toEqual([]);
    await page.reload();
    await page.getByTestId('checkout-line').filter({ hasText: REFUND_RESOURCE }).waitFor();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByTestId('test-payment-panel').waitFor();

    // The card page of the pending order shows the labelled test payment too (no Stripe keys here).
    const mine = await page.request.post('/graphql', {
      data: { query: '{ myOrders(first: 1) { nodes { id status } } }' },
    });
    const [pending] = (
      (await mine.json()) as { data: { myOrders: { nodes: { id: string; status: string }[] } } }
    ).data.myOrders.nodes;
    expect(pending.status).toBe('pending');
    await page.goto(`/checkout/stripe?order=${pending.id}`);
    await page.getByRole('heading', { name: 'Card checkout', level: 1 }).waitFor();
    await page.getByTestId('test-payment-panel').getByText('Test payment — no card is charged').waitFor();
    await page.getByTestId('test-payment-panel').getByRole('button', { name: 'Pay $10.00' }).click();
    await page.getByRole('heading', { name: 'Payment successful', level: 1 }).waitFor();
    const orderNumber = (await page.getByTestId('order-number').innerText()).trim();

    // Staff find it from the admin dashboard's Orders link, by the buyer's username.
    const staff = await b.page();
    await signIn(staff, 'admin');
    await staff.waitForURL('**/admin');
    await staff.getByRole('link', { name: 'Orders', exact: true }).click();
    await staff.waitForURL('**/admin/orders');
    await staff.getByRole('heading', { name: 'Orders', level: 1 }).waitFor();
    await staff.getByLabel('Search').fill(username);
    await staff
      .getByTestId('order-count')
      .filter({ hasText: /^1 order$/ })
      .waitFor();
    await staff.getByTestId('admin-order-row').getByRole('link', { name: orderNumber }).click();
    await staff.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    await staff.getByRole('heading', { name: `Order ${orderNumber}`, level: 1 }).waitFor();
    await staff.getByText(`@${username}`).waitFor();
    await staff.getByTestId('order-line').filter({ hasText: REFUND_RESOURCE }).waitFor();

    // Refund with a reason: the order shows refunded, with the reason.
    await staff.getByRole('button', { name: 'Refund' }).click();
    const dialog = staff.getByRole('alertdialog');
    await dialog.getByLabel('Reason').fill('Bought by mistake');
    await dialog.getByRole('button', { name: 'Refund order' }).click();
    await staff.getByTestId('refund-state').getByText('Reason: Bought by mistake').waitFor();
    await staff.getByTestId('order-status').filter({ hasText: 'Refunded' }).waitFor();
    expect(await staff.getByRole('button', { name: 'Refund' }).count()).toBe(0);

    // The buyer sees the refund in My Purchases, and the download is gone.
    await page.goto('/my-purchases');
    const order = page.getByTestId('purchase-order').filter({ hasText: orderNumber });
    await order.getByTestId('order-status').filter({ hasText: 'Refunded' }).waitFor();
    await order
      .getByTestId('refund-note')
      .getByText(/Bought by mistake/)
      .waitFor();
    expect(await order.getByRole('link', { name: `Download ${REFUND_RESOURCE}` }).count()).toBe(0);
  });
});
