import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import type { PaymentProvider } from '../payments';
import { TestPaymentProvider } from '../payments';
import { ORDER_NOT_FOUND } from './checkout.service';
import { applyProviderRefundEvent } from './provider-refunds';

export type TestDashboardAction = 'REFUND' | 'DISPUTE_OPEN' | 'DISPUTE_WON' | 'DISPUTE_LOST';

/**
 * The test provider's stand-in for Stripe's dashboard (test payments outside production only; the
 * `orderTestDashboard` mutation, for staff): a refund made outside DRX or a chargeback of a test
 * order. The test provider makes the event Stripe would send (`charge.refunded`,
 * `charge.dispute.created` / `closed`) and it is applied exactly as a Stripe webhook is
 * (provider-refunds.ts), once per event id. Returns the outcome.
 */
export async function applyTestDashboard(
  em: EntityManager,
  payments: PaymentProvider,
  production: boolean,
  input: { orderId: string; action: TestDashboardAction; amountCents?: number | null },
): Promise<string> {
  if (production || !(payments instanceof TestPaymentProvider)) {
    throw new DomainError(
      'FORBIDDEN',
      'The test dashboard exists only with test payments, outside production',
    );
  }
  const [order] = isUuid(input.orderId)
    ? await em.execute<
        {
          payment_reference: string | null;
          payment_provider: string;
          total_cents: string;
          refunded_cents: string;
          status: string;
        }[]
      >(
        `select payment_reference, payment_provider, total_cents, refunded_cents, status from orders where id = ?`,
        [input.orderId],
      )
    : [];
  if (!order) throw new DomainError('NOT_FOUND', ORDER_NOT_FOUND, 'orderId');
  if (order.payment_provider !== 'test' || !order.payment_reference || order.status === 'pending') {
    throw new DomainError(
      'CONFLICT',
      'Only an order paid with the test provider has a test payment',
      'orderId',
    );
  }
  const total = Number(order.total_cents);
  const left = total - Number(order.refunded_cents);
  let event;
  if (input.action === 'REFUND') {
    const amount = input.amountCents ?? left;
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      throw new DomainError(
        'INVALID_INPUT',
        left > 0 ? `Refund between 1 and ${left} cents` : 'Nothing is left to refund',
        'amountCents',
      );
    }
    event = payments.dashboardRefund({
      reference: order.payment_reference,
      amountCents: amount,
      totalCents: total,
    });
  } else {
    event = payments.disputeEvent({
      reference: order.payment_reference,
      amountCents: left,
      status:
        input.action === 'DISPUTE_OPEN' ? 'needs_response' : input.action === 'DISPUTE_WON' ? 'won' : 'lost',
    });
  }
  return applyProviderRefundEvent(em, event, payments);
}
