import type { EntityManager } from '@mikro-orm/postgresql';
import { enrollmentOpenSql } from '../memberships';

/**
 * Enrolments for other modules (assignments, videos, practice, certificates, courses): SQL
 * subqueries to join to their own rows in one statement (PostgreSQL inlines them) and lookups. The
 * table name stays in this module.
 */

/** Every enrolment, open or not: rows (id, user_id, course_id, created_at, completed_at). */
export const enrollmentsSql = `select id, user_id, course_id, created_at, completed_at from enrollments`;

/**
 * The enrolments that open their course now (not revoked by a refund; a membership enrolment while
 * the membership lasts: memberships' `enrollmentOpenSql`): rows as `enrollmentsSql`.
 */
export const openEnrollmentsSql = `select e.id, e.user_id, e.course_id, e.created_at, e.completed_at
  from enrollments e where ${enrollmentOpenSql('e')}`;

/** Whether `userId` has an open enrolment in the course (`openEnrollmentsSql`). */
export async function hasOpenEnrollment(
  em: EntityManager,
  userId: string,
  courseId: string,
): Promise<boolean> {
  const rows = await em.execute<{ ok: boolean }[]>(
    `select exists (select 1 from (${openEnrollmentsSql}) e where e.user_id = ? and e.course_id = ?) as ok`,
    [userId, courseId],
  );
  return !!rows[0]?.ok;
}

/** When `userId` enrolled in the course and completed it (null: not yet); null without an enrolment. */
export async function enrollmentDates(
  em: EntityManager,
  userId: string,
  courseId: string,
): Promise<{ createdAt: Date; completedAt: Date | null } | null> {
  const [row] = await em.execute<{ created_at: Date; completed_at: Date | null }[]>(
    `${enrollmentsSql} where user_id = ? and course_id = ?`,
    [userId, courseId],
  );
  return row
    ? { createdAt: new Date(row.created_at), completedAt: row.completed_at && new Date(row.completed_at) }
    : null;
}

/** How many enrolments a course has, open or not. */
export async function courseEnrollmentCount(em: EntityManager, courseId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from enrollments where course_id = ?`,
    [courseId],
  );
  return row?.n ?? 0;
}
