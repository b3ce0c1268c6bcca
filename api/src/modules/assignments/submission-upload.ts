import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { isUuid } from '../../lib/ids';
import { courseModulesSql } from '../courses';
import { enrollmentsSql } from '../learning';
import type { User } from '../users';
import { type VideoUploadTarget, VideoUploadRefused } from '../videos';
import { type AssignmentRow, dueAtSql, isEnrolled, SELECT_ASSIGNMENT } from './assignment-access';

/**
 * An upload for an assignment (tus metadata `assignmentId`): the videos pipeline makes the video (the
 * learner's private video in the course) and processes it; this makes the submission, in the same
 * transaction. Only a learner with an open enrolment; a passed assignment takes no more attempts.
 * A new attempt supersedes the current one (WAITING or RESUBMIT; kept as history); two at once: the
 * partial unique index (one current submission per learner) refuses the second. A submission after
 * the learner's due moment is accepted and marked `late` by the same insert.
 */
export const submissionUploadTarget: VideoUploadTarget = {
  metaKey: 'assignmentId',
  async create(tem: EntityManager, user: User, assignmentId: string, videoId: string, insertVideo) {
    if (!isUuid(assignmentId)) throw new VideoUploadRefused(404, 'Assignment not found');
    const rows = await tem.execute<AssignmentRow[]>(`${SELECT_ASSIGNMENT} where a.id = ?`, [assignmentId]);
    const assignment = rows[0];
    if (!assignment) throw new VideoUploadRefused(404, 'Assignment not found');
    if (!(await isEnrolled(tem, user.id, assignment.course_id))) {
      throw new VideoUploadRefused(403, 'Only learners enrolled in the course can submit its assignments');
    }
    const current = await tem.execute<{ id: string; status: string }[]>(
      `select id, status from assignment_submissions
        where assignment_id = ? and learner_id = ? and superseded_at is null for update`,
      [assignmentId, user.id],
    );
    if (current[0]?.status === 'PASSED') {
      throw new VideoUploadRefused(409, 'This assignment is already passed');
    }
    await insertVideo(assignment.course_id);
    if (current[0]) {
      await tem.execute(
        `update assignment_submissions set superseded_at = now() where id = ? and superseded_at is null`,
        [current[0].id],
      );
    }
    // Late: made after the learner's due moment, decided by the insert from the enrolment's date.
    await tem.execute(
      `insert into assignment_submissions (id, assignment_id, learner_id, attempt, video_id, status, late)
       select ?, a.id, ?, (select coalesce(max(attempt), 0) + 1 from assignment_submissions
                            where assignment_id = ? and learner_id = ?), ?, 'WAITING',
              coalesce(now() > ${dueAtSql('a', 'e')}, false)
         from assignments a
         join (${courseModulesSql}) m on m.id = a.module_id
         left join (${enrollmentsSql}) e on e.course_id = m.course_id and e.user_id = ?
        where a.id = ?`,
      [randomUUID(), user.id, assignmentId, user.id, videoId, user.id, assignmentId],
    );
  },
};
