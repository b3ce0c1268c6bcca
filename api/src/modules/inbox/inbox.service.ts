import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConnectionShape } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import {
  createdKey,
  escapeLike,
  idKey,
  keysetConnection,
  keysetPage,
  searchText,
  type SqlPart,
} from '../../graphql/keyset';
import { sendMail } from '../mail';
import { hasRole } from '../users';
import { User } from '../users';
import { isUuid } from '../../lib/ids';
import { reportedMessagesSql } from './reported-messages';
import { replyMail } from './inbox-reply-mail';
import {
  InboxCounts,
  InboxEntry,
  InboxEntryKind,
  InboxItem,
  InboxItemKind,
  InboxStatus,
  type InboxItemUpdateInput,
} from './inbox.types';

/** The longest note or reply (the inbox_entries check). */
export const ENTRY_MAX = 5000;

export interface InboxFilters {
  status?: InboxStatus | null;
  kind?: InboxItemKind | null;
  search?: string | null;
  assignedToMe?: boolean | null;
}

/** The items with their reported message and its conversation's subject (the messaging module's SQL). */
const itemSelect =
  () => `select i."id", i."kind", i."status", i."assigned_to", i."name", i."email", i."subject", i."body",
    i."user_id", i."reason", i."created_at", i."updated_at",
    m."id" as "m_id", m."body" as "m_body", m."sender_id" as "m_sender_id", m."conversation_id" as "m_conversation_id",
    m."created_at" as "m_created_at", m."subject" as "c_subject"
  from "inbox_items" i
  left join (${reportedMessagesSql()}) m on m."id" = i."message_id"`;

type ItemRow = Record<string, any>;

function notFound(field = 'id'): DomainError {
  return new DomainError('NOT_FOUND', 'This inbox item does not exist.', field);
}

/** Turns rows into InboxItems, loading every person they name in one query. */
async function toItems(em: EntityManager, rows: ItemRow[]): Promise<InboxItem[]> {
  const userIds = [
    ...new Set(
      rows.flatMap((r) => [r.assigned_to, r.user_id, r.m_sender_id]).filter((id): id is string => !!id),
    ),
  ];
  const users = userIds.length ? await em.find(User, { id: { $in: userIds } }) : [];
  const byId = new Map(users.map((u) => [u.id, u]));
  const user = (id: string | null) => (id ? (byId.get(id) ?? null) : null);
  return rows.map((r) => {
    const report = r.kind === InboxItemKind.REPORT;
    const sender = user(r.m_sender_id);
    return Object.assign(new InboxItem(), {
      id: r.id,
      kind: r.kind as InboxItemKind,
      status: r.status as InboxStatus,
      assignedTo: user(r.assigned_to),
      subject: report ? (r.c_subject ? `Reported message: ${r.c_subject}` : 'Reported message') : r.subject,
      body: r.body ?? '',
      name: r.name,
      email: r.email,
      user: user(r.user_id),
      reason: r.reason,
      reportedMessage:
        report && r.m_id && sender
          ? {
              id: r.m_id,
              body: r.m_body,
              sender,
              conversationId: r.m_conversation_id,
              conversationSubject: r.c_subject ?? '',
              sentAt: new Date(r.m_created_at),
            }
          : null,
      canReply: r.kind === InboxItemKind.CONTACT && !!r.email,
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
    });
  });
}

/** One inbox item, or null (also for an id that is not a UUID). */
export async function findInboxItem(em: EntityManager, id: string): Promise<InboxItem | null> {
  if (!isUuid(id)) return null;
  const rows: ItemRow[] = await em
    .getConnection()
    .execute(`${itemSelect()} where i."id" = ?`, [id], 'all', em.getTransactionContext());
  return rows[0] ? (await toItems(em, rows))[0] : null;
}

/**
 * The inbox, newest first, with the filters combined (and): status, kind, assigned to the viewer,
 * and `search` matched case-insensitively against the name, email, subject, text and reason.
 */
