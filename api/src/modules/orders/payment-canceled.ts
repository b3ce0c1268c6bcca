import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentEvent } from '../payments';
import { orderLineKind } from './order-line-kinds';
import { log } from '../../observability/logger';
import { cancelUnpaid } from './open-checkout';
import { claimEvent } from './claim-event';

/**
 * Stripe's `payment_intent.canceled` (issue 33): a canceled PaymentIntent can never be paid, so the
 * unpaid order it belongs to — found by its payment reference only — is canceled (coupon use given
 * back) and a booking order's held time is freed at once rather than when its 10-minute hold runs
 * out. One transaction claims the event id (a repeated delivery does nothing) and makes both
 * changes; `cancelUnpaid`'s conditional UPDATE leaves a paid, refunded or canceled order alone.
 * Returns 'failed' when it canceled the order (the payment will not happen), as payment-events.ts
 * reports outcomes.
 */
export async function applyPaymentCanceled(
  em: EntityManager,
  event: PaymentEvent,
): Promise<'failed' | 'duplicate' | 'ignored' | 'unchanged'> {
  const reference = typeof event.object.id === 'string' ? event.object.id : null;
  if (!reference) return 'ignored';
  return em.transactional(async (tem) => {
    const [order] = await tem.execute<{ id: string; kind: string }[]>(
      `select id, kind from orders where payment_reference = ? and payment_provider = 'stripe'`,
      [reference],
    );
    if (!(await claimEvent(tem, event, order?.id ?? null))) return 'duplicate';
    if (!order) {
      log().warn(`[payments] ${event.type} ${event.id}: no order for ${reference}`);
      return 'ignored';
    }
    if (!(await cancelUnpaid(tem, order.id))) return 'unchanged';
    if (order.kind === 'booking') await orderLineKind('booking').releaseHolds(tem, order.id);
    return 'failed';
  });
}
