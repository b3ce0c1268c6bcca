import type { EntityManager } from '@mikro-orm/postgresql';

/** What another module may show or mail of an account: its names and e-mail address. */
export interface UserContact {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
}

/** The names and addresses of the given accounts, by id (an id without an account is left out), in the caller's transaction. */
export async function userContacts(
  em: EntityManager,
  userIds: readonly string[],
): Promise<Map<string, UserContact>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const rows = await em.execute<UserContact[]>(
    `select id, username, first_name, last_name, email from users where id in (?)`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The account with this username (case-insensitive, as usernames are unique); null when none. */
export async function userByUsername(
  em: EntityManager,
  username: string,
): Promise<{ id: string; username: string } | null> {
  const [row] = await em.execute<{ id: string; username: string }[]>(
    'select id, username from users where username_key = lower(?)',
    [username],
  );
  return row ?? null;
}

/** A subquery of the id of the account with a username (case-insensitive), for `… in (${userIdByUsernameSql})`; one parameter: the username. */
export const userIdByUsernameSql = `select id from users where username_key = lower(?)`;

/**
 * A subquery of the ids of the accounts whose username, e-mail address or full name matches an
 * `ilike` pattern, for another module's `… in (${usersNamedOrMailedLikeSql})`; its three parameters
 * are the pattern, three times.
 */
export const usersNamedOrMailedLikeSql = `select id from users
  where username ilike ? or email ilike ? or concat_ws(' ', first_name, last_name) ilike ?`;
