import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Hosted videos for other modules (practice's stats and watching rule, assignments' submissions):
 * SQL to join to their own rows in one statement, lookups, and the retirement of videos whose
 * owner row goes. The table name stays in this module.
 */

/** Each lesson's current video once READY (at most one per lesson): rows (id, lesson_id, duration_seconds). */
export const currentReadyVideosSql = `select id, lesson_id, duration_seconds from lesson_videos
  where replaced_at is null and status = 'READY'`;

/** Every video's lesson (null for a learner's private video) and status: rows (id, lesson_id, status). */
export const videoStatusesSql = `select id, lesson_id, status from lesson_videos`;

/** SQL: whether video `idExpr` (a column expression or `?`) is READY (replaced or not). */
export const videoReadySql = (idExpr: string): string =>
  `exists (select 1 from lesson_videos rv where rv.id = ${idExpr} and rv.status = 'READY')`;

/** The id of the lesson's current video once READY; null when it has none. */
export async function currentReadyVideoId(em: EntityManager, lessonId: string): Promise<string | null> {
  const [row] = await em.execute<{ id: string }[]>(
    `select id from (${currentReadyVideosSql}) v where v.lesson_id = ?`,
    [lessonId],
  );
  return row?.id ?? null;
}

/** A video's lesson and status; null when there is no such video. */
export async function videoLessonAndStatus(
  em: EntityManager,
  videoId: string,
): Promise<{ lessonId: string | null; status: string } | null> {
  const [row] = await em.execute<{ lesson_id: string | null; status: string }[]>(
    `${videoStatusesSql} where id = ?`,
    [videoId],
  );
  return row ? { lessonId: row.lesson_id, status: row.status } : null;
}

/**
 * Marks the videos removed (`replaced_at`) when what showed them goes (an assignment's submissions);
 * the cleanup job deletes their files. Already removed ones are left as they are.
 */
export async function retireVideos(em: EntityManager, videoIds: readonly string[]): Promise<void> {
  if (!videoIds.length) return;
  await em.execute(
    `update lesson_videos set replaced_at = now(), updated_at = now() where replaced_at is null and id in (?)`,
    [[...videoIds]],
  );
}
