import type { EntityManager } from '@mikro-orm/postgresql';
import { queryRows } from '../../db/pg-query';
import { whereClause } from './course-catalog';

/**
 * The public course pages, for the seo module (sitemap, page metadata): only a published course,
 * as the graph's `course` query answers a guest.
 */

/** The published courses as `(id, last_modified)` rows: a subquery the sitemap composes. */
export function publicCoursePagesSql(): { sql: string; params: unknown[] } {
  const where = whereClause({ published: true });
  return {
    sql: `select c.id::text as id, c.updated_at as last_modified from courses c where ${where.sql}`,
    params: where.params,
  };
}

export interface CoursePageRow {
  id: string;
  title: string;
  summary: string;
  description: string;
  price_cents: number;
  member_only: boolean;
  cover_image_url: string | null;
  instructor_id: string;
}

const COURSE_COLUMNS = `select c.id, c.title, c.summary, c.description, c.price_cents, c.member_only,
    c.cover_image_url, c.instructor_id
  from courses c
  where c.published`;
const COURSE_BY_ID = `${COURSE_COLUMNS} and c.id = ?`;
const COURSE_BY_SLUG = `${COURSE_COLUMNS} and c.slug = ?`;

/** A published course by id or by (lower-case) slug; null when there is none. */
export async function publicCoursePage(
  em: EntityManager,
  key: { id: string } | { slug: string },
): Promise<CoursePageRow | null> {
  const rows =
    'id' in key
      ? await queryRows<CoursePageRow>(em, COURSE_BY_ID, [key.id])
      : await queryRows<CoursePageRow>(em, COURSE_BY_SLUG, [key.slug]);
  return rows[0] ?? null;
}
