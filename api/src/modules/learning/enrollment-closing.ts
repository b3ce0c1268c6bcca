import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * How another module takes back a course it gave (the shop, when a store line is refunded or
 * cancelled): the enrolment row is locked first (`lockEnrollments`, purchased-access.ts), then changed by conditional updates in the
 * caller's transaction. `unless` is an SQL condition over the enrolment `e` built from the owners'
 * fragments (what else still gives the course), never input.
 */

/**
 * An open enrolment of `source` goes back to the membership when `condition` (over `e`) holds: a
 * member-only course of a current member, nothing else giving it.
 */
export async function moveEnrollmentToMembership(
  em: EntityManager,
  userId: string,
  courseId: string,
  source: 'store',
  condition: string,
): Promise<void> {
  await em.execute(
    `update enrollments e set source = 'membership'
     where e.user_id = ? and e.course_id = ? and e.source = ? and e.access_revoked_at is null
       and ${condition}`,
    [userId, courseId, source],
  );
}

/**
 * Closes an open enrolment that came from one of `sources` when `condition` (over `e`) holds:
 * progress kept, `access_revoked_at` set. True when it closed one.
 */
export async function closeEnrollmentAccess(
  em: EntityManager,
  userId: string,
  courseId: string,
  sources: string[],
  condition: string,
): Promise<boolean> {
  const closed = await em.execute<{ id: string }[]>(
    `update enrollments e set access_revoked_at = now()
     where e.user_id = ? and e.course_id = ? and e.source in (${sources.map(() => '?').join(', ')})
       and e.access_revoked_at is null
       and ${condition}
     returning e.id`,
    [userId, courseId, ...sources],
  );
  return closed.length > 0;
}
