/**
 * SQL of a course's structure for statements of other modules that join it to their own rows in
 * one round trip (learning's progress, the data export). The table names stay here; PostgreSQL
 * inlines the subqueries.
 */

/**
 * The steps of the courses whose ids `courseIdsSql` selects, in learning order's terms: rows
 * (course_id, kind 'lesson' | 'quiz', id, module_id, title, module_position, kind_order, position);
 * order by module_position, module_id, kind_order, position, id for learning order.
 */
export const courseStepsSql = (courseIdsSql: string): string => `
  select m.course_id, 'lesson' as kind, l.id, l.module_id, l.title,
         m.position as module_position, 0 as kind_order, l.position
    from lessons l join course_modules m on m.id = l.module_id
   where m.course_id in (${courseIdsSql})
  union all
  select m.course_id, 'quiz', q.id, q.module_id, q.title, m.position, 1, q.position
    from quizzes q join course_modules m on m.id = q.module_id
   where m.course_id in (${courseIdsSql})`;

/** Every lesson with its course: rows (lesson_id, title, course_id). */
export const lessonCoursesSql = `select l.id as lesson_id, l.title, m.course_id
  from lessons l join course_modules m on m.id = l.module_id`;

/** Every quiz's title: rows (id, title). */
export const quizTitlesSql = `select id, title from quizzes`;
