import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Demo payout states of the demo stores (sales come with the orders module's demo orders): the
 * seller is onboarded (a test Connect account), studio has started onboarding, rhythm has not.
 */
export const DEMO_PAYOUTS: { username: string; payoutStatus: string; stripeAccountId: string | null }[] = [
  { username: 'seller', payoutStatus: 'active', stripeAccountId: 'acct_test_demo_seller' },
  { username: 'studio', payoutStatus: 'pending', stripeAccountId: 'acct_test_demo_studio' },
  { username: 'rhythm', payoutStatus: 'not_started', stripeAccountId: null },
];

export async function seedDemoSellers(em: EntityManager): Promise<void> {
  for (const demo of DEMO_PAYOUTS) {
    await em.execute(
      `update seller_profiles sp set payout_status = ?, stripe_account_id = ?, updated_at = now()
       from users u where u.id = sp.user_id and u.username_key = ?`,
      [demo.payoutStatus, demo.stripeAccountId, demo.username],
    );
  }
}
