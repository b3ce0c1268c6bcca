import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The users module's part of "download my data" and "delete my account" (privacy module, GDPR art.
 * 15/17/20): the privacy module composes these with the other owners' parts, in its transaction.
 */

/** The account itself for the export (never the password hash). */
export async function exportUsersData(
  em: EntityManager,
  userId: string,
): Promise<Record<string, unknown> | null> {
  const [profile] = await em.execute<Record<string, unknown>[]>(
    `select id, username, email, email_verified_at as "emailVerifiedAt", first_name as "firstName",
       last_name as "lastName", profile_image_url as "profileImageUrl", roles, created_at as "createdAt",
       updated_at as "updatedAt"
     from users where id = ?`,
    [userId],
  );
  return profile ?? null;
}

/** Locks the account's row for the deletion's transaction; false when it is gone or already deleted. */
export async function lockLiveUser(em: EntityManager, userId: string): Promise<boolean> {
  const locked = await em.execute<{ id: string }[]>(
    `select id from users where id = ? and deleted_at is null for update`,
    [userId],
  );
  return locked.length > 0;
}

/** Whether the account is an admin and no other live account is. */
export async function isLastAdmin(em: EntityManager, userId: string): Promise<boolean> {
  const [me] = await em.execute<{ admin: boolean }[]>(
    `select (role = 'admin' or 'admin' = any(roles)) as admin from users where id = ?`,
    [userId],
  );
  if (!me?.admin) return false;
  const [{ n }] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from users
     where id <> ? and deleted_at is null and (role = 'admin' or 'admin' = any(roles))`,
    [userId],
  );
  return n === 0;
}

/**
 * The account's row once its person is gone: username "deleted-<8 hex>" (the whole id when an older
 * account is named so: registration reserves "deleted-"), no email, names, picture or password,
 * roles none but `user`, `deleted_at` set (auth/sign-in.ts refuses it). The row stays: orders,
 * ledger rows, messages, certificates and bookings point at it. Returns the neutral username.
 */
export async function anonymiseUser(em: EntityManager, userId: string): Promise<string> {
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
  return username;
}
