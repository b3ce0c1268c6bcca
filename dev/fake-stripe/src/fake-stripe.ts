import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local HTTP server that speaks enough of Stripe's REST API for the real `stripe` SDK: PaymentIntents,
 * refunds, Connect accounts and Stripe Billing (customers, products, recurring prices, Checkout in
 * subscription mode, subscriptions, the customer portal). Subscriptions have the shape of the SDK's
 * API version (2025-03-31 and later): the current period lives on the subscription item
 * (`items.data[0].current_period_start/end`), not on the subscription. Bodies are form-encoded (`metadata[orderId]=…`), answers are JSON in
 * Stripe's object shapes, and an `Idempotency-Key` replays the first answer. Tests point the app at it
 * with `startTestApp({ stripeSecretKey: 'sk_test_fake', stripeApiBase: fake.url, stripeWebhookSecret })`.
 */
export interface FakeStripeRequest {
  method: string;
  path: string;
  body: Record<string, unknown>;
  idempotencyKey: string | null;
  stripeAccount: string | null;
}

export interface FakePaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  latest_charge: string | null;
  [key: string]: unknown;
}

export interface FakeAccount {
  id: string;
  object: 'account';
  type: string;
  email: string | null;
  country: string;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  requirements: {
    currently_due: string[];
    eventually_due: string[];
    past_due: string[];
    disabled_reason: string | null;
  };
  metadata: Record<string, string>;
  created: number;
  [key: string]: unknown;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string | null;
  charge: string | null;
  status: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
  [key: string]: unknown;
}

export interface FakeTransferReversal {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  currency: string;
  transfer: string;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  source_transaction: string | null;
  transfer_group: string | null;
  /** The payment (`py_…`) the transfer makes on the connected account. */
  destination_payment: string;
  reversed: boolean;
  reversals: { object: 'list'; data: FakeTransferReversal[]; has_more: false; url: string };
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  [key: string]: unknown;
}

/**
 * A payout of a connected account's balance to its bank (Stripe's automatic schedule), with the
 * balance transactions it paid out.
 */
export interface FakePayout {
  id: string;
  object: 'payout';
  amount: number;
  currency: string;
  status: 'paid' | 'failed';
  arrival_date: number;
  automatic: true;
  failure_code: string | null;
  failure_message: string | null;
  created: number;
  livemode: false;
  /** The connected account it belongs to (not a Stripe field: Stripe scopes it by `Stripe-Account`). */
  account: string;
}

/** A balance transaction of a connected account: a transfer received (`payment`), its reversal, a payout. */
export interface FakeBalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  currency: string;
  type: 'payment' | 'payment_refund' | 'payout';
  /** `py_…` (the transfer arriving), `pyr_…` (its reversal) or `po_…`. */
  source: string;
  /** The transfer a `payment` came from (the `py_` charge's `source_transfer`). */
  source_transfer: string | null;
  /** The payout that paid it out; null while it is on the balance. */
  payout: string | null;
  created: number;
}

export interface FakePrice {
  id: string;
  object: 'price';
  active: boolean;
  currency: string;
  product: string;
  unit_amount: number;
  recurring: { interval: 'month' | 'year'; interval_count: number } | null;
  type: 'recurring' | 'one_time';
  metadata: Record<string, string>;
  created: number;
  [key: string]: unknown;
}

export interface FakeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: FakePrice;
  quantity: number;
  subscription: string;
  current_period_start: number;
  current_period_end: number;
  metadata: Record<string, string>;
  created: number;
}

export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  start_date: number;
  billing_cycle_anchor: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: FakeSubscriptionItem[]; has_more: false; url: string };
  latest_invoice: string | null;
  created: number;
  livemode: false;
  [key: string]: unknown;
}

export interface FakeCheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  subscription: string | null;
  url: string | null;
  success_url: string | null;
  cancel_url: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
  [key: string]: unknown;
}

export interface FakeInvoice {
  id: string;
  object: 'invoice';
  customer: string;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  billing_reason: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  currency: string;
  hosted_invoice_url: string;
  invoice_pdf: string;
  period_start: number;
  period_end: number;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { subscription: string; metadata: Record<string, string> };
  };
  lines: {
    object: 'list';
    data: {
      id: string;
      object: 'line_item';
      amount: number;
      description: string;
      period: { start: number; end: number };
      pricing: { type: 'price_details'; price_details: { price: string; product: string } };
    }[];
    has_more: false;
  };
  status_transitions: { finalized_at: number | null; paid_at: number | null };
  attempt_count: number;
  created: number;
  livemode: false;
  [key: string]: unknown;
}

/** Changes a test makes to a subscription, as Stripe's own billing would (unix seconds). */
export interface FakeSubscriptionPatch {
  status?: string;
  currentPeriodStart?: number;
  currentPeriodEnd?: number;
  cancelAtPeriodEnd?: boolean;
  canceledAt?: number | null;
  endedAt?: number | null;
  trialEnd?: number | null;
}

