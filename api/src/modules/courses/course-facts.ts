import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A course's structure and teacher for other modules (assignments, videos, practice, certificates):
 * SQL subqueries to join to their own rows in one statement (PostgreSQL inlines them: the same plan
 * as a join of the tables) and a lookup. The table names stay in this module.
 */

/** Every course with its title and instructor: rows (id, title, instructor_id). */
export const courseFactsSql = `select id, title, instructor_id from courses`;

/** Every course module: rows (id, course_id, title, position). */
export const courseModulesSql = `select id, course_id, title, position from course_modules`;

/**
 * Every lesson with its place in its course: rows (lesson_id, title, video_url, module_id,
 * module_title, course_id, module_position, position); order by module_position, position for the
 * course's order.
 */
export const lessonPlacesSql = `select l.id as lesson_id, l.title, l.video_url, l.module_id,
    m.title as module_title, m.course_id, m.position as module_position, l.position
  from lessons l join course_modules m on m.id = l.module_id`;

/** A course's title and instructor; null when there is no such course. */
export async function courseFacts(
  em: EntityManager,
  courseId: string,
): Promise<{ id: string; title: string; instructorId: string } | null> {
  const [row] = await em.execute<{ id: string; title: string; instructor_id: string }[]>(
    `${courseFactsSql} where id = ?`,
    [courseId],
  );
  return row ? { id: row.id, title: row.title, instructorId: row.instructor_id } : null;
}
