import type { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_USER_NAME } from '../users';

/** The resources module's part of "download my data" and "delete my account" (privacy module). */
type Row = Record<string, unknown>;

/** The person's resource reviews, purchased resources and store (seller) profile. */
export async function exportResourcesData(
  em: EntityManager,
  userId: string,
): Promise<{ resourceReviews: Row[]; purchasedResources: Row[]; sellerProfile: Row | null }> {
  const resourceReviews = await em.execute<Row[]>(
    `select r.title as resource, v.rating, v.body, v.created_at as "createdAt", v.updated_at as "updatedAt"
     from reviews v join resources r on r.id = v.resource_id where v.user_id = ? order by v.created_at`,
    [userId],
  );
  const purchasedResources = await em.execute<Row[]>(
    `select r.title as resource, e.source, e.created_at as "grantedAt"
     from entitlements e join resources r on r.id = e.resource_id where e.user_id = ? order by e.created_at`,
    [userId],
  );
  const [sellerProfile] = await em.execute<Row[]>(
    `select store_name as "storeName", bio, logo_url as "logoUrl", city, state, zip,
       payout_status as "payoutStatus", created_at as "createdAt"
     from seller_profiles where user_id = ?`,
    [userId],
  );
  return { resourceReviews, purchasedResources, sellerProfile: sellerProfile ?? null };
}

/** In the deletion's transaction: a store profile is suspended and emptied (its public pages 404). */
export async function eraseResourcesData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(
    `update seller_profiles set store_name = ?, bio = '', logo_url = null, zip = null, city = null, state = null,
       suspended = true, suspended_reason = 'Account deleted', suspended_at = coalesce(suspended_at, now()),
       updated_at = now()
     where user_id = ?`,
    [DELETED_USER_NAME, userId],
  );
}
