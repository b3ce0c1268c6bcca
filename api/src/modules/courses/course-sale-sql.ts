/**
 * SQL: the courses on sale (published), with what a cart or checkout shows of them — for another
 * module's `join (${coursesOnSaleSql}) c on …` (PostgreSQL inlines it: the same plan as a join of
 * the table). Columns: id, title, price_cents, cover_image_url, member_only.
 */
export const coursesOnSaleSql = `select id, title, price_cents, cover_image_url, member_only from courses where published`;
