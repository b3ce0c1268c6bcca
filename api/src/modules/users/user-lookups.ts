import type { EntityManager } from '@mikro-orm/postgresql';

/** Whether an account with this id exists (a deleted, anonymised one too). */
export async function userExists(em: EntityManager, userId: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(`select id from users where id = ?`, [userId]);
  return rows.length > 0;
}

/** Whether the account was made less than `days` days ago. */
export async function isNewAccount(em: EntityManager, userId: string, days: number): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from users where id = ? and created_at > now() - make_interval(days => ?)`,
    [userId, days],
  );
  return rows.length > 0;
}

/**
 * A subquery of the ids of the accounts whose username or full name matches an `ilike` pattern,
 * for another module's `… in (${usersNamedLikeSql})`; its two parameters are the pattern, twice.
 */
export const usersNamedLikeSql = `select id from users where username ilike ? or concat_ws(' ', first_name, last_name) ilike ?`;
