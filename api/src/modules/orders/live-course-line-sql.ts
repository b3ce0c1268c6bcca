/**
 * Whether the account `userExpr` has a DRX order line that still gives the course `courseExpr`
 * (as refund-takeback.ts counts it): its order paid or refunded only in part, the line itself
 * neither refunded (a full refund, a lost dispute, a partial refund covering it) nor suspended by an
 * open dispute. An `exists`, for the shop's take-back of a store course; the arguments are the
 * caller's column expressions.
 */
export const liveCourseLineSql = (userExpr: string, courseExpr: string) =>
  `exists (
         select 1 from order_lines ol join orders o on o.id = ol.order_id
         where o.user_id = ${userExpr} and o.status in ('paid', 'refunded') and ol.refunded_at is null
           and ol.suspended_at is null and ol.item_type = 'course' and ol.item_id = ${courseExpr})`;
