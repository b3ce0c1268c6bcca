import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { canEditCourse, courseFacts, lessonPlacesSql } from '../courses';
import { currentReadyVideoId, currentReadyVideosSql, videoLessonAndStatus } from '../videos';
import type { User } from '../users';
import { BUCKETS, isTrackedVideoUrl, WATCHED_SHARE } from './practice-validation';
import type { LessonVideoStats } from './video-stats.types';

interface LessonRow {
  lesson_id: string;
  lesson_title: string;
  module_title: string;
  video_url: string | null;
  /** The current hosted video's id; null when the lesson has none (its link plays). */
  video_id: string | null;
  hosted_duration: number | null;
}

/**
 * What the stats of a lesson's video are counted under: its current hosted video's id once READY
 * (the practice player plays it), else '' (the lesson's file/HLS link). A replaced video keeps its
 * own key, so its counts never mix with the new video's.
 */
export async function currentVideoKey(em: EntityManager, lessonId: string): Promise<string> {
  return (await currentReadyVideoId(em, lessonId)) ?? '';
}

/**
 * What a save's stats are counted under, by the video the learner's player played (`videoId` of
 * the save): that hosted video of the lesson once it was READY — the current one or one replaced
 * since the page was opened (a save for a replaced video counts for the replaced video, never the
 * new one) — or '' for `null` (the lesson's file/HLS link). null: not counted (the video was
 * removed, or never READY). A client that does not say (`undefined`) gets the lesson's current
 * video, as before. INVALID_INPUT for a malformed id or another lesson's video.
 */
export async function savedVideoKey(
  em: EntityManager,
  lessonId: string,
  videoId: string | null | undefined,
): Promise<string | null> {
  if (videoId === undefined) return currentVideoKey(em, lessonId);
  if (videoId === null) return '';
  const video = isUuid(videoId) ? await videoLessonAndStatus(em, videoId) : null;
  if (!isUuid(videoId) || (video && video.lessonId !== lessonId)) {
    throw new DomainError('INVALID_INPUT', 'This video is not the lesson’s', 'videoId');
  }
  return video?.status === 'READY' ? videoId : null;
}

/**
 * Per lesson video of a course — the current one: a replaced video's counts are not in them —
 * views, plays, average watched and the timeline's buckets (watchers from the learners' watched
 * bitmaps in `lesson_video_watches`, loops and leaves from `lesson_video_buckets`, both keyed by
 * the video). The course's instructor or staff only.
 */
export async function courseVideoStats(
  em: EntityManager,
  user: User,
  courseId: string,
): Promise<LessonVideoStats[]> {
  const facts = isUuid(courseId) ? await courseFacts(em, courseId) : null;
  if (!facts) throw new DomainError('NOT_FOUND', 'Course not found', 'courseId');
  const course = { instructor: { id: facts.instructorId } } as Parameters<typeof canEditCourse>[1];
  if (!canEditCourse(user, course)) {
    throw new DomainError(
      'FORBIDDEN',
      'Only the course’s instructor or staff can see its video stats',
      'courseId',
    );
  }
  const lessons = (
    await em.execute<LessonRow[]>(
      `select l.lesson_id, l.title as lesson_title, l.module_title, l.video_url,
              v.id as video_id, v.duration_seconds as hosted_duration
         from (${lessonPlacesSql}) l
         left join (${currentReadyVideosSql}) v on v.lesson_id = l.lesson_id
        where l.course_id = ?
        order by l.module_position, l.position`,
      [courseId],
    )
  ).filter((l) => l.video_id || isTrackedVideoUrl(l.video_url));
  if (!lessons.length) return [];
  // Postgres array literals (knex would spread a JS array into a list of parameters): the lessons
  // and, in the same order, their current video's key.
  const keyOf = (l: LessonRow) => l.video_id ?? '';
  const ids = `{${lessons.map((l) => l.lesson_id).join(',')}}`;
  const keys = `{${lessons.map((l) => `"${keyOf(l)}"`).join(',')}}`;
  const current = `unnest(?::uuid[], ?::text[]) as k(lesson_id, video_key)`;

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
    `select w.lesson_id, count(*) as viewers, sum(w.plays) as plays,
            avg(length(replace(w.watched_bits::text, '0', '')))::float8 / ${BUCKETS} as average,
            count(*) filter (where length(replace(w.watched_bits::text, '0', '')) >= ${Math.round(WATCHED_SHARE * BUCKETS)}
                             or (w.duration_seconds > 0 and w.watched_seconds >= ${WATCHED_SHARE} * w.duration_seconds)) as watched,
            max(w.duration_seconds) as duration
       from ${current}
       join lesson_video_watches w on w.lesson_id = k.lesson_id and w.video_key = k.video_key
      where w.plays > 0 or w.watched_bits <> repeat('0', ${BUCKETS})::bit(${BUCKETS})
      group by w.lesson_id`,
    [ids, keys],
  );
  const watchers = await em.execute<{ lesson_id: string; bucket: number; n: string }[]>(
    `select w.lesson_id, b.bucket, count(*) as n
       from ${current}
       join lesson_video_watches w on w.lesson_id = k.lesson_id and w.video_key = k.video_key
      cross join generate_series(0, ${BUCKETS - 1}) as b(bucket)
      where get_bit(w.watched_bits, b.bucket) = 1
      group by w.lesson_id, b.bucket`,
    [ids, keys],
  );
  const marks = await em.execute<{ lesson_id: string; bucket: number; loops: number; leaves: number }[]>(
    `select b.lesson_id, b.bucket, b.loops, b.leaves
       from ${current}
       join lesson_video_buckets b on b.lesson_id = k.lesson_id and b.video_key = k.video_key`,
    [ids, keys],
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
