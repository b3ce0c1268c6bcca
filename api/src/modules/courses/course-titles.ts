import type { EntityManager } from '@mikro-orm/postgresql';

/** The titles of the given courses, by id (a course that does not exist is left out). */
export async function courseTitles(
  em: EntityManager,
  courseIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(courseIds)];
  if (!ids.length) return new Map();
  const rows = await em.execute<{ id: string; title: string }[]>(
    `select id, title from courses where id in (?)`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.title]));
}
