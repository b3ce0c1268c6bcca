import type { EntityManager } from '@mikro-orm/postgresql';
import { courseFactsSql, lessonPlacesSql } from '../courses';
import { openEnrollmentsSql } from '../learning';
import { liveUserHasRoleSql, STAFF_ROLES } from '../users';
import { GUEST_SIGNER } from './video-signing';

/**
 * THE rule of who may watch a hosted video, in one query (asked for every playlist and segment
 * request, and before a playback URL is signed). A lesson's video: everyone for a free preview
 * video; else staff (admins, curriculum officers), the course's instructor, and learners with an
 * open enrolment (not revoked by a refund; a membership enrolment while the membership lasts). A
 * learner's private video (an assignment submission: `owner_id` and `course_id` set, no lesson):
 * only its owner, the course's instructor and staff. Only a current video (not replaced or
 * removed) can be watched.
 */
export async function mayWatchVideo(em: EntityManager, videoId: string, signer: string): Promise<boolean> {
  const userId = signer === GUEST_SIGNER ? null : signer;
  const rows = await em.execute<{ allowed: boolean }[]>(
    `select (
              (v.lesson_id is not null and v.free_preview)
              or (?::uuid is not null and (
                   c.instructor_id = ?::uuid
                   or v.owner_id = ?::uuid
                   or ${liveUserHasRoleSql('?::uuid', '?::text[]')}
                   or (v.lesson_id is not null and exists (
                         select 1 from (${openEnrollmentsSql}) e
                          where e.user_id = ?::uuid and e.course_id = c.id))))
            ) as allowed
       from lesson_videos v
       left join (${lessonPlacesSql}) l on l.lesson_id = v.lesson_id
       join (${courseFactsSql}) c on c.id = coalesce(l.course_id, v.course_id)
      where v.id = ? and v.replaced_at is null`,
    [userId, userId, userId, userId, `{${STAFF_ROLES.join(',')}}`, userId, videoId],
  );
  return !!rows[0]?.allowed;
}
