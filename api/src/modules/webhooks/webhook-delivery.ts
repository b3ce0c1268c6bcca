import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import { jobs } from '../../jobs';
import { WEBHOOK_DELIVER_JOB, type WebhookPayload } from './webhook-emit';
import { postWebhook, USER_AGENT } from './webhook-http';
import { DEFAULT_RETRY_DELAYS_SECONDS, retryDelaySeconds } from './webhook-schedule';
import { signWebhook } from './webhook-signature';
import { switchOffEndpoint } from './webhook-switch-off';

/**
 * Delivers one message (the `webhook.deliver` job, and admins' manual redelivery).
 *
 * Each attempt runs in one transaction holding a transaction-scoped advisory lock on the message's
 * (endpoint, subject): attempts of one subject never overlap, across processes. An automatic
 * attempt is made only when the message is pending, due (`next_attempt_at`), its endpoint enabled,
 * and no older message of the same endpoint and subject is still pending — otherwise the job does
 * nothing, because whoever settles the older message (or schedules this one) queues a job for it
 * in the same transaction. So an endpoint receives a subject's events in creation order, and a
 * crash loses nothing: the next job is a row committed together with the attempt that made it.
 *
 * The request (exact body and headers) and the answer (status, the first 2 KB, timing or error)
 * are recorded as a `webhook_attempts` row. 2xx is success; anything else (3xx included: no
 * redirect is followed) schedules the next attempt on the retry schedule; after the last one the
 * message has failed, and when its endpoint has had no success since the message was made, the
 * endpoint is switched off and the admins are told (webhook-switch-off.ts).
 */

export interface AttemptOutcome {
  attemptId: string;
  succeeded: boolean;
  responseStatus: number | null;
  error: string | null;
}

interface MessageRow {
  id: string;
  seq: string;
  endpoint_id: string;
  subject: string;
  event_type: string;
  payload: WebhookPayload | string;
  status: 'pending' | 'succeeded' | 'failed';
  automatic_attempts: number;
  created_at: Date;
  due: boolean;
  enabled: boolean;
  url: string;
  secret: string;
}

/** Tolerance of the due check: a job may be fetched a moment before the stored instant (rounding). */
const DUE_TOLERANCE = `interval '1 second'`;

async function readMessage(em: EntityManager, id: string): Promise<MessageRow | null> {
  const [row] = await em.execute<MessageRow[]>(
    `select m.id, m.seq, m.endpoint_id, m.subject, m.event_type, m.payload, m.status, m.automatic_attempts,
       m.created_at, coalesce(m.next_attempt_at <= clock_timestamp() + ${DUE_TOLERANCE}, false) as due,
       e.enabled, e.url, e.secret
     from webhook_messages m join webhook_endpoints e on e.id = m.endpoint_id where m.id = ?`,
    [id],
  );
  return row ?? null;
}

/** Queues a job for the oldest pending message of (endpoint, subject) when it is waiting its turn. */
async function queueNextOfSubject(em: EntityManager, endpointId: string, subject: string): Promise<void> {
  const [next] = await em.execute<{ id: string; due: boolean }[]>(
    `select id, next_attempt_at <= clock_timestamp() + ${DUE_TOLERANCE} as due from webhook_messages
     where endpoint_id = ? and subject = ? and status = 'pending' order by seq limit 1`,
    [endpointId, subject],
  );
  // One scheduled later has its own job already.
  if (next?.due) await jobs.send(WEBHOOK_DELIVER_JOB, { messageId: next.id }, { em });
}

/** The exact body a message is sent with (the same bytes on every attempt). */
export function messageBody(payload: WebhookPayload | string): string {
  const p = typeof payload === 'string' ? (JSON.parse(payload) as WebhookPayload) : payload;
  return JSON.stringify({ type: p.type, timestamp: p.timestamp, data: p.data });
}

/**
 * Makes one attempt at message `messageId`. `manual` (an admin's redelivery) attempts now whatever
 * the message's state, order or endpoint state; its failure changes nothing else. Returns null when
 * an automatic attempt was not due (see above).
 */
