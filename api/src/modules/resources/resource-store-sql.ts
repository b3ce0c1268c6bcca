import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

/**
 * The `resources` and `entitlements` tables' pieces for the shop module: what the store publishing
 * reads of a resource, and the entitlement a store grant gives (one per grant, in the webhook's
 * transaction: pass its EntityManager).
 */

/** What the store publishing needs of a resource, read outside any transaction; null when none. */
export interface ResourceSaleFacts {
  id: string;
  title: string;
  description: string;
  price_cents: number;
  thumbnail_url: string | null;
  status: string;
  updated_at: Date;
}

/** A resource's title, text, price, image, status and when it changed. */
export async function resourceSaleFacts(em: EntityManager, id: string): Promise<ResourceSaleFacts | null> {
  const [row] = await em
    .getConnection()
    .execute<ResourceSaleFacts[]>(
      `select id, title, description, price_cents, thumbnail_url, status, updated_at from resources where id = ?`,
      [id],
    );
  return row ?? null;
}

/** A subquery of every resource's `id`, `title`, `price_cents` and `updated_at` (the store's published items). */
export const resourceTitlePriceSql = `select id, title, price_cents, updated_at from resources`;

/** Gives the resource to the user for the store grant `grantId`; once per grant (its unique index). */
export async function grantStoreEntitlement(
  em: EntityManager,
  userId: string,
  resourceId: string,
  grantId: string,
): Promise<void> {
  await em.execute(
    `insert into entitlements (id, user_id, resource_id, source, store_grant_id, created_at)
     values (?, ?, ?, 'store', ?, now())
     on conflict (store_grant_id) where store_grant_id is not null do nothing`,
    [randomUUID(), userId, resourceId, grantId],
  );
}

/** Takes back the entitlement of the store grant `grantId` (others of the resource stay). */
export async function removeStoreEntitlement(em: EntityManager, grantId: string): Promise<void> {
  await em.execute(`delete from entitlements where store_grant_id = ?`, [grantId]);
}
