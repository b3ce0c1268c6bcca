import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { canEditCourse } from '../courses';
import type { User } from '../users';
import { BUCKETS, isTrackedVideoUrl, WATCHED_SHARE } from './practice-validation';
import type { LessonVideoStats } from './video-stats.types';

interface LessonRow {
  lesson_id: string;
  lesson_title: string;
  module_title: string;
  video_url: string | null;
  hosted: boolean;
  hosted_duration: number | null;
}

/**
 * Per lesson video of a course: views, plays, average watched and the timeline's buckets (watchers
 * from the learners' watched bitmaps, loops and leaves from `lesson_video_buckets`). The course's
 * instructor or staff only.
 */
export async function courseVideoStats(
  em: EntityManager,
  user: User,
  courseId: string,
): Promise<LessonVideoStats[]> {
  const courses = isUuid(courseId)
    ? await em.execute<{ instructor_id: string }[]>('select instructor_id from courses where id = ?', [
        courseId,
      ])
    : [];
  if (!courses.length) throw new DomainError('NOT_FOUND', 'Course not found', 'courseId');
  const course = { instructor: { id: courses[0].instructor_id } } as Parameters<typeof canEditCourse>[1];
  if (!canEditCourse(user, course)) {
    throw new DomainError(
      'FORBIDDEN',
      'Only the course’s instructor or staff can see its video stats',
      'courseId',
    );
  }
  const lessons = (
    await em.execute<LessonRow[]>(
      `select l.id as lesson_id, l.title as lesson_title, m.title as module_title, l.video_url,
              v.id is not null as hosted, v.duration_seconds as hosted_duration
         from lessons l
         join course_modules m on m.id = l.module_id
         left join lesson_videos v on v.lesson_id = l.id and v.replaced_at is null
        where m.course_id = ?
        order by m.position, l.position`,
      [courseId],
    )
  ).filter((l) => l.hosted || isTrackedVideoUrl(l.video_url));
  if (!lessons.length) return [];
  // A Postgres array literal (knex would spread a JS array into a list of parameters).
  const ids = `{${lessons.map((l) => l.lesson_id).join(',')}}`;

  const totals = await em.execute<
    {
      lesson_id: string;
      viewers: string;
      plays: string;
      average: number | null;
      watched: string;
      duration: number | null;
    }[]
  >(
    `select lesson_id, count(*) as viewers, sum(plays) as plays,
            avg(length(replace(watched_bits::text, '0', '')))::float8 / ${BUCKETS} as average,
            count(*) filter (where length(replace(watched_bits::text, '0', '')) >= ${Math.round(WATCHED_SHARE * BUCKETS)}
                             or watched_at is not null) as watched,
            max(duration_seconds) as duration
       from lesson_practice_states
      where lesson_id = any(?::uuid[]) and (plays > 0 or watched_bits <> repeat('0', ${BUCKETS})::bit(${BUCKETS}))
      group by lesson_id`,
    [ids],
  );
  const watchers = await em.execute<{ lesson_id: string; bucket: number; n: string }[]>(
    `select s.lesson_id, b.bucket, count(*) as n
       from lesson_practice_states s
       cross join generate_series(0, ${BUCKETS - 1}) as b(bucket)
      where s.lesson_id = any(?::uuid[]) and get_bit(s.watched_bits, b.bucket) = 1
      group by s.lesson_id, b.bucket`,
    [ids],
  );
  const marks = await em.execute<{ lesson_id: string; bucket: number; loops: number; leaves: number }[]>(
    'select lesson_id, bucket, loops, leaves from lesson_video_buckets where lesson_id = any(?::uuid[])',
    [ids],
  );

  return lessons.map((l) => {
    const total = totals.find((t) => t.lesson_id === l.lesson_id);
    const buckets = Array.from({ length: BUCKETS }, (_, index) => ({
      index,
      watchers: 0,
      loops: 0,
      leaves: 0,
    }));
    for (const w of watchers) if (w.lesson_id === l.lesson_id) buckets[w.bucket].watchers = Number(w.n);
    for (const m of marks) {
      if (m.lesson_id !== l.lesson_id) continue;
      buckets[m.bucket].loops = m.loops;
      buckets[m.bucket].leaves = m.leaves;
    }
    return {
      lessonId: l.lesson_id,
      lessonTitle: l.lesson_title,
      moduleTitle: l.module_title,
      durationSeconds: l.hosted_duration ?? total?.duration ?? 0,
      viewers: Number(total?.viewers ?? 0),
      plays: Number(total?.plays ?? 0),
      averageWatchedShare: total?.average ?? 0,
      watchedCount: Number(total?.watched ?? 0),
      buckets,
    };
  });
}
