import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { courseSaleFacts, courseTitlePriceSql } from '../courses';
import { resourceSaleFacts, resourceTitlePriceSql } from '../resources';
import { type ActiveStore, getActiveStore } from './store-connection';
import { userErrorOfStoreError } from './store-connection.service';
import { StoreError, type StorePublishInput } from './store-provider';
import { log } from '../../observability/logger';

/** The currency of DRX's own prices (priceCents). */
const DRX_CURRENCY = 'USD';

/**
 * DRX courses and resources sold in the connected store (table `store_published_items`): each
 * becomes a one-variant store product (SKU `DRX-COURSE-<uuid>` / `DRX-RESOURCE-<uuid>`, price,
 * description and image from DRX) through the provider's `publishProduct`; unpublishing archives
 * it (past orders keep their lines). `pushPublishedItems` keeps them in step with DRX: items
 * changed since they were last pushed are pushed again, and items DRX no longer sells (unpublished,
 * free, deleted) are archived. A paid store order for such a SKU grants the DRX item
 * (store-entitlements.ts).
 *
 * Status: publishing (a push is under way) → published, or failed (push_error says why; the next
 * push retries); unpublished (archived in the store).
 */

export type PublishedItemType = 'course' | 'resource';
export const PUBLISHED_ITEM_TYPES: readonly PublishedItemType[] = ['course', 'resource'];

/** A push that has been "publishing" this long is taken as crashed and may be claimed again. */
const STALE_PUSH = `interval '5 minutes'`;
/** Items pushed per `pushPublishedItems` run. */
const PUSH_BATCH = 50;

/** The SKU that names a DRX item in the store. */
export function skuOf(itemType: PublishedItemType, itemId: string): string {
  return `DRX-${itemType.toUpperCase()}-${itemId.toLowerCase()}`;
}

/** US cents as the store's decimal money string: 1200 → "12.00". */
export function priceOfCents(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** DRX's plain-text description as simple HTML paragraphs. */
export function descriptionHtmlOf(text: string, itemType: PublishedItemType): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .filter((p) => p.trim())
    .map((p) => `<p>${escapeHtml(p.trim()).replace(/\n/g, '<br>')}</p>`);
  const note =
    itemType === 'course'
      ? 'A DRX online course: after payment, it is yours on DRX under the email address you ordered with.'
      : 'A DRX teaching resource: after payment, download it on DRX under the email address you ordered with.';
  return [...paragraphs, `<p><em>${note}</em></p>`].join('\n');
}

/** A path on this site (/uploads/…) made absolute with the public URL; null when none. */
function absoluteUrl(config: Config, url: string | null): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/')) return `${config.publicUrl.replace(/\/+$/, '')}${url}`;
  return null;
}

/** What DRX knows of an item it may sell in the store. */
interface DrxItem {
  itemType: PublishedItemType;
  id: string;
  title: string;
  description: string;
  priceCents: number;
  imageUrl: string | null;
  updatedAt: Date;
  /** Why DRX may not sell it in the store; null when it may. */
  notForSale: string | null;
  /** When it was read: a change after this is pushed next time. */
  readAt: Date;
}

async function loadItem(em: EntityManager, itemType: PublishedItemType, id: string): Promise<DrxItem | null> {
  const readAt = new Date();
  if (itemType === 'course') {
    const row = await courseSaleFacts(em, id);
    if (!row) return null;
    return {
      itemType,
      id: row.id,
      title: row.title,
      description: row.description || row.summary,
      priceCents: row.price_cents,
      imageUrl: row.cover_image_url,
      updatedAt: new Date(row.updated_at),
      readAt,
      notForSale: !row.published
        ? 'This course is a draft: only published courses can be sold in the store.'
        : row.member_only
          ? 'This course is for members only: it cannot be sold in the store.'
          : row.price_cents <= 0
            ? 'This course is free: only paid courses can be sold in the store.'
            : null,
    };
  }
  const row = await resourceSaleFacts(em, id);
  if (!row) return null;
  return {
    itemType,
    id: row.id,
    title: row.title,
    description: row.description,
    priceCents: row.price_cents,
    imageUrl: row.thumbnail_url,
    updatedAt: new Date(row.updated_at),
    readAt,
    notForSale:
      row.status !== 'published'
        ? 'This resource is not published: only published resources can be sold in the store.'
        : row.price_cents <= 0
          ? 'This resource is free: only paid resources can be sold in the store.'
          : null,
  };
}

