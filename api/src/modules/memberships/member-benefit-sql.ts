/**
 * What the membership of the account `userExpr` gives now (the `membership_benefits` rule), as
 * pieces of other modules' statements: the cart's one-statement poll, the shop's take-back of a
 * store course. The argument is the caller's column expression or `?`, never input.
 */

/** A scalar subquery: the resource discount percent, null without a membership. */
export const memberResourceDiscountSql = (userExpr: string) =>
  `(select b.resource_discount_percent from membership_benefits b where b.user_id = ${userExpr} limit 1)`;

/** Whether the membership opens member-only courses now, as an `exists`. */
export const memberCoursesSql = (userExpr: string) =>
  `exists (select 1 from membership_benefits b where b.user_id = ${userExpr} and b.member_only_courses)`;
