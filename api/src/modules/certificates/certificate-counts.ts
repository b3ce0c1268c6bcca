import type { EntityManager } from '@mikro-orm/postgresql';

/** How many certificates were ever issued for a course (revoked and reissued ones too). */
export async function courseCertificateCount(em: EntityManager, courseId: string): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from certificates where course_id = ?`,
    [courseId],
  );
  return row?.n ?? 0;
}
