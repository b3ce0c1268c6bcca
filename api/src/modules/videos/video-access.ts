import type { EntityManager } from '@mikro-orm/postgresql';
import { enrollmentOpenSql } from '../memberships';
import { STAFF_ROLES } from '../users';
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
                   or exists (select 1 from users u where u.id = ?::uuid and u.deleted_at is null
                                and u.roles && ?::text[])
                   or (v.lesson_id is not null and exists (
                         select 1 from enrollments e
                          where e.user_id = ?::uuid and e.course_id = c.id and ${enrollmentOpenSql('e')}))))
            ) as allowed
       from lesson_videos v
       left join lessons l on l.id = v.lesson_id
       left join course_modules m on m.id = l.module_id
       join courses c on c.id = coalesce(m.course_id, v.course_id)
      where v.id = ? and v.replaced_at is null`,
    [userId, userId, userId, userId, `{${STAFF_ROLES.join(',')}}`, userId, videoId],
  );
  return !!rows[0]?.allowed;
}