/** One row of `store_published_items` with the DRX item's title and price. */
export interface PublishedItemRow {
  item_type: PublishedItemType;
  item_id: string;
  sku: string;
  store_product_id: string | null;
  store_variant_id: string | null;
  status: 'publishing' | 'published' | 'unpublished' | 'failed';
  published_by: string | null;
  published_at: Date;
  pushed_at: Date | null;
  push_error: string | null;
  title: string | null;
  price_cents: number | null;
}

const ROW_SELECT = `
  select p.*, coalesce(c.title, r.title) as title, coalesce(c.price_cents, r.price_cents) as price_cents
    from store_published_items p
    left join (${courseTitlePriceSql}) c on p.item_type = 'course' and c.id = p.item_id
    left join (${resourceTitlePriceSql}) r on p.item_type = 'resource' and r.id = p.item_id`;

/** Every DRX item ever published to the store, newest first. */
export async function listPublishedItems(em: EntityManager): Promise<PublishedItemRow[]> {
  return em.getConnection().execute<PublishedItemRow[]>(`${ROW_SELECT} order by p.published_at desc, p.sku`);
}

async function findPublishedItem(
  em: EntityManager,
  itemType: PublishedItemType,
  itemId: string,
): Promise<PublishedItemRow | null> {
  const [row] = await em
    .getConnection()
    .execute<PublishedItemRow[]>(`${ROW_SELECT} where p.item_type = ? and p.item_id = ?`, [itemType, itemId]);
  return row ?? null;
}

/** The provider input of a DRX item. */
function publishInputOf(config: Config, item: DrxItem, productId: string | null): StorePublishInput {
  return {
    productId,
    title: item.title,
    descriptionHtml: descriptionHtmlOf(item.description, item.itemType),
    productType: item.itemType === 'course' ? 'DRX course' : 'DRX resource',
    sku: skuOf(item.itemType, item.id),
    price: priceOfCents(item.priceCents),
    imageUrl: absoluteUrl(config, item.imageUrl),
    tags: ['DRX', `drx:${item.itemType}`],
  };
}

/**
 * Claims an item for a push (status publishing) unless another push holds it; returns whether it
 * did. `expected`: only from this status (the keeper's claim), else from any but a live push.
 */
async function claim(
  em: EntityManager,
  itemType: PublishedItemType,
  itemId: string,
  expected: PublishedItemRow['status'] | null,
): Promise<boolean> {
  const rows = await em.getConnection().execute<{ sku: string }[]>(
    `update store_published_items set status = 'publishing'
      where item_type = ? and item_id = ?
        and ${expected ? 'status = ?' : `(status <> 'publishing' or published_at < now() - ${STALE_PUSH})`}
      returning sku`,
    expected ? [itemType, itemId, expected] : [itemType, itemId],
  );
  return rows.length > 0;
}

/**
 * Pushes one claimed item to the store and records the outcome. A product id of another store
 * (the connection changed) is refused by the store: then a new product is made.
 */
