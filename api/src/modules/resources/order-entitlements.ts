import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';

/**
 * The entitlements an order gives and takes back (resources owns `entitlements` and `resources`;
 * the orders module asks here, inside its checkout, fulfilment and refund transactions).
 */

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** The seller of each given resource, by id (an unknown id is left out). */
export async function resourceSellers(
  em: EntityManager,
  resourceIds: readonly string[],
): Promise<Map<string, string>> {
  if (!resourceIds.length) return new Map();
  const rows = await em.execute<{ id: string; seller_id: string }[]>(
    `select id, seller_id from resources where id in (${placeholders(resourceIds)})`,
    [...resourceIds],
  );
  return new Map(rows.map((r) => [r.id, r.seller_id]));
}

/**
 * Gives the buyer the resource of a paid order line (source `order`), once per line: a repeated
 * fulfilment changes nothing; an unknown resource gives nothing.
 */
export async function grantOrderEntitlement(
  em: EntityManager,
  grant: { userId: string; orderId: string; orderLineId: string; resourceId: string; at: Date },
): Promise<void> {
  await em.execute(
    `insert into entitlements (id, user_id, resource_id, source, order_id, order_line_id, created_at)
     select ?, ?, r.id, 'order', ?, ?, ? from resources r where r.id = ?
     on conflict (user_id, order_line_id) where order_line_id is not null do nothing`,
    [randomUUID(), grant.userId, grant.orderId, grant.orderLineId, grant.at, grant.resourceId],
  );
}

/** Which of the (user, resource) pairs hold an entitlement, as `user|resource` keys. */
export async function heldResourcePairs(
  em: EntityManager,
  pairs: readonly (readonly [string, string])[],
): Promise<Set<string>> {
  if (!pairs.length) return new Set();
  const rows = await em.execute<{ user_id: string; resource_id: string }[]>(
    `select user_id, resource_id from entitlements
     where (user_id, resource_id) in (${pairs.map(() => '(?::uuid, ?::uuid)').join(', ')})`,
    pairs.flat(),
  );
  return new Set(rows.map((r) => `${r.user_id}|${r.resource_id}`));
}

/**
 * SQL: whether user `userExpr` holds resource `resourceExpr` by an entitlement that order
 * `orderExpr` did not give (for the orders module's delivery check: an item had from elsewhere).
 */
export const heldFromElsewhereSql = (userExpr: string, resourceExpr: string, orderExpr: string): string =>
  `exists (select 1 from entitlements en where en.user_id = ${userExpr} and en.resource_id = ${resourceExpr}
    and en.order_id is distinct from ${orderExpr})`;

/** An entitlement row as it was (kept while a dispute suspends it, given back as it was). */
export interface EntitlementRow {
  id: string;
  user_id: string;
  resource_id: string;
  source: string;
  order_id: string | null;
  order_line_id: string | null;
  created_at: Date;
}

/** The entitlements the given order lines gave (the buyer's, source `order`, and the licences given). */
export async function orderLineEntitlements(
  em: EntityManager,
  orderLineIds: readonly string[],
): Promise<EntitlementRow[]> {
  if (!orderLineIds.length) return [];
  return em.execute<EntitlementRow[]>(
    `select id, user_id, resource_id, source, order_id, order_line_id, created_at from entitlements
     where order_line_id in (${placeholders(orderLineIds)}) and source in ('order', 'licence')`,
    [...orderLineIds],
  );
}

/** Deletes the entitlements the given order lines gave (the buyer's and the licences given): their downloads end at once. */
export async function deleteOrderLineEntitlements(
  em: EntityManager,
  orderLineIds: readonly string[],
): Promise<void> {
  if (!orderLineIds.length) return;
  await em.execute(
    `delete from entitlements where order_line_id in (${placeholders(orderLineIds)}) and source in ('order', 'licence')`,
    [...orderLineIds],
  );
}

/** Gives back entitlements as they were (a dispute won); one already there again is left as it is. */
export async function restoreEntitlements(em: EntityManager, rows: readonly EntitlementRow[]): Promise<void> {
  if (!rows.length) return;
  await em.execute(
    `insert into entitlements (id, user_id, resource_id, source, order_id, order_line_id, created_at)
     values ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}
     on conflict do nothing`,
    rows.flatMap((r) => [
      r.id,
      r.user_id,
      r.resource_id,
      r.source,
      r.order_id,
      r.order_line_id,
      r.created_at,
    ]),
  );
}

/** SQL: how many licences order line `lineExpr` has given (its licence entitlements), for `licences_given`. */
export const licencesGivenSql = (lineExpr: string): string =>
  `(select count(*) from entitlements e where e.order_line_id = ${lineExpr} and e.source = 'licence')`;