export async function listInboxItems(
  em: EntityManager,
  viewerId: string,
  first: number,
  after: string | null | undefined,
  filters: InboxFilters,
): Promise<ConnectionShape<InboxItem>> {
  const conditions = ['true'];
  const params: unknown[] = [];
  if (filters.status) {
    conditions.push(`i."status" = ?`);
    params.push(filters.status);
  }
  if (filters.kind) {
    conditions.push(`i."kind" = ?`);
    params.push(filters.kind);
  }
  if (filters.assignedToMe) {
    conditions.push(`i."assigned_to" = ?`);
    params.push(viewerId);
  }
  const search = searchText(filters.search);
  if (search) {
    const like = `%${escapeLike(search)}%`;
    conditions.push(
      `(i."name" ilike ? or i."email" ilike ? or i."subject" ilike ? or i."body" ilike ? or i."reason" ilike ?)`,
    );
    params.push(like, like, like, like, like);
  }
  const where: SqlPart = { sql: conditions.join(' and '), params };
  const page = keysetPage({
    from: `"inbox_items" i`,
    alias: 'i',
    where,
    sort: 'inbox',
    keys: [createdKey('i'), idKey('i', true)],
    first,
    after,
  });
  const sql = em.getConnection();
  return keysetConnection({
    execute: (text, values) => sql.execute(text, values),
    page,
    first,
    after,
    load: async (ids) =>
      ids.length
        ? toItems(em, await sql.execute<ItemRow[]>(`${itemSelect()} where i."id" in (?)`, [ids]))
        : [],
  });
}

/** How many items are in each status. */
export async function inboxCounts(em: EntityManager): Promise<InboxCounts> {
  const rows: { status: string; n: number }[] = await em
    .getConnection()
    .execute(`select "status", count(*)::int as "n" from "inbox_items" group by "status"`);
  const count = (status: InboxStatus) => rows.find((r) => r.status === status)?.n ?? 0;
  return Object.assign(new InboxCounts(), {
    newCount: count(InboxStatus.NEW),
    open: count(InboxStatus.OPEN),
    answered: count(InboxStatus.ANSWERED),
    archived: count(InboxStatus.ARCHIVED),
  });
}

/** The notes and replies of an item, oldest first. */
export async function inboxEntries(em: EntityManager, itemId: string): Promise<InboxEntry[]> {
  const rows: ItemRow[] = await em.getConnection().execute(
    `select "id", "kind", "author_id", "body", "mail_id", "created_at" from "inbox_entries"
        where "item_id" = ? order by "created_at", "id"`,
    [itemId],
  );
  const authorIds = [...new Set(rows.map((r) => r.author_id).filter(Boolean))];
  const authors = authorIds.length ? await em.find(User, { id: { $in: authorIds } }) : [];
  return rows.map((r) =>
    Object.assign(new InboxEntry(), {
      id: r.id,
      kind: r.kind as InboxEntryKind,
      author: authors.find((a) => a.id === r.author_id) ?? null,
      body: r.body,
      mailId: r.mail_id,
      createdAt: new Date(r.created_at),
    }),
  );
}

function entryBody(body: string, label: string): string {
  const text = body.trim();
  if (!text) throw new DomainError('INVALID_INPUT', `${label} cannot be empty.`, 'body');
  if (text.length > ENTRY_MAX) {
    throw new DomainError('INVALID_INPUT', `${label} can be at most ${ENTRY_MAX} characters.`, 'body');
  }
  return text;
}

/** Locks the item's row for the rest of the transaction; NOT_FOUND when there is none. */
async function lockItem(tem: EntityManager, id: string, field: string): Promise<ItemRow> {
  if (!isUuid(id)) throw notFound(field);
  const rows: ItemRow[] = await tem
    .getConnection()
    .execute(
      `select * from "inbox_items" where "id" = ? for update`,
      [id],
      'all',
      tem.getTransactionContext(),
    );
  if (!rows[0]) throw notFound(field);
  return rows[0];
}

/**
 * Sets the status and/or the assignee (an admin; null unassigns). Assigning a new item makes it
 * open unless a status is given. DomainError NOT_FOUND, INVALID_INPUT (assignee not an admin).
 */
