import type { EntityManager } from '@mikro-orm/postgresql';

/** The notifications module's part of "download my data" and "delete my account" (privacy module). */
export async function exportNotificationsData(
  em: EntityManager,
  userId: string,
): Promise<{ notificationPreferences: Record<string, unknown>[] }> {
  const notificationPreferences = await em.execute<Record<string, unknown>[]>(
    `select kind, enabled, updated_at as "updatedAt" from notification_preferences where user_id = ? order by kind`,
    [userId],
  );
  return { notificationPreferences };
}

/** In the deletion's transaction: the person's notification settings go. */
export async function eraseNotificationsData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`delete from notification_preferences where user_id = ?`, [userId]);
}
