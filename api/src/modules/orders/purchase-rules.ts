import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { courseAccessRefusal, coursesMemberOnly } from '../courses';
import { openEnrollmentSql } from '../learning';
import { heldFromElsewhereSql } from '../resources';
import { type HasRoles, lockUserRow } from '../users';
import { orderLineKind } from './order-line-kinds';

/**
 * What may be bought and delivered, checked where money and access change: checkout start, the
 * buyer's confirm and fulfilment (confirm or webhook). Each of them first takes the buyer's lock
 * (`lockBuyer`), so two transactions about one buyer's orders never decide at the same time: the
 * second one sees what the first committed (its paid order, its entitlements).
 */

/**
 * Locks the buyer's `users` row until the transaction ends (FOR NO KEY UPDATE: other rows that
 * reference the user are not blocked) and returns the roles the course access rule reads.
 */
export async function lockBuyer(em: EntityManager, userId: string): Promise<HasRoles & { id: string }> {
  const row = await lockUserRow(em, userId);
  return { id: userId, role: row?.role ?? '', roles: row?.roles ?? [] };
}

/** `“Title” is included with a membership` (the course access rule's refusal naming the course). */
export function membershipMessage(title: string): string {
  return `“${title}” is included with a membership`;
}

/** Refuses the course lines the buyer may not have (member-only without a membership). */
export async function assertCoursesAllowed(
  em: EntityManager,
  buyer: HasRoles & { id: string },
  lines: { itemType: string; itemId: string }[],
): Promise<void> {
  const ids = lines.filter((l) => l.itemType === 'course').map((l) => l.itemId);
  if (!ids.length) return;
  for (const course of (await coursesMemberOnly(em, ids)).values()) {
    const refusal = await courseAccessRefusal(
      em,
      buyer,
      { memberOnly: course.member_only },
      { field: null, message: `${membershipMessage(course.title)}: remove it from your cart to check out` },
    );
    if (refusal) throw refusal;
  }
}

interface DeliveryRow {
  user_id: string;
  status: string;
  item_type: 'course' | 'resource' | 'booking';
  item_id: string;
  title: string;
  member_only: boolean | null;
  owned: boolean;
}

/**
 * Why an order awaiting payment cannot be delivered to its buyer, or null (also null when the
 * order is not awaiting payment: its fulfilment then changes nothing anyway). Takes the buyer's
 * lock first. Refused: an item the buyer already has (an active enrollment, an entitlement from
 * elsewhere) or already bought in another paid order — never paid for twice — and a member-only
 * course the buyer may not have (the course access rule of course-access.ts), and a booking that
 * was canceled or whose expired hold's time was taken meanwhile (the bookings module's handlers, order-line-kinds.ts).
 */
export async function deliveryRefusal(em: EntityManager, orderId: string): Promise<DomainError | null> {
  const [order] = await em.execute<{ user_id: string }[]>('select user_id from orders where id = ?', [
    orderId,
  ]);
  if (!order) return null;
  const buyer = await lockBuyer(em, order.user_id);
  const rows = await em.execute<Omit<DeliveryRow, 'member_only'>[]>(
    `select o.user_id, o.status, ol.item_type, ol.item_id, ol.title,
       case when ol.item_type = 'booking' then false
         when ol.item_type = 'course'
         then ${openEnrollmentSql('o.user_id', 'ol.item_id')}
         else ${heldFromElsewhereSql('o.user_id', 'ol.item_id', 'o.id')}
       end
       or exists (select 1 from orders po join order_lines pl on pl.order_id = po.id
         where po.user_id = o.user_id and po.status = 'paid' and po.id <> o.id
           and pl.item_type = ol.item_type and pl.item_id = ol.item_id) as owned
     from orders o join order_lines ol on ol.order_id = o.id
     where o.id = ? order by ol.position`,
    [orderId],
  );
  if (!rows.length || (rows[0].status !== 'pending' && rows[0].status !== 'failed')) return null;
  const courses = await coursesMemberOnly(
    em,
    rows.filter((r) => r.item_type === 'course').map((r) => r.item_id),
  );
  for (const line of rows) {
    const row: DeliveryRow = { ...line, member_only: courses.get(line.item_id)?.member_only ?? null };
    if (row.item_type === 'booking') {
      const refusal = await orderLineKind('booking').refusal(em, row.item_id);
      if (refusal) return refusal;
      continue;
    }
    if (row.owned) return new DomainError('ALREADY_OWNED', `You already own “${row.title}”`, 'orderId');
    if (row.item_type === 'course') {
      const refusal = await courseAccessRefusal(
        em,
        buyer,
        { memberOnly: !!row.member_only },
        { field: 'orderId', message: membershipMessage(row.title) },
      );
      if (refusal) return refusal;
    }
  }
  return null;
}
