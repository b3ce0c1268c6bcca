import type { EntityManager } from '@mikro-orm/postgresql';
import { GraphQLError } from 'graphql';
import { type ConnectionShape, invalidCursor } from '../../graphql/connection';

/** The delivery log as admins read it: an endpoint's messages, newest first, and their attempts. */

export interface MessageRow {
  id: string;
  endpointId: string;
  eventType: string;
  subject: string;
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attemptCount: number;
  nextAttemptAt: Date | null;
  lastAttemptAt: Date | null;
  createdAt: Date;
  deliveredAt: Date | null;
  lastResponseStatus: number | null;
  lastDurationMs: number | null;
  lastError: string | null;
  seq: string;
}

export interface AttemptRow {
  id: string;
  trigger: 'automatic' | 'manual';
  url: string;
  requestHeaders: string;
  requestBody: string;
  responseStatus: number | null;
  responseBody: string | null;
  succeeded: boolean;
  error: string | null;
  durationMs: number;
  startedAt: Date;
}

export const MESSAGE_STATUSES = ['pending', 'succeeded', 'failed'] as const;

const MESSAGE_COLUMNS = `m.id, m.endpoint_id, m.event_type, m.subject, m.payload, m.status, m.attempt_count, m.next_attempt_at,
  m.last_attempt_at, m.created_at, m.delivered_at, m.seq, a.response_status, a.duration_ms, a.error`;
const LAST_ATTEMPT = `left join lateral (
    select response_status, duration_ms, error from webhook_attempts
    where message_id = m.id order by started_at desc, id desc limit 1) a on true`;

const date = (v: unknown) => (v ? new Date(v as string) : null);

function toMessage(r: Record<string, any>): MessageRow {
  return {
    id: r.id,
    endpointId: r.endpoint_id,
    eventType: r.event_type,
    subject: r.subject,
    payload: typeof r.payload === 'string' ? r.payload : JSON.stringify(r.payload),
    status: r.status,
    attemptCount: r.attempt_count,
    nextAttemptAt: date(r.next_attempt_at),
    lastAttemptAt: date(r.last_attempt_at),
    createdAt: new Date(r.created_at),
    deliveredAt: date(r.delivered_at),
    lastResponseStatus: r.response_status ?? null,
    lastDurationMs: r.duration_ms ?? null,
    lastError: r.error ?? null,
    seq: String(r.seq),
  };
}

function cursorOf(row: MessageRow): string {
  return Buffer.from(JSON.stringify(['webhook-message', row.seq])).toString('base64url');
}

function decodeCursor(after: string): string {
  try {
    const [tag, seq] = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (tag === 'webhook-message' && typeof seq === 'string' && /^[0-9]{1,18}$/.test(seq)) return seq;
  } catch {
    // fall through
  }
  throw invalidCursor();
}

/** An endpoint's messages, newest first, optionally of one status. */
export async function listMessages(
  em: EntityManager,
  endpointId: string,
  first: number,
  after?: string | null,
  status?: string | null,
): Promise<ConnectionShape<MessageRow>> {
  const where = ['m.endpoint_id = ?'];
  const params: unknown[] = [endpointId];
  if (status) {
    if (!(MESSAGE_STATUSES as readonly string[]).includes(status)) {
      throw new GraphQLError('`status` must be pending, succeeded or failed', {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    where.push('m.status = ?');
    params.push(status);
  }
  const [{ n }] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from webhook_messages m where ${where.join(' and ')}`,
    params,
  );
  if (after) {
    where.push('m.seq < ?');
    params.push(decodeCursor(after));
  }
  const rows = await em.execute(
    `select ${MESSAGE_COLUMNS} from webhook_messages m ${LAST_ATTEMPT}
     where ${where.join(' and ')} order by m.seq desc limit ?`,
    [...params, first + 1],
  );
  const nodes = rows.slice(0, first).map(toMessage);
  return {
    nodes,
    edges: nodes.map((node) => ({ node, cursor: cursorOf(node) })),
    totalCount: n,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: Boolean(after),
      startCursor: nodes.length ? cursorOf(nodes[0]) : null,
      endCursor: nodes.length ? cursorOf(nodes[nodes.length - 1]) : null,
    },
  };
}

export async function findMessage(em: EntityManager, id: string): Promise<MessageRow | null> {
  if (!/^msg_[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  const [row] = await em.execute(
    `select ${MESSAGE_COLUMNS} from webhook_messages m ${LAST_ATTEMPT} where m.id = ?`,
    [id],
  );
  return row ? toMessage(row) : null;
}

/** A message's attempts, oldest first. */
export async function listAttempts(em: EntityManager, messageId: string): Promise<AttemptRow[]> {
  const rows = await em.execute(
    `select id, trigger, url, request_headers, request_body, response_status, response_body, succeeded, error,
       duration_ms, started_at from webhook_attempts where message_id = ? order by started_at, id`,
    [messageId],
  );
  return rows.map((r: Record<string, any>) => ({
    id: r.id,
    trigger: r.trigger,
    url: r.url,
    requestHeaders:
      typeof r.request_headers === 'string' ? r.request_headers : JSON.stringify(r.request_headers),
    requestBody: r.request_body,
    responseStatus: r.response_status,
    responseBody: r.response_body,
    succeeded: r.succeeded,
    error: r.error,
    durationMs: r.duration_ms,
    startedAt: new Date(r.started_at),
  }));
}
