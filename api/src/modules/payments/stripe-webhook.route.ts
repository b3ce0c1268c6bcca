import type { RequestHandler } from 'express';
import type { ContextFactory } from '../../graphql/context';
import { applySubscriptionEvent, isSubscriptionEvent } from '../memberships';
import { applyPaymentEvent } from '../orders';
import { applyConnectEvent, isConnectEvent } from '../sellers';
import { log } from '../../observability/logger';

/**
 * POST /api/webhooks/stripe, mounted before the JSON parser and the CSRF check with
 * `express.raw({ type: '*\/*' })`: the signature is computed over the exact bytes Stripe sent.
 * 400 on a missing or bad signature; 200 once the event is applied (or known); 500 lets Stripe retry.
 * Membership events (subscription-mode checkout, customer.subscription.*, invoice.paid/payment_failed)
 * go to the memberships; the others to the orders (payments: payment_intent.*, checkout.session.completed;
 * refunds and chargebacks made on Stripe's side: charge.refunded, charge.dispute.created/closed —
 * orders/provider-refunds.ts); Connect events about connected accounts (account.updated, payout.*)
 * to the sellers (sellers/connect-events.ts).
 */
export function stripeWebhookRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res) => {
    const { em, payments } = await createContext(req, res);
    if (payments.name !== 'stripe') {
      res.status(404).json({ message: 'Stripe is not configured' });
      return;
    }
    const signature = req.get('stripe-signature');
    if (!signature || !Buffer.isBuffer(req.body)) {
      res.status(400).json({ message: 'Missing Stripe signature' });
      return;
    }
    let event;
    try {
      event = payments.verifyWebhook(req.body, signature);
    } catch {
      res.status(400).json({ message: 'Invalid Stripe signature' });
      return;
    }
    try {
      const outcome = isSubscriptionEvent(event)
        ? await applySubscriptionEvent(em, event, payments)
        : isConnectEvent(event)
          ? await applyConnectEvent(em, event, payments)
          : await applyPaymentEvent(em, event, payments);
      res.json({ received: true, outcome });
    } catch (error) {
      log().error({ err: error }, `[payments] webhook ${event.id} (${event.type}) failed`);
      res.status(500).json({ message: 'Webhook processing failed' });
    }
  };
}
