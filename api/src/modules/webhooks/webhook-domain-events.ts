import type { EntityManager } from '@mikro-orm/postgresql';
import { emitWebhookEvent } from './webhook-emit';

/**
 * The events of the app's modules, with their payloads' `data`: small and stable (ids, amounts in
 * whole cents with their currency, ISO-8601 UTC times). Each is called by its module inside the
 * transaction of the change it reports; each reads what it sends in that transaction (only when an
 * endpoint listens). The shapes are documented in docs/api.md (Webhooks); add fields, never rename.
 */

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
const cents = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** `order.paid` (fulfilment) or `order.refunded` (a refund, full or part, automatic or by staff). */
export function emitOrderEvent(em: EntityManager, type: 'order.paid' | 'order.refunded', orderId: string) {
  return emitWebhookEvent(em, type, `order:${orderId}`, async () => {
    const [order] = await em.execute(
      `select id, number, user_id, kind, status, currency, subtotal_cents, member_discount_cents, discount_cents,
         total_cents, refunded_cents, payment_provider, coupon_code, paid_at, refunded_at, refund_reason, created_at
       from orders where id = ?`,
      [orderId],
    );
    if (!order) return null;
    const lines = await em.execute(
      `select id, item_type, item_id, title, unit_price_cents, quantity, line_total_cents, discount_cents, seller_id
       from order_lines where order_id = ? order by position`,
      [orderId],
    );
    return {
      id: order.id,
      number: order.number,
      userId: order.user_id,
      kind: order.kind,
      status: order.status,
      currency: String(order.currency).toUpperCase(),
      subtotalCents: cents(order.subtotal_cents),
      memberDiscountCents: cents(order.member_discount_cents),
      discountCents: cents(order.discount_cents),
      totalCents: cents(order.total_cents),
      refundedCents: cents(order.refunded_cents),
      paymentProvider: order.payment_provider,
      couponCode: order.coupon_code,
      createdAt: iso(order.created_at),
      paidAt: iso(order.paid_at),
      refundedAt: iso(order.refunded_at),
      refundReason: order.refund_reason,
      lines: lines.map((l: Record<string, any>) => ({
        id: l.id,
        itemType: l.item_type,
        itemId: l.item_id,
        title: l.title,
        unitPriceCents: cents(l.unit_price_cents),
        quantity: l.quantity,
        lineTotalCents: cents(l.line_total_cents),
        discountCents: cents(l.discount_cents),
        sellerId: l.seller_id,
      })),
    };
  });
}

/** `enrollment.created` / `enrollment.completed` of (user, course). */
export function emitEnrollmentEvent(
  em: EntityManager,
  type: 'enrollment.created' | 'enrollment.completed',
  enrollment: { userId: string; courseId: string },
) {
  return emitEnrollmentRow(em, type, `user_id = ? and course_id = ?`, [
    enrollment.userId,
    enrollment.courseId,
  ]);
}

async function emitEnrollmentRow(
  em: EntityManager,
  type: 'enrollment.created' | 'enrollment.completed',
  where: string,
  params: unknown[],
) {
  const [row] = await em.execute<{ id: string }[]>(`select id from enrollments where ${where}`, params);
  if (!row) return 0;
  return emitWebhookEvent(em, type, `enrollment:${row.id}`, async () => {
    const [e] = await em.execute(
      `select e.id, e.user_id, e.course_id, c.title as course_title, e.source, e.created_at, e.completed_at
       from enrollments e join courses c on c.id = e.course_id where e.id = ?`,
      [row.id],
    );
    return {
      id: e.id,
      userId: e.user_id,
      courseId: e.course_id,
      courseTitle: e.course_title,
      source: e.source,
      createdAt: iso(e.created_at),
      completedAt: iso(e.completed_at),
    };
  });
}

