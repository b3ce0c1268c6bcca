import { createHmac, randomUUID } from 'node:crypto';
import type { DemoStoreDb } from './demo-store-db';
import type { Db } from './demo-store-query';
import { DEMO_STORE_DOMAIN, DEMO_WEBHOOK_SECRET } from './demo-store-constants';
import type { LogError } from './demo-store-log';

/**
 * The demo store's webhooks, as Shopify sends them: an HTTP POST of JSON to every subscription of
 * the topic, signed with HMAC-SHA256 (base64) of the raw body. A delivery is written (outbox) in
 * the transaction that changed the state and sent after it commits; failures are retried a few
 * times with a growing delay. Nothing waits for a delivery.
 */

/** `ORDERS_CREATE` → `orders/create` (Admin API enum → REST topic). */
export function restTopic(enumTopic: string): string {
  const lower = enumTopic.toLowerCase();
  const cut = lower.indexOf('_');
  return cut < 0 ? lower : `${lower.slice(0, cut)}/${lower.slice(cut + 1)}`;
}

/** `orders/create` → `ORDERS_CREATE`. */
export function enumTopic(topic: string): string {
  return topic.replace('/', '_').toUpperCase();
}

export function signWebhook(body: string, secret = DEMO_WEBHOOK_SECRET): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64');
}

/** Writes one delivery per subscription of `topic` (REST form, `orders/create`). Returns how many. */
export async function enqueueWebhook(tx: Db, topic: string, payload: unknown): Promise<number> {
  const subscriptions = await tx.query<{ uri: string; api_version: string }>(
    'select uri, api_version from demo_store.webhook_subscriptions where topic = $1 order by id',
    [enumTopic(topic)],
  );
  const body = JSON.stringify(payload);
  for (const s of subscriptions) {
    await tx.query(
      `insert into demo_store.webhook_deliveries (webhook_id, topic, uri, api_version, body) values ($1, $2, $3, $4, $5)`,
      [randomUUID(), topic, s.uri, s.api_version, body],
    );
  }
  return subscriptions.length;
}

/** Seconds before the 2nd, 3rd, … attempt; after the last, a delivery is marked failed. */
const RETRY_DELAYS_S = [1, 3, 10, 30];
const TIMEOUT_MS = 5000;
const BATCH = 25;

interface DeliveryRow {
  id: string;
  webhook_id: string;
  topic: string;
  uri: string;
  api_version: string;
  body: string;
  attempts: number;
}

export class WebhookDeliverer {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: DemoStoreDb,
    private readonly logError: LogError,
  ) {}

  /** Sends what is due, soon (after the current run if one is going). */
  kick(): void {
    if (this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    });
  }

  /** Sends everything due now and waits for it (tests; the control endpoint). */
  async drain(): Promise<void> {
    for (let round = 0; round < 20; round++) {
      if (this.running) await this.running;
      const [due] = await this.db.query<{ n: number }>(
        `select count(*)::int as n from demo_store.webhook_deliveries
         where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())`,
      );
      if (due.n === 0 && !this.running) return;
      this.kick();
      await this.running;
    }
  }

  private async run(): Promise<void> {
    try {
      await this.db.ensureReady();
      for (;;) {
        if (this.closed) return;
        // Claimed for 30 s: another process skips them; a crashed process's claims expire.
        const batch = await this.db.query<DeliveryRow>(
          `update demo_store.webhook_deliveries set status = 'sending', attempts = attempts + 1,
             locked_until = now() + interval '30 seconds'
           where id in (
             select id from demo_store.webhook_deliveries
             where (status = 'pending' and next_attempt_at <= now()) or (status = 'sending' and locked_until < now())
             order by id limit ${BATCH} for update skip locked)
           returning id, webhook_id, topic, uri, api_version, body, attempts`,
        );
        if (batch.length === 0) break;
        batch.sort((a, b) => Number(a.id) - Number(b.id));
        for (const delivery of batch) await this.deliver(delivery);
      }
      await this.scheduleNext();
    } catch (error) {
      if (!this.closed) this.logError(error, '[demo-store] webhook delivery failed');
    }
  }

  private async deliver(d: DeliveryRow): Promise<void> {
    let status: number | null = null;
    let error: string | null = null;
    try {
      const response = await fetch(d.uri, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Shopify-Captain-Hook',
          'x-shopify-topic': d.topic,
          'x-shopify-hmac-sha256': signWebhook(d.body),
          'x-shopify-shop-domain': DEMO_STORE_DOMAIN,
          'x-shopify-webhook-id': d.webhook_id,
          'x-shopify-event-id': d.webhook_id,
          'x-shopify-api-version': d.api_version,
          'x-shopify-triggered-at': new Date().toISOString(),
        },
        body: d.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      status = response.status;
      await response.arrayBuffer().catch(() => undefined);
      if (status < 200 || status >= 300) error = `HTTP ${status}`;
    } catch (e) {
      error = e instanceof Error ? e.message : String(e);
    }
    if (!error) {
      await this.db.query(
        `update demo_store.webhook_deliveries set status = 'delivered', last_status = $2, last_error = null,
           delivered_at = now(), locked_until = null where id = $1`,
        [d.id, status],
      );
      return;
    }
    const delay = RETRY_DELAYS_S[d.attempts - 1];
    await this.db.query(
      `update demo_store.webhook_deliveries set status = $2, last_status = $3, last_error = $4, locked_until = null,
         next_attempt_at = now() + make_interval(secs => $5::float8) where id = $1`,
      [d.id, delay === undefined ? 'failed' : 'pending', status, error.slice(0, 500), delay ?? 0],
    );
  }

  /** A timer for the next retry that falls due (none while nothing waits). */
  private async scheduleNext(): Promise<void> {
    if (this.closed) return;
    const [next] = await this.db.query<{ at: Date | null }>(
      `select min(next_attempt_at) as at from demo_store.webhook_deliveries where status = 'pending'`,
    );
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!next?.at) return;
    const wait = Math.max(50, Math.min(60_000, next.at.getTime() - Date.now()));
    this.timer = setTimeout(() => this.kick(), wait);
    this.timer.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }
}
