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

/** An account's email address (null when it has none); null when there is no such account. */
export async function userEmail(em: EntityManager, userId: string): Promise<{ email: string | null } | null> {
  const [row] = await em.execute<{ email: string | null }[]>(`select email from users where id = ?`, [
    userId,
  ]);
  return row ? { email: row.email } : null;
}

/** How many accounts there are, how many were made in the last 7 days, and how many hold each role (most first). */
export async function userCounts(
  em: EntityManager,
): Promise<{ total: number; lastSevenDays: number; byRole: { role: string; count: number }[] }> {
  const [totals] = await em.execute<{ total: string; recent: string }[]>(
    `select count(*) as total,
            count(*) filter (where created_at > now() - interval '7 days') as recent
       from users`,
  );
  const byRole = await em.execute<{ role: string; count: string }[]>(
    `select r as role, count(*) as count from users, unnest(roles) as r group by r order by count(*) desc, r`,
  );
  return {
    total: Number(totals.total),
    lastSevenDays: Number(totals.recent),
    byRole: byRole.map((r) => ({ role: r.role, count: Number(r.count) })),
  };
}

/** Which of these lower-cased usernames (`username_key`) an account has already. */
export async function takenUsernameKeys(em: EntityManager, keys: string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await em.execute<{ username_key: string }[]>(
    `select username_key from users where username_key in (?)`,
    [keys],
  );
  return new Set(rows.map((r) => r.username_key));
}

/**
 * The account with this (lower-cased) email address: a verified one first, else the oldest; null
 * when none has it.
 */
export async function accountIdByEmail(em: EntityManager, email: string): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>(
    `select id from users where lower(email) = ?
     order by (email_verified_at is not null) desc, created_at asc limit 1`,
    [email],
  );
  return row?.id ?? null;
}