export interface FakeStripe {
  /** e.g. `http://127.0.0.1:49152` — the value for `stripeApiBase`. */
  url: string;
  close(): Promise<void>;
  accounts: Map<string, FakeAccount>;
  paymentIntents: Map<string, FakePaymentIntent>;
  refunds: Map<string, FakeRefund>;
  /** Every request in arrival order (replays of an idempotency key included). */
  requests: FakeStripeRequest[];
  /** Sets a PaymentIntent's status (as a card payment or failure would) and returns it. */
  setPaymentIntentStatus(id: string, status: string): FakePaymentIntent;
  /** Marks a Connect account as fully onboarded (or not: `requirements.currently_due` lists what is missing). */
  setAccountComplete(id: string, complete: boolean): FakeAccount;
  /**
   * Connect transfers (`POST /v1/transfers`): to an account whose onboarding is complete only
   * (else `insufficient_capabilities_for_transfer`); with `source_transaction` no more than what is
   * left of that charge (a charge of a succeeded PaymentIntent). A transfer adds to the account's balance.
   */
  transfers: Map<string, FakeTransfer>;
  /** Connected accounts' available balances in cents (transfers in, reversals and payouts out). */
  balances: Map<string, number>;
  /**
   * Stripe pays the account's balance out to its bank; returns the amount. A later reversal beyond
   * the balance is refused with `balance_insufficient` (as for a `transfer_group` transfer).
   */
  payOutAccount(id: string): number;
  /**
   * Stripe's scheduled payout of the account's balance (as `payOutAccount`), recorded with the
   * balance transactions it covers, and `payout.paid` (or, `failed`, `payout.failed`: the money
   * stays on the balance) delivered to the endpoint with `account` set, as Connect webhooks are.
   */
  payOut(
    accountId: string,
    outcome?: 'paid' | 'failed',
  ): Promise<{ payout: FakePayout; delivery: FakeWebhookDelivery }>;
  payouts: Map<string, FakePayout>;
  balanceTransactions: FakeBalanceTransaction[];
  /** Delivers `account.updated` for the account as it is now (Connect webhook). */
  accountUpdated(id: string): Promise<FakeWebhookDelivery>;
  customers: Map<string, Record<string, unknown>>;
  prices: Map<string, FakePrice>;
  checkoutSessions: Map<string, FakeCheckoutSession>;
  subscriptions: Map<string, FakeSubscription>;
  invoices: Map<string, FakeInvoice>;
  /**
   * The buyer finishes Checkout: the subscription is made (trialing with the session's trial days,
   * else active; period from now by the price's interval), the first invoice paid, the session complete.
   */
  completeCheckoutSession(sessionId: string): { subscription: FakeSubscription; invoice: FakeInvoice };
  /** Sets a subscription's fields (status, period, cancel flags…) and returns it. */
  setSubscription(id: string, patch: FakeSubscriptionPatch): FakeSubscription;
  /**
   * Stripe's renewal: the period moves on by the interval, an invoice for it is made, paid (status
   * active) or failed (status past_due, the invoice open). Returns both.
   */
  renewSubscription(
    id: string,
    outcome: { paid: boolean },
  ): { subscription: FakeSubscription; invoice: FakeInvoice };
  /** The open invoice is paid (a retry or a new card): the subscription is active again. */
  payInvoice(invoiceId: string): { subscription: FakeSubscription; invoice: FakeInvoice };
  /** An event payload (`customer.subscription.*`) with a copy of the subscription as it is now. */
  subscriptionEvent(
    type: string,
    subscription: FakeSubscription,
    created?: number,
  ): { id: string; type: string; created: number; data: { object: FakeSubscription } };
  /** An event payload (`invoice.*`) with a copy of the invoice as it is now. */
  invoiceEvent(
    type: string,
    invoice: FakeInvoice,
    created?: number,
  ): { id: string; type: string; created: number; data: { object: FakeInvoice } };
  /** An event payload (`checkout.session.completed`) with a copy of the session. */
  checkoutSessionEvent(
    type: string,
    session: FakeCheckoutSession,
    created?: number,
  ): { id: string; type: string; created: number; data: { object: FakeCheckoutSession } };
  /**
   * Where the fake sends webhook events itself, as Stripe does to a configured endpoint: the
   * dashboard-side calls below, and the `charge.refunded` of every refund made through the API
   * (DRX's own refunds come back too). Unset (the default), nothing is sent.
   */
  setWebhookEndpoint(url: string | null, secret?: string): void;
  /** Waits for every webhook delivery started so far; their answers, in order. */
  flushWebhooks(): Promise<FakeWebhookDelivery[]>;
  /** Every webhook delivery made (sent or failed), in order. */
  deliveries: FakeWebhookDelivery[];
  /** The charge of a succeeded PaymentIntent, as Stripe shows it now (amount refunded, disputed). */
  charge(paymentIntentId: string): FakeCharge;
  /**
   * The PaymentIntent that paid an invoice (a paid invoice of a positive amount gets one, succeeded,
   * with its charge; `GET /v1/invoice_payments?payment[type]=payment_intent&payment[payment_intent]=`
   * finds the invoice from it, as Stripe's invoice payments do). Null for an unpaid or free invoice.
   */
  invoicePaymentIntent(invoiceId: string): string | null;
  /**
   * The dashboard's "Refund payment": refunds `amount` (default: what is left) of the
   * PaymentIntent's charge and delivers `charge.refunded` signed to the endpoint; its answer.
   */
  dashboardRefund(
    paymentIntentId: string,
    amount?: number,
  ): Promise<{ refund: FakeRefund; delivery: FakeWebhookDelivery }>;
  /** The card holder disputes the charge: `charge.dispute.created` is delivered. */
  openDispute(
    paymentIntentId: string,
    reason?: string,
  ): Promise<{ dispute: FakeDispute; delivery: FakeWebhookDelivery }>;
  /** The dispute is decided: `charge.dispute.closed` (status won or lost) is delivered. */
  closeDispute(
    disputeId: string,
    outcome: 'won' | 'lost',
  ): Promise<{ dispute: FakeDispute; delivery: FakeWebhookDelivery }>;
  /** Delivers an event payload (signed) to the endpoint again, as Stripe's retries do. */
  deliver(event: { id: string; type: string; data: { object: unknown } }): Promise<FakeWebhookDelivery>;
  /** A webhook delivery: the JSON body and its `Stripe-Signature` header for `secret`. */
  signEvent(
    event: { id?: string; type: string; data: { object: unknown } } & Record<string, unknown>,
    secret?: string,
  ): { body: string; signature: string };
}

export interface FakeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  refunded: boolean;
  disputed: boolean;
  currency: string;
  payment_intent: string;
  metadata: Record<string, string>;
  status: 'succeeded';
  created: number;
  livemode: false;
}

export interface FakeDispute {
  id: string;
  object: 'dispute';
  amount: number;
  charge: string;
  payment_intent: string;
  currency: string;
  reason: string;
  status: string;
  created: number;
  livemode: false;
}

export interface FakeWebhookDelivery {
  event: { id: string; type: string; data: { object: unknown } };
  /** The endpoint's HTTP status (0 when it could not be reached). */
  status: number;
  body: unknown;
}

const DEFAULT_WEBHOOK_SECRET = 'whsec_test';

function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

const now = () => Math.floor(Date.now() / 1000);

