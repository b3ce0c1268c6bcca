import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The `courses` table's pieces for the shop module (it sells DRX courses in the store and takes a
 * refunded store course back as a DRX refund does). SQL arguments are the caller's column
 * expressions, never input.
 */

/** What the store publishing needs of a course, read outside any transaction; null when none. */
export interface CourseSaleFacts {
  id: string;
  title: string;
  summary: string;
  description: string;
  price_cents: number;
  cover_image_url: string | null;
  published: boolean;
  member_only: boolean;
  updated_at: Date;
}

/** A course's title, texts, price, image, whether it is published or member-only, and when it changed. */
export async function courseSaleFacts(em: EntityManager, id: string): Promise<CourseSaleFacts | null> {
  const [row] = await em.getConnection().execute<CourseSaleFacts[]>(
    `select id, title, summary, description, price_cents, cover_image_url, published, member_only, updated_at
         from courses where id = ?`,
    [id],
  );
  return row ?? null;
}

/** A subquery of every course's `id`, `title`, `price_cents` and `updated_at` (the store's published items). */
export const courseTitlePriceSql = `select id, title, price_cents, updated_at from courses`;

/** Whether the course `courseExpr` is for members only, as an `exists`. */
export const memberOnlyCourseSql = (courseExpr: string) =>
  `exists (select 1 from courses c where c.id = ${courseExpr} and c.member_only)`;

/** The names of the dance styles, in their order (the store maps plain tags naming one). */
export async function danceStyleNames(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ name: string }[]>(
    `select "name" from "dance_styles" order by "position", "name"`,
  );
  return rows.map((r) => r.name);
}
