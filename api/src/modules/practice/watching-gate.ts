import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { isTrackedVideoUrl } from './practice-validation';
import { NOT_WATCHED_MESSAGE } from './practice-validation';

/**
 * Why a learner may not complete a lesson yet, or null: its course requires watching, the lesson's
 * video is one the practice player tracks (a file or HLS; a YouTube embed is not tracked), and the
 * learner has not played 90% of it. CONFLICT on `lessonId`.
 */
export async function watchingRefusal(
  em: EntityManager,
  userId: string,
  lessonId: string,
): Promise<DomainError | null> {
  const rows = await em
    .getConnection()
    .execute<{ video_url: string | null; require_watching: boolean | null; watched: boolean }[]>(
      `select l.video_url, cps.require_watching,
            exists (select 1 from lesson_practice_states s
                     where s.user_id = ? and s.lesson_id = l.id and s.watched_at is not null) as watched
       from lessons l
       join course_modules m on m.id = l.module_id
       left join course_practice_settings cps on cps.course_id = m.course_id
      where l.id = ?`,
      [userId, lessonId],
    );
  const row = rows[0];
  if (!row || !row.require_watching || !isTrackedVideoUrl(row.video_url) || row.watched) return null;
  return new DomainError('CONFLICT', NOT_WATCHED_MESSAGE, 'lessonId');
}