/** Sets `obj[a][b][c] = value` for the form key `a[b][c]` (array keys `a[]` / `a[0]` push). */
function assignFormKey(target: Record<string, unknown>, key: string, value: string): void {
  const parts = key.split('[').map((p, i) => (i === 0 ? p : p.replace(/\]$/, '')));
  let node: Record<string, unknown> | unknown[] = target;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    const last = i === parts.length - 1;
    if (Array.isArray(node)) {
      if (last) {
        if (part === '') node.push(value);
        else node[Number(part)] = value;
        return;
      }
      const idx = part === '' ? node.length : Number(part);
      const nextIsArray = parts[i + 1] === '' || /^\d+$/.test(parts[i + 1]);
      node[idx] ??= nextIsArray ? [] : {};
      node = node[idx] as Record<string, unknown> | unknown[];
      continue;
    }
    if (last) {
      node[part] = value;
      return;
    }
    const nextIsArray = parts[i + 1] === '' || /^\d+$/.test(parts[i + 1]);
    node[part] ??= nextIsArray ? [] : {};
    node = node[part] as Record<string, unknown> | unknown[];
  }
}

export function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) assignFormKey(out, key, value);
  return out;
}

class FakeStripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function metadataOf(v: unknown): Record<string, string> {
  if (!v || typeof v !== 'object') return {};
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, String(x)]));
}

function intParam(body: Record<string, unknown>, name: string, required: boolean): number | undefined {
  const raw = body[name];
  if (raw === undefined) {
    if (required)
      throw new FakeStripeError(
        400,
        `Missing required param: ${name}.`,
        undefined,
        'parameter_missing',
        name,
      );
    return undefined;
  }
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0)
    throw new FakeStripeError(
      400,
      `Invalid integer: ${String(raw)}`,
      undefined,
      'parameter_invalid_integer',
      name,
    );
  return n;
}

