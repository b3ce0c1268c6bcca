import type { EntityManager } from '@mikro-orm/postgresql';
import { type ConnectionShape, invalidCursor } from '../../graphql/connection';
import type { StoredAttachment } from './mail';

/** One stored mail, as admins read it (the outbox). */
export interface OutboxRow {
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: StoredAttachment[];
  createdAt: Date;
  sentAt: Date | null;
  error: string | null;
}

const COLUMNS = `"id", "from", "to", "subject", "text", "html", "attachments", "created_at", "sent_at", "error"`;

function toRow(r: Record<string, any>): OutboxRow {
  return {
    id: r.id,
    from: r.from,
    to: r.to,
    subject: r.subject,
    text: r.text,
    html: r.html,
    attachments: typeof r.attachments === 'string' ? JSON.parse(r.attachments) : r.attachments,
    createdAt: new Date(r.created_at),
    sentAt: r.sent_at ? new Date(r.sent_at) : null,
    error: r.error,
  };
}

/** The cursor of a row: its creation instant (ISO, milliseconds) and id. */
export function outboxCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify(['outbox', row.createdAt.toISOString(), row.id])).toString('base64url');
}

function decodeCursor(after: string): { createdAt: string; id: string } {
  try {
    const [tag, createdAt, id] = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (
      tag === 'outbox' &&
      typeof createdAt === 'string' &&
      !Number.isNaN(Date.parse(createdAt)) &&
      typeof id === 'string' &&
      /^[0-9a-f-]{36}$/i.test(id)
    ) {
      return { createdAt, id };
    }
  } catch {
    // fall through
  }
  throw invalidCursor();
}

/** Escapes LIKE wildcards. */
function likePattern(search: string): string {
  return `%${search.slice(0, 100).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Newest first; `search` matches the recipient or the subject (case-insensitive). */
export async function listOutbox(
  em: EntityManager,
  first: number,
  after?: string | null,
  search?: string | null,
): Promise<ConnectionShape<OutboxRow>> {
  const where: string[] = [];
  const params: unknown[] = [];
  const term = search?.trim();
  if (term) {
    where.push(`("to" ilike ? or "subject" ilike ?)`);
    params.push(likePattern(term), likePattern(term));
  }
  const countRows = await em
    .getConnection()
    .execute(
      `select count(*)::int as "n" from "mail_outbox"${where.length ? ` where ${where.join(' and ')}` : ''}`,
      params,
    );
  if (after) {
    const cursor = decodeCursor(after);
    where.push(`("created_at", "id") < (?::timestamptz, ?::uuid)`);
    params.push(cursor.createdAt, cursor.id);
  }
  const rows = await em.getConnection().execute(
    `select ${COLUMNS} from "mail_outbox"${where.length ? ` where ${where.join(' and ')}` : ''}
       order by "created_at" desc, "id" desc limit ?`,
    [...params, first + 1],
  );
  const nodes = rows.slice(0, first).map(toRow);
  return {
    nodes,
    edges: nodes.map((node) => ({ node, cursor: outboxCursor(node) })),
    totalCount: countRows[0].n,
    pageInfo: {
      hasNextPage: rows.length > first,
      hasPreviousPage: Boolean(after),
      startCursor: nodes.length ? outboxCursor(nodes[0]) : null,
      endCursor: nodes.length ? outboxCursor(nodes[nodes.length - 1]) : null,
    },
  };
}

/** One stored mail, or null. */
export async function findOutboxMail(em: EntityManager, id: string): Promise<OutboxRow | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const rows = await em.getConnection().execute(`select ${COLUMNS} from "mail_outbox" where "id" = ?`, [id]);
  return rows[0] ? toRow(rows[0]) : null;
}
