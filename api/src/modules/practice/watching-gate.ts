import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { lessonPlacesSql } from '../courses';
import { currentReadyVideosSql } from '../videos';
import { isTrackedVideoUrl } from './practice-validation';
import { NOT_WATCHED_MESSAGE } from './practice-validation';

/**
 * A SQL condition, true while the user may not complete the lesson yet: its course requires
 * watching, the lesson has a video the practice player tracks — its current hosted (uploaded) video
 * once READY, or a file/HLS link (a YouTube embed is not tracked) — and the learner has not played
 * 90% of it (`lesson_practice_states.watched_at`). The learning module puts it in the `where` of
 * its completion insert, so the rule is checked by the statement that completes.
 */
export function watchingPendingCondition(
  userId: string,
  lesson: { id: string; videoUrl?: string | null },
): { sql: string; params: unknown[] } {
  return {
    sql: `exists (
      select 1 from (${lessonPlacesSql}) gl
        join course_practice_settings gs on gs.course_id = gl.course_id and gs.require_watching
       where gl.lesson_id = ?
         and (?::boolean or exists (select 1 from (${currentReadyVideosSql}) gv where gv.lesson_id = gl.lesson_id))
         and not exists (select 1 from lesson_practice_states gp
                          where gp.user_id = ? and gp.lesson_id = gl.lesson_id and gp.watched_at is not null))`,
    params: [lesson.id, isTrackedVideoUrl(lesson.videoUrl), userId],
  };
}

/** The refusal when a learner completes a lesson they have not watched: CONFLICT on `lessonId`. */
export const notWatchedError = () => new DomainError('CONFLICT', NOT_WATCHED_MESSAGE, 'lessonId');

/**
 * Why a learner may not complete a lesson yet (`watchingPendingCondition`), or null.
 */
export async function watchingRefusal(
  em: EntityManager,
  userId: string,
  lessonId: string,
): Promise<DomainError | null> {
  const lessons = await em
    .getConnection()
    .execute<{ video_url: string | null }[]>(
      `select video_url from (${lessonPlacesSql}) l where l.lesson_id = ?`,
      [lessonId],
    );
  if (!lessons.length) return null;
  const pending = watchingPendingCondition(userId, { id: lessonId, videoUrl: lessons[0].video_url });
  const rows = await em
    .getConnection()
    .execute<{ pending: boolean }[]>(`select ${pending.sql} as pending`, pending.params);
  return rows[0]?.pending ? notWatchedError() : null;
}
