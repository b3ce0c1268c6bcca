import type { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_USER_NAME } from '../users';

/**
 * The erasure itself (GDPR art. 17), inside the deletion's transaction. The `users` row stays —
 * orders, ledger rows, messages, certificates and bookings point at it and are kept for the books
 * and for the other party — but nothing personal remains on it or around it:
 * - the account: username "deleted-<8 hex>", no email, names, picture or password, roles none but
 *   `user`, `deleted_at` set (auth/sign-in.ts refuses it);
 * - ways in: sessions, account tokens, API tokens, calendar feeds, and any table of sign-in
 *   credentials (passkeys, identities, two-step secrets: matched by name, only when present);
 * - what only served the person: cart, shop bag, notification settings, blocks;
 * - what others see: a store or instructor profile is suspended and emptied (public pages 404),
 *   certificates name "Deleted user", store orders and contact messages lose name and address,
 *   the audit log keeps kinds and times but no address or browser.
 * Returns the neutral username.
 */
/** Where a column that must hold an address points once its person is gone (never delivered). */
const DELETED_ADDRESS = 'deleted-user@deleted.invalid';

export async function anonymiseAccount(em: EntityManager, userId: string): Promise<string> {
  // Registration reserves "deleted-"; an older account named so makes it take the whole id.
  const hex = userId.replace(/-/g, '').toLowerCase();
  const [{ taken }] = await em.execute<{ taken: boolean }[]>(
    `select exists (select 1 from users where username_key = ? and id <> ?) as taken`,
    [`deleted-${hex.slice(0, 8)}`, userId],
  );
  const username = `deleted-${taken ? hex : hex.slice(0, 8)}`;
  const updated = await em.execute<{ id: string }[]>(
    `update users set username = ?, username_key = ?, email = null, email_verified_at = null,
       first_name = null, last_name = null, profile_image_url = null, password_hash = '',
       role = 'user', roles = '{user}', deleted_at = now(), updated_at = now()
     where id = ? and deleted_at is null returning id`,
    [username, username, userId],
  );
  if (!updated.length) throw new Error('anonymiseAccount: the account is already deleted');

  await em.execute(`delete from "session" where sess->>'userId' = ?`, [userId]);
  for (const table of ['account_tokens', 'api_tokens', 'calendar_feeds', 'cart_items', 'shop_bag_items']) {
    await em.execute(`delete from "${table}" where user_id = ?`, [userId]);
  }
  await em.execute(`delete from notification_preferences where user_id = ?`, [userId]);
  await em.execute(`delete from user_blocks where blocker_id = ? or blocked_id = ?`, [userId, userId]);
  await deleteCredentialRows(em, userId);

  await em.execute(
    `update seller_profiles set store_name = ?, bio = '', logo_url = null, zip = null, city = null, state = null,
       suspended = true, suspended_reason = 'Account deleted', suspended_at = coalesce(suspended_at, now()),
       updated_at = now()
     where user_id = ?`,
    [DELETED_USER_NAME, userId],
  );
  await em.execute(
    `update instructor_profiles set status = 'suspended', status_reason = 'Account deleted', featured = false,
       headline = '', bio = '', city = null, state = null, zip = null, latitude = null, longitude = null,
       intro_video_url = null, accepts_inquiries = false, updated_at = now()
     where user_id = ?`,
    [userId],
  );
  await em.execute(`update certificates set holder_name = ? where user_id = ?`, [DELETED_USER_NAME, userId]);
  await em.execute(`update store_orders set email = null, customer_name = null where user_id = ?`, [userId]);
  await em.execute(`update store_entitlement_grants set email = ? where user_id = ?`, [
    DELETED_ADDRESS,
    userId,
  ]);
  await em.execute(
    `update inbox_items set name = ?, email = '${DELETED_ADDRESS}', ip = null
     where user_id = ? and kind = 'contact'`,
    [DELETED_USER_NAME, userId],
  );
  await em.execute(
    `update security_events set ip = null, user_agent = null, detail = null where user_id = ?`,
    [userId],
  );
  return username;
}

/**
 * Sign-in credentials other parts of issue 31 keep per account (passkeys, identity-provider links,
 * two-step secrets and recovery codes): every table of the public schema whose name says so and
 * that has a `user_id` column. Found at run time so a table that does not exist yet is skipped.
 */
export const CREDENTIAL_TABLE_PATTERN =
  '(passkey|webauthn|identit|totp|two_step|two_factor|recovery_code|mfa)';

async function deleteCredentialRows(em: EntityManager, userId: string): Promise<void> {
  const tables = await em.execute<{ table_name: string }[]>(
    `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE' and c.column_name = 'user_id'
       and c.table_name ~ ?`,
    [CREDENTIAL_TABLE_PATTERN],
  );
  for (const { table_name } of tables) {
    await em.execute(`delete from "${table_name.replace(/"/g, '""')}" where user_id = ?`, [userId]);
  }
}