async function push(
  em: EntityManager,
  config: Config,
  store: ActiveStore,
  item: DrxItem,
  productId: string | null,
): Promise<StoreError | null> {
  try {
    let result: { productId: string; variantId: string };
    try {
      result = await store.provider.publishProduct(publishInputOf(config, item, productId));
    } catch (error) {
      if (!(error instanceof StoreError) || error.code !== 'INVALID' || !productId) throw error;
      result = await store.provider.publishProduct(publishInputOf(config, item, null));
    }
    await em.getConnection().execute(
      `update store_published_items
          set status = 'published', store_product_id = ?, store_variant_id = ?, pushed_at = ?, push_error = null
        where item_type = ? and item_id = ?`,
      [result.productId, result.variantId, item.readAt, item.itemType, item.id],
    );
    return null;
  } catch (error) {
    if (!(error instanceof StoreError)) {
      await markFailed(em, item.itemType, item.id, 'Unexpected error while publishing (see the server log).');
      throw error;
    }
    await markFailed(em, item.itemType, item.id, error.message);
    return error;
  }
}

async function markFailed(
  em: EntityManager,
  itemType: string,
  itemId: string,
  message: string,
): Promise<void> {
  await em
    .getConnection()
    .execute(
      `update store_published_items set status = 'failed', push_error = ? where item_type = ? and item_id = ?`,
      [message.slice(0, 1000), itemType, itemId],
    );
}

/** Archives a claimed item's store product and marks it unpublished (`note`: why, when not asked). */
async function archive(
  em: EntityManager,
  store: ActiveStore | null,
  row: PublishedItemRow,
  note: string | null,
): Promise<StoreError | null> {
  if (row.store_product_id && store) {
    try {
      await store.provider.archiveProduct(row.store_product_id);
    } catch (error) {
      // Back to what it was: still on sale in the store.
      await em
        .getConnection()
        .execute(
          `update store_published_items set status = ?, push_error = ? where item_type = ? and item_id = ?`,
          [
            row.status === 'publishing' ? 'failed' : row.status,
            (error as Error).message.slice(0, 1000),
            row.item_type,
            row.item_id,
          ],
        );
      if (error instanceof StoreError) return error;
      throw error;
    }
  }
  await em.getConnection().execute(
    `update store_published_items set status = 'unpublished', pushed_at = now(), push_error = ?
      where item_type = ? and item_id = ?`,
    [note, row.item_type, row.item_id],
  );
  return null;
}

function parseItemRef(itemType: string, itemId: string): { itemType: PublishedItemType; itemId: string } {
  const type = itemType.trim().toLowerCase() as PublishedItemType;
  if (!PUBLISHED_ITEM_TYPES.includes(type)) {
    throw new DomainError('INVALID_INPUT', 'itemType is course or resource.', 'itemType');
  }
  if (!isUuid(itemId)) throw new DomainError('NOT_FOUND', `No ${type} has that id.`, 'itemId');
  return { itemType: type, itemId: itemId.toLowerCase() };
}

/** Publishes a paid, published DRX item to the store (or pushes it again); returns its row. */
export async function publishItem(
  em: EntityManager,
  config: Config,
  actorId: string,
  ref: { itemType: string; itemId: string },
): Promise<PublishedItemRow> {
  const { itemType, itemId } = parseItemRef(ref.itemType, ref.itemId);
  const item = await loadItem(em, itemType, itemId);
  if (!item) throw new DomainError('NOT_FOUND', `No ${itemType} has that id.`, 'itemId');
  if (item.notForSale) throw new DomainError('INVALID_INPUT', item.notForSale, 'itemId');
  const store = await getActiveStore(em, config);
  if (!store) throw new DomainError('STORE_UNAVAILABLE', 'No store is connected: connect one first.');
  // DRX prices are US dollars: a store selling in another currency would charge the same number of its own units.
  if (store.currencyCode && store.currencyCode !== DRX_CURRENCY) {
    throw new DomainError(
      'CONFLICT',
      `The store sells in ${store.currencyCode} and DRX prices are in ${DRX_CURRENCY}: DRX items can only be sold in a ${DRX_CURRENCY} store.`,
      'itemId',
    );
  }
  const sku = skuOf(itemType, itemId);
  await em.getConnection().execute(
    `insert into store_published_items (item_type, item_id, sku, status, published_by)
     values (?, ?, ?, 'failed', ?)
     on conflict (item_type, item_id) do update set published_by = excluded.published_by`,
    [itemType, itemId, sku, actorId],
  );
  if (!(await claim(em, itemType, itemId, null))) {
    throw new DomainError('CONFLICT', 'It is being published right now: try again in a moment.', 'itemId');
  }
  const before = await findPublishedItem(em, itemType, itemId);
  await em
    .getConnection()
    .execute(
      `update store_published_items set published_at = now(), push_error = null where item_type = ? and item_id = ?`,
      [itemType, itemId],
    );
  const failure = await push(em, config, store, item, before?.store_product_id ?? null);
  if (failure) throw userErrorOfStoreError(failure, null);
  // Others that changed since their last push go along.
  await pushPublishedItems(em, config).catch((error) =>
    log().error({ err: error }, '[store] keeping DRX items in step'),
  );
  return (await findPublishedItem(em, itemType, itemId))!;
}

