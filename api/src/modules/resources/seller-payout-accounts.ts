import type { EntityManager } from '@mikro-orm/postgresql';
import type { PayoutStatus } from './seller-profile.entity';

/**
 * The payout account on a store profile (`seller_profiles`, owned here with the store it belongs
 * to) as the sellers module reads and writes it: which profile holds a Stripe connected account,
 * the account's mirrored status, and the first account a profile gets. A seller's or an
 * instructor's account lives on their profile either way.
 */

/** Every profile's connected account and whether its store is suspended: rows (user_id, stripe_account_id, suspended). */
export const payoutAccountsSql = `select user_id, stripe_account_id, suspended from seller_profiles`;

/** The user whose profile holds the connected account; null when DRX does not know it. */
export async function payoutAccountHolder(em: EntityManager, accountId: string): Promise<string | null> {
  const [row] = await em.execute<{ user_id: string }[]>(
    `select user_id from seller_profiles where stripe_account_id = ?`,
    [accountId],
  );
  return row?.user_id ?? null;
}

/** Stores what Stripe said about a connected account on the profile that holds it (none: nothing). */
export async function mirrorPayoutAccount(
  em: EntityManager,
  accountId: string,
  account: { status: PayoutStatus; requirementsDue: readonly string[]; disabledReason: string | null },
): Promise<void> {
  await em.execute(
    `update seller_profiles
        set payout_status = ?, requirements_due = array(select jsonb_array_elements_text(?::jsonb)),
            disabled_reason = ?, account_checked_at = now(), updated_at = now()
      where stripe_account_id = ?`,
    [account.status, JSON.stringify(account.requirementsDue), account.disabledReason, accountId],
  );
}

/**
 * Gives the user's profile its connected account (payout status pending) unless it has one: two
 * starts at once get the same account, the first write wins.
 */
export async function claimPayoutAccount(
  em: EntityManager,
  userId: string,
  accountId: string,
): Promise<void> {
  await em.execute(
    `update seller_profiles set stripe_account_id = ?, payout_status = 'pending', updated_at = now()
     where user_id = ? and stripe_account_id is null`,
    [accountId, userId],
  );
}

/**
 * Creates the user's store profile with this name (payouts not started, not suspended) unless it
 * exists: concurrent first calls meet on the primary key.
 */
export async function createStoreProfile(
  em: EntityManager,
  userId: string,
  storeName: string,
): Promise<void> {
  await em.execute(
    `insert into seller_profiles (user_id, store_name, bio, payout_status, suspended, created_at, updated_at)
     values (?, ?, '', 'not_started', false, now(), now()) on conflict (user_id) do nothing`,
    [userId, storeName],
  );
}
