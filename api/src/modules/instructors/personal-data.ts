import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingSql } from './booking-sql';

/** The instructors module's part of "download my data" and "delete my account" (privacy module). */
type Row = Record<string, unknown>;

/** The reviews the person gave instructors (by the booking's title) and their instructor profile. */
export async function exportInstructorsData(
  em: EntityManager,
  userId: string,
): Promise<{ instructorReviews: Row[]; instructorProfile: Row | null }> {
  const instructorReviews = await em.execute<Row[]>(
    `select ${bookingSql().titleOf('v.booking_id')} as booking, v.rating, v.comment, v.created_at as "createdAt"
     from instructor_reviews v where v.client_id = ? order by v.created_at`,
    [userId],
  );
  const [instructorProfile] = await em.execute<Row[]>(
    `select status, headline, bio, styles, levels, age_groups as "ageGroups", languages, city, state, zip,
       time_zone as "timeZone", intro_video_url as "introVideoUrl", created_at as "createdAt"
     from instructor_profiles where user_id = ?`,
    [userId],
  );
  return { instructorReviews, instructorProfile: instructorProfile ?? null };
}

/** In the deletion's transaction: an instructor profile is suspended and emptied (its public pages 404). */
export async function eraseInstructorsData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(
    `update instructor_profiles set status = 'suspended', status_reason = 'Account deleted', featured = false,
       headline = '', bio = '', city = null, state = null, zip = null, latitude = null, longitude = null,
       intro_video_url = null, accepts_inquiries = false, updated_at = now()
     where user_id = ?`,
    [userId],
  );
}
