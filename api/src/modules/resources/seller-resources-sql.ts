/**
 * A seller's resources for the sellers module's statements (the dashboard's figures, the admin's
 * seller list, the earnings ledger), joined to its own rows in one round trip: PostgreSQL inlines
 * the subqueries. The table name stays here.
 */

/**
 * Every resource with what a seller's figures show: rows (id, seller_id, title, status, price_cents,
 * download_count, rating_average, rating_count).
 */
export const sellerResourcesSql = `select id, seller_id, title, status, price_cents, download_count, rating_average,
    rating_count from resources`;

/** SQL: the id of resource `idExpr` (a column expression or `?`), null when there is no such resource. */
export const resourceIdOrNullSql = (idExpr: string): string =>
  `(select id from resources where id = ${idExpr})`;
