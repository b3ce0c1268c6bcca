/**
 * The cart never sells an item twice: a line is not purchasable while its member has it in a paid
 * order. Orders are the orders module's, which depends on this one (checkout reads the cart, clears
 * the bought lines and prices with `memberLineDiscount`), so it registers its SQL when its
 * `module.ts` loads instead of being imported (as the passkeys module does for the account:
 * account/passkey-hooks.ts). The cart's statements are built on first use (cart-sql.ts), after the
 * module list has loaded every module.
 */

/** An `exists`: the account `userExpr` has the item (`typeExpr`, `itemExpr`) in a paid order. */
export type PaidOrderSql = (userExpr: string, typeExpr: string, itemExpr: string) => string;

let paidOrder: PaidOrderSql | null = null;

/** Registers the orders module's fragment (its module.ts does it once, when loaded). */
export function registerPaidOrderSql(sql: PaidOrderSql): void {
  paidOrder = sql;
}

/** The registered fragment; throws when none was registered (a missing import). */
export function paidOrderSql(userExpr: string, typeExpr: string, itemExpr: string): string {
  if (!paidOrder) throw new Error('The orders module registered no paid-order SQL (registerPaidOrderSql)');
  return paidOrder(userExpr, typeExpr, itemExpr);
}
