import type { EntityManager } from '@mikro-orm/postgresql';

/** The cart module's part of "delete my account" (privacy module): the person's cart goes. */
export async function eraseCartData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`delete from cart_items where user_id = ?`, [userId]);
}
