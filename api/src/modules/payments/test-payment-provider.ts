import { randomUUID } from 'node:crypto';
import type {
  ConnectedAccountStatus,
  PaymentProvider,
  PaymentSession,
  PaymentStatus,
} from './payment-provider';

/**
 * The labelled test provider used when no STRIPE_SECRET_KEY is set (as Vendure's dummy payment
 * handler): payments succeed when the checkout confirms them, refunds succeed, and Connect
 * onboarding is complete at once so the demo's seller payments work. No money moves.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;
  readonly billing = null;
  private readonly payments = new Map<string, { status: PaymentStatus; amountCents: number }>();

  /** The test provider "takes" every payment (no money moves). */
  assertAvailable(): void {}

  async createPayment(args: { amountCents: number }): Promise<PaymentSession> {
    const reference = `test_pi_${randomUUID().replace(/-/g, '')}`;
    this.payments.set(reference, { status: 'requires_payment', amountCents: args.amountCents });
    return { reference, clientSecret: null, status: 'requires_payment' };
  }

  /** The test provider has no card form: the checkout's confirm call is the payment. */
  async retrievePayment(reference: string): Promise<{ status: PaymentStatus; amountCents: number }> {
    const payment = this.payments.get(reference);
    // Payments outlive a restart only in the database; an unknown test reference counts as paid
    // when confirmed (the order, not this map, is the record).
    return payment ?? { status: 'succeeded', amountCents: 0 };
  }

  async cancelPayment(reference: string): Promise<void> {
    const payment = this.payments.get(reference);
    if (payment) payment.status = 'canceled';
  }

  async refund(args: { reference: string }): Promise<{ reference: string; status: 'succeeded' }> {
    return { reference: `test_re_${args.reference.slice(8, 24)}_${Date.now()}`, status: 'succeeded' };
  }

  async createConnectedAccount(args: { sellerId: string }): Promise<{ accountId: string }> {
    return { accountId: `acct_test_${args.sellerId.replace(/-/g, '').slice(0, 16)}` };
  }

  async createAccountLink(args: { returnUrl: string }): Promise<{ url: string }> {
    return { url: args.returnUrl };
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccountStatus> {
    return {
      accountId,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirementsDue: [],
    };
  }

  verifyWebhook(): never {
    throw new Error('The test payment provider receives no webhooks');
  }

  /** Marks a test payment as paid (the checkout's confirm step). */
  markSucceeded(reference: string): void {
    const payment = this.payments.get(reference);
    if (payment) payment.status = 'succeeded';
  }
}
