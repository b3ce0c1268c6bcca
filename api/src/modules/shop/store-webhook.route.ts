import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, RequestHandler } from 'express';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import type { ContextFactory } from '../../graphql/context';
import { queueProductSync } from './shop.jobs';
import { type ActiveStore, getActiveStore } from './store-connection';
import { applyStoreOrderEntitlements, type StoreEntitlementSettings } from './store-entitlements';
import {
  parseOrderPayload,
  parseProductId,
  parseRefundPayload,
  parseStoreJson,
  StorePayloadError,
} from './store-order-payload';
import { recordStoreRefund, upsertStoreOrder } from './store-orders.service';
import { webhookSecretOf } from './store-provider';
import { markProductRemoved } from './store-sync';
import { log } from '../../observability/logger';

/**
 * POST /api/webhooks/store — the connected store's webhooks (docs/store.md), mounted before the
 * JSON parser and the CSRF check with `express.raw`: the signature covers the exact bytes sent.
 *
 * - `X-Shopify-Hmac-Sha256` must be the base64 HMAC-SHA256 of the raw body with the active store's
 *   webhook secret (constant-time comparison): else 401 `{ message }` and nothing changes. No active
 *   store: 404.
 * - `X-Shopify-Webhook-Id` is recorded (store_webhook_deliveries) in the same transaction as the
 *   handling: a replay answers 200 `{ ok: true, duplicate: true }` and does nothing; a handling that
 *   fails rolls the record back too, so the store's retry is handled.
 * - orders/create|updated|paid|fulfilled|cancelled → the order's row (newest `updated_at` wins) and
 *   its DRX grants (store-entitlements.ts); refunds/create → the refunded lines (409 for a refund made
 *   in the last hour of an order not known yet: its order webhook is late, the store retries; an
 *   older one is ignored); products/create|update
 *   → a sync of that product (a job queued in the same transaction); products/delete → the product marked removed. Other topics: 200,
 *   ignored.
 */

const ORDER_TOPICS = new Set([
  'orders/create',
  'orders/updated',
  'orders/paid',
  'orders/fulfilled',
  'orders/cancelled',
]);

type Outcome = Record<string, unknown>;

/** How long a refund of an order DRX does not know is answered 409 (retry later). */
const UNKNOWN_ORDER_RETRY_MS = 60 * 60 * 1000;

class RetryLater extends Error {}

/** Whether `signature` (base64, from the header) is the HMAC of `body` with `secret`. */
export function validStoreSignature(body: Buffer, signature: string, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(body).digest();
  let given: Buffer;
  try {
    given = Buffer.from(signature.trim(), 'base64');
  } catch {
    return false;
  }
  // Buffer.from ignores characters outside base64: compare the canonical text too (same length).
  if (given.length !== expected.length || given.toString('base64') !== signature.trim()) return false;
  return timingSafeEqual(given, expected);
}

