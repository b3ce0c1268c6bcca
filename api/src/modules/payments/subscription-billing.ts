/**
 * Stripe Billing, as DRX's memberships use it (implemented by StripeSubscriptionBilling with the
 * real `stripe` SDK; the test provider has none — MembershipsService runs test memberships itself).
 * Every create/update call carries an idempotency key. Amounts are whole US cents.
 */
export type BillingInterval = 'month' | 'year';

/** A Stripe subscription reduced to what DRX stores. */
export interface BillingSubscriptionSnapshot {
  id: string;
  customerId: string;
  /** Stripe's status: trialing, active, past_due, unpaid, canceled, incomplete, incomplete_expired, paused. */
  status: string;
  priceId: string | null;
  /** The price's unit amount, cents. */
  priceCents: number | null;
  interval: BillingInterval | null;
  /** `metadata.planId` of the price (set by ensurePrice), else of the subscription. */
  planId: string | null;
  /** `metadata.userId` of the subscription (set by the checkout session). */
  userId: string | null;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  endedAt: Date | null;
}

export interface BillingCheckoutSession {
  id: string;
  status: 'open' | 'complete' | 'expired';
  subscriptionId: string | null;
  customerId: string | null;
  metadata: Record<string, string>;
}

export interface SubscriptionBilling {
  /** A Stripe customer for a user (the caller stores it: one per user). */
  createCustomer(args: {
    userId: string;
    email: string | null;
    name: string;
    idempotencyKey: string;
  }): Promise<{ customerId: string }>;
  /** The plan's product (made when productId is null) and a price for this amount and interval. */
  createPrice(args: {
    productId: string | null;
    planId: string;
    planName: string;
    interval: BillingInterval;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ productId: string; priceId: string }>;
  /** Stripe Checkout in subscription mode; `metadata` goes on the session and the subscription. */
  createCheckoutSession(args: {
    customerId: string;
    priceId: string;
    trialDays: number;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<BillingCheckoutSession>;
  retrieveSubscription(id: string): Promise<BillingSubscriptionSnapshot>;
  setCancelAtPeriodEnd(args: {
    subscriptionId: string;
    cancel: boolean;
    idempotencyKey: string;
  }): Promise<BillingSubscriptionSnapshot>;
  /**
   * Moves the subscription to another price: `prorate` true charges the difference at once
   * (upgrade, proration_behavior always_invoice); false changes the price from the next renewal
   * (downgrade, proration_behavior none).
   */
  changePrice(args: {
    subscriptionId: string;
    priceId: string;
    prorate: boolean;
    idempotencyKey: string;
  }): Promise<BillingSubscriptionSnapshot>;
  /** Ends the subscription now (a past_due member who cancels). */
  cancelNow(args: { subscriptionId: string; idempotencyKey: string }): Promise<BillingSubscriptionSnapshot>;
  /** Stripe's customer portal (update the card, see Stripe's invoices). */
  createPortalSession(args: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
}
