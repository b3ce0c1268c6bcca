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
