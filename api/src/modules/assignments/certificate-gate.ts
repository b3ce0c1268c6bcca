import type { EntityManager } from '@mikro-orm/postgresql';
import { courseModulesSql } from '../courses';

/**
 * How many of a course's assignments `userId` has not passed, when the course requires its
 * assignments passed before its certificate is issued; 0 when it does not (or has none). The
 * certificates module asks it (through this module's front door) before issuing.
 */
export async function assignmentsNotPassed(
  em: EntityManager,
  userId: string,
  courseId: string,
): Promise<number> {
  const rows = await em.execute<{ n: number }[]>(
    `select count(*)::int as n
       from assignments a
       join (${courseModulesSql}) m on m.id = a.module_id
      where m.course_id = ?
        and exists (select 1 from course_assignment_rules r where r.course_id = ? and r.require_passed)
        and not exists (select 1 from assignment_submissions s
                         where s.assignment_id = a.id and s.learner_id = ? and s.status = 'PASSED'
                           and s.superseded_at is null)`,
    [courseId, courseId, userId],
  );
  return rows[0]?.n ?? 0;
}

/** The refusal of a certificate while assignments wait (certificates' userErrors message). */
export function assignmentsWaitingMessage(count: number): string {
  return count === 1
    ? 'This course’s certificate needs its assignments passed first: 1 assignment is not passed yet'
    : `This course’s certificate needs its assignments passed first: ${count} assignments are not passed yet`;
}
