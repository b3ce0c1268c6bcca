import type { EntityManager } from '@mikro-orm/postgresql';
import { courseTitles, lessonCoursesSql, quizTitlesSql } from '../courses';

/**
 * The learning module's part of "download my data" (privacy module): enrolments (with lessons
 * completed), lesson progress and quiz attempts. Course titles come from the courses module.
 */
type Row = Record<string, unknown>;

export async function exportLearningData(
  em: EntityManager,
  userId: string,
): Promise<{ enrollments: Row[]; lessonProgress: Row[]; quizAttempts: Row[] }> {
  const enrolled = await em.execute<({ courseId: string } & Row)[]>(
    `select e.course_id as "courseId", e.source, e.created_at as "enrolledAt", e.completed_at as "completedAt",
       e.access_revoked_at as "accessRevokedAt",
       (select count(*)::int from lesson_progress lp join (${lessonCoursesSql}) lc on lc.lesson_id = lp.lesson_id
        where lp.user_id = e.user_id and lc.course_id = e.course_id and lp.completed_at is not null) as "lessonsCompleted"
     from enrollments e where e.user_id = ? order by e.created_at`,
    [userId],
  );
  const progress = await em.execute<({ courseId: string } & Row)[]>(
    `select lc.course_id as "courseId", lc.title as lesson, lp.completed_at as "completedAt"
     from lesson_progress lp join (${lessonCoursesSql}) lc on lc.lesson_id = lp.lesson_id
     where lp.user_id = ? order by lp.completed_at`,
    [userId],
  );
  const titles = await courseTitles(
    em,
    [...enrolled, ...progress].map((r) => r.courseId),
  );
  // `course` first, as the export has always listed it.
  const enrollments = enrolled
    .filter((r) => titles.has(r.courseId))
    .map(({ courseId, ...rest }) => ({ course: titles.get(courseId), ...rest }));
  const lessonProgress = progress
    .filter((r) => titles.has(r.courseId))
    .map(({ courseId, ...rest }) => ({ course: titles.get(courseId), ...rest }));
  const quizAttempts = await em.execute<Row[]>(
    `select qz.title as quiz, a.score_percent as "scorePercent", a.passed, a.answers, a.created_at as "createdAt"
     from quiz_attempts a join (${quizTitlesSql}) qz on qz.id = a.quiz_id where a.user_id = ? order by a.created_at`,
    [userId],
  );
  return { enrollments, lessonProgress, quizAttempts };
}
