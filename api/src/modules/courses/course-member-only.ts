import type { EntityManager } from '@mikro-orm/postgresql';

/** The title of each given course and whether it is member-only (an unknown id is left out), by id. */
export async function coursesMemberOnly(
  em: EntityManager,
  courseIds: readonly string[],
): Promise<Map<string, { id: string; title: string; member_only: boolean }>> {
  if (!courseIds.length) return new Map();
  const rows = await em.execute<{ id: string; title: string; member_only: boolean }[]>(
    `select id, title, member_only from courses where id in (${courseIds.map(() => '?').join(', ')})`,
    [...courseIds],
  );
  return new Map(rows.map((r) => [r.id, r]));
}
