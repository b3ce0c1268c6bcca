import Stripe from 'stripe';
import {
  type ConnectedAccountStatus,
  type PaymentEvent,
  type PaymentProvider,
  PaymentRefusedError,
  transferGroupOf,
  type PaymentSession,
  type PaymentStatus,
  type PayoutStatus,
  type ProviderPayout,
  type ProviderRefund,
  type TransferRequest,
} from './payment-provider';
import type { SubscriptionBilling } from './subscription-billing';
import { StripeSubscriptionBilling } from './stripe-subscription-billing';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
  /** `STRIPE_API_BASE` (e.g. `http://127.0.0.1:4242` for the fake Stripe of the tests). */
  apiBase?: string;
}

/** Stripe's client options for an API base URL: host, port and protocol. */
export function stripeHostOptions(
  apiBase: string | undefined,
): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** Stripe's PaymentIntent status reduced to DRX's. */
export function paymentStatusOf(status: Stripe.PaymentIntent.Status): PaymentStatus {
  switch (status) {
    case 'succeeded':
      return 'succeeded';
    case 'processing':
      return 'processing';
    case 'canceled':
      return 'canceled';
    default:
      // requires_payment_method (also after a declined card), requires_confirmation, requires_action,
      // requires_capture: the buyer still has to finish paying.
      return 'requires_payment';
  }
}

/**
 * A Stripe error that says the call was refused for good (4xx; not a rate limit, not an idempotency
 * conflict of a request still in flight) becomes a PaymentRefusedError; others are rethrown as they are.
 */
export function refusalOf(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  const status = error.statusCode ?? 0;
  if (status < 400 || status >= 500 || status === 409 || status === 429) return error;
  return new PaymentRefusedError(error.message, error.code ?? null);
}