export async function updateInboxItem(em: EntityManager, input: InboxItemUpdateInput): Promise<InboxItem> {
  await em.transactional(async (tem) => {
    await lockItem(tem, input.id, 'id');
    const sets: string[] = [];
    const params: unknown[] = [];
    if (input.assignedToId !== undefined) {
      if (input.assignedToId !== null) {
        const assignee = isUuid(input.assignedToId) ? await tem.findOne(User, input.assignedToId) : null;
        if (!assignee || !hasRole(assignee, 'admin')) {
          throw new DomainError('INVALID_INPUT', 'Items can only be assigned to an admin.', 'assignedToId');
        }
      }
      sets.push(`"assigned_to" = ?`);
      params.push(input.assignedToId);
      if (input.assignedToId && !input.status)
        sets.push(`"status" = case when "status" = 'new' then 'open' else "status" end`);
    }
    if (input.status) {
      sets.push(`"status" = ?`);
      params.push(input.status);
    }
    if (!sets.length) return;
    await tem
      .getConnection()
      .execute(
        `update "inbox_items" set ${sets.join(', ')}, "updated_at" = clock_timestamp() where "id" = ?`,
        [...params, input.id],
        'all',
        tem.getTransactionContext(),
      );
  });
  return (await findInboxItem(em, input.id))!;
}

/** Adds a staff-only note; a new item becomes open. DomainError NOT_FOUND, INVALID_INPUT. */
export async function addInboxNote(
  em: EntityManager,
  authorId: string,
  input: { itemId: string; body: string },
): Promise<InboxItem> {
  const body = entryBody(input.body, 'The note');
  await em.transactional(async (tem) => {
    await lockItem(tem, input.itemId, 'itemId');
    const sql = tem.getConnection();
    const ctx = tem.getTransactionContext();
    await sql.execute(
      `insert into "inbox_entries" ("item_id", "kind", "author_id", "body") values (?, 'note', ?, ?)`,
      [input.itemId, authorId, body],
      'all',
      ctx,
    );
    await sql.execute(
      `update "inbox_items" set "status" = case when "status" = 'new' then 'open' else "status" end,
         "updated_at" = clock_timestamp() where "id" = ?`,
      [input.itemId],
      'all',
      ctx,
    );
  });
  return (await findInboxItem(em, input.itemId))!;
}

/**
 * Mails a reply to a contact message's sender (through sendMail, in this transaction: the outbox
 * row, or SMTP after commit), keeps it as a reply entry pointing at the mail and sets the item
 * answered. DomainError NOT_FOUND, INVALID_INPUT (blank or too long; a report has no sender to
 * answer).
 */
export async function replyToInboxItem(
  em: EntityManager,
  authorId: string,
  input: { itemId: string; body: string },
): Promise<InboxItem> {
  const body = entryBody(input.body, 'The reply');
  await em.transactional(async (tem) => {
    const item = await lockItem(tem, input.itemId, 'itemId');
    if (item.kind !== InboxItemKind.CONTACT || !item.email) {
      throw new DomainError('INVALID_INPUT', 'Only contact messages can be answered by mail.', 'itemId');
    }
    const mail = await sendMail(
      tem,
      replyMail(
        {
          name: item.name,
          email: item.email,
          subject: item.subject,
          body: item.body,
          createdAt: new Date(item.created_at),
        },
        body,
      ),
    );
    const sql = tem.getConnection();
    const ctx = tem.getTransactionContext();
    await sql.execute(
      `insert into "inbox_entries" ("item_id", "kind", "author_id", "body", "mail_id") values (?, 'reply', ?, ?, ?)`,
      [input.itemId, authorId, body, mail.id],
      'all',
      ctx,
    );
    await sql.execute(
      `update "inbox_items" set "status" = 'answered', "updated_at" = clock_timestamp() where "id" = ?`,
      [input.itemId],
      'all',
      ctx,
    );
  });
  return (await findInboxItem(em, input.itemId))!;
}
