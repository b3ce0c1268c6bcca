import type { EntityManager } from '@mikro-orm/postgresql';
import { eraseApiTokensData } from '../api-tokens';
import { eraseCartData } from '../cart';
import { eraseIdentitiesData } from '../identities';
import { eraseInboxData } from '../inbox';
import { eraseInstructorsData } from '../instructors';
import { eraseMessagingData } from '../messaging';
import { eraseNotificationsData } from '../notifications';
import { erasePasskeysData } from '../passkeys';
import { eraseResourcesData } from '../resources';
import { eraseShopData } from '../shop';
import { anonymiseUser, DELETED_USER_NAME } from '../users';

/**
 * The erasure itself (GDPR art. 17), inside the deletion's transaction (`em` is its EntityManager).
 * The `users` row stays — orders, ledger rows, messages, certificates and bookings point at it and
 * are kept for the books and for the other party — but nothing personal remains on it or around it:
 * - the account: username "deleted-<8 hex>", no email, names, picture or password, roles none but
 *   `user`, `deleted_at` set (auth/sign-in.ts refuses it);
 * - ways in: sessions, account tokens, API tokens, calendar feeds, sign-in credentials (passkeys,
 *   identity-provider links, two-step secrets, recovery codes and pending two-step sign-ins);
 * - what only served the person: cart, shop bag, notification settings, blocks;
 * - what others see: a store or instructor profile is suspended and emptied (public pages 404),
 *   certificates name "Deleted user", store orders and contact messages lose name and address,
 *   the audit log keeps kinds and times but no address or browser.
 * Each module erases its own tables through its front door (`erase…Data`), composed here in one
 * place (docs/architecture.md "Table owners"). No statement depends on another's order (nothing is
 * deleted that a kept row points at), but the account is anonymised first: it refuses an account
 * already deleted before anything else changes. Returns the neutral username.
 */
export async function anonymiseAccount(em: EntityManager, userId: string): Promise<string> {
  const username = await anonymiseUser(em, userId);
  // Still written here, in the tables of modules another change is restructuring (auth, account,
  // bookings, certificates): to move behind their front doors.
  await em.execute(`delete from "session" where sess->>'userId' = ?`, [userId]);
  for (const table of ['account_tokens', 'calendar_feeds', ...ACCOUNT_CREDENTIAL_TABLES]) {
    await em.execute(`delete from "${table}" where user_id = ?`, [userId]);
  }
  await eraseApiTokensData(em, userId);
  await eraseCartData(em, userId);
  await eraseNotificationsData(em, userId);
  await eraseMessagingData(em, userId);
  await erasePasskeysData(em, userId);
  await eraseIdentitiesData(em, userId);
  await eraseResourcesData(em, userId);
  await eraseInstructorsData(em, userId);
  await em.execute(`update certificates set holder_name = ? where user_id = ?`, [DELETED_USER_NAME, userId]);
  await eraseShopData(em, userId);
  await eraseInboxData(em, userId);
  await em.execute(
    `update security_events set ip = null, user_agent = null, detail = null where user_id = ?`,
    [userId],
  );
  return username;
}

/**
 * The account module's sign-in credentials (two-step secrets, recovery codes, pending two-step
 * sign-ins). Until 2026-12-06 every table whose name matched a credential pattern and had a
 * `user_id` was found at run time; these three, `passkeys`, `passkey_challenges` and `identities`
 * were all it matched, and the last three are now erased by their own modules.
 */
const ACCOUNT_CREDENTIAL_TABLES = ['two_step_secrets', 'two_step_recovery_codes', 'two_step_pending'];
