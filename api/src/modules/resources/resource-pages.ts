import type { EntityManager } from '@mikro-orm/postgresql';
import { queryRows } from '../../db/pg-query';
import { userNameParts } from '../users';
import { whereClause } from './resource-catalog';

/**
 * The public resource and store pages, for the seo module (sitemap, page metadata): a published
 * resource of a seller who is not suspended, a store that is not suspended (the rules of the graph's
 * `resource` and `seller` queries).
 */

/** The published resources as `(id, last_modified)` rows: a subquery the sitemap composes. */
export function publicResourcePagesSql(): { sql: string; params: unknown[] } {
  const where = whereClause({});
  return {
    sql: `select r.id::text as id, r.updated_at as last_modified from resources r where ${where.sql}`,
    params: where.params,
  };
}

/**
 * The stores that are not suspended as `(id, last_modified)` rows (changed when the profile or one
 * of its published resources changed): a subquery the sitemap composes.
 */
export function publicStorePagesSql(): { sql: string; params: unknown[] } {
  return {
    sql: `select sp.user_id::text as id,
        greatest(sp.updated_at,
          (select max(sr.updated_at) from resources sr where sr.seller_id = sp.user_id and sr.status = 'published'))
          as last_modified
      from seller_profiles sp where not sp.suspended`,
    params: [],
  };
}

export interface ResourcePageRow {
  id: string;
  title: string;
  description: string;
  type: string;
  price_cents: number;
  thumbnail_url: string | null;
  rating_average: string | number;
  rating_count: number;
  seller_id: string;
  store_name: string | null;
  first_name: string | null;
  username: string;
}

const RESOURCE_BY_ID = `select r.id, r.title, r.description, r.type, r.price_cents, r.thumbnail_url,
    r.rating_average, r.rating_count, r.seller_id, sp.store_name
  from resources r left join seller_profiles sp on sp.user_id = r.seller_id
  where r.id = ? and r.status = 'published' and sp.suspended is not true`;

/**
 * A published resource of a seller who is not suspended (`id` a UUID), with its seller's name
 * (from the users module: a second query); null when there is none.
 */
export async function publicResourcePage(em: EntityManager, id: string): Promise<ResourcePageRow | null> {
  const [row] = await queryRows<Omit<ResourcePageRow, 'first_name' | 'username'>>(em, RESOURCE_BY_ID, [id]);
  const seller = row ? await userNameParts(em, row.seller_id) : null;
  return row && seller ? { ...row, ...seller } : null;
}

export interface StorePageRow {
  user_id: string;
  store_name: string;
  bio: string;
  logo_url: string | null;
  city: string | null;
  state: string | null;
  resource_count: number;
  rating_count: number;
  rating_average: number | null;
}

const STORE_BY_ID = `select sp.user_id, sp.store_name, sp.bio, sp.logo_url, sp.city, sp.state,
    s.resource_count, s.rating_count, s.rating_average
  from seller_profiles sp cross join lateral (
    select count(*)::int as resource_count, coalesce(sum(r.rating_count), 0)::int as rating_count,
      round(sum(r.rating_average * r.rating_count) / nullif(sum(r.rating_count), 0), 2)::float8 as rating_average
    from resources r where r.seller_id = sp.user_id and r.status = 'published') s
  where sp.user_id = ? and not sp.suspended`;

/** A store that is not suspended, with its published resources' count and rating (`id` a UUID). */
export async function publicStorePage(em: EntityManager, id: string): Promise<StorePageRow | null> {
  return (await queryRows<StorePageRow>(em, STORE_BY_ID, [id]))[0] ?? null;
}
