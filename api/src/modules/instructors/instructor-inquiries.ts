import type { EntityManager } from '@mikro-orm/postgresql';

/** Whether the instructor is approved and accepts inquiries from anyone (messaging's rules). */
export async function acceptsInquiries(em: EntityManager, instructorId: string): Promise<boolean> {
  const [row] = await em.execute<{ ok: boolean }[]>(
    `select exists (select 1 from instructor_profiles where user_id = ? and status = 'approved' and accepts_inquiries) as ok`,
    [instructorId],
  );
  return row?.ok === true;
}
