import type { EntityManager } from '@mikro-orm/postgresql';
import { GraphQLError } from 'graphql';
import type { Config } from '../../config';
import type { ConnectionShape } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import {
  escapeLike,
  isIsoDate,
  isNumber,
  isText,
  keysetConnection,
  keysetPage,
  searchText,
  type SortKey,
  type SqlPart,
} from '../../graphql/keyset';
import { getActiveStore } from './store-connection';
import {
  AdminStoreProduct,
  ShopFacets,
  ShopImage,
  ShopMoney,
  ShopProduct,
  ShopProductSort,
  ShopStatus,
  ShopVariant,
  StoreProductVisibility,
  type StoreProductUpdateInput,
} from './store-catalog.types';
import { danceStyleNames, productGid } from './store-sync';
import { cleanTagList, mapStoreTags } from './store-tags';
import { log } from '../../observability/logger';

/**
 * The shop's catalogue, read from DRX's copy of the store's products (store-sync.ts), so it is
 * served while the store is slow or down. The public sees products that are visible, active in the
 * store and not removed, and only while a store is connected (or the built-in demo store is used);
 * staff see them all with DRX's choices and the sync state.
 */

export const STORE_DOWN_NOTICE =
  'The store isn’t answering right now: prices and stock may have changed, and checkout is paused.';
export const DEMO_STORE_NOTICE = 'Demo store: products and orders are examples; no money moves.';

/** A product the public may see (alias `p`). */
export const PUBLIC_PRODUCT = `p."removed_at" is null and p."visible" and p."store_status" = 'ACTIVE'`;

type Row = Record<string, any>;

const PRODUCT_COLUMNS = `p."id", p."handle", p."title", p."description_html", p."product_type", p."vendor",
  p."store_tags", p."store_status", p."images", p."options", p."currency_code", p."min_price"::text as "min_price",
  p."max_price"::text as "max_price", p."total_inventory", p."available", p."store_updated_at", p."synced_at",
  p."sync_error", p."removed_at", p."visible", p."featured", p."dance_styles", p."age_groups", p."skill_levels",
  p."tags_edited"`;

function money(amount: string, currencyCode: string): ShopMoney {
  return Object.assign(new ShopMoney(), { amount, currencyCode });
}

function toVariant(row: Row, currencyCode: string): ShopVariant {
  return Object.assign(new ShopVariant(), {
    id: row.id,
    title: row.title,
    sku: row.sku,
    price: money(row.price, currencyCode),
    compareAtPrice: row.compare_at_price ? money(row.compare_at_price, currencyCode) : null,
    available: row.available,
    quantityAvailable: row.quantity,
    selectedOptions: (row.selected_options ?? []) as { name: string; value: string }[],
    imageUrl: row.image_url,
  });
}

function toProduct(row: Row, variants: Row[]): ShopProduct {
  const currency = row.currency_code as string;
  return Object.assign(new ShopProduct(), {
    id: row.id,
    handle: row.handle,
    title: row.title,
    descriptionHtml: row.description_html,
    productType: row.product_type,
    vendor: row.vendor,
    danceStyles: row.dance_styles ?? [],
    ageGroups: row.age_groups ?? [],
    skillLevels: row.skill_levels ?? [],
    images: ((row.images ?? []) as Row[]).map((image) =>
      Object.assign(new ShopImage(), {
        url: image.url,
        altText: image.altText ?? null,
        width: image.width ?? null,
        height: image.height ?? null,
      }),
    ),
    options: ((row.options ?? []) as Row[]).map((option) => ({
      name: String(option.name),
      values: (option.values ?? []) as string[],
    })),
    variants: variants.map((v) => toVariant(v, currency)),
    minPrice: money(row.min_price, currency),
    maxPrice: money(row.max_price, currency),
    available: row.available,
    totalInventory: row.total_inventory,
    featured: row.featured,
  });
}

