import type { EntityManager } from '@mikro-orm/postgresql';
import { jobs } from '../../jobs';
import type { WebhookEventType } from './webhook-events';
import { newMessageId } from './webhook-signature';

export const WEBHOOK_DELIVER_JOB = 'webhook.deliver';

/** A message's body (Standard Webhooks' payload shape). */
export interface WebhookPayload {
  type: WebhookEventType;
  /** When the event happened (ISO-8601, UTC). */
  timestamp: string;
  data: Record<string, unknown>;
}

/**
 * Reports event `type` about `subject` (e.g. `order:<id>`) to every enabled endpoint subscribed to
 * it. `data` may be a function that reads it (called only when an endpoint listens; null: no
 * event). Call it with the EntityManager of the transaction that makes the change: the messages and
 * their delivery jobs are inserted there, so an event exists only if the change commits. Returns
 * how many messages were made (0 without subscribers: one indexed read, nothing else).
 */
export async function emitWebhookEvent(
  em: EntityManager,
  type: WebhookEventType,
  subject: string,
  data: Record<string, unknown> | (() => Promise<Record<string, unknown> | null>),
): Promise<number> {
  const endpoints = await em.execute<{ id: string }[]>(
    `select id from webhook_endpoints where enabled and events @> array[?]::text[] order by created_at, id`,
    [type],
  );
  if (!endpoints.length) return 0;
  // Built only when someone listens: most changes have no subscriber.
  const body = typeof data === 'function' ? await data() : data;
  if (!body) return 0;
  const payload: WebhookPayload = { type, timestamp: new Date().toISOString(), data: body };
  for (const endpoint of endpoints) {
    const id = newMessageId();
    await em.execute(
      `insert into webhook_messages (id, endpoint_id, event_type, subject, payload, next_attempt_at)
       values (?, ?, ?, ?, ?::jsonb, now())`,
      [id, endpoint.id, type, subject, JSON.stringify(payload)],
    );
    await jobs.send(WEBHOOK_DELIVER_JOB, { messageId: id }, { em });
  }
  return endpoints.length;
}