/** Unix seconds `count` calendar months/years after `at` (UTC; Jan 31 + 1 month = Feb 28/29, as Stripe does). */
export function addInterval(at: number, interval: 'month' | 'year', count = 1): number {
  const d = new Date(at * 1000);
  const months = interval === 'year' ? 12 * count : count;
  const day = d.getUTCDate();
  const target = new Date(d.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

function bool(v: unknown): boolean | undefined {
  return v === 'true' ? true : v === 'false' ? false : undefined;
}

function missing(name: string): FakeStripeError {
  return new FakeStripeError(400, `Missing required param: ${name}.`, undefined, 'parameter_missing', name);
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const accounts = new Map<string, FakeAccount>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const refunds = new Map<string, FakeRefund>();
  const transfers = new Map<string, FakeTransfer>();
  const balances = new Map<string, number>();
  const payouts = new Map<string, FakePayout>();
  /** Connected accounts' balance transactions (each knows its account). */
  const balanceTransactions: (FakeBalanceTransaction & { account: string })[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const products = new Map<string, Record<string, unknown>>();
  const prices = new Map<string, FakePrice>();
  const checkoutSessions = new Map<string, FakeCheckoutSession>();
  /** Checkout's own parameters (line items, subscription_data), kept off the session object. */
  const checkoutParams = new Map<
    string,
    { priceId: string; trialDays: number; metadata: Record<string, string> }
  >();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<string, FakeInvoice>();
  const requests: FakeStripeRequest[] = [];
  /** `${method} ${path} ${key}` → the first answer. */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  const disputes = new Map<string, FakeDispute>();
  let webhookEndpoint: { url: string; secret: string } | null = null;
  const deliveries: FakeWebhookDelivery[] = [];
  const inFlight: Promise<FakeWebhookDelivery>[] = [];
  const signer = new Stripe('sk_test_fake').webhooks;

  function chargeOf(piId: string): FakeCharge {
    const pi = paymentIntent(piId);
    if (pi.status !== 'succeeded' || !pi.latest_charge) {
      throw new Error(`PaymentIntent ${piId} has no successful charge`);
    }
    const refunded = [...refunds.values()]
      .filter((r) => r.payment_intent === piId)
      .reduce((sum, r) => sum + r.amount, 0);
    return {
      id: pi.latest_charge,
      object: 'charge',
      amount: pi.amount,
      amount_captured: pi.amount,
      amount_refunded: refunded,
      refunded: refunded >= pi.amount,
      disputed: [...disputes.values()].some((d) => d.payment_intent === piId),
      currency: pi.currency,
      payment_intent: piId,
      metadata: { ...pi.metadata },
      status: 'succeeded',
      created: pi.created,
      livemode: false,
    };
  }

  function deliver(event: {
    id: string;
    type: string;
    data: { object: unknown };
  }): Promise<FakeWebhookDelivery> {
    const endpoint = webhookEndpoint;
    const work = (async (): Promise<FakeWebhookDelivery> => {
      if (!endpoint) {
        // Nobody listening: Stripe would retry later (a test delivers the event again with deliver()).
        const missed = { event, status: 0, body: 'no webhook endpoint' };
        deliveries.push(missed);
        return missed;
      }
      const body = JSON.stringify({
        object: 'event',
        api_version: '2025-01-01',
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        ...event,
      });
      const signature = signer.generateTestHeaderString({ payload: body, secret: endpoint.secret });
      let delivery: FakeWebhookDelivery;
      try {
        const res = await fetch(endpoint.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body,
        });
        const text = await res.text();
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // not JSON
        }
        delivery = { event, status: res.status, body: parsed };
      } catch (error) {
        delivery = { event, status: 0, body: String(error) };
      }
      deliveries.push(delivery);
      return delivery;
    })();
    inFlight.push(work);
    return work;
  }

  function deliverChargeEvent(type: string, piId: string): Promise<FakeWebhookDelivery> {
    return deliver({ id: newId('evt'), type, data: { object: chargeOf(piId) } });
  }

  function deliverDisputeEvent(type: string, dispute: FakeDispute): Promise<FakeWebhookDelivery> {
    return deliver({ id: newId('evt'), type, data: { object: structuredClone(dispute) } });
  }

  function paymentIntent(id: string): FakePaymentIntent {
    const pi = paymentIntents.get(id);
    if (!pi)
      throw new FakeStripeError(
        404,
        `No such payment_intent: '${id}'`,
        undefined,
        'resource_missing',
        'intent',
      );
    return pi;
  }

  function account(id: string): FakeAccount {
    const acct = accounts.get(id);
    if (!acct)
      throw new FakeStripeError(404, `No such account: '${id}'`, undefined, 'resource_missing', 'account');
    return acct;
  }

  function missingResource(kind: string, id: string, param: string): FakeStripeError {
    return new FakeStripeError(404, `No such ${kind}: '${id}'`, undefined, 'resource_missing', param);
  }

  function price(id: string): FakePrice {
    const p = prices.get(id);
    if (!p) throw missingResource('price', id, 'price');
    return p;
  }

  function subscription(id: string): FakeSubscription {
    const sub = subscriptions.get(id);
    if (!sub) throw missingResource('subscription', id, 'id');
    return sub;
  }

  function invoice(id: string): FakeInvoice {
    const inv = invoices.get(id);
    if (!inv) throw missingResource('invoice', id, 'id');
    return inv;
  }

  /** invoice id → the PaymentIntent that paid it (Stripe's invoice payments). */
  const invoicePayments = new Map<string, string>();

  /** A paid invoice's payment: a succeeded PaymentIntent with its charge (none for a free invoice). */
  function payInvoiceWithIntent(inv: FakeInvoice): void {
    if (inv.amount_paid <= 0 || invoicePayments.has(inv.id)) return;
    const id = newId('pi');
    paymentIntents.set(id, {
      id,
      object: 'payment_intent',
      amount: inv.amount_paid,
      amount_received: inv.amount_paid,
      currency: inv.currency,
      status: 'succeeded',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      description: `Payment for Invoice ${inv.id}`,
      metadata: {},
      created: now(),
      livemode: false,
      latest_charge: newId('ch'),
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      payment_method_types: ['card'],
      automatic_payment_methods: null,
    });
    invoicePayments.set(inv.id, id);
  }

  /** An invoice of the subscription for the period of its item (paid or open), stored and returned. */
  function makeInvoice(
    sub: FakeSubscription,
    billingReason: string,
    amount: number,
    paid: boolean,
  ): FakeInvoice {
    const item = sub.items.data[0];
    const id = newId('in');
    const inv: FakeInvoice = {
      id,
      object: 'invoice',
      customer: sub.customer,
      status: paid ? 'paid' : 'open',
      billing_reason: billingReason,
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      currency: 'usd',
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      invoice_pdf: `https://pay.stripe.test/invoice/${id}/pdf`,
      period_start: item.current_period_start,
      period_end: item.current_period_start,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            description: `1 × membership (at $${(item.price.unit_amount / 100).toFixed(2)} / ${item.price.recurring?.interval ?? 'month'})`,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: {
              type: 'price_details',
              price_details: { price: item.price.id, product: item.price.product },
            },
          },
        ],
        has_more: false,
      },
      status_transitions: { finalized_at: now(), paid_at: paid ? now() : null },
      attempt_count: 1,
      created: now(),
      livemode: false,
    };
    invoices.set(id, inv);
    sub.latest_invoice = id;
    if (paid) payInvoiceWithIntent(inv);
    return inv;
  }

  function createSubscription(
    customer: string,
    priceId: string,
    trialDays: number,
    metadata: Record<string, string>,
  ): FakeSubscription {
    const p = price(priceId);
    const start = now();
    const id = newId('sub');
    const trialEnd = trialDays > 0 ? start + trialDays * 86_400 : null;
    const sub: FakeSubscription = {
      id,
      object: 'subscription',
      customer,
      status: trialEnd ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      start_date: start,
      billing_cycle_anchor: trialEnd ?? start,
      metadata,
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: p,
            quantity: 1,
            subscription: id,
            current_period_start: start,
            current_period_end: trialEnd ?? addInterval(start, p.recurring?.interval ?? 'month'),
            metadata: {},
            created: start,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      created: start,
      livemode: false,
    };
    subscriptions.set(id, sub);
    return sub;
  }

  function billingRoute(
    method: string,
    path: string,
    body: Record<string, unknown>,
  ): { status: number; body: unknown } | null {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: newId('cus'),
        object: 'customer',
        email: str(body.email) ?? null,
        name: str(body.name) ?? null,
        metadata: metadataOf(body.metadata),
        created: now(),
        livemode: false,
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (method === 'POST' && path === '/v1/products') {
      const name = str(body.name);
      if (!name) throw missing('name');
      const product = {
        id: newId('prod'),
        object: 'product',
        name,
        active: true,
        metadata: metadataOf(body.metadata),
        created: now(),
        livemode: false,
      };
      products.set(product.id, product);
      return { status: 200, body: product };
    }
    if (method === 'POST' && path === '/v1/prices') {
      const currency = str(body.currency);
      if (!currency) throw missing('currency');
      const product = str(body.product);
      if (!product) throw missing('product');
      if (!products.has(product)) throw missingResource('product', product, 'product');
      const unitAmount = intParam(body, 'unit_amount', true)!;
      const recurring = body.recurring as Record<string, unknown> | undefined;
      const interval = str(recurring?.interval);
      if (recurring && interval !== 'month' && interval !== 'year')
        throw new FakeStripeError(
          400,
          `Invalid recurring[interval]: ${String(interval)}`,
          undefined,
          'parameter_invalid',
          'recurring[interval]',
        );
      const p: FakePrice = {
        id: newId('price'),
        object: 'price',
        active: true,
        currency: currency.toLowerCase(),
        product,
        unit_amount: unitAmount,
        recurring: recurring ? { interval: interval as 'month' | 'year', interval_count: 1 } : null,
        type: recurring ? 'recurring' : 'one_time',
        metadata: metadataOf(body.metadata),
        created: now(),
        livemode: false,
      };
      prices.set(p.id, p);
      return { status: 200, body: p };
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const mode = str(body.mode);
      if (!mode) throw missing('mode');
      if (mode !== 'subscription')
        throw new FakeStripeError(400, `The fake Stripe only makes subscription-mode sessions, not ${mode}.`);
      const customer = str(body.customer);
      if (!customer) throw missing('customer');
      if (!customers.has(customer)) throw missingResource('customer', customer, 'customer');
      const lines = body.line_items as Record<string, unknown>[] | undefined;
      const priceId = str(lines?.[0]?.price);
      if (!priceId) throw missing('line_items[0][price]');
      const p = price(priceId);
      if (!p.recurring)
        throw new FakeStripeError(
          400,
          'In subscription mode, every line item needs a recurring price.',
          undefined,
          'parameter_invalid',
          'line_items',
        );
      const successUrl = str(body.success_url);
      if (!successUrl) throw missing('success_url');
      const subscriptionData = (body.subscription_data ?? {}) as Record<string, unknown>;
      const trialDays = intParam(subscriptionData, 'trial_period_days', false) ?? 0;
      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const session: FakeCheckoutSession = {
        id,
        object: 'checkout.session',
        mode,
        status: 'open',
        payment_status: 'unpaid',
        customer,
        subscription: null,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        success_url: successUrl,
        cancel_url: str(body.cancel_url) ?? null,
        metadata: metadataOf(body.metadata),
        amount_total: trialDays > 0 ? 0 : p.unit_amount,
        currency: p.currency,
        created: now(),
        expires_at: now() + 86_400,
        livemode: false,
      };
      checkoutSessions.set(id, session);
      checkoutParams.set(id, { priceId, trialDays, metadata: metadataOf(subscriptionData.metadata) });
      return { status: 200, body: session };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = checkoutSessions.get(m[1]);
      if (!session) throw missingResource('checkout.session', m[1], 'session');
      const expand = Array.isArray(body.expand) ? (body.expand as string[]) : [];
      if (expand.includes('subscription') && session.subscription)
        return { status: 200, body: { ...session, subscription: subscription(session.subscription) } };
      return { status: 200, body: session };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      return { status: 200, body: subscription(m[1]) };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscription(m[1]);
      if (sub.status === 'canceled' || sub.status === 'incomplete_expired')
        throw new FakeStripeError(
          400,
          `A canceled subscription can only update its cancellation_details and metadata.`,
        );
      const cancel = bool(body.cancel_at_period_end);
      const items = body.items as Record<string, unknown>[] | undefined;
      const proration = str(body.proration_behavior) ?? 'create_prorations';
      if (items?.length) {
        const item = sub.items.data.find((i) => i.id === str(items[0].id));
        if (!item) throw missingResource('subscription_item', String(items[0].id), 'items[0][id]');
        const next = price(str(items[0].price) ?? '');
        const before = item.price;
        const oldInterval = before.recurring?.interval ?? 'month';
        const newInterval = next.recurring?.interval ?? 'month';
        item.price = next;
        if (oldInterval !== newInterval) {
          // A new interval resets the billing cycle to now (Stripe bills the new period at once).
          const at = now();
          item.current_period_start = at;
          item.current_period_end = addInterval(at, newInterval);
          sub.billing_cycle_anchor = at;
        }
        if (proration === 'always_invoice') {
          const left = Math.max(item.current_period_end - now(), 0);
          const length = Math.max(item.current_period_end - item.current_period_start, 1);
          const amount =
            oldInterval !== newInterval
              ? next.unit_amount
              : Math.max(0, Math.round(((next.unit_amount - before.unit_amount) * left) / length));
          makeInvoice(sub, 'subscription_update', amount, true);
        }
      }
      if (cancel !== undefined) {
        sub.cancel_at_period_end = cancel;
        sub.canceled_at = cancel ? now() : null;
        sub.cancel_at = cancel ? sub.items.data[0].current_period_end : null;
      }
      if (body.metadata) sub.metadata = { ...sub.metadata, ...metadataOf(body.metadata) };
      return { status: 200, body: sub };
    }
    if (method === 'DELETE' && (m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const sub = subscription(m[1]);
      if (sub.status === 'canceled')
        throw new FakeStripeError(
          400,
          `No such subscription: '${sub.id}' is already canceled.`,
          undefined,
          'resource_missing',
        );
      sub.status = 'canceled';
      sub.canceled_at = now();
      sub.ended_at = now();
      return { status: 200, body: sub };
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = str(body.customer);
      if (!customer) throw missing('customer');
      if (!customers.has(customer)) throw missingResource('customer', customer, 'customer');
      const id = newId('bps');
      return {
        status: 200,
        body: {
          id,
          object: 'billing_portal.session',
          customer,
          return_url: str(body.return_url) ?? null,
          url: `https://billing.stripe.test/p/session/${id}`,
          created: now(),
          livemode: false,
        },
      };
    }
    return null;
  }

  function transfer(id: string): FakeTransfer {
    const tr = transfers.get(id);
    if (!tr) throw missingResource('transfer', id, 'id');
    return tr;
  }

  /** Connect transfers and their reversals. */
  /**
   * Stripe pays the account's balance out (or tries: a failed payout leaves the money on the
   * balance): the balance transactions not paid out yet are marked with the payout.
   */
  function makePayout(accountId: string, outcome: 'paid' | 'failed'): FakePayout {
    account(accountId);
    const amount = balances.get(accountId) ?? 0;
    const payout: FakePayout = {
      id: newId('po'),
      object: 'payout',
      amount,
      currency: 'usd',
      status: outcome,
      arrival_date: now() + 2 * 86_400,
      automatic: true,
      failure_code: outcome === 'failed' ? 'no_account' : null,
      failure_message:
        outcome === 'failed' ? 'The bank account details on file are probably incorrect.' : null,
      created: now(),
      livemode: false,
      account: accountId,
    };
    payouts.set(payout.id, payout);
    if (outcome === 'paid') {
      for (const txn of balanceTransactions) {
        if (txn.account === accountId && txn.payout === null) txn.payout = payout.id;
      }
      balanceTransactions.push({
        id: newId('txn'),
        object: 'balance_transaction',
        amount: -amount,
        currency: 'usd',
        type: 'payout',
        source: payout.id,
        source_transfer: null,
        payout: payout.id,
        created: now(),
        account: accountId,
      });
      balances.set(accountId, 0);
    }
    return payout;
  }

  function transferRoute(
    method: string,
    path: string,
    body: Record<string, unknown>,
    stripeAccount: string | null,
  ): { status: number; body: unknown } | null {
    let m: RegExpMatchArray | null;
    // A connected account's payouts and balance transactions (the `Stripe-Account` header).
    if (method === 'GET' && (m = path.match(/^\/v1\/payouts\/([^/]+)$/))) {
      const payout = payouts.get(m[1]);
      if (!payout || payout.account !== stripeAccount) throw missingResource('payout', m[1], 'id');
      const { account: _account, ...shown } = payout;
      return { status: 200, body: shown };
    }
    if (method === 'GET' && path === '/v1/balance_transactions') {
      if (!stripeAccount)
        throw new FakeStripeError(400, 'The fake lists connected accounts’ balance transactions only.');
      const payoutId = str(body.payout) ?? null;
      const expandSource = JSON.stringify(body.expand ?? '').includes('data.source');
      const data = balanceTransactions
        .filter((b) => b.account === stripeAccount && (payoutId === null || b.payout === payoutId))
        .map(({ account: _account, source_transfer, ...txn }) => ({
          ...txn,
          source: expandSource
            ? txn.type === 'payment'
              ? { id: txn.source, object: 'charge', amount: txn.amount, source_transfer }
              : { id: txn.source, object: txn.type === 'payout' ? 'payout' : 'refund' }
            : txn.source,
        }));
      return {
        status: 200,
        body: { object: 'list', data, has_more: false, url: '/v1/balance_transactions' },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const amount = intParam(body, 'amount', true)!;
      if (amount <= 0)
        throw new FakeStripeError(
          400,
          'Invalid positive integer',
          undefined,
          'parameter_invalid_integer',
          'amount',
        );
      const currency = str(body.currency);
      if (!currency) throw missing('currency');
      const destination = str(body.destination);
      if (!destination) throw missing('destination');
      const acct = account(destination);
      if (!acct.payouts_enabled || !acct.charges_enabled) {
        throw new FakeStripeError(
          400,
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          undefined,
          'insufficient_capabilities_for_transfer',
          'destination',
        );
      }
      const source = str(body.source_transaction) ?? null;
      if (source) {
        const pi = [...paymentIntents.values()].find((p) => p.latest_charge === source);
        if (!pi || pi.status !== 'succeeded') throw missingResource('charge', source, 'source_transaction');
        const refunded = [...refunds.values()]
          .filter((r) => r.payment_intent === pi.id)
          .reduce((sum, r) => sum + r.amount, 0);
        const sent = [...transfers.values()]
          .filter((t) => t.source_transaction === source)
          .reduce((sum, t) => sum + t.amount - t.amount_reversed, 0);
        if (amount + sent > pi.amount - refunded) {
          throw new FakeStripeError(
            400,
            `The transfer amount exceeds what is left of the source transaction ${source}.`,
            undefined,
            'amount_too_large',
            'amount',
          );
        }
      }
      const id = newId('tr');
      const tr: FakeTransfer = {
        id,
        object: 'transfer',
        amount,
        amount_reversed: 0,
        currency: currency.toLowerCase(),
        destination,
        source_transaction: source,
        transfer_group: str(body.transfer_group) ?? null,
        destination_payment: newId('py'),
        reversed: false,
        reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${id}/reversals` },
        metadata: metadataOf(body.metadata),
        created: now(),
        livemode: false,
      };
      transfers.set(id, tr);
      balances.set(destination, (balances.get(destination) ?? 0) + amount);
      balanceTransactions.push({
        id: newId('txn'),
        object: 'balance_transaction',
        amount,
        currency: tr.currency,
        type: 'payment',
        source: tr.destination_payment,
        source_transfer: id,
        payout: null,
        created: now(),
        account: destination,
      });
      return { status: 200, body: tr };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/transfers\/([^/]+)$/))) {
      return { status: 200, body: transfer(m[1]) };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/transfers\/([^/]+)\/reversals$/))) {
      const tr = transfer(m[1]);
      const left = tr.amount - tr.amount_reversed;
      const amount = intParam(body, 'amount', false) ?? left;
      if (amount <= 0 || amount > left) {
        throw new FakeStripeError(
          400,
          `You have requested a reversal of ${amount} cents, but only ${left} cents are left on the transfer.`,
          undefined,
          'amount_too_large',
          'amount',
        );
      }
      const balance = balances.get(tr.destination) ?? 0;
      if (amount > balance) {
        throw new FakeStripeError(
          400,
          'Insufficient funds in the connected account to cover this transfer reversal.',
          undefined,
          'balance_insufficient',
        );
      }
      const reversal: FakeTransferReversal = {
        id: newId('trr'),
        object: 'transfer_reversal',
        amount,
        currency: tr.currency,
        transfer: tr.id,
        metadata: metadataOf(body.metadata),
        created: now(),
      };
      tr.reversals.data.push(reversal);
      tr.amount_reversed += amount;
      tr.reversed = tr.amount_reversed === tr.amount;
      balances.set(tr.destination, balance - amount);
      balanceTransactions.push({
        id: newId('txn'),
        object: 'balance_transaction',
        amount: -amount,
        currency: tr.currency,
        type: 'payment_refund',
        source: newId('pyr'),
        source_transfer: null,
        payout: null,
        created: now(),
        account: tr.destination,
      });
      return { status: 200, body: reversal };
    }
    return null;
  }

  function route(
    method: string,
    path: string,
    body: Record<string, unknown>,
    stripeAccount: string | null = null,
  ): { status: number; body: unknown } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = intParam(body, 'amount', true)!;
      const currency = str(body.currency);
      if (!currency)
        throw new FakeStripeError(
          400,
          'Missing required param: currency.',
          undefined,
          'parameter_missing',
          'currency',
        );
      if (amount < 50)
        throw new FakeStripeError(
          400,
          'Amount must be at least $0.50 usd',
          undefined,
          'amount_too_small',
          'amount',
        );
      const id = newId('pi');
      const pi: FakePaymentIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency: currency.toLowerCase(),
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
        description: str(body.description) ?? null,
        metadata: metadataOf(body.metadata),
        created: now(),
        livemode: false,
        latest_charge: null,
        transfer_group: str(body.transfer_group) ?? null,
        capture_method: 'automatic',
        confirmation_method: 'automatic',
        payment_method_types: ['card'],
        automatic_payment_methods: body.automatic_payment_methods ? { enabled: true } : null,
      };
      paymentIntents.set(id, pi);
      return { status: 200, body: pi };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)$/))) {
      return { status: 200, body: paymentIntent(m[1]) };
    }
    if (method === 'POST' && (m = path.match(/^\/v1\/payment_intents\/([^/]+)\/cancel$/))) {
      const pi = paymentIntent(m[1]);
      if (pi.status === 'succeeded' || pi.status === 'canceled') {
        throw new FakeStripeError(
          400,
          `You cannot cancel this PaymentIntent because it has a status of ${pi.status}.`,
          undefined,
          'payment_intent_unexpected_state',
        );
      }
      pi.status = 'canceled';
      pi.cancellation_reason = str(body.cancellation_reason) ?? null;
      return { status: 200, body: pi };
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const payment = (body.payment ?? {}) as Record<string, unknown>;
      const piId = str(payment.payment_intent);
      const invoiceId = str(body.invoice);
      const data = [...invoicePayments.entries()]
        .filter(([inv, pi]) => (!piId || pi === piId) && (!invoiceId || inv === invoiceId))
        .map(([inv, pi]) => ({
          id: `inpay_${inv.slice(3)}`,
          object: 'invoice_payment',
          invoice: inv,
          amount_paid: invoices.get(inv)?.amount_paid ?? 0,
          amount_requested: invoices.get(inv)?.amount_due ?? 0,
          currency: 'usd',
          is_default: true,
          livemode: false,
          payment: { type: 'payment_intent', payment_intent: pi },
          status: 'paid',
          created: invoices.get(inv)?.created ?? now(),
        }));
      return { status: 200, body: { object: 'list', url: '/v1/invoice_payments', has_more: false, data } };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const piId = str(body.payment_intent);
      const data = [...refunds.values()]
        .filter((r) => !piId || r.payment_intent === piId)
        .sort((a, b) => b.created - a.created);
      return { status: 200, body: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const piId = str(body.payment_intent);
      if (!piId)
        throw new FakeStripeError(
          400,
          'One of the following params should be provided for this request: payment_intent or charge.',
        );
      const pi = paymentIntent(piId);
      if (pi.status !== 'succeeded') {
        throw new FakeStripeError(
          400,
          `This PaymentIntent (${piId}) does not have a successful charge to refund.`,
          undefined,
          'charge_not_refundable',
        );
      }
      const already = [...refunds.values()]
        .filter((r) => r.payment_intent === piId)
        .reduce((s, r) => s + r.amount, 0);
      const amount = intParam(body, 'amount', false) ?? pi.amount - already;
      if (amount <= 0 || amount + already > pi.amount) {
        throw new FakeStripeError(
          400,
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
          undefined,
          'amount_too_large',
          'amount',
        );
      }
      const refund: FakeRefund = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: piId,
        charge: pi.latest_charge,
        status: 'succeeded',
        reason: str(body.reason) ?? null,
        metadata: metadataOf(body.metadata),
        created: now(),
      };
      refunds.set(refund.id, refund);
      // As Stripe: the endpoint hears of every refund, the API's too (after the answer).
      if (webhookEndpoint) setImmediate(() => void deliverChargeEvent('charge.refunded', piId));
      return { status: 200, body: refund };
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const acct: FakeAccount = {
        id: newId('acct'),
        object: 'account',
        type: str(body.type) ?? 'express',
        email: str(body.email) ?? null,
        country: str(body.country) ?? 'US',
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        requirements: {
          currently_due: ['external_account', 'tos_acceptance.date', 'tos_acceptance.ip'],
          eventually_due: [],
          past_due: [],
          disabled_reason: 'requirements.past_due',
        },
        capabilities: body.capabilities ?? {},
        metadata: metadataOf(body.metadata),
        created: now(),
      };
      accounts.set(acct.id, acct);
      return { status: 200, body: acct };
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/accounts\/([^/]+)$/))) {
      return { status: 200, body: account(m[1]) };
    }
    if (method === 'POST' && path === '/v1/account_links') {
      const acctId = str(body.account);
      if (!acctId)
        throw new FakeStripeError(
          400,
          'Missing required param: account.',
          undefined,
          'parameter_missing',
          'account',
        );
      account(acctId);
      if (!str(body.refresh_url) || !str(body.return_url)) {
        throw new FakeStripeError(
          400,
          'Missing required param: return_url.',
          undefined,
          'parameter_missing',
          'return_url',
        );
      }
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `https://connect.stripe.test/setup/e/${acctId}/${randomBytes(6).toString('hex')}`,
        },
      };
    }
    const connect = transferRoute(method, path, body, stripeAccount);
    if (connect) return connect;
    const billing = billingRoute(method, path, body);
    if (billing) return billing;
    throw new FakeStripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://localhost');
      const method = req.method ?? 'GET';
      const body =
        method === 'GET' || method === 'DELETE'
          ? { ...parseForm(url.search.slice(1)), ...parseForm(raw) }
          : parseForm(raw);
      const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
      const stripeAccount = (req.headers['stripe-account'] as string | undefined) ?? null;
      requests.push({ method, path: url.pathname, body, idempotencyKey, stripeAccount });

      let answer: { status: number; body: unknown };
      const auth = req.headers.authorization ?? '';
      if (!/^Bearer sk_(test|live)_/.test(auth)) {
        answer = {
          status: 401,
          body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
        };
      } else {
        const replayKey = idempotencyKey ? `${method} ${url.pathname} ${idempotencyKey}` : null;
        const replay = replayKey ? idempotent.get(replayKey) : undefined;
        if (replay) {
          answer = replay;
        } else {
          try {
            answer = route(method, url.pathname, body, stripeAccount);
          } catch (e) {
            if (!(e instanceof FakeStripeError)) throw e;
            answer = {
              status: e.status,
              body: { error: { type: e.type, message: e.message, code: e.code, param: e.param } },
            };
          }
          // Stripe stores the first answer (errors of 4xx included) for 24 hours.
          if (replayKey && method === 'POST') idempotent.set(replayKey, answer);
        }
      }
      const json = JSON.stringify(answer.body);
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': newId('req'),
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      });
      res.end(json);
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const webhooks = new Stripe('sk_test_fake').webhooks;

  return {
    url: `http://127.0.0.1:${port}`,
    accounts,
    paymentIntents,
    refunds,
    transfers,
    balances,
    requests,
    payOutAccount(id) {
      return makePayout(id, 'paid').amount;
    },
    async payOut(accountId, outcome = 'paid') {
      const payout = makePayout(accountId, outcome);
      const { account: _account, ...shown } = payout;
      const delivery = await deliver({
        id: newId('evt'),
        type: `payout.${outcome}`,
        account: accountId,
        data: { object: shown },
      } as { id: string; type: string; data: { object: unknown } });
      return { payout, delivery };
    },
    payouts,
    balanceTransactions,
    accountUpdated(id) {
      return deliver({
        id: newId('evt'),
        type: 'account.updated',
        account: id,
        data: { object: { ...account(id) } },
      } as { id: string; type: string; data: { object: unknown } });
    },
    customers,
    prices,
    checkoutSessions,
    subscriptions,
    invoices,
    invoicePaymentIntent: (invoiceId) => invoicePayments.get(invoiceId) ?? null,
    completeCheckoutSession(sessionId) {
      const session = checkoutSessions.get(sessionId);
      const params = checkoutParams.get(sessionId);
      if (!session || !params) throw new Error(`No such checkout session: ${sessionId}`);
      if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${session.status}`);
      const sub = createSubscription(session.customer!, params.priceId, params.trialDays, params.metadata);
      const inv = makeInvoice(
        sub,
        'subscription_create',
        params.trialDays > 0 ? 0 : sub.items.data[0].price.unit_amount,
        true,
      );
      session.status = 'complete';
      session.payment_status = params.trialDays > 0 ? 'no_payment_required' : 'paid';
      session.subscription = sub.id;
      session.invoice = inv.id;
      return { subscription: sub, invoice: inv };
    },
    setSubscription(id, patch) {
      const sub = subscription(id);
      const item = sub.items.data[0];
      if (patch.status !== undefined) sub.status = patch.status;
      if (patch.currentPeriodStart !== undefined) item.current_period_start = patch.currentPeriodStart;
      if (patch.currentPeriodEnd !== undefined) item.current_period_end = patch.currentPeriodEnd;
      if (patch.cancelAtPeriodEnd !== undefined) {
        sub.cancel_at_period_end = patch.cancelAtPeriodEnd;
        sub.cancel_at = patch.cancelAtPeriodEnd ? item.current_period_end : null;
        sub.canceled_at = patch.cancelAtPeriodEnd ? (sub.canceled_at ?? now()) : null;
      }
      if (patch.canceledAt !== undefined) sub.canceled_at = patch.canceledAt;
      if (patch.endedAt !== undefined) sub.ended_at = patch.endedAt;
      if (patch.trialEnd !== undefined) sub.trial_end = patch.trialEnd;
      return sub;
    },
    renewSubscription(id, outcome) {
      const sub = subscription(id);
      const item = sub.items.data[0];
      item.current_period_start = item.current_period_end;
      item.current_period_end = addInterval(
        item.current_period_start,
        item.price.recurring?.interval ?? 'month',
      );
      sub.status = outcome.paid ? 'active' : 'past_due';
      return {
        subscription: sub,
        invoice: makeInvoice(sub, 'subscription_cycle', item.price.unit_amount, outcome.paid),
      };
    },
    payInvoice(invoiceId) {
      const inv = invoice(invoiceId);
      inv.status = 'paid';
      inv.amount_paid = inv.amount_due;
      inv.amount_remaining = 0;
      inv.status_transitions.paid_at = now();
      inv.attempt_count += 1;
      payInvoiceWithIntent(inv);
      const sub = subscription(inv.parent.subscription_details.subscription);
      if (sub.status === 'past_due' || sub.status === 'unpaid') sub.status = 'active';
      return { subscription: sub, invoice: inv };
    },
    subscriptionEvent: (type, sub, created = now()) => ({
      id: newId('evt'),
      type,
      created,
      data: { object: structuredClone(sub) },
    }),
    invoiceEvent: (type, inv, created = now()) => ({
      id: newId('evt'),
      type,
      created,
      data: { object: structuredClone(inv) },
    }),
    checkoutSessionEvent: (type, session, created = now()) => ({
      id: newId('evt'),
      type,
      created,
      data: { object: structuredClone(session) },
    }),
    setPaymentIntentStatus(id, status) {
      const pi = paymentIntent(id);
      pi.status = status;
      if (status === 'succeeded') {
        pi.amount_received = pi.amount;
        pi.latest_charge ??= newId('ch');
      }
      return pi;
    },
    setAccountComplete(id, complete) {
      const acct = account(id);
      acct.charges_enabled = complete;
      acct.payouts_enabled = complete;
      acct.details_submitted = complete;
      acct.requirements.currently_due = complete ? [] : ['external_account'];
      acct.requirements.disabled_reason = complete ? null : 'requirements.past_due';
      return acct;
    },
    deliveries,
    setWebhookEndpoint(url, secret = DEFAULT_WEBHOOK_SECRET) {
      webhookEndpoint = url ? { url, secret } : null;
    },
    async flushWebhooks() {
      // A delivery may start another (none do today); wait until none is left.
      let seen = 0;
      while (seen < inFlight.length) {
        seen = inFlight.length;
        await Promise.all(inFlight);
        await new Promise((r) => setImmediate(r));
      }
      return Promise.all(inFlight);
    },
    charge: chargeOf,
    deliver,
    async dashboardRefund(piId, amount) {
      const pi = paymentIntent(piId);
      const charge = chargeOf(piId);
      const refundAmount = amount ?? pi.amount - charge.amount_refunded;
      if (refundAmount <= 0 || charge.amount_refunded + refundAmount > pi.amount) {
        throw new Error(`Refund of ${refundAmount} is more than is left on ${charge.id}`);
      }
      const refund: FakeRefund = {
        id: newId('re'),
        object: 'refund',
        amount: refundAmount,
        currency: pi.currency,
        payment_intent: piId,
        charge: charge.id,
        status: 'succeeded',
        reason: 'requested_by_customer',
        metadata: {},
        created: now(),
      };
      refunds.set(refund.id, refund);
      return { refund, delivery: await deliverChargeEvent('charge.refunded', piId) };
    },
    async openDispute(piId, reason = 'fraudulent') {
      const charge = chargeOf(piId);
      const dispute: FakeDispute = {
        id: newId('dp'),
        object: 'dispute',
        amount: charge.amount - charge.amount_refunded,
        charge: charge.id,
        payment_intent: piId,
        currency: charge.currency,
        reason,
        status: 'needs_response',
        created: now(),
        livemode: false,
      };
      disputes.set(dispute.id, dispute);
      return { dispute, delivery: await deliverDisputeEvent('charge.dispute.created', dispute) };
    },
    async closeDispute(disputeId, outcome) {
      const dispute = disputes.get(disputeId);
      if (!dispute) throw new Error(`No such dispute: ${disputeId}`);
      dispute.status = outcome;
      return { dispute, delivery: await deliverDisputeEvent('charge.dispute.closed', dispute) };
    },
    signEvent(event, secret = DEFAULT_WEBHOOK_SECRET) {
      const full = {
        object: 'event',
        api_version: '2025-01-01',
        created: now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        ...event,
        id: event.id ?? newId('evt'),
      };
      const body = JSON.stringify(full);
      const signature = webhooks.generateTestHeaderString({ payload: body, secret });
      return { body, signature };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
