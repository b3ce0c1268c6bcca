import type { EntityManager } from '@mikro-orm/postgresql';
import { queryRows } from '../../db/pg-query';
import { userProfilesSql } from '../users';

/**
 * The public instructor pages, for the seo module (sitemap, page metadata): an approved instructor
 * (the rule of the graph's `instructor` query).
 */

/** The approved instructors as `(id, last_modified)` rows: a subquery the sitemap composes. */
export function publicInstructorPagesSql(): { sql: string; params: unknown[] } {
  return {
    sql: `select ip.user_id::text as id, ip.updated_at as last_modified
      from instructor_profiles ip where ip.status = 'approved'`,
    params: [],
  };
}

export interface InstructorPageRow {
  user_id: string;
  headline: string;
  bio: string;
  city: string | null;
  state: string | null;
  styles: string[];
  languages: string[];
  first_name: string | null;
  username: string;
  profile_image_url: string | null;
}

const INSTRUCTOR_BY_ID = `select p.user_id, p.headline, p.bio, p.city, p.state, p.styles, p.languages,
    u.first_name, u.username, u.profile_image_url
  from instructor_profiles p join (${userProfilesSql}) u on u.id = p.user_id
  where p.user_id = ? and p.status = 'approved'`;

/** An approved instructor's page (`userId` a UUID); null when there is none. */
export async function publicInstructorPage(
  em: EntityManager,
  userId: string,
): Promise<InstructorPageRow | null> {
  return (await queryRows<InstructorPageRow>(em, INSTRUCTOR_BY_ID, [userId]))[0] ?? null;
}

const APPROVED = `select exists (select 1 from instructor_profiles p where p.user_id = ? and p.status = 'approved') as approved`;

/** Whether the account has an approved instructor profile (its public page exists). */
export async function isApprovedInstructor(em: EntityManager, userId: string): Promise<boolean> {
  return (await queryRows<{ approved: boolean }>(em, APPROVED, [userId]))[0]?.approved ?? false;
}
