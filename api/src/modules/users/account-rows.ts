import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Writes and locks of the `users` row that other modules' account flows make inside their own
 * transactions (pass the transaction's EntityManager): the password and email changes of the
 * account module, the email proof of the store's invitations, and the row lock that orders the
 * removal of an account's ways in (passkeys, identities) and its API token cap.
 */

/**
 * Locks the account's row (FOR UPDATE: its sign-in ways are being changed) until the transaction ends; its email, or null when there is no such
 * account.
 */
export async function lockAccountRow(
  em: EntityManager,
  userId: string,
): Promise<{ email: string | null } | null> {
  const [row] = await em.execute<{ email: string | null }[]>(
    `select email from users where id = ? for update`,
    [userId],
  );
  return row ? { email: row.email } : null;
}

/** Sets the account's password hash. */
export async function setPasswordHash(
  em: EntityManager,
  userId: string,
  passwordHash: string,
): Promise<void> {
  await em.execute(`update users set password_hash = ?, updated_at = now() where id = ?`, [
    passwordHash,
    userId,
  ]);
}

/** Gives the account a new email address, not verified yet. */
export async function setUnverifiedEmail(em: EntityManager, userId: string, email: string): Promise<void> {
  await em.execute(`update users set email = ?, email_verified_at = null, updated_at = now() where id = ?`, [
    email,
    userId,
  ]);
}

/**
 * Marks `email` verified on the account if it is still the account's address and no other account
 * has verified it (the partial unique index on verified emails guards the race); false otherwise.
 */
export async function markEmailVerified(em: EntityManager, userId: string, email: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update users set email_verified_at = coalesce(email_verified_at, now()), updated_at = now()
     where id = ? and lower(email) = lower(?::text)
       and not exists (select 1 from users o where o.id <> ? and lower(o.email) = lower(?::text)
                         and o.email_verified_at is not null)
     returning id`,
    [userId, email, userId, email],
  );
  return rows.length > 0;
}
