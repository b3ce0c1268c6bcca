import type { EntityManager } from '@mikro-orm/postgresql';

/** A resource's seller and status; null when it does not exist. */
export async function resourceSellerAndStatus(
  em: EntityManager,
  resourceId: string,
): Promise<{ sellerId: string; status: string } | null> {
  const [row] = await em.execute<{ seller_id: string; status: string }[]>(
    `select seller_id, status from resources where id = ?`,
    [resourceId],
  );
  return row ? { sellerId: row.seller_id, status: row.status } : null;
}

/** Whether the person holds the resource (bought, given or granted: an entitlement). */
export async function holdsResource(em: EntityManager, userId: string, resourceId: string): Promise<boolean> {
  const [row] = await em.execute<{ ok: boolean }[]>(
    `select exists (select 1 from entitlements where user_id = ? and resource_id = ?) as ok`,
    [userId, resourceId],
  );
  return row?.ok === true;
}

/** The titles of the given resources, by id (an unknown id is left out). */
export async function resourceTitles(
  em: EntityManager,
  resourceIds: readonly string[],
): Promise<Map<string, string>> {
  if (!resourceIds.length) return new Map();
  const rows = await em.execute<{ id: string; title: string }[]>(
    `select id, title from resources where id = any(string_to_array(?, ',')::uuid[])`,
    [resourceIds.join(',')],
  );
  return new Map(rows.map((r) => [r.id, r.title]));
}
