import type { EntityManager } from '@mikro-orm/postgresql';
import { enrollmentOpenSql } from '../memberships';

/**
 * The enrollments a purchase gives and a refund takes back (learning owns `enrollments`; the
 * orders module asks here, inside its fulfilment and refund transactions).
 */

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/**
 * SQL: whether user `userExpr` has an open enrollment in course `courseExpr` (the membership's
 * rule: `enrollmentOpenSql`) — for the orders module's delivery check (a course had already).
 */
export const openEnrollmentSql = (userExpr: string, courseExpr: string): string =>
  `exists (select 1 from enrollments e where e.user_id = ${userExpr} and e.course_id = ${courseExpr}
    and ${enrollmentOpenSql('e')})`;

/** Locks the person's enrollments in the given courses (in id order) until the transaction ends. */
export async function lockEnrollments(
  em: EntityManager,
  userId: string,
  courseIds: readonly string[],
): Promise<void> {
  if (!courseIds.length) return;
  await em.execute(
    `select id from enrollments where user_id = ? and course_id in (${placeholders(courseIds)}) order by id for update`,
    [userId, ...courseIds],
  );
}

/**
 * The one statement that takes back the access of the person's purchased enrollments in the given
 * courses (`access_revoked_at`; the progress stays) unless something still gives the course: each
 * of `keptWhile` is SQL over the enrollment `e` (its `e.user_id`, `e.course_id`) that is true while
 * the access must stay. Params: user id, the course ids.
 */
export const revokePurchasedAccessSql = (courseCount: number, keptWhile: readonly string[]): string =>
  `update enrollments e set access_revoked_at = now()
   where e.user_id = ? and e.source = 'purchase' and e.access_revoked_at is null
     and e.course_id in (${Array.from({ length: courseCount }, () => '?').join(', ')})
     ${keptWhile.map((sql) => `and not (${sql})`).join('\n     ')}`;

/** Gives back the access a refund or dispute took from the person's purchased enrollments in the given courses. */
export async function restorePurchasedAccess(
  em: EntityManager,
  userId: string,
  courseIds: readonly string[],
): Promise<void> {
  if (!courseIds.length) return;
  await em.execute(
    `update enrollments set access_revoked_at = null
     where user_id = ? and source = 'purchase' and access_revoked_at is not null
       and course_id in (${placeholders(courseIds)})`,
    [userId, ...courseIds],
  );
}
