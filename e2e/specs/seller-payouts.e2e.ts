import { describe, expect, it } from 'vitest';
import { appDatabase } from '../support/app-database';
import { signInByApi, useBrowser } from '../support/browser';

const b = useBrowser();

/** Polls `read` until it returns something truthy (or fails after `timeoutMs`). */
async function until<T>(read: () => Promise<T | null | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error('Timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('seller payouts', () => {
  it('shows an instructor the Stripe card and their payouts on their bookings page', async () => {
    const page = await b.page();
    await signInByApi(page, 'instructor');
    await page.goto('/instructor/bookings');
    await page.getByRole('heading', { name: 'Stripe payouts', level: 3 }).waitFor();
    await page.getByRole('heading', { name: 'Payouts to your bank', level: 3 }).waitFor();
    await page
      .getByRole('button', { name: /Connect with Stripe|Continue Stripe onboarding/ })
      .or(page.getByTestId('stripe-connect-card').getByText('Payouts active'))
      .first()
      .waitFor();
  });

  it('transfers a sale to the seller once its hold period is over and shows it on /seller/payments', async () => {
    const db = await appDatabase();
    try {
      // A seller with a connected account (the test provider's accounts are complete at once).
      const [resource] = (
        await db.query<{ id: string; title: string; seller_id: string }>(
          `select r.id, r.title, r.seller_id from resources r join users u on u.id = r.seller_id
            where u.username_key = 'seller' and r.status = 'published' and r.price_cents > 0
            order by r.price_cents, r.id limit 1`,
        )
      ).rows;
      await db.query(
        `update seller_profiles set stripe_account_id = coalesce(stripe_account_id, 'acct_test_e2epayouts'),
           payout_status = 'active' where user_id = $1`,
        [resource.seller_id],
      );

      // A new member buys one of the seller's resources with the test provider.
      const buyer = await b.page();
      const username = `payout_buyer_${Date.now().toString(36)}`;
      const registered = await buyer.request.post('/api/register', {
        data: { username, password: 'payouts-e2e-pw', firstName: 'Pat' },
      });
      expect(registered.status()).toBe(201);
      const added = await buyer.request.post('/graphql', {
        data: {
          query:
            'mutation ($input: CartItemAddInput!) { cartItemAdd(input: $input) { userErrors { message } } }',
          variables: { input: { itemType: 'resource', itemId: resource.id } },
        },
      });
      expect(
        ((await added.json()) as { data: { cartItemAdd: { userErrors: unknown[] } } }).data.cartItemAdd
          .userErrors,
      ).toEqual([]);
      await buyer.goto('/checkout');
      await buyer.getByTestId('checkout-line').filter({ hasText: resource.title }).waitFor();
      await buyer.getByRole('button', { name: 'Place order' }).click();
      await buyer
        .getByTestId('test-payment-panel')
        .getByRole('button', { name: /^Pay \$/ })
        .click();
      await buyer.getByRole('heading', { name: 'Payment successful', level: 1 }).waitFor();
      const orderNumber = (await buyer.getByTestId('order-number').innerText()).trim();

      // The sale's hold period (7 days) is over.
      const moved = await db.query(
        `update seller_earnings set created_at = now() - interval '8 days' where order_number = $1`,
        [orderNumber],
      );
      expect(moved.rowCount).toBe(1);

      // Staff run the transfer job from /admin/sellers; the app's queue runs it.
      const staff = await b.page();
      await signInByApi(staff, 'officer');
      await staff.goto('/admin/sellers');
      await staff.getByRole('heading', { name: 'Transfers', level: 2 }).waitFor();
      await staff.getByRole('button', { name: 'Transfer due earnings now' }).click();
      await staff.getByText('Transfer run queued').waitFor();
      const transfer = await until(async () => {
        const { rows } = await db.query<{ status: string; stripe_transfer_id: string | null }>(
          `select status, stripe_transfer_id from seller_transfers where order_number = $1`,
          [orderNumber],
        );
        return rows[0]?.status === 'paid' ? rows[0] : null;
      });
      expect(transfer.stripe_transfer_id).toMatch(/^test_tr_/);
      // Staff see it among every transfer.
      await staff.reload();
      await staff.getByTestId('transfer-row').filter({ hasText: orderNumber }).waitFor();

      // The seller sees the transfer with its order on /seller/payments.
      const seller = await b.page();
      await signInByApi(seller, 'seller');
      await seller.goto('/seller/payments');
      await seller.getByRole('heading', { name: 'Transfers', level: 2 }).waitFor();
      const row = seller.getByTestId('transfer-row').filter({ hasText: orderNumber });
      await row.getByText('Transferred').waitFor();
      await row.getByText(transfer.stripe_transfer_id!).waitFor();

      // Stripe pays the account out on its schedule: the test provider's stand-in is the next
      // transfer run, which pays out what earlier runs transferred (issue 33, payouts).
      await staff.getByRole('button', { name: 'Transfer due earnings now' }).click();
      await until(async () => {
        const { rows } = await db.query<{ payout_id: string | null }>(
          `select payout_id from seller_transfers where order_number = $1`,
          [orderNumber],
        );
        return rows[0]?.payout_id ?? null;
      });
      // The seller sees the payout to the bank with the order it covers.
      await seller.reload();
      await seller.getByRole('heading', { name: 'Payouts to your bank', level: 2 }).waitFor();
      const payout = seller.getByTestId('payout-row').filter({ hasText: orderNumber });
      await payout.getByText('Paid to your bank').waitFor();
    } finally {
      await db.end();
    }
  });
});
