import type { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_USER_ADDRESS } from '../users';

/** The shop module's part of "download my data" and "delete my account" (privacy module). */
type Row = Record<string, unknown>;

/** The person's orders of the connected store. */
export async function exportShopData(em: EntityManager, userId: string): Promise<{ storeOrders: Row[] }> {
  const storeOrders = await em.execute<Row[]>(
    `select name, email, customer_name as "customerName", financial_status as "financialStatus",
       fulfillment_status as "fulfillmentStatus", cancelled_at as "cancelledAt", currency_code as "currency",
       total_price as "totalPrice", lines, tracking_company as "trackingCompany",
       tracking_number as "trackingNumber", store_created_at as "createdAt"
     from store_orders where user_id = ? order by store_created_at`,
    [userId],
  );
  return { storeOrders };
}

/**
 * In the deletion's transaction: the shop bag goes; store orders (kept for the books) lose name and
 * address; the store grants' address points nowhere.
 */
export async function eraseShopData(em: EntityManager, userId: string): Promise<void> {
  await em.execute(`delete from shop_bag_items where user_id = ?`, [userId]);
  await em.execute(`update store_orders set email = null, customer_name = null where user_id = ?`, [userId]);
  await em.execute(`update store_entitlement_grants set email = ? where user_id = ?`, [
    DELETED_USER_ADDRESS,
    userId,
  ]);
}
