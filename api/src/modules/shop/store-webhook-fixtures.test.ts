// Test helpers only (the .test.ts suffix keeps this file out of the production build).
import { randomUUID } from 'node:crypto';
import type { TestApp } from '../../test/test-app';
import { DEMO_WEBHOOK_SECRET } from './demo-store-constants';
import { storeSignature } from './store-webhook.route';

/** Shared helpers of the store webhook and entitlement tests: signed deliveries, payloads. */

let seq = 1000;
/** A fresh numeric store id. */
export const nextId = () => ++seq + Math.floor(Math.random() * 1_000_000) * 10_000;

export interface DeliverOptions {
  webhookId?: string;
  /** Signs with this secret (default: the demo store's). */
  secret?: string;
  /** Sends this header value instead of a computed signature; null sends none. */
  signature?: string | null;
}

/** POSTs a webhook as the store would: the raw JSON body and Shopify's headers. */
export function deliver(t: TestApp, topic: string, payload: unknown, options: DeliverOptions = {}) {
  const body = JSON.stringify(payload);
  const req = t
    .agent()
    .post('/api/webhooks/store')
    .set('content-type', 'application/json')
    .set('x-shopify-topic', topic)
    .set('x-shopify-webhook-id', options.webhookId ?? randomUUID())
    .set('x-shopify-shop-domain', 'demo-store.drx.local')
    .set('x-shopify-api-version', '2026-04');
  const signature =
    options.signature === undefined
      ? storeSignature(body, options.secret ?? DEMO_WEBHOOK_SECRET)
      : options.signature;
  if (signature !== null) req.set('x-shopify-hmac-sha256', signature);
  return req.send(body);
}

export interface LineInput {
  id?: number;
  sku?: string | null;
  title?: string;
  quantity?: number;
  price?: string;
  variantId?: number;
  productId?: number;
}

export interface OrderInput {
  id: number;
  email?: string | null;
  financialStatus?: string;
  fulfillmentStatus?: string | null;
  cancelledAt?: string | null;
  updatedAt?: string;
  createdAt?: string;
  lines?: LineInput[];
  fulfillments?: unknown[];
}

/** An orders/* payload in Shopify's REST shape. */
export function orderPayload(input: OrderInput) {
  const createdAt = input.createdAt ?? '2026-11-28T10:00:00Z';
  const lines = (input.lines ?? [{}]).map((l, i) => ({
    id: l.id ?? input.id * 10 + i,
    admin_graphql_api_id: `gid://shopify/LineItem/${l.id ?? input.id * 10 + i}`,
    variant_id: l.variantId ?? 7000 + i,
    product_id: l.productId ?? 6000 + i,
    sku: l.sku === undefined ? `SHOE-${i}` : l.sku,
    title: l.title ?? `Item ${i}`,
    variant_title: 'M',
    quantity: l.quantity ?? 1,
    price: l.price ?? '12.00',
  }));
  return {
    id: input.id,
    admin_graphql_api_id: `gid://shopify/Order/${input.id}`,
    name: `#${input.id}`,
    email: input.email === undefined ? 'member@demo.drx.dance' : input.email,
    contact_email: input.email === undefined ? 'member@demo.drx.dance' : input.email,
    created_at: createdAt,
    updated_at: input.updatedAt ?? createdAt,
    cancelled_at: input.cancelledAt ?? null,
    financial_status: input.financialStatus ?? 'paid',
    fulfillment_status: input.fulfillmentStatus ?? null,
    currency: 'USD',
    total_price: lines.reduce((sum, l) => sum + Number(l.price) * l.quantity, 0).toFixed(2),
    order_status_url: `https://demo-store.drx.local/orders/${input.id}/status`,
    customer: { first_name: 'Mia', last_name: 'Member' },
    line_items: lines,
    fulfillments: input.fulfillments ?? [],
  };
}

/** A refunds/create payload giving back these lines (all of each by default). */
export function refundPayload(
  orderId: number,
  lines: { id: number; quantity?: number }[],
  refundId = nextId(),
  createdAt = new Date().toISOString(),
) {
  return {
    id: refundId,
    order_id: orderId,
    created_at: createdAt,
    refund_line_items: lines.map((l) => ({ line_item_id: l.id, quantity: l.quantity ?? 1 })),
  };
}

export const db = (t: TestApp) => t.orm.em.fork().getConnection();

export const orderGidOf = (id: number) => `gid://shopify/Order/${id}`;
