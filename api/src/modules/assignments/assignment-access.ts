import type { EntityManager } from '@mikro-orm/postgresql';
import { type HasRoles, hasRole, userDisplayNamesSql } from '../users';
import { courseFacts, courseFactsSql, courseModulesSql, isCourseStaff } from '../courses';
import { hasOpenEnrollment } from '../learning';

/** Who acts: the signed-in user's id and roles. */
export type Actor = HasRoles & { id: string };

/** The course an assignment (or module) belongs to, with what the access rules need. */
export interface CourseOf {
  course_id: string;
  course_title: string;
  instructor_id: string;
}

/** Staff, or the course's own instructor (still holding the instructor role): they author and review. */
export function teaches(actor: Actor | null | undefined, course: CourseOf): boolean {
  if (!actor) return false;
  return isCourseStaff(actor) || (hasRole(actor, 'instructor') && course.instructor_id === actor.id);
}

/** Whether `userId` has an open enrolment in the course (not revoked; a membership one while it lasts). */
export function isEnrolled(em: EntityManager, userId: string, courseId: string): Promise<boolean> {
  return hasOpenEnrollment(em, userId, courseId);
}

const COURSE_COLUMNS = `c.id as course_id, c.title as course_title, c.instructor_id`;

/** The course of a module; null when the module is unknown. */
export async function courseOfModule(em: EntityManager, moduleId: string): Promise<CourseOf | null> {
  const rows = await em.execute<CourseOf[]>(
    `select ${COURSE_COLUMNS} from (${courseModulesSql}) m join (${courseFactsSql}) c on c.id = m.course_id
      where m.id = ?`,
    [moduleId],
  );
  return rows[0] ?? null;
}

/** The course of a course id; null when unknown. */
export async function courseById(em: EntityManager, courseId: string): Promise<CourseOf | null> {
  const course = await courseFacts(em, courseId);
  return course && { course_id: course.id, course_title: course.title, instructor_id: course.instructorId };
}

/** An assignment's row with its module and course. */
export interface AssignmentRow extends CourseOf {
  id: string;
  module_id: string;
  module_title: string;
  title: string;
  instructions: string;
  due_days_after_enrollment: number | null;
}

export const SELECT_ASSIGNMENT = `
  select a.id, a.module_id, m.title as module_title, a.title, a.instructions, a.due_days_after_enrollment,
         ${COURSE_COLUMNS}
    from assignments a
    join (${courseModulesSql}) m on m.id = a.module_id
    join (${courseFactsSql}) c on c.id = m.course_id`;

/** A submission's row with its assignment, course and learner. */
export interface SubmissionRow extends CourseOf {
  id: string;
  assignment_id: string;
  assignment_title: string;
  learner_id: string;
  learner_name: string;
  attempt: number;
  video_id: string | null;
  status: string;
  review_note: string | null;
  reviewed_at: Date | null;
  superseded_at: Date | null;
  created_at: Date;
  late: boolean;
}

export const SELECT_SUBMISSION = `
  select s.id, s.assignment_id, a.title as assignment_title, s.learner_id,
         u.display_name as learner_name,
         s.attempt, s.video_id, s.status, s.review_note, s.reviewed_at, s.superseded_at, s.created_at,
         s.late,
         ${COURSE_COLUMNS}
    from assignment_submissions s
    join assignments a on a.id = s.assignment_id
    join (${courseModulesSql}) m on m.id = a.module_id
    join (${courseFactsSql}) c on c.id = m.course_id
    join (${userDisplayNamesSql}) u on u.id = s.learner_id`;

/**
 * SQL: the due moment of assignment `a` for enrolment `e` (the enrolment + the due rule's days, as
 * 24-hour days like `dueAt`); null without a due rule.
 */
export const dueAtSql = (a: string, e: string): string =>
  `(${e}.created_at + ${a}.due_days_after_enrollment * interval '24 hours')`;
