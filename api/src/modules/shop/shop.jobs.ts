import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import { defineJob, defineSchedule, jobs } from '../../jobs';
import { getActiveStore } from './store-connection';
import { adoptDemoStore } from './store-connection.service';
import { pushPublishedItems } from './store-publish';
import {
  hasCachedProducts,
  markProductRemoved,
  productGid,
  syncOneProduct,
  syncStoreProducts,
} from './store-sync';

/**
 * The shop's background work (store-sync.ts): a sync of the store's products on demand (`shop.sync`,
 * "Sync now", a connection or a change of collections), one product at once (`shop.sync-product`,
 * a product webhook), an incremental sync every 15 minutes that also keeps the DRX items published
 * to the store in step, and a full sync at boot while the cache is empty.
 */

export const SHOP_SYNC_JOB = 'shop.sync';
export const SHOP_SYNC_PRODUCT_JOB = 'shop.sync-product';
export const SHOP_SYNC_PERIODIC_JOB = 'shop.sync-periodic';
/** Every 15 minutes (pg-boss cron, UTC). */
export const SHOP_SYNC_CRON = '*/15 * * * *';

export { markProductRemoved };

/**
 * Queues a sync of the store's products (full: every product, the ones gone marked removed).
 * Requests within the same 10 seconds are one job; a sync never overlaps another (store-sync.ts).
 */
export async function queueStoreSync(options: { full?: boolean; em?: EntityManager } = {}): Promise<void> {
  const full = !!options.full;
  await jobs.send(
    SHOP_SYNC_JOB,
    { full },
    { singletonKey: `${full ? 'full' : 'incremental'}:${Math.floor(Date.now() / 10_000)}`, em: options.em },
  );
}

/**
 * Queues a sync of one product (a products/create|update|delete webhook): saved when the store has
 * it, marked removed when it is gone. Takes the gid or the store's numeric id.
 */
export async function queueProductSync(
  productId: string | number,
  options: { em?: EntityManager } = {},
): Promise<void> {
  await jobs.send(SHOP_SYNC_PRODUCT_JOB, { productId: productGid(productId) }, { em: options.em });
}

defineJob<{ full?: boolean }>(SHOP_SYNC_JOB, async (data, ctx) => {
  const result = await syncStoreProducts(ctx.em, ctx.config, { full: !!data.full });
  // An incremental sync that found another one running has nothing to add; a full one comes again.
  if (result.skipped === 'locked' && data.full) {
    throw new Error('Another product sync is running; this full sync is tried again later');
  }
});

defineJob<{ productId: string }>(SHOP_SYNC_PRODUCT_JOB, async (data, ctx) => {
  if (typeof data.productId !== 'string' && typeof data.productId !== 'number') return;
  await syncOneProduct(ctx.em, ctx.config, data.productId);
});

defineJob<Record<string, never>>(SHOP_SYNC_PERIODIC_JOB, async (_data, ctx) => {
  await syncStoreProducts(ctx.em, ctx.config, { full: false });
  // The DRX courses and resources sold in the store: changed ones pushed again, failed ones retried.
  await pushPublishedItems(ctx.em.fork(), ctx.config);
});
defineSchedule(SHOP_SYNC_PERIODIC_JOB, SHOP_SYNC_CRON);

export const SHOP_NIGHTLY_JOB = 'shop.nightly';
/** Once a day (03:30 UTC): a full sync (products deleted while a webhook was lost) and housekeeping. */
export const SHOP_NIGHTLY_CRON = '30 3 * * *';
/** Webhook ids are kept this long to drop replays (Shopify retries a delivery for up to 48 hours). */
export const WEBHOOK_IDS_KEPT_DAYS = 7;

defineJob<Record<string, never>>(SHOP_NIGHTLY_JOB, async (_data, ctx) => {
  await ctx.em.execute(
    `delete from store_webhook_deliveries where received_at < now() - make_interval(days => ?)`,
    [WEBHOOK_IDS_KEPT_DAYS],
  );
  await syncStoreProducts(ctx.em.fork(), ctx.config, { full: true });
});
defineSchedule(SHOP_NIGHTLY_JOB, SHOP_NIGHTLY_CRON);

/**
 * At boot: a full sync when a store is active and DRX has no product yet (so a first `npm start`
 * shows the demo store's products at once). Processes booting together queue one job.
 */
export async function queueInitialShopSync(orm: MikroORM, config: Config): Promise<void> {
  const em = orm.em.fork();
  await adoptDemoStore(em, config);
  if (await hasCachedProducts(em)) return;
  if (!(await getActiveStore(em, config))) return;
  await jobs.send(
    SHOP_SYNC_JOB,
    { full: true },
    {
      singletonKey: `boot:${Math.floor(Date.now() / 60_000)}`,
      // The demo store is served by this same app: let it listen first.
      startAfter: new Date(Date.now() + 2_000),
    },
  );
}