/** `certificate.issued` (on completion, by hand, or a reissue replacing `replacesId`). */
export function emitCertificateIssued(em: EntityManager, certificateId: string) {
  return emitWebhookEvent(em, 'certificate.issued', `certificate:${certificateId}`, async () => {
    const [c] = await em.execute(
      `select c.id, c.number, c.user_id, c.course_id, c.course_title, c.holder_name, c.issued_at,
         (select o.id from certificates o where o.replaced_by_id = c.id limit 1) as replaces_id
       from certificates c where c.id = ?`,
      [certificateId],
    );
    if (!c) return null;
    return {
      id: c.id,
      number: c.number,
      userId: c.user_id,
      courseId: c.course_id,
      courseTitle: c.course_title,
      holderName: c.holder_name,
      issuedAt: iso(c.issued_at),
      replacesId: c.replaces_id,
    };
  });
}

/** `resource.published` (its seller published it, or staff approved it). */
export function emitResourcePublished(em: EntityManager, resourceId: string) {
  return emitWebhookEvent(em, 'resource.published', `resource:${resourceId}`, async () => {
    const [r] = await em.execute(
      `select id, title, seller_id, price_cents, type from resources where id = ?`,
      [resourceId],
    );
    if (!r) return null;
    return {
      id: r.id,
      title: r.title,
      sellerId: r.seller_id,
      type: r.type,
      priceCents: cents(r.price_cents),
      currency: 'USD',
      publishedAt: new Date().toISOString(),
    };
  });
}

/** `booking.created` / `booking.cancelled`. */
export function emitBookingEvent(
  em: EntityManager,
  type: 'booking.created' | 'booking.cancelled',
  bookingId: string,
) {
  return emitWebhookEvent(em, type, `booking:${bookingId}`, async () => {
    const [b] = await em.execute(
      `select id, instructor_id, client_id, session_type_id, kind, title, status, starts_at, ends_at, time_zone,
         price_cents, refunded_cents, fee_cents, order_id, canceled_by, cancel_reason, canceled_at
       from bookings where id = ?`,
      [bookingId],
    );
    if (!b) return null;
    return {
      id: b.id,
      instructorId: b.instructor_id,
      clientId: b.client_id,
      sessionTypeId: b.session_type_id,
      kind: b.kind,
      title: b.title,
      status: b.status,
      startsAt: iso(b.starts_at),
      endsAt: iso(b.ends_at),
      timeZone: b.time_zone,
      priceCents: cents(b.price_cents),
      refundedCents: cents(b.refunded_cents),
      feeCents: cents(b.fee_cents),
      currency: 'USD',
      orderId: b.order_id,
      canceledBy: b.canceled_by,
      cancelReason: b.cancel_reason,
      canceledAt: iso(b.canceled_at),
    };
  });
}

/** `subscription.updated`: any change of a membership subscription; `change` names it. */
export function emitSubscriptionUpdated(em: EntityManager, subscriptionId: string, change: string) {
  return emitWebhookEvent(em, 'subscription.updated', `subscription:${subscriptionId}`, async () => {
    const [s] = await em.execute(
      `select s.id, s.user_id, s.plan_id, p.name as plan_name, s.interval, s.price_cents, s.provider, s.status,
         s.current_period_start, s.current_period_end, s.trial_end, s.cancel_at_period_end, s.ended_at
       from subscriptions s join subscription_plans p on p.id = s.plan_id where s.id = ?`,
      [subscriptionId],
    );
    if (!s) return null;
    return {
      id: s.id,
      change,
      userId: s.user_id,
      planId: s.plan_id,
      planName: s.plan_name,
      interval: s.interval,
      priceCents: cents(s.price_cents),
      currency: 'USD',
      provider: s.provider,
      status: s.status,
      currentPeriodStart: iso(s.current_period_start),
      currentPeriodEnd: iso(s.current_period_end),
      trialEnd: iso(s.trial_end),
      cancelAtPeriodEnd: s.cancel_at_period_end,
      endedAt: iso(s.ended_at),
    };
  });
}