/** Card payments through Stripe PaymentIntents (Elements on /checkout/stripe) and Connect Express. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string | null;
  /** Stripe Billing for memberships, on the same client. */
  readonly billing: SubscriptionBilling;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | null;

  constructor(options: StripeProviderOptions) {
    this.publishableKey = options.publishableKey;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      ...stripeHostOptions(options.apiBase),
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'DRX' },
    });
    this.billing = new StripeSubscriptionBilling(this.stripe);
  }

  /** Stripe takes payments. */
  assertAvailable(): void {}

  async createPayment(args: {
    amountCents: number;
    currency: 'usd';
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<PaymentSession> {
    const pi = await this.stripe.paymentIntents.create(
      {
        amount: args.amountCents,
        currency: args.currency,
        description: args.description,
        metadata: args.metadata,
        // Separate charges and transfers: the order's group, which its earnings' transfers use too.
        ...(args.metadata.orderId ? { transfer_group: transferGroupOf(args.metadata.orderId) } : {}),
        automatic_payment_methods: { enabled: true },
      },
      { idempotencyKey: args.idempotencyKey },
    );
    return { reference: pi.id, clientSecret: pi.client_secret, status: paymentStatusOf(pi.status) };
  }

  async retrievePayment(reference: string): Promise<{ status: PaymentStatus; amountCents: number }> {
    const pi = await this.stripe.paymentIntents.retrieve(reference);
    return { status: paymentStatusOf(pi.status), amountCents: pi.amount };
  }

  async cancelPayment(reference: string): Promise<void> {
    const pi = await this.stripe.paymentIntents.retrieve(reference);
    if (pi.status === 'succeeded' || pi.status === 'canceled' || pi.status === 'processing') return;
    await this.stripe.paymentIntents.cancel(reference, {}, { idempotencyKey: `cancel-${reference}` });
  }

  async refund(args: {
    reference: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ reference: string; status: 'succeeded' | 'pending' | 'failed' }> {
    const refund = await this.stripe.refunds.create(
      // Marked as DRX's: its `charge.refunded` echo is then told from a dashboard refund.
      { payment_intent: args.reference, amount: args.amountCents, metadata: { drx: 'true' } },
      { idempotencyKey: args.idempotencyKey },
    );
    const status =
      refund.status === 'succeeded'
        ? 'succeeded'
        : refund.status === 'failed' || refund.status === 'canceled'
          ? 'failed'
          : 'pending';
    return { reference: refund.id, status };
  }

  async refundsOf(reference: string): Promise<ProviderRefund[]> {
    const refunds = await this.stripe.refunds
      .list({ payment_intent: reference, limit: 100 })
      .autoPagingToArray({
        limit: 1000,
      });
    return refunds
      .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
      .map((r) => ({ id: r.id, amountCents: r.amount, byDrx: r.metadata?.drx === 'true' }));
  }

  async invoiceOfPayment(reference: string): Promise<string | null> {
    const payments = await this.stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: reference },
      limit: 1,
    });
    const invoice = payments.data[0]?.invoice;
    return typeof invoice === 'string' ? invoice : (invoice?.id ?? null);
  }

  async createConnectedAccount(args: {
    sellerId: string;
    email: string | null;
    idempotencyKey: string;
  }): Promise<{ accountId: string }> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        email: args.email ?? undefined,
        metadata: { sellerId: args.sellerId },
        capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
      },
      { idempotencyKey: args.idempotencyKey },
    );
    return { accountId: account.id };
  }

  async createAccountLink(args: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ url: string }> {
    const link = await this.stripe.accountLinks.create({
      account: args.accountId,
      refresh_url: args.refreshUrl,
      return_url: args.returnUrl,
      type: 'account_onboarding',
    });
    return { url: link.url };
  }

  async retrieveAccount(accountId: string): Promise<ConnectedAccountStatus> {
    const account = await this.stripe.accounts.retrieve(accountId);
    return {
      accountId: account.id,
      chargesEnabled: account.charges_enabled ?? false,
      payoutsEnabled: account.payouts_enabled ?? false,
      detailsSubmitted: account.details_submitted ?? false,
      requirementsDue: account.requirements?.currently_due ?? [],
      disabledReason: account.requirements?.disabled_reason ?? null,
    };
  }

  async createTransfer(
    args: TransferRequest,
  ): Promise<{ transferId: string; sourceTransaction: string | null }> {
    try {
      let sourceTransaction: string | null = null;
      if (args.paymentReference) {
        const pi = await this.stripe.paymentIntents.retrieve(args.paymentReference);
        const charge = pi.latest_charge;
        sourceTransaction = typeof charge === 'string' ? charge : (charge?.id ?? null);
        if (!sourceTransaction) {
          throw new PaymentRefusedError(
            `The payment ${args.paymentReference} has no charge to transfer from`,
          );
        }
      }
      const transfer = await this.stripe.transfers.create(
        {
          amount: args.amountCents,
          currency: 'usd',
          destination: args.accountId,
          transfer_group: args.transferGroup,
          ...(sourceTransaction ? { source_transaction: sourceTransaction } : {}),
          metadata: args.metadata,
        },
        { idempotencyKey: args.idempotencyKey },
      );
      return { transferId: transfer.id, sourceTransaction };
    } catch (error) {
      throw refusalOf(error);
    }
  }

  async reverseTransfer(args: {
    transferId: string;
    amountCents: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ reversalId: string }> {
    try {
      const reversal = await this.stripe.transfers.createReversal(
        args.transferId,
        { amount: args.amountCents, metadata: args.metadata },
        { idempotencyKey: args.idempotencyKey },
      );
      return { reversalId: reversal.id };
    } catch (error) {
      throw refusalOf(error);
    }
  }

  async retrievePayout(args: { accountId: string; payoutId: string }): Promise<ProviderPayout> {
    const options = { stripeAccount: args.accountId };
    const payout = await this.stripe.payouts.retrieve(args.payoutId, {}, options);
    // An automatic payout's balance transactions are what it paid out; a transfer arrives on the
    // connected account as a payment (py_…) whose `source_transfer` is DRX's transfer.
    const transactions = await this.stripe.balanceTransactions
      .list({ payout: args.payoutId, limit: 100, expand: ['data.source'] }, options)
      .autoPagingToArray({ limit: 10_000 });
    const transferIds = transactions.flatMap((txn) => {
      const source = txn.source as { source_transfer?: string | { id: string } | null } | string | null;
      if (!source || typeof source === 'string') return [];
      const transfer = source.source_transfer;
      const id = typeof transfer === 'string' ? transfer : transfer?.id;
      return id ? [id] : [];
    });
    return {
      id: payout.id,
      accountId: args.accountId,
      amountCents: payout.amount,
      status: payout.status as PayoutStatus,
      arrivalDate: payout.arrival_date ? new Date(payout.arrival_date * 1000) : null,
      failureMessage: payout.failure_message ?? null,
      transferIds,
    };
  }

  verifyWebhook(rawBody: Buffer, signature: string): PaymentEvent {
    if (!this.webhookSecret) throw new Error('STRIPE_WEBHOOK_SECRET is not set');
    const event = this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    return {
      id: event.id,
      type: event.type,
      created: new Date(event.created * 1000),
      account: event.account ?? null,
      object: event.data.object as unknown as Record<string, unknown>,
    };
  }
}
