/**
 * SQL over an enrollment `e`: a granted store order line (store-entitlements.ts) still gives its
 * course. Registered with the orders module (`registerStoreCourseGrantSql`, module.ts), whose
 * refunds keep such a course's access.
 */
export const GRANTED_STORE_COURSE_SQL = `exists (
  select 1 from store_entitlement_grants g
  where g.user_id = e.user_id and g.item_type = 'course' and g.item_id = e.course_id and g.status = 'granted')`;
