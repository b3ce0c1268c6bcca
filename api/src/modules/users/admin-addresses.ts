import type { EntityManager } from '@mikro-orm/postgresql';

/** The email addresses of every admin that has one, in address order (staff notices). */
export async function adminEmails(em: EntityManager): Promise<string[]> {
  const rows = await em.execute<{ email: string }[]>(
    `select email from users where 'admin' = any(roles) and email is not null order by email`,
  );
  return rows.map((r) => r.email);
}