/** The HMAC header a store sends with `body` (tests, the demo store). */
export function storeSignature(body: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

function header(req: Request, name: string): string | null {
  const value = req.get(name)?.trim();
  return value ? value : null;
}

async function activeStore(em: EntityManager, config: Config): Promise<ActiveStore | null> {
  try {
    return await getActiveStore(em, config);
  } catch (error) {
    log().error({ err: error }, '[shop] webhook: the store settings could not be read');
    return null;
  }
}

async function handleTopic(
  em: EntityManager,
  topic: string,
  body: unknown,
  settings: StoreEntitlementSettings,
): Promise<Outcome> {
  if (ORDER_TOPICS.has(topic)) {
    const order = parseOrderPayload(body);
    const upsert = await upsertStoreOrder(em, order);
    if (!upsert.applied) return { order: order.id, stale: true };
    const entitlements = await applyStoreOrderEntitlements(em, order.id, settings, {
      paidTopic: topic === 'orders/paid',
    });
    return { order: order.id, ...entitlements };
  }
  if (topic === 'refunds/create') {
    const refund = parseRefundPayload(body);
    const row = await recordStoreRefund(em, refund);
    if (!row) {
      // A fresh refund of an order not known yet: its order webhook is late, the store retries
      // this one later. An older one is of an order from before DRX was connected: answered, so
      // the store does not retry it for hours (and drop the subscription).
      const age = refund.createdAt ? Date.now() - refund.createdAt.getTime() : Infinity;
      if (age < UNKNOWN_ORDER_RETRY_MS) throw new RetryLater(`Order ${refund.orderId} is not known yet`);
      return { order: refund.orderId, refund: refund.id, ignored: true, unknownOrder: true };
    }
    const entitlements = await applyStoreOrderEntitlements(em, refund.orderId, settings);
    return { order: refund.orderId, refund: refund.id, ...entitlements };
  }
  if (topic === 'products/create' || topic === 'products/update') {
    const productId = parseProductId(body);
    await queueProductSync(productId, { em });
    return { product: productId, queued: true };
  }
  if (topic === 'products/delete') {
    const productId = parseProductId(body);
    return { product: productId, removed: await markProductRemoved(em, productId) };
  }
  return { ignored: true };
}

export function storeWebhookRoute(createContext: ContextFactory): RequestHandler {
  return async (req, res) => {
    const { em, config } = await createContext(req, res);
    const store = await activeStore(em, config);
    if (!store) {
      // Like /webhooks/stripe without Stripe: nothing here to deliver to (not a server failure).
      res.status(404).json({ message: 'No store is connected' });
      return;
    }
    const signature = header(req, 'x-shopify-hmac-sha256');
    if (!signature || !Buffer.isBuffer(req.body)) {
      res.status(401).json({ message: 'Missing store signature' });
      return;
    }
    // A Dev Dashboard app signs with its client secret when no separate webhook secret was given.
    const secret = webhookSecretOf(store.settings);
    if (!secret || !validStoreSignature(req.body, signature, secret)) {
      res.status(401).json({ message: 'Invalid store signature' });
      return;
    }
    const topic = header(req, 'x-shopify-topic')?.toLowerCase() ?? null;
    const webhookId = header(req, 'x-shopify-webhook-id');
    if (!topic || !webhookId) {
      res.status(400).json({ message: 'Missing X-Shopify-Topic or X-Shopify-Webhook-Id' });
      return;
    }
    let body: unknown;
    try {
      body = parseStoreJson(req.body.toString('utf8'));
    } catch {
      res.status(400).json({ message: 'The body is not JSON' });
      return;
    }
    const settings: StoreEntitlementSettings = {
      publicUrl: config.publicUrl,
      shopName: store.shopName,
      inviteSecret: config.sessionSecret,
    };
    try {
      const outcome = await em.transactional(async (tem) => {
        const recorded = await tem.execute<{ webhook_id: string }[]>(
          `insert into store_webhook_deliveries (webhook_id, topic, shop_domain) values (?, ?, ?)
           on conflict (webhook_id) do nothing returning webhook_id`,
          [
            webhookId.slice(0, 255),
            topic.slice(0, 100),
            header(req, 'x-shopify-shop-domain')?.slice(0, 255) ?? null,
          ],
        );
        if (!recorded.length) return null;
        return handleTopic(tem, topic, body, settings);
      });
      if (outcome === null) {
        res.json({ ok: true, duplicate: true });
        return;
      }
      res.json({ ok: true, topic, ...outcome });
    } catch (error) {
      if (error instanceof StorePayloadError) {
        res.status(400).json({ message: error.message });
        return;
      }
      if (error instanceof RetryLater) {
        res.status(409).json({ message: error.message });
        return;
      }
      log().error({ err: error }, `[shop] webhook ${webhookId} (${topic}) failed`);
      res.status(500).json({ message: 'Webhook processing failed' });
    }
  };
}
