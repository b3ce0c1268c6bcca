import type { EntityManager } from '@mikro-orm/postgresql';
import { eraseAccountData } from '../account';
import { eraseApiTokensData } from '../api-tokens';
import { eraseAssignmentsData } from '../assignments';
import { eraseAuthData } from '../auth';
import { eraseBookingsData } from '../bookings';
import { eraseCartData } from '../cart';
import { eraseCertificatesData } from '../certificates';
import { eraseIdentitiesData } from '../identities';
import { eraseInboxData } from '../inbox';
import { eraseInstructorsData } from '../instructors';
import { eraseMessagingData } from '../messaging';
import { eraseNotificationsData } from '../notifications';
import { erasePasskeysData } from '../passkeys';
import { eraseResourcesData } from '../resources';
import { eraseShopData } from '../shop';
import { anonymiseUser } from '../users';

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
 *   assignment submissions and their videos go (the video files with the clean-up job),
 *   the audit log keeps kinds and times but no address or browser.
 * Each module erases its own tables through its front door (`erase…Data`), composed here in one
 * place (docs/architecture.md "Table owners"). No statement depends on another's order (nothing is
 * deleted that a kept row points at), but the account is anonymised first: it refuses an account
 * already deleted before anything else changes. Returns the neutral username.
 */
export async function anonymiseAccount(em: EntityManager, userId: string): Promise<string> {
  const username = await anonymiseUser(em, userId);
  await eraseAuthData(em, userId);
  await eraseAccountData(em, userId);
  await eraseBookingsData(em, userId);
  await eraseApiTokensData(em, userId);
  await eraseCartData(em, userId);
  await eraseNotificationsData(em, userId);
  await eraseMessagingData(em, userId);
  await erasePasskeysData(em, userId);
  await eraseIdentitiesData(em, userId);
  await eraseResourcesData(em, userId);
  await eraseInstructorsData(em, userId);
  await eraseCertificatesData(em, userId);
  await eraseShopData(em, userId);
  await eraseInboxData(em, userId);
  await eraseAssignmentsData(em, userId);
  return username;
}
