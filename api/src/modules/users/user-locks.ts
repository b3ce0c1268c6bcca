import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Locks an account's `users` row until the caller's transaction ends (FOR NO KEY UPDATE: rows that
 * reference the account are not blocked) and returns its roles; null when there is no such account.
 * Checkout, fulfilment, licences and the membership sync take it to serialise what they decide about
 * one person.
 */
export async function lockUserRow(
  em: EntityManager,
  userId: string,
): Promise<{ role: string; roles: string[] | null } | null> {
  const [row] = await em.execute<{ role: string; roles: string[] | null }[]>(
    'select role, roles from users where id = ? for no key update',
    [userId],
  );
  return row ?? null;
}
