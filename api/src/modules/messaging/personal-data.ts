import type { EntityManager } from '@mikro-orm/postgresql';

/** The messaging module's part of "download my data" and "delete my account" (privacy module). */
type Row = Record<string, unknown>;

/** The messages the person sent (never the other side's), with their conversation's subject. */
export async function exportMessagingData(
  em: EntityManager,
  userId: string,
): Promise<{ messagesSent: Row[] }> {
  const messagesSent = await em.execute<Row[]>(
    `select m.id, c.subject as conversation, m.body, m.created_at as "sentAt"
     from messages m join conversations c on c.id = m.conversation_id
     where m.sender_id = ? order by m.created_at`,
    [userId],
  );
  return { messagesSent };
}

/** In the deletion's transaction: the person's blocks, both ways (messages stay for the other side). */
export async function eraseMessagingData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`delete from user_blocks where blocker_id = ? or blocked_id = ?`, [userId, userId]);
}
