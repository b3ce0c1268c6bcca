import type { EntityManager } from '@mikro-orm/postgresql';
import type { Config } from '../../config';
import { DomainError } from '../../graphql/errors';
import { jobs } from '../../jobs';
import { isUuid } from '../../lib/ids';
import { WEBHOOK_DELIVER_JOB } from './webhook-emit';
import { WEBHOOK_EVENT_TYPES, isWebhookEventType, type WebhookEventType } from './webhook-events';
import { newWebhookSecret } from './webhook-signature';
import { validateEndpointUrl } from './webhook-url';

/** Admins' management of webhook endpoints (webhooks.resolver.ts; admins only). */

export const DESCRIPTION_MAX_LENGTH = 500;
const NOT_FOUND = 'No webhook endpoint with this id';

export interface EndpointRow {
  id: string;
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
  disabledAt: Date | null;
  disabledReason: string | null;
  lastSuccessAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  pendingCount: number;
  failedCount: number;
}

const COLUMNS = `e.id, e.url, e.description, e.events, e.enabled, e.disabled_at, e.disabled_reason, e.last_success_at,
  e.created_at, e.updated_at,
  (select count(*)::int from webhook_messages m where m.endpoint_id = e.id and m.status = 'pending') as pending_count,
  (select count(*)::int from webhook_messages m where m.endpoint_id = e.id and m.status = 'failed') as failed_count`;

function toRow(r: Record<string, any>): EndpointRow {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    events: r.events,
    enabled: r.enabled,
    disabledAt: r.disabled_at ? new Date(r.disabled_at) : null,
    disabledReason: r.disabled_reason,
    lastSuccessAt: r.last_success_at ? new Date(r.last_success_at) : null,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    pendingCount: r.pending_count,
    failedCount: r.failed_count,
  };
}

export type UrlSettings = Pick<Config, 'production' | 'webhooksAllowPrivateNetworks'>;

function urlSettings(config: UrlSettings) {
  return { production: config.production, allowPrivateNetworks: config.webhooksAllowPrivateNetworks };
}

function validEvents(events: readonly string[]): WebhookEventType[] {
  const list = [...new Set((events ?? []).map((e) => e.trim()))];
  if (!list.length) throw new DomainError('INVALID_INPUT', 'Choose at least one event', 'events');
  const unknown = list.find((e) => !isWebhookEventType(e));
  if (unknown !== undefined) {
    throw new DomainError(
      'INVALID_INPUT',
      `Unknown event "${unknown.slice(0, 50)}"; the events are ${WEBHOOK_EVENT_TYPES.join(', ')}`,
      'events',
    );
  }
  return WEBHOOK_EVENT_TYPES.filter((e) => list.includes(e));
}

/** A PostgreSQL array literal of event types (validated: no quoting needed). */
function pgTextArray(events: readonly WebhookEventType[]): string {
  return `{${events.join(',')}}`;
}

