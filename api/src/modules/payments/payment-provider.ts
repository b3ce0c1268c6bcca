import type { SubscriptionBilling } from './subscription-billing';

/**
 * How DRX takes card payments and pays sellers. `StripePaymentProvider` (stripe-payment-provider.ts)
 * is used when STRIPE_SECRET_KEY is set; otherwise `TestPaymentProvider`, clearly labelled in the
 * UI, so the demo works without keys — in production only with PAYMENTS_TEST_MODE=true, else
 * `UnconfiguredPaymentProvider`, which refuses. Amounts are whole US cents.
 */
export type PaymentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface PaymentSession {
  /** The provider's payment reference (a Stripe PaymentIntent id, or `test_pi_…`). */
  reference: string;
  /** For Stripe Elements on /checkout/stripe; null for the test provider. */
  clientSecret: string | null;
  status: PaymentStatus;
}

export interface ConnectedAccountStatus {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  /** Stripe's `requirements.currently_due`. */
  requirementsDue: string[];
  /** Stripe's `requirements.disabled_reason` (e.g. `requirements.past_due`); null when not held back. */
  disabledReason: string | null;
}

/**
 * The provider refused a Connect call for good (a 4xx answer: no transfer or reversal was made;
 * e.g. `balance_insufficient`, `insufficient_capabilities_for_transfer`). Any other error may be a
 * network failure after the call took effect: the caller retries it with the same idempotency key.
 */
export class PaymentRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentRefusedError';
  }
}

/** A transfer to a connected account (Stripe Connect "separate charges and transfers"). */
export interface TransferRequest {
  accountId: string;
  amountCents: number;
  /** One group per order: `order_<order id>`. */
  transferGroup: string;
  /**
   * The order's payment reference (a PaymentIntent id): its charge becomes the transfer's
   * `source_transaction`, so the transfer waits for the charge's funds and never outruns it. Null
   * for an order DRX pays itself (a membership lesson credit): from the platform's balance.
   */
  paymentReference: string | null;
  idempotencyKey: string;
  metadata: Record<string, string>;
}

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

/**
 * A payout Stripe made from a connected account's balance to the account holder's bank (on the
 * account's automatic schedule), with the transfers whose money it took.
 */
export interface ProviderPayout {
  id: string;
  accountId: string;
  amountCents: number;
  status: PayoutStatus;
  /** When the money is expected in (or reached) the bank. */
  arrivalDate: Date | null;
  /** Stripe's `failure_message` for a failed payout; else null. */
  failureMessage: string | null;
  /** The transfers (`tr_…`) the payout covers (its balance transactions' sources). */
  transferIds: string[];
}

/** The PaymentIntent's `transfer_group` for an order: the transfers of its earnings use the same. */
export const transferGroupOf = (orderId: string) => `order_${orderId}`;

/** A verified webhook event, reduced to what DRX reads. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** When the provider made the event (Stripe's `created`, whole seconds); orders events of one object. */
  created?: Date;
  /** The connected account a Connect event is about (Stripe's `account`; e.g. `payout.paid`); else null. */
  account?: string | null;
  /** `data.object` of the event. */
  object: Record<string, unknown>;
}

export interface ProviderRefund {
  id: string;
  amountCents: number;
  /** Made by DRX (a staff, automatic or booking refund), not in the provider's dashboard. */
  byDrx: boolean;
}

export interface PaymentProvider {
  /** Stripe Billing for memberships; null for the test provider (it runs test memberships itself). */
  readonly billing: SubscriptionBilling | null;

  /** `none`: no Stripe key and no test mode (a production server not yet set up for payments). */
  readonly name: 'test' | 'stripe' | 'none';
  /** The publishable key for Stripe Elements (null for the test provider). */
  readonly publishableKey: string | null;

  /**
   * Throws a DomainError (PAYMENTS_NOT_CONFIGURED) when this provider cannot take payments, so a
   * checkout is refused before any order is made.
   */
  assertAvailable(): void;

  createPayment(args: {
    amountCents: number;
    currency: 'usd';
    /** Also sent as the Stripe idempotency key. */
    idempotencyKey: string;
    description: string;
    metadata: Record<string, string>;
  }): Promise<PaymentSession>;
  retrievePayment(reference: string): Promise<{ status: PaymentStatus; amountCents: number }>;
  cancelPayment(reference: string): Promise<void>;
  refund(args: {
    reference: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ reference: string; status: 'succeeded' | 'pending' | 'failed' }>;

  /**
   * The refunds of a payment so far, each marked when DRX made it (its refunds carry the metadata
   * `drx: true`): a refund made elsewhere (Stripe's dashboard) is one not marked. Failed and
   * canceled refunds are left out.
   */
  refundsOf(reference: string): Promise<ProviderRefund[]>;
  /**
   * The invoice (a membership's, Stripe Billing) a payment paid, or null when it paid none — an
   * order's payment. Stripe: the invoice payments of that PaymentIntent.
   */
  invoiceOfPayment(reference: string): Promise<string | null>;

  /** Stripe Connect: an Express account for a seller. */
  createConnectedAccount(args: {
    sellerId: string;
    email: string | null;
    idempotencyKey: string;
  }): Promise<{ accountId: string }>;
  /** Stripe Connect onboarding link (`account_onboarding`). */
  createAccountLink(args: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<ConnectedAccountStatus>;
  /** Stripe `transfers.create`; throws PaymentRefusedError when refused for good. */
  createTransfer(args: TransferRequest): Promise<{ transferId: string; sourceTransaction: string | null }>;
  /**
   * Stripe `transfers.createReversal` (part of a transfer back to the platform); throws
   * PaymentRefusedError when refused for good (`balance_insufficient`: the account paid it out).
   */
  reverseTransfer(args: {
    transferId: string;
    amountCents: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<{ reversalId: string }>;

  /** A connected account's payout (Stripe `payouts.retrieve` on the account) and the transfers it covers. */
  retrievePayout(args: { accountId: string; payoutId: string }): Promise<ProviderPayout>;

  /** Verifies a webhook's signature and parses it; throws on a bad signature. */
  verifyWebhook(rawBody: Buffer, signature: string): PaymentEvent;
}
