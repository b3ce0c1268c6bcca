import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { enrollmentDates } from '../learning';
import { retireVideos } from '../videos';
import {
  type Actor,
  type AssignmentRow,
  courseById,
  courseOfModule,
  isEnrolled,
  SELECT_ASSIGNMENT,
  SELECT_SUBMISSION,
  type SubmissionRow,
  teaches,
} from './assignment-access';
import type { AssignmentView, SubmissionView } from './assignments.types';
import { SubmissionStatus } from './assignments.types';

interface AssignmentFields {
  title: string;
  instructions?: string | null;
  dueDaysAfterEnrollment?: number | null;
}

const ONLY_TEACHERS = 'Only the course’s instructors and staff can do this';

/** Checks an assignment's fields; returns them trimmed. */
function checked(input: AssignmentFields): { title: string; instructions: string; due: number | null } {
  const title = input.title.trim();
  if (!title) throw new DomainError('INVALID_INPUT', 'Give the assignment a title', 'title');
  if (title.length > 200)
    throw new DomainError('INVALID_INPUT', 'The title is longer than 200 characters', 'title');
  const instructions = (input.instructions ?? '').trim();
  if (instructions.length > 5000) {
    throw new DomainError(
      'INVALID_INPUT',
      'The instructions are longer than 5000 characters',
      'instructions',
    );
  }
  const due = input.dueDaysAfterEnrollment ?? null;
  if (due !== null && (!Number.isInteger(due) || due < 1 || due > 3650)) {
    throw new DomainError(
      'INVALID_INPUT',
      'The due rule is a number of days after enrolment, 1–3650 (or none)',
      'dueDaysAfterEnrollment',
    );
  }
  return { title, instructions, due };
}

/** A submission row as the graph shows it. */
export function submissionView(row: SubmissionRow): SubmissionView {
  return {
    id: row.id,
    assignmentId: row.assignment_id,
    assignmentTitle: row.assignment_title,
    courseId: row.course_id,
    learnerId: row.learner_id,
    learnerName: row.learner_name,
    attempt: row.attempt,
    status: row.status as SubmissionStatus,
    current: row.superseded_at === null,
    reviewNote: row.review_note,
    reviewedAt: row.reviewed_at === null ? null : new Date(row.reviewed_at),
    createdAt: new Date(row.created_at),
    late: row.late,
    videoId: row.video_id,
  };
}

/** Video assignments: authoring (instructors), reading (learners and instructors) and the course rule. */
export class AssignmentsService {
  constructor(private readonly em: EntityManager) {}

  private async view(actor: Actor | null, row: AssignmentRow): Promise<AssignmentView> {
    let dueAt: Date | null = null;
    if (actor && row.due_days_after_enrollment !== null) {
      const enrollment = await enrollmentDates(this.em, actor.id, row.course_id);
      if (enrollment) {
        dueAt = new Date(enrollment.createdAt.getTime() + row.due_days_after_enrollment * 86_400_000);
      }
    }
    return {
      id: row.id,
      moduleId: row.module_id,
      moduleTitle: row.module_title,
      courseId: row.course_id,
      courseTitle: row.course_title,
      title: row.title,
      instructions: row.instructions,
      dueDaysAfterEnrollment: row.due_days_after_enrollment,
      dueAt,
      viewerTeaches: teaches(actor, row),
    };
  }

  /** Whether `actor` may see the course's assignments: its teachers and enrolled learners. */
  private async maySee(
    actor: Actor | null,
    row: { course_id: string; instructor_id: string },
  ): Promise<boolean> {
    if (!actor) return false;
    return teaches(actor, { ...row, course_title: '' }) || isEnrolled(this.em, actor.id, row.course_id);
  }

  /** A course's assignments in module order, for its teachers and enrolled learners ([] for others). */
  async forCourse(actor: Actor | null, courseId: string): Promise<AssignmentView[]> {
    if (!isUuid(courseId)) return [];
    const course = await courseById(this.em, courseId);
    if (!course || !(await this.maySee(actor, course))) return [];
    const rows = await this.em.execute<AssignmentRow[]>(
      `${SELECT_ASSIGNMENT} where c.id = ? order by m.position, a.created_at, a.id`,
      [courseId],
    );
    return Promise.all(rows.map((row) => this.view(actor, row)));
  }

