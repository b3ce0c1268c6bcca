import type { EntityManager } from '@mikro-orm/postgresql';
import { GraphQLError } from 'graphql';
import { forbidden } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { courseModulesSql } from '../courses';
import { openEnrollmentsSql } from '../learning';
import { type Actor, courseById, dueAtSql, teaches } from './assignment-access';
import type { AssignmentStatsView } from './assignments.types';

interface StatsRow {
  assignment_id: string;
  title: string;
  module_title: string;
  due_days_after_enrollment: number | null;
  enrolled: number;
  submitted: number;
  waiting: number;
  passed: number;
  resubmit: number;
  late: number;
  overdue: number;
}

/**
 * Per assignment of a course, its learners (open enrolments) by where they are: one query, each
 * learner counted once per assignment by their current attempt. Teachers of the course only (a
 * query: its refusals are GraphQL errors with a code).
 */
export async function courseAssignmentStats(
  em: EntityManager,
  actor: Actor,
  courseId: string,
): Promise<AssignmentStatsView[]> {
  const course = isUuid(courseId) ? await courseById(em, courseId) : null;
  if (!course) {
    throw new GraphQLError('Course not found', { extensions: { code: 'BAD_USER_INPUT', field: 'courseId' } });
  }
  if (!teaches(actor, course)) throw forbidden();
  const rows = await em.execute<StatsRow[]>(
    `select a.id as assignment_id, a.title, m.title as module_title, a.due_days_after_enrollment,
            count(e.user_id)::int as enrolled,
            count(s.id)::int as submitted,
            count(s.id) filter (where s.status = 'WAITING')::int as waiting,
            count(s.id) filter (where s.status = 'PASSED')::int as passed,
            count(s.id) filter (where s.status = 'RESUBMIT')::int as resubmit,
            count(s.id) filter (where s.late)::int as late,
            count(e.user_id) filter (where s.id is null and now() > ${dueAtSql('a', 'e')})::int as overdue
       from assignments a
       join (${courseModulesSql}) m on m.id = a.module_id
       left join (${openEnrollmentsSql}) e on e.course_id = m.course_id
       left join assignment_submissions s
              on s.assignment_id = a.id and s.learner_id = e.user_id and s.superseded_at is null
      where m.course_id = ?
      group by a.id, m.id, m.title, m.position
      order by m.position, a.created_at, a.id`,
    [courseId],
  );
  return rows.map((r) => ({
    assignmentId: r.assignment_id,
    title: r.title,
    moduleTitle: r.module_title,
    dueDaysAfterEnrollment: r.due_days_after_enrollment,
    enrolled: r.enrolled,
    submitted: r.submitted,
    waiting: r.waiting,
    passed: r.passed,
    resubmit: r.resubmit,
    late: r.late,
    overdue: r.overdue,
  }));
}