function toAdminProduct(row: Row, variants: Row[]): AdminStoreProduct {
  return Object.assign(new AdminStoreProduct(), {
    id: row.id,
    product: toProduct(row, variants),
    visible: row.visible,
    storeTags: row.store_tags ?? [],
    tagsEdited: row.tags_edited,
    storeStatus: row.store_status,
    removed: row.removed_at !== null,
    syncedAt: new Date(row.synced_at),
    syncError: row.sync_error,
    storeUpdatedAt: new Date(row.store_updated_at),
  });
}

/** The variants of these products, by product id, in the store's order. */
async function variantsOf(em: EntityManager, productIds: string[]): Promise<Map<string, Row[]>> {
  const byProduct = new Map<string, Row[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return byProduct;
  const rows = await em.execute<Row[]>(
    `select "id", "product_id", "title", "sku", "price"::text as "price", "compare_at_price"::text as "compare_at_price",
        "available", "quantity", "selected_options", "image_url"
      from "store_product_variants" where "product_id" in (?) order by "product_id", "position", "id"`,
    [productIds],
  );
  for (const row of rows) byProduct.get(row.product_id)?.push(row);
  return byProduct;
}

async function productRows(em: EntityManager, where: string, params: unknown[]): Promise<Row[]> {
  return em.execute<Row[]>(`select ${PRODUCT_COLUMNS} from "store_products" p where ${where}`, params);
}

/**
 * Products by id with their variants, in the order of `ids` (unknown ids left out). `publicOnly`
 * leaves out the ones the public may not see (hidden, removed, draft/archived).
 */
export async function loadShopProducts(
  em: EntityManager,
  ids: string[],
  options: { publicOnly?: boolean } = {},
): Promise<ShopProduct[]> {
  if (!ids.length) return [];
  const rows = await productRows(em, `p."id" in (?)${options.publicOnly ? ` and ${PUBLIC_PRODUCT}` : ''}`, [
    ids,
  ]);
  const variants = await variantsOf(
    em,
    rows.map((r) => r.id),
  );
  const byId = new Map(rows.map((row) => [row.id as string, toProduct(row, variants.get(row.id) ?? [])]));
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * Whether the shop is open: a connected store, or the built-in demo store when none was ever
 * configured (as getActiveStore decides, without decrypting the tokens: a cheap check for every
 * public read).
 */
export async function shopIsOpen(em: EntityManager, config: Config): Promise<boolean> {
  const [row] = await em.execute<{ status: string }[]>(
    `select "status" from "store_connection" where "id" = 1`,
  );
  return row ? row.status === 'connected' : config.demoStore;
}

export interface ShopProductFilters {
  search?: string | null;
  danceStyle?: string | null;
  productType?: string | null;
  minPrice?: number | null;
  maxPrice?: number | null;
  featured?: boolean | null;
  sort?: ShopProductSort | null;
}

function badInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** A prefix query of the search's words (`ball sho` → `ball:* & sho:*`), or null when it has none. */
export function prefixQuery(search: string | null | undefined): string | null {
  const text = searchText(search);
  if (!text) return null;
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

/** The search condition (alias `p`): the words as prefixes in the search vector, or the text in the title or handle. */
function searchCondition(search: string | null | undefined, parts: string[], params: unknown[]): void {
  const text = searchText(search);
  if (!text) return;
  const query = prefixQuery(text);
  const like = `%${escapeLike(text)}%`;
  if (query) {
    parts.push(`(p."search" @@ to_tsquery('simple', ?) or p."title" ilike ? or p."handle" ilike ?)`);
    params.push(query, like, like);
  } else {
    parts.push(`(p."title" ilike ? or p."handle" ilike ?)`);
    params.push(like, like);
  }
}

function priceArg(value: number | null | undefined, name: string): number | null {
  if (value === null || value === undefined) return null;
  if (!Number.isFinite(value) || value < 0) throw badInput(`\`${name}\` must be a number of zero or more`);
  return value;
}

/** The public filters' WHERE clause (alias `p`). */
export function publicWhere(filters: ShopProductFilters): SqlPart {
  const parts = [PUBLIC_PRODUCT];
  const params: unknown[] = [];
  searchCondition(filters.search, parts, params);
  const danceStyle = filters.danceStyle?.trim();
  if (danceStyle) {
    parts.push(`exists (select 1 from unnest(p."dance_styles") s where lower(s) = lower(?))`);
    params.push(danceStyle);
  }
  const productType = filters.productType?.trim();
  if (productType) {
    parts.push(`lower(p."product_type") = lower(?)`);
    params.push(productType);
  }
  const min = priceArg(filters.minPrice, 'minPrice');
  const max = priceArg(filters.maxPrice, 'maxPrice');
  if (min !== null && max !== null && min > max) throw badInput('`minPrice` cannot be more than `maxPrice`');
  // Products with any variant price in the range: their [min, max] price span overlaps it.
  if (min !== null) {
    parts.push(`p."max_price" >= ?::numeric`);
    params.push(min);
  }
  if (max !== null) {
    parts.push(`p."min_price" <= ?::numeric`);
    params.push(max);
  }
  if (filters.featured !== null && filters.featured !== undefined) {
    parts.push(`p."featured" = ?`);
    params.push(filters.featured);
  }
  return { sql: parts.join(' and '), params };
}

const ID_KEY: SortKey = { expr: 'p."id"', params: [], desc: false, cast: 'text', check: isText };
const TITLE_KEY: SortKey = { expr: 'lower(p."title")', params: [], desc: false, cast: 'text', check: isText };
const isBool = (v: unknown) => typeof v === 'boolean';

function sortKeys(sort: ShopProductSort): SortKey[] {
  switch (sort) {
    case ShopProductSort.TITLE:
      return [TITLE_KEY, ID_KEY];
    case ShopProductSort.PRICE_ASC:
      return [
        { expr: 'p."min_price"', params: [], desc: false, cast: 'numeric', check: isNumber },
        TITLE_KEY,
        ID_KEY,
      ];
    case ShopProductSort.PRICE_DESC:
      return [
        { expr: 'p."max_price"', params: [], desc: true, cast: 'numeric', check: isNumber },
        TITLE_KEY,
        ID_KEY,
      ];
    case ShopProductSort.NEWEST:
      return [
        { expr: 'p."store_updated_at"', params: [], desc: true, cast: 'timestamptz', check: isIsoDate },
        ID_KEY,
      ];
    case ShopProductSort.FEATURED:
    default:
      return [
        { expr: 'p."featured"', params: [], desc: true, cast: 'boolean', check: isBool },
        TITLE_KEY,
        ID_KEY,
      ];
  }
}

function emptyConnection<T>(): ConnectionShape<T> {
  return {
    nodes: [],
    edges: [],
    totalCount: 0,
    pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
  };
}

/** The public shop's products: filtered, sorted, one keyset page. */
export async function listShopProducts(
  em: EntityManager,
  config: Config,
  filters: ShopProductFilters,
  first: number,
  after: string | null | undefined,
): Promise<ConnectionShape<ShopProduct>> {
  const where = publicWhere(filters);
  const sort = filters.sort ?? ShopProductSort.FEATURED;
  const page = keysetPage({
    from: `"store_products" p`,
    alias: 'p',
    where,
    sort: `shop:${sort}`,
    keys: sortKeys(sort),
    first,
    after,
  });
  if (!(await shopIsOpen(em, config))) return emptyConnection();
  return keysetConnection({
    execute: (sql, params) => em.execute(sql, params),
    page,
    first,
    after,
    load: (ids) => loadShopProducts(em, ids),
  });
}

/** A product of the public shop by handle; null when unknown, hidden, removed or the shop is closed. */
export async function findShopProduct(
  em: EntityManager,
  config: Config,
  handle: string,
): Promise<ShopProduct | null> {
  const text = handle.trim();
  if (!text || text.length > 255 || !(await shopIsOpen(em, config))) return null;
  const [row] = await productRows(em, `p."handle" = ? and ${PUBLIC_PRODUCT}`, [text]);
  if (!row) return null;
  const variants = await variantsOf(em, [row.id]);
  return toProduct(row, variants.get(row.id) ?? []);
}

/** The values the shop's filters can offer (over the products the public sees). */
export async function shopFacets(em: EntityManager, config: Config): Promise<ShopFacets> {
  const facets: ShopFacets = Object.assign(new ShopFacets(), {
    danceStyles: [] as string[],
    productTypes: [] as string[],
    minPrice: null as number | null,
    maxPrice: null as number | null,
  });
  if (!(await shopIsOpen(em, config))) return facets;
  const [styles, types, [range]] = await Promise.all([
    em.execute<{ v: string }[]>(
      `select distinct s as "v" from "store_products" p, unnest(p."dance_styles") s where ${PUBLIC_PRODUCT} order by 1`,
    ),
    em.execute<{ v: string }[]>(
      `select distinct p."product_type" as "v" from "store_products" p
        where ${PUBLIC_PRODUCT} and p."product_type" <> '' order by 1`,
    ),
    em.execute<{ min: number | null; max: number | null }[]>(
      `select min(p."min_price")::float8 as "min", max(p."max_price")::float8 as "max"
        from "store_products" p where ${PUBLIC_PRODUCT}`,
    ),
  ]);
  facets.danceStyles = styles.map((r) => r.v);
  facets.productTypes = types.map((r) => r.v);
  facets.minPrice = range?.min ?? null;
  facets.maxPrice = range?.max ?? null;
  return facets;
}

/** Whether the shop is open, demo or not, and whether the store answered at the last sync. */
export async function shopStatus(em: EntityManager, config: Config): Promise<ShopStatus> {
  let store: Awaited<ReturnType<typeof getActiveStore>> = null;
  try {
    store = await getActiveStore(em, config);
  } catch (error) {
    // A stored secret that cannot be read (the key changed): the shop is closed, not broken.
    log().error({ err: error }, '[shop] the store settings could not be read');
  }
  const [row] = await em.execute<Row[]>(
    `select "last_sync_error", "last_sync_finished_at", "shop_name", "currency_code"
      from "store_connection" where "id" = 1`,
  );
  const [cache] = await em.execute<{ currency_code: string | null; synced_at: Date | null }[]>(
    `select (select "currency_code" from "store_products" where "removed_at" is null
        order by "synced_at" desc limit 1) as "currency_code",
      (select max("synced_at") from "store_products") as "synced_at"`,
  );
  const enabled = store !== null;
  const reachable = !(
    enabled &&
    typeof row?.last_sync_error === 'string' &&
    row.last_sync_error.startsWith('UNAVAILABLE')
  );
  const demo = store?.demo ?? false;
  const lastSync = row?.last_sync_finished_at ?? (row ? null : (cache?.synced_at ?? null));
  return Object.assign(new ShopStatus(), {
    enabled,
    demo,
    shopName: enabled ? (store!.shopName ?? row?.shop_name ?? null) : null,
    currencyCode: enabled
      ? (store!.currencyCode ?? row?.currency_code ?? cache?.currency_code ?? null)
      : null,
    storeReachable: reachable,
    notice: !enabled ? null : !reachable ? STORE_DOWN_NOTICE : demo ? DEMO_STORE_NOTICE : null,
    lastSyncAt: lastSync ? new Date(lastSync) : null,
  });
}

// ------------------------------------------------------------------ staff

/** The staff list's WHERE clause (alias `p`). */
function adminWhere(
  search: string | null | undefined,
  visibility: StoreProductVisibility | null | undefined,
): SqlPart {
  const parts: string[] = [];
  const params: unknown[] = [];
  switch (visibility) {
    case StoreProductVisibility.VISIBLE:
      parts.push(PUBLIC_PRODUCT);
      break;
    case StoreProductVisibility.HIDDEN:
      parts.push(`p."removed_at" is null and not (p."visible" and p."store_status" = 'ACTIVE')`);
      break;
    case StoreProductVisibility.REMOVED:
      parts.push(`p."removed_at" is not null`);
      break;
    default:
      parts.push(`p."removed_at" is null`);
  }
  searchCondition(search, parts, params);
  return { sql: parts.join(' and '), params };
}

/**
 * The synced products for staff, by title: all still in the store by default, or those shown,
 * hidden or removed.
 */
export async function listAdminStoreProducts(
  em: EntityManager,
  first: number,
  after: string | null | undefined,
  filters: { search?: string | null; visibility?: StoreProductVisibility | null },
): Promise<ConnectionShape<AdminStoreProduct>> {
  const page = keysetPage({
    from: `"store_products" p`,
    alias: 'p',
    where: adminWhere(filters.search, filters.visibility),
    sort: 'store-admin',
    keys: [TITLE_KEY, ID_KEY],
    first,
    after,
  });
  return keysetConnection({
    execute: (sql, params) => em.execute(sql, params),
    page,
    first,
    after,
    load: (ids) => loadAdminStoreProducts(em, ids),
  });
}

async function loadAdminStoreProducts(em: EntityManager, ids: string[]): Promise<AdminStoreProduct[]> {
  if (!ids.length) return [];
  const rows = await productRows(em, `p."id" in (?)`, [ids]);
  const variants = await variantsOf(
    em,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toAdminProduct(row, variants.get(row.id) ?? []));
}

const TEXT_ARRAY = `array(select jsonb_array_elements_text(?::jsonb))`;

function tagList(values: string[] | null | undefined, field: string): string[] | null {
  if (values === null || values === undefined) return null;
  const list = cleanTagList(values);
  if (typeof list === 'string') throw new DomainError('INVALID_INPUT', list, field);
  return list;
}

/**
 * Staff's choices for a synced product: shown or hidden, featured, and its tags (which then
 * survive syncs; `tagsFromStore` maps them from the store's tags again). One conditional update.
 */
export async function updateStoreProduct(
  em: EntityManager,
  input: StoreProductUpdateInput,
): Promise<AdminStoreProduct> {
  const id = productGid(input.productId ?? '');
  const lists = {
    dance_styles: tagList(input.danceStyles, 'danceStyles'),
    age_groups: tagList(input.ageGroups, 'ageGroups'),
    skill_levels: tagList(input.skillLevels, 'skillLevels'),
  };
  const anyList = Object.values(lists).some((list) => list !== null);
  if (input.tagsFromStore && anyList) {
    throw new DomainError('INVALID_INPUT', 'Give tag lists or tagsFromStore, not both.', 'tagsFromStore');
  }
  const sets: string[] = [];
  const params: unknown[] = [];
  if (input.visible !== null && input.visible !== undefined) {
    sets.push(`"visible" = ?`);
    params.push(input.visible);
  }
  if (input.featured !== null && input.featured !== undefined) {
    sets.push(`"featured" = ?`);
    params.push(input.featured);
  }
  for (const [column, list] of Object.entries(lists)) {
    if (list === null) continue;
    sets.push(`"${column}" = ${TEXT_ARRAY}`);
    params.push(JSON.stringify(list));
  }
  if (anyList) sets.push(`"tags_edited" = true`);

  return em.transactional(async (tem) => {
    if (input.tagsFromStore) {
      const [row] = await tem.execute<{ store_tags: string[] }[]>(
        `select "store_tags" from "store_products" where "id" = ? for update`,
        [id],
      );
      if (row) {
        const tags = mapStoreTags(row.store_tags ?? [], await danceStyleNames(tem));
        sets.push(
          `"dance_styles" = ${TEXT_ARRAY}`,
          `"age_groups" = ${TEXT_ARRAY}`,
          `"skill_levels" = ${TEXT_ARRAY}`,
          `"tags_edited" = false`,
        );
        params.push(
          JSON.stringify(tags.danceStyles),
          JSON.stringify(tags.ageGroups),
          JSON.stringify(tags.skillLevels),
        );
      }
    }
    const updated = sets.length
      ? await tem.execute<{ id: string }[]>(
          `update "store_products" set ${sets.join(', ')} where "id" = ? returning "id"`,
          [...params, id],
        )
      : await tem.execute<{ id: string }[]>(`select "id" from "store_products" where "id" = ?`, [id]);
    if (!updated.length)
      throw new DomainError('NOT_FOUND', 'This store product does not exist.', 'productId');
    const [product] = await loadAdminStoreProducts(tem, [id]);
    return product;
  });
}
