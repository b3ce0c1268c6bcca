import type { EntityManager } from '@mikro-orm/postgresql';

/** The id of the account with this username (compared as its lower-case key); null when none. */
export async function userIdByUsername(em: EntityManager, username: string): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>(`select id from users where username_key = ?`, [
    username.toLowerCase(),
  ]);
  return row?.id ?? null;
}
