/**
 * A scalar subquery: the resource discount percent the membership of the account `userExpr` gives
 * now (the `membership_benefits` rule), null without one. For the cart's one-statement poll; the
 * argument is the caller's column expression or `?`, never input.
 */
export const memberResourceDiscountSql = (userExpr: string) =>
  `(select b.resource_discount_percent from membership_benefits b where b.user_id = ${userExpr} limit 1)`;
