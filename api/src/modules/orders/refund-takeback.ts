import type { EntityManager } from '@mikro-orm/postgresql';
import { orderLineKind } from './order-line-kinds';
import { revokeCertificatesForRefund } from '../certificates';
import { CouponsService } from '../coupons';
import { reverseSaleEarnings } from '../sellers';
import { emitOrderEvent } from './order-webhook-events';
import { storeCourseGrantSql } from './store-course-grants-hook';
import { lockEnrollments, revokePurchasedAccessSql } from '../learning';
import { deleteOrderLineEntitlements } from '../resources';

/**
 * The DRX refund path: what a refund takes back, inside the refund's transaction, once the order
 * (and the lines taken back: `order_lines.refunded_at`, or `suspended_at` for an open dispute) has
 * been moved by its conditional UPDATE. The staff refund (orders.service.ts) and the provider's
 * refunds and disputes (provider-refunds.ts) all come here; each step is idempotent, so taking back
 * a line twice changes nothing the second time.
 */

const placeholders = (values: readonly unknown[]) => values.map(() => '?').join(', ');

/** SQL over an enrollment `e`: a live line (of a paid order, or one refunded in part; the line neither refunded nor suspended) still gives its course. */
const LIVE_COURSE_LINE = `exists (
  select 1 from order_lines ol join orders o on o.id = ol.order_id
  where o.user_id = e.user_id and o.status in ('paid', 'refunded')
    and ol.refunded_at is null and ol.suspended_at is null
    and ol.item_type = 'course' and ol.item_id = e.course_id)`;

/**
 * A refund of the whole order: every line taken back (below), the sellers' and instructor's
 * earnings reversed, the coupon use given back, a booking order's booking canceled by an admin with
 * its seat given back, and `order.refunded` reported to webhook endpoints.
 */
export async function takeBackWholeOrder(
  em: EntityManager,
  order: { id: string; user_id: string; kind: string },
  reason: string,
): Promise<void> {
  const lines = await em.execute<{ id: string }[]>(`select id from order_lines where order_id = ?`, [
    order.id,
  ]);
  await takeBackLines(
    em,
    order.id,
    order.user_id,
    lines.map((l) => l.id),
  );
  await reverseSaleEarnings(em, order.id);
  await new CouponsService(em).release(em, order.id);
  // A booking order's booking is canceled (by an admin, all refunded) and its seat given back.
  if (order.kind === 'booking') await orderLineKind('booking').cancelOfRefundedOrder(em, order.id, reason);
  await emitOrderEvent(em, 'order.refunded', order.id);
}

/**
 * Takes back what some lines of an order gave (a partial refund, a dispute, or all of them):
 * - the entitlements of those lines are deleted — the buyer's and the licences given to colleagues
 *   (their downloads end at once; the lines' given count goes back to 0); rows of the buyer's other
 *   lines and orders stay;
 * - the course enrollments they gave keep their progress but get `access_revoked_at` (the learning
 *   module's access checks treat that as not enrolled) unless a line still live — of a paid order,
 *   or of one refunded in part, not itself refunded or suspended — or a granted store order line
 *   (shop/store-entitlements.ts) still gives the course. The enrollment rows are locked first and
 *   the lines read in the next statement: two refunds of one course meet on that lock, and the
 *   second sees the first's. Buying the course again restores access;
 * - the certificates of the courses whose access ended are revoked ('refunded');
 * - the earnings of those lines are reversed (the whole order's by `takeBackWholeOrder`).
 * The lines must already be stamped (`refunded_at` or `suspended_at`) by the caller.
 */
export async function takeBackLines(
  em: EntityManager,
  orderId: string,
  userId: string,
  lineIds: readonly string[],
): Promise<void> {
  if (!lineIds.length) return;
  const inLines = `(${placeholders(lineIds)})`;
  await deleteOrderLineEntitlements(em, lineIds);
  await em.execute(
    `update order_lines set licences_given = 0 where id in ${inLines} and licences_given > 0`,
    [...lineIds],
  );
  const courses = await em.execute<{ item_id: string }[]>(
    `select distinct item_id from order_lines where id in ${inLines} and item_type = 'course'`,
    [...lineIds],
  );
  const courseIds = courses.map((c) => c.item_id);
  if (courseIds.length) {
    await lockEnrollments(em, userId, courseIds);
    // One statement (learning's): access stays while a live line or a granted store line gives the course.
    await em.execute(revokePurchasedAccessSql(courseIds.length, [LIVE_COURSE_LINE, storeCourseGrantSql()]), [
      userId,
      ...courseIds,
    ]);
    // Certificates of the courses whose access this took away are revoked ('refunded').
    await revokeCertificatesForRefund(em, userId, courseIds);
  }
  await reverseSaleEarnings(em, orderId, lineIds);
}
