import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Takes what an order bought out of its buyer's cart (called by the order's fulfilment, in its
 * transaction): the cart lines of the order's items, whatever their quantity.
 */
export async function removeBoughtItems(em: EntityManager, orderId: string, userId: string): Promise<void> {
  await em.execute(
    `delete from cart_items ci using order_lines ol
      where ol.order_id = ? and ci.user_id = ? and ci.item_type = ol.item_type and ci.item_id = ol.item_id`,
    [orderId, userId],
  );
}
