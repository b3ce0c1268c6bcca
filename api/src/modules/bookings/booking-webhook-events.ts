import type { EntityManager } from '@mikro-orm/postgresql';
import { emitWebhookEvent, payloadCents, payloadTime } from '../webhooks';

// The bookings module’s webhook events (their payloads' shape: docs/api.md, Webhooks),
// queued by the webhooks module. Each is called inside the transaction of the change it reports
// and reads what it sends there (only when an endpoint listens).

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
      startsAt: payloadTime(b.starts_at),
      endsAt: payloadTime(b.ends_at),
      timeZone: b.time_zone,
      priceCents: payloadCents(b.price_cents),
      refundedCents: payloadCents(b.refunded_cents),
      feeCents: payloadCents(b.fee_cents),
      currency: 'USD',
      orderId: b.order_id,
      canceledBy: b.canceled_by,
      cancelReason: b.cancel_reason,
      canceledAt: payloadTime(b.canceled_at),
    };
  });
}
