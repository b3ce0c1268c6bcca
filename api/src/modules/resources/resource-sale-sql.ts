/**
 * SQL fragments of the resources module for statements of other modules that must stay one round
 * trip (the cart, polled every 3 s). The table names stay here; the caller passes its column
 * expressions or `?` placeholders.
 */

/**
 * The resources on sale: published by a seller whose store is not suspended — for
 * `join (${resourcesOnSaleSql}) r on …` (PostgreSQL inlines it). Columns: id, title, price_cents,
 * thumbnail_url, seller_id.
 */
export const resourcesOnSaleSql = `select r.id, r.title, r.price_cents, r.thumbnail_url, r.seller_id from resources r
  where r.status = 'published'
    and not exists (select 1 from seller_profiles sp where sp.user_id = r.seller_id and sp.suspended)`;

/** Whether user `userExpr` holds resource `resourceExpr` (an entitlement: bought, given or granted). */
export const holdsResourceSql = (userExpr: string, resourceExpr: string): string =>
  `exists (select 1 from entitlements en where en.user_id = ${userExpr} and en.resource_id = ${resourceExpr})`;
