import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The auth module's part of "delete my account" (privacy module, GDPR art. 17): the account is signed
 * out everywhere — its sessions go, inside the deletion's transaction.
 */
export async function eraseAuthData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`delete from "session" where sess->>'userId' = ?`, [userId]);
}
