/**
 * A transfer to a seller names the charge it pays out of (its order's payment provider and
 * reference). Orders are the orders module's, which depends on this one (a paid order records its
 * sellers' earnings), so it registers its SQL when its `module.ts` loads instead of being imported
 * (as it does for the cart: cart/paid-orders.ts).
 */

/** A one-row SELECT of the order `orderExpr`'s `payment_provider` and `payment_reference`. */
export type OrderPaymentSql = (orderExpr: string) => string;

let orderPayment: OrderPaymentSql | null = null;

/** Registers the orders module's fragment (its module.ts does it once, when loaded). */
export function registerOrderPaymentSql(sql: OrderPaymentSql): void {
  orderPayment = sql;
}

/** The registered fragment; throws when none was registered (a missing import). */
export function orderPaymentSql(orderExpr: string): string {
  if (!orderPayment)
    throw new Error('The orders module registered no order-payment SQL (registerOrderPaymentSql)');
  return orderPayment(orderExpr);
}