/** Takes a DRX item off the store (its product archived); returns its row. */
export async function unpublishItem(
  em: EntityManager,
  config: Config,
  ref: { itemType: string; itemId: string },
): Promise<PublishedItemRow> {
  const { itemType, itemId } = parseItemRef(ref.itemType, ref.itemId);
  const row = await findPublishedItem(em, itemType, itemId);
  if (!row) throw new DomainError('NOT_FOUND', `That ${itemType} is not published in the store.`, 'itemId');
  if (row.status === 'unpublished') {
    throw new DomainError('CONFLICT', `That ${itemType} is already off the store.`, 'itemId');
  }
  if (!(await claim(em, itemType, itemId, null))) {
    throw new DomainError('CONFLICT', 'It is being published right now: try again in a moment.', 'itemId');
  }
  const store = await getActiveStore(em, config);
  const failure = await archive(em, store, row, null);
  if (failure) throw userErrorOfStoreError(failure, null);
  return (await findPublishedItem(em, itemType, itemId))!;
}

/**
 * Keeps the published DRX items in step with DRX (the periodic sync calls it; so does publishing):
 * items changed in DRX since their last push (title, price, description, image: anything that moves
 * `updated_at`) and failed pushes are pushed again; items DRX no longer sells are archived in the
 * store. One failing item never stops the others. Does nothing without a connected store.
 */
export async function pushPublishedItems(
  em: EntityManager,
  config: Config,
): Promise<{ pushed: number; archived: number; failed: number }> {
  const outcome = { pushed: 0, archived: 0, failed: 0 };
  const store = await getActiveStore(em, config);
  if (!store) return outcome;
  const due = await em.getConnection().execute<(PublishedItemRow & { item_updated_at: Date | null })[]>(
    `${ROW_SELECT.replace('select p.*,', 'select p.*, coalesce(c.updated_at, r.updated_at) as item_updated_at,')}
      where p.status = 'failed'
         or (p.status = 'published'
             and (p.pushed_at is null
                  or coalesce(c.updated_at, r.updated_at) is null
                  or coalesce(c.updated_at, r.updated_at) > p.pushed_at))
      order by p.pushed_at nulls first
      limit ${PUSH_BATCH}`,
  );
  for (const row of due) {
    try {
      if (!(await claim(em, row.item_type, row.item_id, row.status))) continue;
      const item = await loadItem(em, row.item_type, row.item_id);
      if (!item || item.notForSale) {
        const note = item?.notForSale ?? `Taken off the store: the DRX ${row.item_type} was deleted.`;
        const failure = await archive(em, store, row, note);
        if (failure) outcome.failed += 1;
        else outcome.archived += 1;
        continue;
      }
      const failure = await push(em, config, store, item, row.store_product_id);
      if (failure) outcome.failed += 1;
      else outcome.pushed += 1;
    } catch (error) {
      outcome.failed += 1;
      log().error({ err: error }, `[store] pushing ${row.sku} failed`);
    }
  }
  return outcome;
}
