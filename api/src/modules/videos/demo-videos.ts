import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { log } from '../../observability/logger';
import { courseFactsSql, lessonPlacesSql } from '../courses';
import { grantEnrollment } from '../learning';
import { userIdByUsername } from '../users';
import { markUploaded } from './video-lifecycle';
import { DEMO_SOURCE_NAME } from './video-processing';

/** The demo course that gets hosted videos (free, taught by the demo instructor). */
export const DEMO_VIDEO_COURSE = 'Foundations of Teaching Dance';

/**
 * `npm start`'s demo (issue 34): the demo course's first lesson gets a hosted video that is a free
 * preview (everyone may watch it), its second lesson one for enrolled learners, and the demo member
 * is enrolled in the course. The clips are not made here: each row is queued for the same
 * `videos.process` job as an upload, which generates an 8-second test pattern with ffmpeg
 * (testsrc2 + sine, never downloaded) in the background, so the start is not slowed. Once per
 * database: a lesson that ever had a video is left alone.
 */
export async function queueDemoVideos(em: EntityManager): Promise<void> {
  const lessons = await em.execute<{ id: string; course_id: string; instructor_id: string }[]>(
    `select l.lesson_id as id, c.id as course_id, c.instructor_id
       from (${lessonPlacesSql}) l join (${courseFactsSql}) c on c.id = l.course_id
      where c.title = ? order by l.module_position, l.position limit 2`,
    [DEMO_VIDEO_COURSE],
  );
  if (!lessons.length) return;
  const member = await userIdByUsername(em, 'member');
  if (member) {
    await grantEnrollment(em, { userId: member, courseId: lessons[0].course_id, source: 'granted' });
  }
  for (const [index, lesson] of lessons.entries()) {
    const id = randomUUID();
    const inserted = await em.execute<{ id: string }[]>(
      `insert into lesson_videos (id, lesson_id, status, source_name, storage_prefix, free_preview, created_by_id)
       select ?, ?, 'UPLOADING', ?, ?, ?, ?
        where not exists (select 1 from lesson_videos where lesson_id = ?)
       returning id`,
      [id, lesson.id, DEMO_SOURCE_NAME, `videos/${id}`, index === 0, lesson.instructor_id, lesson.id],
    );
    if (inserted.length) await markUploaded(em, id);
  }
  log().info('demo lesson videos queued');
}
