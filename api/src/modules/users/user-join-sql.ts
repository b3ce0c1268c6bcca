/**
 * Accounts for other modules' statements that join them to their own rows in one round trip
 * (assignments' learners and commenters, videos' staff check). The table name stays here.
 */

/** Every account's public name (first name, trimmed, else username) and time zone: rows (id, display_name, time_zone). */
export const userDisplayNamesSql = `select id, coalesce(nullif(btrim(first_name), ''), username) as display_name, time_zone
  from users`;

/**
 * SQL: whether account `userExpr` is live (not deleted) and holds one of the roles `rolesExpr` (a
 * `text[]`). The caller passes its column expressions or `?` placeholders.
 */
export const liveUserHasRoleSql = (userExpr: string, rolesExpr: string): string =>
  `exists (select 1 from users u where u.id = ${userExpr} and u.deleted_at is null and u.roles && ${rolesExpr})`;

/**
 * Every account's names, email and picture, for a module that lists its own rows with their
 * person's (instructors' directory and admin list: search and page): rows (id, first_name,
 * last_name, username, email, profile_image_url).
 */
export const userProfilesSql = `select id, first_name, last_name, username, email, profile_image_url from users`;
