import type { EntityManager } from '@mikro-orm/postgresql';
import { queryRows } from '../../db/pg-query';
import { PUBLIC_PRODUCT } from './store-catalog.service';

export interface ShopProductPageRow {
  handle: string;
  title: string;
  description_html: string;
  images: { url?: string }[] | null;
}

/**
 * A product of the shop as the graph's `shopProduct(handle:)` shows it (PUBLIC_PRODUCT), while the
 * shop is open: a store connection that is not connected closes it (without one, only the built-in
 * demo store has synced products).
 */
const SHOP_PRODUCT_BY_HANDLE = `select p.handle, p.title, p.description_html, p.images
  from store_products p
  where p.handle = ? and ${PUBLIC_PRODUCT}
    and not exists (select 1 from store_connection c where c.id = 1 and c.status <> 'connected')`;

/** The shop product's page (for the seo module's page metadata); null when it is not public. */
export async function publicShopProductPage(
  em: EntityManager,
  handle: string,
): Promise<ShopProductPageRow | null> {
  return (await queryRows<ShopProductPageRow>(em, SHOP_PRODUCT_BY_HANDLE, [handle]))[0] ?? null;
}
