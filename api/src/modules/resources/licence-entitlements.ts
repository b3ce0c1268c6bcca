import type { EntityManager } from '@mikro-orm/postgresql';
import { userIdByUsernameSql } from '../users';

/**
 * The entitlements of licences (source `licence`: a buyer's line gave a colleague the resource);
 * resources owns `entitlements`, the licences module asks here.
 */

/**
 * Gives the colleague the resource of an order line as a licence, in the caller's transaction: one
 * access per colleague and resource (not their own resource; not when they hold it already; once
 * per line). False when nothing was given.
 */
export async function giveLicenceEntitlement(
  em: EntityManager,
  licence: { id: string; userId: string; orderId: string; orderLineId: string; resourceId: string },
): Promise<boolean> {
  const given = await em.execute(
    `insert into entitlements (id, user_id, resource_id, source, order_id, order_line_id, created_at)
     select ?, ?, r.id, 'licence', ?, ?, clock_timestamp() from resources r
     where r.id = ? and r.seller_id <> ?
       and not exists (select 1 from entitlements e where e.user_id = ? and e.resource_id = r.id)
     on conflict (user_id, order_line_id) where order_line_id is not null do nothing
     returning id`,
    [
      licence.id,
      licence.userId,
      licence.orderId,
      licence.orderLineId,
      licence.resourceId,
      licence.userId,
      licence.userId,
    ],
  );
  return given.length > 0;
}

/**
 * A statement deleting the licence a line gave to the account with a username, returning its
 * `order_line_id` (for a `with taken as (…)` that counts it back). Params: line id, username.
 */
export const deleteLicenceSql = `delete from entitlements e
  where e.order_line_id = ? and e.source = 'licence' and e.user_id in (${userIdByUsernameSql})
  returning e.order_line_id`;

/** The licences the given lines gave, oldest first: line, holder and when. */
export async function licenceEntitlements(
  em: EntityManager,
  orderLineIds: readonly string[],
): Promise<{ order_line_id: string; user_id: string; created_at: Date }[]> {
  if (!orderLineIds.length) return [];
  return em.execute<{ order_line_id: string; user_id: string; created_at: Date }[]>(
    `select e.order_line_id, e.user_id, e.created_at from entitlements e
     where e.source = 'licence' and e.order_line_id in (${orderLineIds.map(() => '?').join(', ')})
     order by e.created_at, e.id`,
    [...orderLineIds],
  );
}

/** Whether the person holds the resource (any entitlement) or sells it. */
export async function holdsOrSellsResource(
  em: EntityManager,
  userId: string,
  resourceId: string,
): Promise<boolean> {
  const [row] = await em.execute<{ has: boolean }[]>(
    `select exists (select 1 from entitlements where user_id = ? and resource_id = ?)
       or exists (select 1 from resources where id = ? and seller_id = ?) as has`,
    [userId, resourceId, resourceId, userId],
  );
  return Boolean(row?.has);
}
