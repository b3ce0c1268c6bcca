import { DriverException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import { danceStyleNames } from '../courses';
import { type ActiveStore, getActiveStore } from './store-connection';
import { StoreError, type StoreProductData, type StoreProductPage } from './store-provider';
import { mapStoreTags } from './store-tags';
import { log } from '../../observability/logger';

/**
 * Keeps DRX's copy of the store's products (store_products / store_product_variants) in step with
 * the store, so /shop is fast and still works while the store is slow or down (docs/store.md).
 *
 * - A full sync reads every product (only those in the chosen collections when some are chosen)
 *   and marks the ones it did not see removed (`removed_at`); an incremental sync reads the
 *   products changed since the watermark (`store_connection.sync_watermark`, minus a minute of
 *   overlap). The watermark moves on, to the newest change seen, only when the sync got through
 *   every page; never past a product that could not be saved, so the next sync tries it again.
 * - Each product is saved in its own transaction: one that fails gets its `sync_error` (and is
 *   named in `last_sync_error`), the others go on. A newer copy is never replaced by an older one.
 * - DRX's own choices survive every sync: `visible`, `featured`, and the dance styles / age groups /
 *   skill levels once staff edited them (`tags_edited`); until then they are mapped from the
 *   store's tags (store-tags.ts). Draft and archived products are kept, not shown.
 * - When the store stops answering (UNAVAILABLE, or THROTTLED after the provider's retries) the
 *   sync stops, keeps what it saved and records the error (`last_sync_error` = `CODE: message`);
 *   the shop then says the store is not answering (store-catalog.service.ts).
 * - Two syncs never overlap (a PostgreSQL advisory lock, across processes).
 */

/**
 * Products asked for per page: one product of DrxProductFields (shopify/operations.ts) costs about
 * 135 points by Shopify's formula, so 5 stay under the 1000-point limit of one query.
 */
export const SYNC_PAGE_SIZE = 5;
/** How far back before the watermark an incremental sync reads (clock skew, same-instant changes). */
export const SYNC_OVERLAP_MS = 60_000;
/**
 * Page sizes that fit a store's limit on one query's cost, learned per shop domain: Shopify
 * refuses a query whose requested cost (estimated from its page sizes) exceeds 1000 points
 * (MAX_COST_EXCEEDED), and a product with its variants, media and collections costs hundreds.
 */
const pageSizes = new Map<string, number>();

/** A page size under the store's cost limit, from its refusal ("Query cost is 32852, which exceeds … (1000)"). */
export function smallerPageSize(error: unknown, size: number): number | null {
  if (!(error instanceof StoreError) || error.code !== 'INVALID' || size <= 1) return null;
  const cost = Number(/query cost is (\d+)/i.exec(error.message)?.[1] ?? NaN);
  if (!Number.isFinite(cost) && !/max(imum)? cost|MAX_COST_EXCEEDED/i.test(error.message)) return null;
  const limit = Number(/limit \((\d+)\)/i.exec(error.message)?.[1] ?? 1000);
  const next =
    Number.isFinite(cost) && cost > 0 ? Math.floor((size * limit * 0.9) / cost) : Math.floor(size / 2);
  return Math.max(1, Math.min(size - 1, next));
}

/** The advisory lock key of "a product sync is running". */
const SYNC_LOCK_KEY = 2026_1128_01;

const MAX_TEXT = 255;
const MAX_ERROR = 1000;

export interface SyncResult {
  /** False when there was nothing to do (no store), or another sync held the lock. */
  ran: boolean;
  /** Why it did not run: no active store, or another sync was running. */
  skipped?: 'no-store' | 'locked';
  full: boolean;
  /** Products read from the store. */
  seen: number;
  /** Products saved (created or updated). */
  saved: number;
  /** Products that could not be saved (each has its sync_error). */
  failed: number;
  /** Products marked removed. */
  removed: number;
  /** The error that stopped the sync (`CODE: message`), or a summary of failed products; null when all went well. */
  error: string | null;
}

/** The store's numeric id of a product as its gid (webhooks send numbers). */
export function productGid(id: string | number): string {
  const text = String(id).trim();
  return /^\d+$/.test(text) ? `gid://shopify/Product/${text}` : text;
}

function clip(text: string | null | undefined, max = MAX_TEXT): string {
  return (text ?? '').slice(0, max);
}

/** A jsonb parameter read back as text[] (knex would spread a JS array into a list). */
const TEXT_ARRAY = `array(select jsonb_array_elements_text(?::jsonb))`;

function errorText(error: unknown): string {
  if (error instanceof StoreError) return clip(`${error.code}: ${error.message}`, MAX_ERROR);
  if (error instanceof DriverException) {
    // The message is the statement, " - ", PostgreSQL's message, then "\n - detail: …" (the row):
    // keep PostgreSQL's message only.
    const head = error.message.split('\n - detail:')[0];
    const cut = head.lastIndexOf(' - ');
    return clip(`Not saved: ${cut >= 0 ? head.slice(cut + 3) : head}`, MAX_ERROR);
  }
  return clip(error instanceof Error ? error.message : String(error), MAX_ERROR);
}

/** The names of DRX's dance styles (plain store tags naming one become a dance style): the courses module's. */
export { danceStyleNames };

/**
 * Saves one product and its variants in one transaction (the caller's `em` may already be in
 * one). Returns false when DRX already has a newer copy (nothing changed).
 */
export async function upsertStoreProduct(
  em: EntityManager,
  product: StoreProductData,
  danceStyles: readonly string[],
): Promise<boolean> {
  return em.transactional(async (tem) => {
    const tags = mapStoreTags(product.tags, danceStyles);
    const variants = product.variants;
    const available = variants.some((v) => v.availableForSale);
    // Handles are unique in a store: another cached product holding this one is stale (renamed or
    // deleted there); it gets a placeholder handle until its own sync.
    await tem.execute(
      `update "store_products" set "handle" = left("handle", 200) || '~' || substr(md5("id"), 1, 12)
        where "handle" = ? and "id" <> ?`,
      [clip(product.handle), product.id],
    );
    const saved = await tem.execute<{ id: string }[]>(
      `insert into "store_products" ("id", "handle", "title", "description_html", "product_type", "vendor",
          "store_tags", "store_status", "images", "options", "collection_ids", "currency_code", "min_price",
          "max_price", "total_inventory", "available", "store_updated_at", "synced_at", "sync_error", "removed_at",
          "dance_styles", "age_groups", "skill_levels", "featured")
        values (?, ?, ?, ?, ?, ?, ${TEXT_ARRAY}, ?, ?::jsonb, ?::jsonb, ${TEXT_ARRAY}, ?, ?::numeric, ?::numeric,
          ?, ?, ?::timestamptz, now(), null, null, ${TEXT_ARRAY}, ${TEXT_ARRAY}, ${TEXT_ARRAY}, ?)
        on conflict ("id") do update set
          "handle" = excluded."handle", "title" = excluded."title",
          "description_html" = excluded."description_html", "product_type" = excluded."product_type",
          "vendor" = excluded."vendor", "store_tags" = excluded."store_tags",
          "store_status" = excluded."store_status", "images" = excluded."images",
          "options" = excluded."options", "collection_ids" = excluded."collection_ids",
          "currency_code" = excluded."currency_code", "min_price" = excluded."min_price",
          "max_price" = excluded."max_price", "total_inventory" = excluded."total_inventory",
          "available" = excluded."available", "store_updated_at" = excluded."store_updated_at",
          "synced_at" = now(), "sync_error" = null, "removed_at" = null,
          "dance_styles" = case when "store_products"."tags_edited" then "store_products"."dance_styles"
            else excluded."dance_styles" end,
          "age_groups" = case when "store_products"."tags_edited" then "store_products"."age_groups"
            else excluded."age_groups" end,
          "skill_levels" = case when "store_products"."tags_edited" then "store_products"."skill_levels"
            else excluded."skill_levels" end
        where "store_products"."store_updated_at" <= excluded."store_updated_at"
        returning "id"`,
      [
        product.id,
        clip(product.handle),
        clip(product.title),
        product.descriptionHtml ?? '',
        clip(product.productType),
        clip(product.vendor),
        JSON.stringify(product.tags),
        clip(product.status, 20),
        JSON.stringify(product.images),
        JSON.stringify(product.options),
        JSON.stringify(product.collectionIds),
        product.currencyCode,
        product.minPrice,
        product.maxPrice,
        product.totalInventory,
        available,
        product.updatedAt,
        JSON.stringify(tags.danceStyles),
        JSON.stringify(tags.ageGroups),
        JSON.stringify(tags.skillLevels),
        // A new product tagged "featured" in the store starts featured; afterwards it is DRX's choice.
        product.tags.some((tag) => tag.trim().toLowerCase() === 'featured'),
      ],
    );
    if (saved.length === 0) return false;

    await tem.execute(
      `delete from "store_product_variants" where "product_id" = ? and not ("id" = any(${TEXT_ARRAY}))`,
      [product.id, JSON.stringify(variants.map((v) => v.id))],
    );
    for (const [position, v] of variants.entries()) {
      await tem.execute(
        `insert into "store_product_variants" ("id", "product_id", "position", "title", "sku", "price",
            "compare_at_price", "available", "quantity", "selected_options", "image_url")
          values (?, ?, ?, ?, ?, ?::numeric, ?::numeric, ?, ?, ?::jsonb, ?)
          on conflict ("id") do update set "product_id" = excluded."product_id",
            "position" = excluded."position", "title" = excluded."title", "sku" = excluded."sku",
            "price" = excluded."price", "compare_at_price" = excluded."compare_at_price",
            "available" = excluded."available", "quantity" = excluded."quantity",
            "selected_options" = excluded."selected_options", "image_url" = excluded."image_url"`,
        [
          v.id,
          product.id,
          position,
          clip(v.title),
          v.sku ? clip(v.sku) : null,
          v.price,
          v.compareAtPrice,
          v.availableForSale,
          v.inventoryQuantity,
          JSON.stringify(v.selectedOptions),
          v.imageUrl,
        ],
      );
    }
    return true;
  });
}

/**
 * Marks a product gone from the store (it stays in the cache for past bag lines and orders, never
 * shown). Takes the gid or the store's numeric id. Returns whether a cached product was marked.
 */
export async function markProductRemoved(em: EntityManager, productId: string | number): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update "store_products" set "removed_at" = now() where "id" = ? and "removed_at" is null returning "id"`,
    [productGid(productId)],
  );
  return rows.length > 0;
}

/**
 * Whether a product belongs in DRX's copy: any product when no collections are chosen, never a DRX
 * course or resource sold in the store (SKU DRX-COURSE-…/DRX-RESOURCE-…, store-publish.ts): DRX
 * sells those itself, they are not merchandise.
 */
function inChosenCollections(store: ActiveStore, product: StoreProductData): boolean {
  if (product.variants.some((v) => /^DRX-(COURSE|RESOURCE)-/i.test(v.sku ?? ''))) return false;
  return (
    store.collectionIds.length === 0 || product.collectionIds.some((id) => store.collectionIds.includes(id))
  );
}

/** Records a failed product on its cached row (a new product has none: the sync's error names it). */
async function recordProductError(em: EntityManager, productId: string, message: string): Promise<void> {
  await em.execute(`update "store_products" set "sync_error" = ? where "id" = ?`, [message, productId]);
}

/**
 * Runs `work` holding the sync lock (a session advisory lock on a connection of its own, so it is
 * released if this process dies). Without `wait`, returns null at once when another sync holds it.
 */
async function withSyncLock<T>(em: EntityManager, wait: boolean, work: () => Promise<T>): Promise<T | null> {
  const client = em.getConnection().getKnex().client;
  const connection = await client.acquireConnection();
  try {
    if (wait) {
      await connection.query('select pg_advisory_lock($1)', [SYNC_LOCK_KEY]);
    } else {
      const result = await connection.query('select pg_try_advisory_lock($1) as "ok"', [SYNC_LOCK_KEY]);
      if (!result.rows[0]?.ok) return null;
    }
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [SYNC_LOCK_KEY]);
    }
  } finally {
    await client.releaseConnection(connection);
  }
}

export interface SyncOptions {
  /** Read every product and mark the ones not seen removed (default: incremental). */
  full?: boolean;
  /** Wait for a running sync to finish instead of skipping (tests, "Sync now"). */
  wait?: boolean;
  /** The store to sync (tests); default the active store. */
  store?: ActiveStore | null;
}

/**
 * Syncs the active store's products (see the file comment). Never throws for the store's failures:
 * they are recorded on store_connection and returned in `error`.
 */
export async function syncStoreProducts(
  em: EntityManager,
  config: Config,
  options: SyncOptions = {},
): Promise<SyncResult> {
  const store = options.store !== undefined ? options.store : await getActiveStore(em, config);
  const result: SyncResult = {
    ran: false,
    full: !!options.full,
    seen: 0,
    saved: 0,
    failed: 0,
    removed: 0,
    error: null,
  };
  if (!store) return { ...result, skipped: 'no-store' };
  const ran = await withSyncLock(em, options.wait ?? false, () =>
    runSync(em.fork(), store, result, !!options.full),
  );
  return ran ?? { ...result, skipped: 'locked' };
}

/** A connection saved without a test (the demo adopted at the first start) learns its shop's name. */
async function rememberShopName(em: EntityManager, store: ActiveStore): Promise<void> {
  try {
    const info = await store.provider.shop();
    await em.execute(
      `update "store_connection" set "shop_name" = coalesce("shop_name", ?), "currency_code" = coalesce("currency_code", ?)
       where "id" = 1`,
      [info.name.slice(0, 255), info.currencyCode.slice(0, 3)],
    );
  } catch {
    // The products request below meets the same trouble and records it.
  }
}

async function runSync(
  em: EntityManager,
  store: ActiveStore,
  result: SyncResult,
  full: boolean,
): Promise<SyncResult> {
  result.ran = true;
  const [{ started }] = await em.execute<{ started: Date }[]>(`select now() as "started"`);
  const [state] = await em.execute<{ sync_watermark: Date | null }[]>(
    `update "store_connection" set "last_sync_started_at" = now() where "id" = 1 returning "sync_watermark"`,
  );
  if (state && !store.shopName) await rememberShopName(em, store);
  // Without a row (the built-in demo store before anyone connected it) the newest cached change stands in.
  const watermark = state
    ? state.sync_watermark
    : ((
        await em.execute<{ newest: Date | null }[]>(
          `select max("store_updated_at") as "newest" from "store_products"`,
        )
      )[0]?.newest ?? null);
  if (watermark === null) full = true;
  result.full = full;
  const updatedSince = full || !watermark ? null : new Date(new Date(watermark).getTime() - SYNC_OVERLAP_MS);

  const danceStyles = await danceStyleNames(em);
  const seenIds: string[] = [];
  const failures: string[] = [];
  let newest: number | null = null;
  let oldestFailed: number | null = null;
  let stopped: string | null = null;
  let after: string | null = null;

  try {
    const shop = store.settings.shopDomain;
    let size = pageSizes.get(shop) ?? SYNC_PAGE_SIZE;
    for (;;) {
      let page: StoreProductPage;
      try {
        page = await store.provider.products({ first: size, after, updatedSince });
      } catch (error) {
        const smaller = smallerPageSize(error, size);
        if (smaller === null) throw error;
        size = smaller;
        pageSizes.set(shop, size);
        continue;
      }
      for (const product of page.products) {
        result.seen += 1;
        const changedAt = Date.parse(product.updatedAt);
        if (!inChosenCollections(store, product)) {
          // Outside the chosen collections: a full sync marks it removed below; an incremental one now.
          if (!full && (await markProductRemoved(em, product.id))) result.removed += 1;
        } else {
          seenIds.push(product.id);
          try {
            if (await upsertStoreProduct(em, product, danceStyles)) result.saved += 1;
          } catch (error) {
            const message = errorText(error);
            result.failed += 1;
            failures.push(`${clip(product.title, 80)}: ${message}`);
            if (Number.isFinite(changedAt)) oldestFailed = Math.min(oldestFailed ?? changedAt, changedAt);
            log().error(`[shop] syncing product ${product.id} failed: ${message}`);
            await recordProductError(em, product.id, message).catch(() => undefined);
          }
        }
        if (Number.isFinite(changedAt)) newest = Math.max(newest ?? changedAt, changedAt);
      }
      if (!page.hasNextPage || !page.endCursor) break;
      after = page.endCursor;
    }
  } catch (error) {
    if (!(error instanceof StoreError)) log().error({ err: error }, '[shop] the product sync failed');
    stopped = errorText(error);
  }

  if (!stopped && full) {
    // Not seen, and not saved meanwhile by a product webhook's job either.
    const removed = await em.execute<{ id: string }[]>(
      `update "store_products" set "removed_at" = now()
        where "removed_at" is null and "synced_at" < ?::timestamptz and not ("id" = any(${TEXT_ARRAY}))
        returning "id"`,
      [started, JSON.stringify(seenIds)],
    );
    result.removed += removed.length;
  }

  if (stopped) {
    result.error = stopped;
  } else if (failures.length) {
    const more = failures.length > 3 ? ` (and ${failures.length - 3} more)` : '';
    result.error = clip(
      `${failures.length} product${failures.length === 1 ? '' : 's'} could not be saved: ${failures.slice(0, 3).join('; ')}${more}`,
      MAX_ERROR,
    );
  }
  // The watermark never passes a product that failed (the next sync reads it again).
  const mark = stopped ? null : oldestFailed !== null ? oldestFailed : newest;
  await em.execute(
    `update "store_connection" set "last_sync_finished_at" = now(), "last_sync_error" = ?,
        "sync_watermark" = greatest("sync_watermark", ?::timestamptz)
      where "id" = 1`,
    [result.error, mark === null ? null : new Date(mark).toISOString()],
  );
  return result;
}

/**
 * Syncs one product now (a product webhook's job): saved when the store has it (in the chosen
 * collections), marked removed when it is gone. Store failures throw (the job is retried).
 */
export async function syncOneProduct(
  em: EntityManager,
  config: Config,
  productId: string | number,
  store?: ActiveStore | null,
): Promise<'saved' | 'unchanged' | 'removed' | 'no-store'> {
  const active = store !== undefined ? store : await getActiveStore(em, config);
  if (!active) return 'no-store';
  const id = productGid(productId);
  const product = await active.provider.product(id);
  if (!product || !inChosenCollections(active, product)) {
    await markProductRemoved(em, id);
    return 'removed';
  }
  try {
    return (await upsertStoreProduct(em, product, await danceStyleNames(em))) ? 'saved' : 'unchanged';
  } catch (error) {
    await recordProductError(em, id, errorText(error)).catch(() => undefined);
    throw error;
  }
}

/** Whether DRX has any cached product (the boot syncs an empty cache at once). */
export async function hasCachedProducts(em: EntityManager): Promise<boolean> {
  const [row] = await em.execute<{ any: boolean }[]>(
    `select exists (select 1 from "store_products") as "any"`,
  );
  return !!row?.any;
}
