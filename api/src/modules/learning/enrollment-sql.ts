import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * SQL: whether user `userExpr` has an enrollment in course `courseExpr` whose access was not taken
 * back by a refund — for another module's statement (the cart's: a course it owns is not sold
 * again). The caller passes its column expressions or `?` placeholders.
 */
export const enrolledSql = (userExpr: string, courseExpr: string): string =>
  `exists (select 1 from enrollments e where e.user_id = ${userExpr} and e.course_id = ${courseExpr}
    and e.access_revoked_at is null)`;

/** Whether the user has an enrollment in the course whose access was not taken back by a refund. */
export async function isEnrolled(em: EntityManager, userId: string, courseId: string): Promise<boolean> {
  const rows = await em.execute<unknown[]>(
    'select 1 from enrollments where user_id = ? and course_id = ? and access_revoked_at is null limit 1',
    [userId, courseId],
  );
  return rows.length > 0;
}
