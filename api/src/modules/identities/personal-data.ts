import type { EntityManager } from '@mikro-orm/postgresql';

/** The identities module's part of "delete my account" (privacy module): the identity-provider links go. */
export async function eraseIdentitiesData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`delete from identities where user_id = ?`, [userId]);
}
