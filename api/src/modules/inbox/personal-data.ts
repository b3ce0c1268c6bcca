import type { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_USER_ADDRESS, DELETED_USER_NAME } from '../users';

/**
 * The inbox module's part of "delete my account" (privacy module): the person's contact messages
 * stay for the staff, without their name, address or IP.
 */
export async function eraseInboxData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(
    `update inbox_items set name = ?, email = '${DELETED_USER_ADDRESS}', ip = null
     where user_id = ? and kind = 'contact'`,
    [DELETED_USER_NAME, userId],
  );
}
