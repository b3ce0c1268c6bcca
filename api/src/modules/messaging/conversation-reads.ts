import type { EntityManager } from '@mikro-orm/postgresql';
import { bookingTitles } from '../bookings';
import { orderNumbers } from '../orders';
import { resourceTitles } from '../resources';
import { User } from '../users';
import {
  Conversation,
  ConversationContext,
  ConversationContextKind,
  ConversationParticipant,
  Message,
  MessageAttachment,
} from './messaging.types';

/**
 * Reads conversations and messages as one participant sees them (their unread count, seen marks,
 * blocks), a page at a time in a fixed number of statements. Plain SQL of the caller's
 * EntityManager; people are `User` entities (the graph's privacy-aware type).
 */

interface ConversationRow {
  id: string;
  subject: string;
  context_kind: ConversationContextKind | null;
  context_id: string | null;
  created_at: Date;
  last_message_at: Date;
  unread_count: number;
  last_message_id: string | null;
}

interface ParticipantRow {
  conversation_id: string;
  user_id: string;
  role: string;
  last_read_at: Date | null;
  blocked_by_me: boolean;
  blocked_me: boolean;
}

interface MessageRow {
  id: string;
  conversation_id: string;
  sender_id: string;
  body: string;
  created_at: Date;
  seen_at: Date | null;
}

interface AttachmentRow {
  id: string;
  message_id: string;
  file_name: string;
  content_type: string;
  size_bytes: string | number;
}

/** Loads users by id into the EntityManager (one query) and returns them by id. */
async function usersById(em: EntityManager, ids: string[]): Promise<Map<string, User>> {
  const unique = [...new Set(ids)];
  const users = unique.length ? await em.find(User, { id: { $in: unique } }) : [];
  return new Map(users.map((u) => [u.id, u]));
}

