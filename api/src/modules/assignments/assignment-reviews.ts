import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { DomainError, forbidden } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { userDisplayNamesSql } from '../users';
import { videoReadySql, videoStatusesSql } from '../videos';
import { type Actor, courseById, SELECT_SUBMISSION, type SubmissionRow, teaches } from './assignment-access';
import { assignmentsNotPassed } from './certificate-gate';
import { submissionView } from './assignments.service';
import type { AssignmentCommentView, SubmissionView } from './assignments.types';
import { ReviewVerdict } from './assignments.types';
import { sendReviewNotice } from './review-notice';

const ONLY_TEACHERS = 'Only the course’s instructors and staff can review its assignments';

interface CommentRow {
  id: string;
  at_seconds: number;
  body: string;
  author_name: string | null;
  created_at: Date;
}

/** Reviews: the queue of a course, a submission, its comments, and the decision. */
export class AssignmentReviews {
  constructor(private readonly em: EntityManager) {}

  private async findRow(id: string): Promise<SubmissionRow | null> {
    if (!isUuid(id)) return null;
    const rows = await this.em.execute<SubmissionRow[]>(`${SELECT_SUBMISSION} where s.id = ?`, [id]);
    return rows[0] ?? null;
  }

  /** A submission for its learner, the course's teachers and staff; null for everyone else. */
  async submission(actor: Actor | null, id: string): Promise<SubmissionView | null> {
    const row = await this.findRow(id);
    if (!row || !actor) return null;
    if (row.learner_id !== actor.id && !teaches(actor, row)) return null;
    return submissionView(row);
  }

  /** What waits for review in a course: current WAITING submissions, oldest first. Teachers only. */
  async queue(actor: Actor, courseId: string): Promise<SubmissionView[]> {
    // A query, not a mutation: its refusals are GraphQL errors with a code (no `userErrors` here).
    const course = isUuid(courseId) ? await courseById(this.em, courseId) : null;
    if (!course) {
      throw new GraphQLError('Course not found', {
        extensions: { code: 'BAD_USER_INPUT', field: 'courseId' },
      });
    }
    if (!teaches(actor, course)) throw forbidden();
    const rows = await this.em.execute<SubmissionRow[]>(
      `${SELECT_SUBMISSION} where c.id = ? and s.status = 'WAITING' and s.superseded_at is null
        order by s.created_at, s.id`,
      [courseId],
    );
    return rows.map(submissionView);
  }

  /** A submission's comments in time order (its viewers only: the caller has checked). */
  async comments(submissionId: string): Promise<AssignmentCommentView[]> {
    const rows = await this.em.execute<CommentRow[]>(
      `select k.id, k.at_seconds, k.body, k.created_at,
              u.display_name as author_name
         from assignment_comments k left join (${userDisplayNamesSql}) u on u.id = k.author_id
        where k.submission_id = ? order by k.at_seconds, k.created_at`,
      [submissionId],
    );
    return rows.map((r) => ({
      id: r.id,
      atSeconds: Number(r.at_seconds),
      body: r.body,
      authorName: r.author_name ?? 'Deleted user',
      createdAt: new Date(r.created_at),
    }));
  }

  /** A time-coded comment by a teacher of the course (on any attempt: they are history too). */
  async comment(
    actor: Actor,
    submissionId: string,
    atSeconds: number,
    body: string,
  ): Promise<AssignmentCommentView> {
    const row = await this.findRow(submissionId);
    if (!row) throw new DomainError('NOT_FOUND', 'Submission not found', 'submissionId');
    if (!teaches(actor, row)) throw new DomainError('FORBIDDEN', ONLY_TEACHERS, 'submissionId');
    const text = body.trim();
    if (!text) throw new DomainError('INVALID_INPUT', 'Write the comment', 'body');
    if (text.length > 1000)
      throw new DomainError('INVALID_INPUT', 'The comment is longer than 1000 characters', 'body');
    if (!Number.isFinite(atSeconds) || atSeconds < 0 || atSeconds > 86_400) {
      throw new DomainError('INVALID_INPUT', 'The time is a number of seconds into the video', 'atSeconds');
    }
    const id = randomUUID();
    await this.em.execute(
      `insert into assignment_comments (id, submission_id, author_id, at_seconds, body) values (?, ?, ?, ?, ?)`,
      [id, submissionId, actor.id, atSeconds, text],
    );
    return (await this.comments(submissionId)).find((c) => c.id === id)!;
  }

  /**
   * The decision: WAITING → PASSED or RESUBMIT by one conditional update (only the current attempt,
   * only while WAITING, only once its video is READY), with the learner's mail and in-app
   * notification in the same transaction. Returns the submission and whether the learner's
   * certificate may now be due (every required assignment passed).
   */
  async review(
    actor: Actor,
    submissionId: string,
    verdict: ReviewVerdict,
    note: string | null,
  ): Promise<{ submission: SubmissionView; certificateDue: boolean }> {
    const row = await this.findRow(submissionId);
    if (!row) throw new DomainError('NOT_FOUND', 'Submission not found', 'submissionId');
    if (!teaches(actor, row)) throw new DomainError('FORBIDDEN', ONLY_TEACHERS, 'submissionId');
    const text = (note ?? '').trim() || null;
    if (verdict === ReviewVerdict.RESUBMIT && !text) {
      throw new DomainError(
        'INVALID_INPUT',
        'Say what to change in a note when asking for another attempt',
        'note',
      );
    }
    if (text && text.length > 2000)
      throw new DomainError('INVALID_INPUT', 'The note is longer than 2000 characters', 'note');
    await this.em.transactional(async (tem) => {
      const updated = await tem.execute<{ id: string }[]>(
        `update assignment_submissions s
            set status = ?, review_note = ?, reviewer_id = ?, reviewed_at = now()
          where s.id = ? and s.status = 'WAITING' and s.superseded_at is null
            and ${videoReadySql('s.video_id')}
          returning s.id`,
        [verdict, text, actor.id, submissionId],
      );
      if (!updated.length) throw await this.whyNotReviewable(tem, submissionId);
      const course = await courseById(tem, row.course_id);
      await sendReviewNotice(tem, {
        learnerId: row.learner_id,
        assignmentId: row.assignment_id,
        assignmentTitle: row.assignment_title,
        courseTitle: course?.course_title ?? '',
        verdict,
        note: text,
      });
    });
    const certificateDue =
      verdict === ReviewVerdict.PASSED &&
      (await assignmentsNotPassed(this.em, row.learner_id, row.course_id)) === 0;
    return { submission: submissionView((await this.findRow(submissionId))!), certificateDue };
  }

  private async whyNotReviewable(em: EntityManager, id: string): Promise<DomainError> {
    const rows = await em.execute<
      { status: string; superseded_at: Date | null; video_status: string | null }[]
    >(
      `select s.status, s.superseded_at, v.status as video_status
         from assignment_submissions s left join (${videoStatusesSql}) v on v.id = s.video_id where s.id = ?`,
      [id],
    );
    const r = rows[0];
    if (!r) return new DomainError('NOT_FOUND', 'Submission not found', 'submissionId');
    if (r.superseded_at) {
      return new DomainError(
        'CONFLICT',
        'The learner submitted a newer attempt; review that one',
        'submissionId',
      );
    }
    if (r.status !== 'WAITING') {
      return new DomainError(
        'CONFLICT',
        `This submission was already reviewed (${r.status})`,
        'submissionId',
      );
    }
    return new DomainError('INVALID_INPUT', 'The video is not ready to review yet', 'submissionId');
  }
}
