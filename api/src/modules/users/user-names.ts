import type { EntityManager } from '@mikro-orm/postgresql';
import { queryRows } from '../../db/pg-query';

const NAME_BY_ID = `select u.first_name, u.username from users u where u.id = ?`;

/** What an account's public name is made of (User.displayName: first name, else username); null when none. */
export async function userNameParts(
  em: EntityManager,
  userId: string,
): Promise<{ first_name: string | null; username: string } | null> {
  return (
    (await queryRows<{ first_name: string | null; username: string }>(em, NAME_BY_ID, [userId]))[0] ?? null
  );
}

/**
 * The public names of the given accounts by id (first name, trimmed, else username: as the data
 * export has always written them; `deletedAs` instead for a deleted account, when given); an id
 * without an account is left out.
 */
export async function publicNames(
  em: EntityManager,
  userIds: readonly string[],
  options: { deletedAs?: string } = {},
): Promise<Map<string, string>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const name = `coalesce(nullif(trim(first_name), ''), username)`;
  const rows = await em.execute<{ id: string; name: string }[]>(
    options.deletedAs === undefined
      ? `select id, ${name} as name from users where id in (?)`
      : `select id, case when deleted_at is not null then ? else ${name} end as name from users where id in (?)`,
    options.deletedAs === undefined ? [ids] : [options.deletedAs, ids],
  );
  return new Map(rows.map((r) => [r.id, r.name]));
}
