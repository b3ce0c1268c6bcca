import type { EntityManager } from '@mikro-orm/postgresql';

/** The passkeys module's part of "delete my account" (privacy module): the person's passkeys and challenges go. */
export async function erasePasskeysData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`delete from passkeys where user_id = ?`, [userId]);
  await em.execute(`delete from passkey_challenges where user_id = ?`, [userId]);
}