function validDescription(description: string | null | undefined): string {
  const text = (description ?? '').trim();
  if (text.length > DESCRIPTION_MAX_LENGTH) {
    throw new DomainError(
      'INVALID_INPUT',
      `The description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
      'description',
    );
  }
  return text;
}

/** Every endpoint, oldest first. */
export async function listEndpoints(em: EntityManager): Promise<EndpointRow[]> {
  const rows = await em.execute(`select ${COLUMNS} from webhook_endpoints e order by e.created_at, e.id`);
  return rows.map(toRow);
}

export async function findEndpoint(em: EntityManager, id: string): Promise<EndpointRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await em.execute(`select ${COLUMNS} from webhook_endpoints e where e.id = ?`, [id]);
  return row ? toRow(row) : null;
}

async function endpointOrFail(em: EntityManager, id: string): Promise<EndpointRow> {
  const endpoint = await findEndpoint(em, id);
  if (!endpoint) throw new DomainError('NOT_FOUND', NOT_FOUND, 'id');
  return endpoint;
}

/** Registers an endpoint with a new secret; returns it with the secret (shown once). */
export async function createEndpoint(
  em: EntityManager,
  actorId: string,
  input: { url: string; description?: string | null; events: string[]; enabled?: boolean | null },
  config: UrlSettings,
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const url = await validateEndpointUrl(input.url, urlSettings(config));
  const events = validEvents(input.events);
  const description = validDescription(input.description);
  const secret = newWebhookSecret();
  const enabled = input.enabled ?? true;
  const [row] = await em.execute<{ id: string }[]>(
    `insert into webhook_endpoints (url, description, events, secret, enabled, disabled_at, disabled_reason, created_by_id)
     values (?, ?, ?::text[], ?, ?, ${enabled ? 'null' : 'now()'}, ?, ?) returning id`,
    [
      url,
      description,
      pgTextArray(events),
      secret,
      enabled,
      enabled ? null : 'Created switched off',
      actorId,
    ],
  );
  return { endpoint: await endpointOrFail(em, row.id), secret };
}

/**
 * Changes an endpoint. Switching it off keeps its pending messages waiting; switching it on again
 * queues the first pending message of each subject (the rest follow in order).
 */
export async function updateEndpoint(
  em: EntityManager,
  actorName: string,
  input: {
    id: string;
    url?: string | null;
    description?: string | null;
    events?: string[] | null;
    enabled?: boolean | null;
  },
  config: UrlSettings,
): Promise<EndpointRow> {
  const url = input.url != null ? await validateEndpointUrl(input.url, urlSettings(config)) : null;
  const events = input.events != null ? validEvents(input.events) : null;
  const description = input.description != null ? validDescription(input.description) : null;
  return em.transactional(async (tx) => {
    const [current] = await tx.execute<{ enabled: boolean }[]>(
      `select enabled from webhook_endpoints where id = ? for update`,
      [isUuid(input.id) ? input.id : '00000000-0000-0000-0000-000000000000'],
    );
    if (!current) throw new DomainError('NOT_FOUND', NOT_FOUND, 'id');
    await tx.execute(
      `update webhook_endpoints set url = coalesce(?, url), description = coalesce(?, description),
         events = coalesce(?::text[], events), updated_at = now() where id = ?`,
      [url, description, events && pgTextArray(events), input.id],
    );
    if (input.enabled === false && current.enabled) {
      await tx.execute(
        `update webhook_endpoints set enabled = false, disabled_at = now(), disabled_reason = ? where id = ?`,
        [`Switched off by ${actorName}`.slice(0, 500), input.id],
      );
    } else if (input.enabled === true && !current.enabled) {
      await tx.execute(
        `update webhook_endpoints set enabled = true, disabled_at = null, disabled_reason = null where id = ?`,
        [input.id],
      );
      await resumePending(tx, input.id);
    }
    return endpointOrFail(tx, input.id);
  });
}

/** Queues the oldest pending message of each subject of a re-enabled endpoint, due now. */
async function resumePending(em: EntityManager, endpointId: string): Promise<void> {
  const heads = await em.execute<{ id: string }[]>(
    `update webhook_messages m set next_attempt_at = least(m.next_attempt_at, now())
     where m.id in (
       select distinct on (subject) id from webhook_messages
       where endpoint_id = ? and status = 'pending' order by subject, seq)
     returning m.id`,
    [endpointId],
  );
  for (const head of heads) await jobs.send(WEBHOOK_DELIVER_JOB, { messageId: head.id }, { em });
}

/** Deletes an endpoint with its messages and attempts. Returns its id. */
export async function deleteEndpoint(em: EntityManager, id: string): Promise<string> {
  const rows = isUuid(id)
    ? await em.execute<{ id: string }[]>(`delete from webhook_endpoints where id = ? returning id`, [id])
    : [];
  if (!rows.length) throw new DomainError('NOT_FOUND', NOT_FOUND, 'id');
  return rows[0].id;
}

/** The endpoint's signing secret (admins reveal it on purpose). */
export async function endpointSecret(em: EntityManager, id: string): Promise<string | null> {
  if (!isUuid(id)) return null;
  const [row] = await em.execute<{ secret: string }[]>(`select secret from webhook_endpoints where id = ?`, [
    id,
  ]);
  return row?.secret ?? null;
}

/**
 * Gives the endpoint a new secret, used from the next attempt on (also for messages already
 * queued); the old one stops working at once.
 */
export async function rotateSecret(
  em: EntityManager,
  id: string,
): Promise<{ endpoint: EndpointRow; secret: string }> {
  const secret = newWebhookSecret();
  const rows = isUuid(id)
    ? await em.execute<{ id: string }[]>(
        `update webhook_endpoints set secret = ?, updated_at = now() where id = ? returning id`,
        [secret, id],
      )
    : [];
  if (!rows.length) throw new DomainError('NOT_FOUND', NOT_FOUND, 'id');
  return { endpoint: await endpointOrFail(em, id), secret };
}