export async function deliverMessage(
  em: EntityManager,
  messageId: string,
  config: Pick<Config, 'webhooksAllowPrivateNetworks' | 'webhookRetryDelaysSeconds' | 'publicUrl'>,
  manual = false,
): Promise<AttemptOutcome | null> {
  return em.transactional(async (tx) => {
    const first = await readMessage(tx, messageId);
    if (!first) return null;
    await tx.execute(`select pg_advisory_xact_lock(hashtextextended(? || ':' || ?, 0))`, [
      first.endpoint_id,
      first.subject,
    ]);
    // Read again under the lock: another attempt of this subject may have just committed.
    const message = (await readMessage(tx, messageId))!;
    if (!manual) {
      if (message.status !== 'pending' || !message.enabled || !message.due) return null;
      const [older] = await tx.execute<{ id: string }[]>(
        `select id from webhook_messages where endpoint_id = ? and subject = ? and status = 'pending' and seq < ? limit 1`,
        [message.endpoint_id, message.subject, message.seq],
      );
      if (older) return null;
    }

    const body = messageBody(message.payload);
    const startedAt = new Date();
    const timestamp = Math.floor(startedAt.getTime() / 1000);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      'webhook-id': message.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(message.secret, message.id, timestamp, body),
    };
    const response = await postWebhook(message.url, headers, body, {
      allowPrivateNetworks: config.webhooksAllowPrivateNetworks,
    });
    const succeeded = response.status !== null && response.status >= 200 && response.status < 300;
    const error =
      response.error ??
      (succeeded
        ? null
        : response.status! >= 300 && response.status! < 400
          ? `Redirect (${response.status}) not followed`
          : `HTTP ${response.status}`);
    const [attempt] = await tx.execute<{ id: string }[]>(
      `insert into webhook_attempts (message_id, trigger, url, request_headers, request_body, response_status,
         response_body, succeeded, error, duration_ms, started_at, finished_at)
       values (?, ?, ?, ?::jsonb, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
      [
        message.id,
        manual ? 'manual' : 'automatic',
        message.url,
        JSON.stringify(headers),
        body,
        response.status,
        response.body,
        succeeded,
        error,
        response.durationMs,
        startedAt,
        new Date(startedAt.getTime() + response.durationMs),
      ],
    );
    const outcome: AttemptOutcome = {
      attemptId: attempt.id,
      succeeded,
      responseStatus: response.status,
      error,
    };

    if (succeeded) {
      await tx.execute(
        `update webhook_messages set status = 'succeeded', delivered_at = clock_timestamp(), next_attempt_at = null,
           attempt_count = attempt_count + 1, automatic_attempts = automatic_attempts + ?, last_attempt_at = clock_timestamp()
         where id = ?`,
        [manual ? 0 : 1, message.id],
      );
      await tx.execute(`update webhook_endpoints set last_success_at = clock_timestamp() where id = ?`, [
        message.endpoint_id,
      ]);
      if (message.status === 'pending') await queueNextOfSubject(tx, message.endpoint_id, message.subject);
      return outcome;
    }
    if (manual) {
      await tx.execute(
        `update webhook_messages set attempt_count = attempt_count + 1, last_attempt_at = clock_timestamp() where id = ?`,
        [message.id],
      );
      return outcome;
    }
    const failed = message.automatic_attempts + 1;
    const delay = retryDelaySeconds(failed, config.webhookRetryDelaysSeconds ?? DEFAULT_RETRY_DELAYS_SECONDS);
    if (delay !== null) {
      const [scheduled] = await tx.execute<{ next_attempt_at: Date }[]>(
        `update webhook_messages set attempt_count = attempt_count + 1, automatic_attempts = automatic_attempts + 1,
           last_attempt_at = clock_timestamp(), next_attempt_at = clock_timestamp() + make_interval(secs => ?)
         where id = ? returning next_attempt_at`,
        [delay, message.id],
      );
      await jobs.send(
        WEBHOOK_DELIVER_JOB,
        { messageId: message.id },
        { em: tx, startAfter: new Date(scheduled.next_attempt_at) },
      );
      return outcome;
    }
    await tx.execute(
      `update webhook_messages set status = 'failed', next_attempt_at = null, attempt_count = attempt_count + 1,
         automatic_attempts = automatic_attempts + 1, last_attempt_at = clock_timestamp()
       where id = ?`,
      [message.id],
    );
    await switchOffEndpoint(tx, message.endpoint_id, {
      unlessSuccessSince: new Date(message.created_at),
      publicUrl: config.publicUrl,
      reason: `Switched off automatically: message ${message.id} (${message.event_type}) failed ${failed} attempts over ${describeSpan(config)}; last error: ${error}`,
    });
    await queueNextOfSubject(tx, message.endpoint_id, message.subject);
    return outcome;
  });
}

function describeSpan(config: Pick<Config, 'webhookRetryDelaysSeconds'>): string {
  const seconds = (config.webhookRetryDelaysSeconds ?? DEFAULT_RETRY_DELAYS_SECONDS).reduce(
    (s, d) => s + d,
    0,
  );
  return seconds >= 86400 ? `${Math.round(seconds / 3600)} hours` : `${Math.round(seconds)} seconds`;
}