/** My messages' seen marks and everything else of these messages, in the order of `ids`. */
export async function loadMessages(em: EntityManager, viewerId: string, ids: string[]): Promise<Message[]> {
  if (ids.length === 0) return [];
  const rows = await em.execute<MessageRow[]>(
    `select m.id, m.conversation_id, m.sender_id, m.body, m.created_at,
        case when m.sender_id = ? then (
          select case when bool_and(p.last_read_at >= m.created_at) then max(p.last_read_at) end
            from conversation_participants p
           where p.conversation_id = m.conversation_id and p.user_id <> m.sender_id
        ) end as seen_at
       from messages m where m.id = any(string_to_array(?, ',')::uuid[])`,
    [viewerId, ids.join(',')],
  );
  const attachments = await em.execute<AttachmentRow[]>(
    `select id, message_id, file_name, content_type, size_bytes
       from message_attachments where message_id = any(string_to_array(?, ',')::uuid[]) order by position, id`,
    [ids.join(',')],
  );
  const users = await usersById(
    em,
    rows.map((r) => r.sender_id),
  );
  const byId = new Map(
    rows.map((row) => {
      const message = Object.assign(new Message(), {
        id: row.id,
        conversationId: row.conversation_id,
        senderId: row.sender_id,
        sender: users.get(row.sender_id)!,
        body: row.body,
        createdAt: new Date(row.created_at),
        mine: row.sender_id === viewerId,
        seenAt: row.seen_at ? new Date(row.seen_at) : null,
        attachments: attachments
          .filter((a) => a.message_id === row.id)
          .map((a) =>
            Object.assign(new MessageAttachment(), {
              id: a.id,
              fileName: a.file_name,
              contentType: a.content_type,
              sizeBytes: Number(a.size_bytes),
              isImage: a.content_type.startsWith('image/'),
              url: `/api/conversations/${row.conversation_id}/attachments/${a.id}`,
            }),
          ),
      });
      return [row.id, message] as const;
    }),
  );
  return ids.map((id) => byId.get(id)).filter((m): m is Message => !!m);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** The titles and links of conversations' contexts, one query per kind. */
async function contextsOf(
  em: EntityManager,
  rows: ConversationRow[],
  myRoles: Map<string, string>,
): Promise<Map<string, ConversationContext>> {
  const idsOf = (kind: ConversationContextKind) => [
    ...new Set(rows.filter((r) => r.context_kind === kind).map((r) => r.context_id!)),
  ];
  const titles = new Map<string, string>();
  const bookingIds = idsOf(ConversationContextKind.BOOKING);
  if (bookingIds.length) {
    for (const [id, b] of await bookingTitles(em, bookingIds))
      titles.set(`booking:${id}`, `${b.title}, ${dateFormat.format(b.startsAt)}`);
  }
  const resourceIds = idsOf(ConversationContextKind.RESOURCE);
  if (resourceIds.length) {
    for (const [id, title] of await resourceTitles(em, resourceIds)) titles.set(`resource:${id}`, title);
  }
  const orderIds = idsOf(ConversationContextKind.ORDER);
  if (orderIds.length) {
    for (const [id, number] of await orderNumbers(em, orderIds)) titles.set(`order:${id}`, `Order ${number}`);
  }
  const instructorIds = idsOf(ConversationContextKind.INSTRUCTOR);
  if (instructorIds.length) {
    const users = await usersById(em, instructorIds);
    for (const [id, user] of users) titles.set(`instructor:${id}`, user.displayName);
  }

  const contexts = new Map<string, ConversationContext>();
  for (const row of rows) {
    if (!row.context_kind || !row.context_id) continue;
    const kind = row.context_kind;
    const id = row.context_id;
    const role = myRoles.get(row.id);
    let url: string;
    switch (kind) {
      case ConversationContextKind.BOOKING:
        url = role === 'instructor' ? '/instructor/bookings' : '/my-bookings';
        break;
      case ConversationContextKind.RESOURCE:
        url = `/curriculum/${id}`;
        break;
      case ConversationContextKind.ORDER:
        url = role === 'seller' ? '/seller/payments' : '/my-purchases';
        break;
      case ConversationContextKind.INSTRUCTOR:
        url = `/instructors/${id}`;
        break;
    }
    contexts.set(
      row.id,
      Object.assign(new ConversationContext(), {
        kind,
        id,
        url,
        title: titles.get(`${kind}:${id}`) ?? 'Unavailable',
      }),
    );
  }
  return contexts;
}

/**
 * These conversations as `viewerId` sees them, in the order of `ids`; conversations they are not
 * in are left out.
 */
export async function loadConversations(
  em: EntityManager,
  viewerId: string,
  ids: string[],
): Promise<Conversation[]> {
  if (ids.length === 0) return [];
  const rows = await em.execute<ConversationRow[]>(
    `select c.id, c.subject, c.context_kind, c.context_id, c.created_at, c.last_message_at,
        (select count(*)::int from messages m
          where m.conversation_id = c.id and m.sender_id <> me.user_id
            and (me.last_read_at is null or m.created_at > me.last_read_at)) as unread_count,
        (select m.id from messages m where m.conversation_id = c.id
          order by m.created_at desc, m.id desc limit 1) as last_message_id
       from conversations c
       join conversation_participants me on me.conversation_id = c.id and me.user_id = ?
      where c.id = any(string_to_array(?, ',')::uuid[])`,
    [viewerId, ids.join(',')],
  );
  if (rows.length === 0) return [];
  const found = rows.map((r) => r.id);
  const participants = await em.execute<ParticipantRow[]>(
    `select p.conversation_id, p.user_id, p.role, p.last_read_at,
        exists (select 1 from user_blocks b where b.blocker_id = ? and b.blocked_id = p.user_id) as blocked_by_me,
        exists (select 1 from user_blocks b where b.blocked_id = ? and b.blocker_id = p.user_id) as blocked_me
       from conversation_participants p
      where p.conversation_id = any(string_to_array(?, ',')::uuid[])
      order by p.joined_at, p.user_id`,
    [viewerId, viewerId, found.join(',')],
  );
  const users = await usersById(
    em,
    participants.map((p) => p.user_id),
  );
  const lastMessages = await loadMessages(
    em,
    viewerId,
    rows.map((r) => r.last_message_id).filter((id): id is string => !!id),
  );
  const myRoles = new Map(
    participants.filter((p) => p.user_id === viewerId).map((p) => [p.conversation_id, p.role]),
  );
  const contexts = await contextsOf(em, rows, myRoles);

  const byId = new Map(
    rows.map((row) => {
      const mine = participants.filter((p) => p.conversation_id === row.id);
      const others = mine.filter((p) => p.user_id !== viewerId);
      const conversation = Object.assign(new Conversation(), {
        id: row.id,
        subject: row.subject,
        contextKind: row.context_kind,
        contextId: row.context_id,
        context: contexts.get(row.id) ?? null,
        participants: mine.map((p) =>
          Object.assign(new ConversationParticipant(), {
            user: users.get(p.user_id)!,
            role: p.role,
            lastReadAt: p.last_read_at ? new Date(p.last_read_at) : null,
          }),
        ),
        otherParticipants: others.map((p) => users.get(p.user_id)!),
        lastMessage: lastMessages.find((m) => m.id === row.last_message_id) ?? null,
        unreadCount: row.unread_count,
        blockedByMe: others.some((p) => p.blocked_by_me),
        blockedMe: others.some((p) => p.blocked_me),
        lastMessageAt: new Date(row.last_message_at),
        createdAt: new Date(row.created_at),
        viewerId,
      });
      return [row.id, conversation] as const;
    }),
  );
  return ids.map((id) => byId.get(id)).filter((c): c is Conversation => !!c);
}

/** Whether the user takes part in the conversation. */
export async function isParticipant(
  em: EntityManager,
  userId: string,
  conversationId: string,
): Promise<boolean> {
  const rows = await em.execute<{ ok: boolean }[]>(
    `select exists (select 1 from conversation_participants where conversation_id = ? and user_id = ?) as ok`,
    [conversationId, userId],
  );
  return rows[0]?.ok === true;
}
