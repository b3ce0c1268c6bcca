/**
 * Whether the account `userExpr` has the item (`typeExpr`, `itemExpr`) in a paid order, as an
 * `exists`: the cart's "never paid for twice" (registered with the cart by module.ts:
 * cart/paid-orders.ts). The arguments are the caller's column expressions, literals or `?`.
 */
export const paidOrderHasItemSql = (userExpr: string, typeExpr: string, itemExpr: string) =>
  `exists (select 1 from orders o join order_lines ol on ol.order_id = o.id
    where o.user_id = ${userExpr} and o.status = 'paid' and ol.item_type = ${typeExpr} and ol.item_id = ${itemExpr})`;

/**
 * The order `orderExpr`'s payment provider and reference, as a one-row SELECT: the charge a
 * seller's transfer pays out of (registered with the sellers module by module.ts:
 * sellers/order-payment-sql.ts).
 */
export const orderPaymentOfSql = (orderExpr: string) =>
  `select o.payment_provider, o.payment_reference from orders o where o.id = ${orderExpr}`;
