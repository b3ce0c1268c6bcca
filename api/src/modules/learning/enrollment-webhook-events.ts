import type { EntityManager } from '@mikro-orm/postgresql';
import { courseTitles } from '../courses';
import { emitWebhookEvent, payloadTime } from '../webhooks';

// The learning module's webhook events (their payloads' shape: docs/api.md, Webhooks), queued by
// the webhooks module. Each is called inside the transaction of the change it reports and reads
// what it sends there (only when an endpoint listens).

/** `enrollment.created` / `enrollment.completed` of (user, course). */
export async function emitEnrollmentEvent(
  em: EntityManager,
  type: 'enrollment.created' | 'enrollment.completed',
  enrollment: { userId: string; courseId: string },
) {
  const [row] = await em.execute<{ id: string }[]>(
    `select id from enrollments where user_id = ? and course_id = ?`,
    [enrollment.userId, enrollment.courseId],
  );
  if (!row) return 0;
  return emitWebhookEvent(em, type, `enrollment:${row.id}`, async () => {
    const [e] = await em.execute(
      `select id, user_id, course_id, source, created_at, completed_at from enrollments where id = ?`,
      [row.id],
    );
    // The course's title from its owner (the enrollment's course always exists: a foreign key).
    const titles = await courseTitles(em, [e.course_id]);
    return {
      id: e.id,
      userId: e.user_id,
      courseId: e.course_id,
      courseTitle: titles.get(e.course_id),
      source: e.source,
      createdAt: payloadTime(e.created_at),
      completedAt: payloadTime(e.completed_at),
    };
  });
}
