import type Stripe from 'stripe';
import type {
  BillingCheckoutSession,
  BillingInterval,
  BillingSubscriptionSnapshot,
  SubscriptionBilling,
} from './subscription-billing';

const seconds = (value: number | null | undefined): Date | null =>
  typeof value === 'number' && value > 0 ? new Date(value * 1000) : null;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The fields of a subscription item and of a subscription that DRX reads (any API version). */
type ItemLike = {
  price?: Partial<Stripe.Price> | string | null;
  current_period_start?: number;
  current_period_end?: number;
};
type SubscriptionLike = {
  id: string;
  customer: string | { id: string };
  status: string;
  items?: { data?: ItemLike[] } | null;
  metadata?: Record<string, string> | null;
  trial_end?: number | null;
  cancel_at_period_end?: boolean;
  cancel_at?: number | null;
  canceled_at?: number | null;
  ended_at?: number | null;
  start_date?: number;
  created?: number;
  /** Before API version 2025-03-31 the period was on the subscription. */
  current_period_start?: number;
  current_period_end?: number;
};

/**
 * A Stripe subscription (from the API or an event's `data.object`) reduced to what DRX stores. Since
 * API version 2025-03-31 (the SDK's is newer) the current period lives on the subscription item;
 * the subscription's own fields are the fallback for events of older API versions.
 */
export function subscriptionSnapshot(sub: SubscriptionLike): BillingSubscriptionSnapshot {
  const item = sub.items?.data?.[0];
  const price = item && typeof item.price === 'object' ? item.price : null;
  const interval: string | undefined = price?.recurring?.interval;
  const start =
    item?.current_period_start ??
    sub.current_period_start ??
    sub.start_date ??
    sub.created ??
    Date.now() / 1000;
  const end = item?.current_period_end ?? sub.current_period_end ?? start + 1;
  const metadata = sub.metadata ?? {};
  const priceMetadata = (price?.metadata ?? {}) as Record<string, string>;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    status: sub.status,
    priceId: price?.id ?? (typeof item?.price === 'string' ? item.price : null),
    priceCents: typeof price?.unit_amount === 'number' ? price.unit_amount : null,
    interval: interval === 'month' || interval === 'year' ? interval : null,
    planId: priceMetadata.planId || metadata.planId || null,
    userId: metadata.userId || null,
    currentPeriodStart: new Date(start * 1000),
    currentPeriodEnd: new Date(end * 1000),
    trialEnd: seconds(sub.trial_end),
    cancelAtPeriodEnd: !!sub.cancel_at_period_end,
    canceledAt: seconds(sub.canceled_at),
    endedAt: seconds(sub.ended_at),
  };
}

/**
 * Stripe Billing with the real `stripe` SDK (the client of StripePaymentProvider). Every create and
 * update carries the caller's idempotency key, so a retried request makes nothing twice.
 */
export class StripeSubscriptionBilling implements SubscriptionBilling {
  constructor(private readonly stripe: Stripe) {}

  async createCustomer(args: {
    userId: string;
    email: string | null;
    name: string;
    idempotencyKey: string;
  }): Promise<{ customerId: string }> {
    const customer = await this.stripe.customers.create(
      { email: args.email ?? undefined, name: args.name, metadata: { userId: args.userId } },
      { idempotencyKey: args.idempotencyKey },
    );
    return { customerId: customer.id };
  }

  async createPrice(args: {
    productId: string | null;
    planId: string;
    planName: string;
    interval: BillingInterval;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ productId: string; priceId: string }> {
    const productId =
      args.productId ??
      (
        await this.stripe.products.create(
          { name: `DRX ${args.planName}`, metadata: { planId: args.planId } },
          { idempotencyKey: `${args.idempotencyKey}-product` },
        )
      ).id;
    const price = await this.stripe.prices.create(
      {
        product: productId,
        currency: 'usd',
        unit_amount: args.amountCents,
        recurring: { interval: args.interval },
        metadata: { planId: args.planId, interval: args.interval },
      },
      { idempotencyKey: `${args.idempotencyKey}-price` },
    );
    return { productId, priceId: price.id };
  }

  async createCheckoutSession(args: {
    customerId: string;
    priceId: string;
    trialDays: number;
    successUrl: string;
    cancelUrl: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: args.customerId,
        line_items: [{ price: args.priceId, quantity: 1 }],
        subscription_data: {
          metadata: args.metadata,
          ...(args.trialDays > 0 ? { trial_period_days: args.trialDays } : {}),
        },
        metadata: args.metadata,
        success_url: args.successUrl,
        cancel_url: args.cancelUrl,
      },
      { idempotencyKey: args.idempotencyKey },
    );
    if (!session.url) throw new Error(`Stripe Checkout session ${session.id} has no URL`);
    return { id: session.id, url: session.url };
  }

  async retrieveCheckoutSession(id: string): Promise<BillingCheckoutSession> {
    const session = await this.stripe.checkout.sessions.retrieve(id);
    const status: string | null = session.status;
    return {
      id: session.id,
      status: status === 'complete' || status === 'expired' ? status : 'open',
      subscriptionId: idOf(session.subscription),
      customerId: idOf(session.customer),
      metadata: (session.metadata ?? {}) as Record<string, string>,
    };
  }

  async retrieveSubscription(id: string): Promise<BillingSubscriptionSnapshot> {
    return subscriptionSnapshot(await this.stripe.subscriptions.retrieve(id));
  }

  async setCancelAtPeriodEnd(args: {
    subscriptionId: string;
    cancel: boolean;
    idempotencyKey: string;
  }): Promise<BillingSubscriptionSnapshot> {
    const sub = await this.stripe.subscriptions.update(
      args.subscriptionId,
      { cancel_at_period_end: args.cancel },
      { idempotencyKey: args.idempotencyKey },
    );
    return subscriptionSnapshot(sub);
  }

  async changePrice(args: {
    subscriptionId: string;
    priceId: string;
    prorate: boolean;
    idempotencyKey: string;
  }): Promise<BillingSubscriptionSnapshot> {
    const current = await this.stripe.subscriptions.retrieve(args.subscriptionId);
    const item = current.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${args.subscriptionId} has no item`);
    const sub = await this.stripe.subscriptions.update(
      args.subscriptionId,
      {
        items: [{ id: item.id, price: args.priceId }],
        proration_behavior: args.prorate ? 'always_invoice' : 'none',
      },
      { idempotencyKey: args.idempotencyKey },
    );
    return subscriptionSnapshot(sub);
  }

  async cancelNow(args: {
    subscriptionId: string;
    idempotencyKey: string;
  }): Promise<BillingSubscriptionSnapshot> {
    const sub = await this.stripe.subscriptions.cancel(
      args.subscriptionId,
      {},
      { idempotencyKey: args.idempotencyKey },
    );
    return subscriptionSnapshot(sub);
  }

  async createPortalSession(args: { customerId: string; returnUrl: string }): Promise<{ url: string }> {
    const session = await this.stripe.billingPortal.sessions.create({
      customer: args.customerId,
      return_url: args.returnUrl,
    });
    return { url: session.url };
  }
}