  /** One assignment, for its course's teachers and enrolled learners; null for others. */
  async byId(actor: Actor | null, id: string): Promise<AssignmentView | null> {
    const row = await this.findRow(id);
    if (!row || !(await this.maySee(actor, row))) return null;
    return this.view(actor, row);
  }

  private async findRow(id: string): Promise<AssignmentRow | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em.execute<AssignmentRow[]>(`${SELECT_ASSIGNMENT} where a.id = ?`, [id]);
    return rows[0] ?? null;
  }

  private async managed(actor: Actor, id: string): Promise<AssignmentRow> {
    const row = await this.findRow(id);
    if (!row) throw new DomainError('NOT_FOUND', 'Assignment not found', 'id');
    if (!teaches(actor, row)) throw new DomainError('FORBIDDEN', ONLY_TEACHERS, 'id');
    return row;
  }

  async create(actor: Actor, input: AssignmentFields & { moduleId: string }): Promise<AssignmentView> {
    const course = isUuid(input.moduleId) ? await courseOfModule(this.em, input.moduleId) : null;
    if (!course) throw new DomainError('NOT_FOUND', 'Module not found', 'moduleId');
    if (!teaches(actor, course)) throw new DomainError('FORBIDDEN', ONLY_TEACHERS, 'moduleId');
    const { title, instructions, due } = checked(input);
    const id = randomUUID();
    await this.em.execute(
      `insert into assignments (id, module_id, title, instructions, due_days_after_enrollment) values (?, ?, ?, ?, ?)`,
      [id, input.moduleId, title, instructions, due],
    );
    return this.view(actor, (await this.findRow(id))!);
  }

  async update(actor: Actor, input: AssignmentFields & { id: string }): Promise<AssignmentView> {
    await this.managed(actor, input.id);
    const { title, instructions, due } = checked(input);
    await this.em.execute(
      `update assignments set title = ?, instructions = ?, due_days_after_enrollment = ?, updated_at = now()
        where id = ?`,
      [title, instructions, due, input.id],
    );
    return this.view(actor, (await this.findRow(input.id))!);
  }

  /** Removes an assignment with its submissions; their videos are marked removed (the cleanup job deletes the files). */
  async remove(actor: Actor, id: string): Promise<string> {
    await this.managed(actor, id);
    return this.em.transactional(async (tem) => {
      const videos = await tem.execute<{ video_id: string }[]>(
        `select video_id from assignment_submissions where assignment_id = ? and video_id is not null`,
        [id],
      );
      await retireVideos(
        tem,
        videos.map((v) => v.video_id),
      );
      const rows = await tem.execute<{ id: string }[]>(`delete from assignments where id = ? returning id`, [
        id,
      ]);
      if (!rows.length) throw new DomainError('NOT_FOUND', 'Assignment not found', 'id');
      return id;
    });
  }

  /** Whether the course requires its assignments passed before its certificate (anyone may ask). */
  async requirePassed(courseId: string): Promise<boolean> {
    if (!isUuid(courseId)) return false;
    const rows = await this.em.execute<{ require_passed: boolean }[]>(
      `select require_passed from course_assignment_rules where course_id = ?`,
      [courseId],
    );
    return !!rows[0]?.require_passed;
  }

  async setRequirePassed(actor: Actor, courseId: string, required: boolean): Promise<boolean> {
    const course = isUuid(courseId) ? await courseById(this.em, courseId) : null;
    if (!course) throw new DomainError('NOT_FOUND', 'Course not found', 'courseId');
    if (!teaches(actor, course)) throw new DomainError('FORBIDDEN', ONLY_TEACHERS, 'courseId');
    await this.em.execute(
      `insert into course_assignment_rules (course_id, require_passed) values (?, ?)
       on conflict (course_id) do update set require_passed = excluded.require_passed`,
      [courseId, required],
    );
    return required;
  }

  /** My attempts at an assignment, newest first (history kept). */
  async mySubmissions(actor: Actor, assignmentId: string): Promise<SubmissionView[]> {
    const rows = await this.em.execute<SubmissionRow[]>(
      `${SELECT_SUBMISSION} where s.assignment_id = ? and s.learner_id = ? order by s.attempt desc`,
      [assignmentId, actor.id],
    );
    return rows.map(submissionView);
  }
}
