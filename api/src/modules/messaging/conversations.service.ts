import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { type ConnectionShape } from '../../graphql/connection';
import { DomainError } from '../../graphql/errors';
import {
  escapeLike,
  idKey,
  isIsoDate,
  keysetConnection,
  keysetPage,
  searchText,
  type SortKey,
} from '../../graphql/keyset';
import { publishToUsers } from '../../realtime';
import type { Storage } from '../../storage/storage';
import type { Viewer } from '../auth';
import { fileMessageReport } from '../inbox';
import { User, userExists, usersNamedLikeSql } from '../users';
import { isUuid } from '../../lib/ids';
import { type AttachmentMove, attachUploads, undoMoves } from './message-attachments';
import { isParticipant, loadConversations, loadMessages } from './conversation-reads';
import { assertSendRate, assertStartRate, lockSender } from './messaging-limits';
import { queueUnreadMails } from './messaging-mail';
import { assertNotBlocked, type ContextRef, decideStart } from './messaging-rules';
import type { Conversation, ConversationStartInput, Message, MessageSendInput } from './messaging.types';

export const BODY_MAX = 5000;
export const SUBJECT_MAX = 200;
export const REASON_MAX = 2000;

const notFound = () => new DomainError('NOT_FOUND', 'This conversation was not found', 'conversationId');

function cleanBody(body: string): string {
  const text = (body ?? '').trim();
  if (!text) throw new DomainError('INVALID_INPUT', 'Write a message', 'body');
  if (text.length > BODY_MAX) {
    throw new DomainError('INVALID_INPUT', `A message can be at most ${BODY_MAX} characters`, 'body');
  }
  return text;
}

function cleanSubject(subject: string | null | undefined): string {
  const text = (subject ?? '').trim();
  if (text.length > SUBJECT_MAX) {
    throw new DomainError('INVALID_INPUT', `The subject can be at most ${SUBJECT_MAX} characters`, 'subject');
  }
  return text;
}

const lastMessageKey: SortKey = {
  expr: 'c.last_message_at',
  params: [],
  desc: true,
  cast: 'timestamptz',
  check: isIsoDate,
};
const messageCreatedKey: SortKey = {
  expr: 'm.created_at',
  params: [],
  desc: true,
  cast: 'timestamptz',
  check: isIsoDate,
};

/**
 * Conversations and messages (docs/messaging.md): reading them as a participant, starting one,
 * sending, marking read, blocking and reporting. Every write is one transaction that takes the
 * sender's advisory lock (rate limits) and the conversation's row lock (message order, read marks),
 * queues the unread mails and publishes the realtime event; files move with it and move back when
 * it fails.
 */
export class ConversationsService {
  constructor(
    private readonly em: EntityManager,
    /** The private area of the app's files (attachments). */
    private readonly files: Storage,
  ) {}

  /** My conversations, last activity first; `search` matches subject, others' names and message text. */
  async list(
    viewer: Viewer,
    first: number,
    after: string | null | undefined,
    search: string | null | undefined,
  ): Promise<ConnectionShape<Conversation>> {
    const conditions = [
      'exists (select 1 from conversation_participants me where me.conversation_id = c.id and me.user_id = ?)',
    ];
    const params: unknown[] = [viewer.id];
    const text = searchText(search);
    if (text) {
      const like = `%${escapeLike(text)}%`;
      conditions.push(`(c.subject ilike ?
        or exists (select 1 from conversation_participants op
                    where op.conversation_id = c.id and op.user_id <> ?
                      and op.user_id in (${usersNamedLikeSql}))
        or exists (select 1 from messages sm where sm.conversation_id = c.id and sm.body ilike ?))`);
      params.push(like, viewer.id, like, like, like);
    }
    const page = keysetPage({
      from: 'conversations c',
      alias: 'c',
      where: { sql: conditions.join(' and '), params },
      sort: 'conversations',
      keys: [lastMessageKey, idKey('c', true)],
      first,
      after,
    });
    return keysetConnection({
      execute: (sql, params) => this.em.execute(sql, params),
      page,
      first,
      after,
      load: (ids) => loadConversations(this.em, viewer.id, ids),
    });
  }

  /** A conversation I am in; null for any other id. */
  async get(viewer: Viewer, id: string): Promise<Conversation | null> {
    if (!isUuid(id)) return null;
    const [conversation] = await loadConversations(this.em, viewer.id, [id]);
    return conversation ?? null;
  }

  /**
   * A page of a conversation's messages: the `last` newest before the cursor (`before`: a page's
   * startCursor), listed oldest to newest. The caller checked that the viewer is a participant.
   */
  async messages(
    viewer: Viewer,
    conversationId: string,
    last: number,
    before: string | null | undefined,
  ): Promise<ConnectionShape<Message>> {
    const page = keysetPage({
      from: 'messages m',
      alias: 'm',
      where: { sql: 'm.conversation_id = ?', params: [conversationId] },
      sort: 'messages',
      keys: [messageCreatedKey, idKey('m', true)],
      first: last,
      after: before,
    });
    // Older messages come before this page; newer ones after it when it was asked with `before`.
    return keysetConnection({
      execute: (sql, params) => this.em.execute(sql, params),
      page,
      first: last,
      after: before,
      load: (ids) => loadMessages(this.em, viewer.id, ids),
      newestLast: true,
    });
  }

  /** How many messages from others I have not read, over all my conversations. */
  async unreadMessageCount(viewer: Viewer): Promise<number> {
    const [row] = await this.em.execute<{ n: number }[]>(
      `select count(*)::int as n
         from conversation_participants me
         join messages m on m.conversation_id = me.conversation_id
        where me.user_id = ? and m.sender_id <> me.user_id
          and (me.last_read_at is null or m.created_at > me.last_read_at)`,
      [viewer.id],
    );
    return row.n;
  }

  /** Whether I may start a conversation with the recipient (about the context), and why not. */
  async allowed(
    viewer: Viewer,
    recipientId: string,
    context: ContextRef | null,
  ): Promise<{ allowed: boolean; reason: string | null }> {
    try {
      await decideStart(this.em, viewer, recipientId, context);
      return { allowed: true, reason: null };
    } catch (error) {
      if (error instanceof DomainError) return { allowed: false, reason: error.message };
      throw error;
    }
  }

  /**
   * Starts a conversation (or adds to the one between the two about the same context) with its
   * first message.
   */
  async start(
    user: User,
    viewer: Viewer,
    input: ConversationStartInput,
  ): Promise<{ conversationId: string; messageId: string }> {
    const body = cleanBody(input.body);
    const subject = cleanSubject(input.subject);
    const context = input.context ? { kind: input.context.kind, id: input.context.id } : null;
    return this.withMoves(async (em, moves) => {
      await lockSender(em, viewer.id);
      const decision = await decideStart(em, viewer, input.recipientId, context);
      const pair = [viewer.id, input.recipientId].sort().join(':');
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [
        `conversation:${pair}:${context?.kind ?? ''}:${context?.id ?? ''}`,
      ]);
      const [existing] = await em.execute<{ id: string }[]>(
        `select c.id from conversations c
          where c.context_kind is not distinct from ? and c.context_id is not distinct from ?::uuid
            and (select array_agg(p.user_id order by p.user_id) from conversation_participants p
                  where p.conversation_id = c.id) = string_to_array(?, ',')::uuid[]
          order by c.created_at, c.id limit 1`,
        [context?.kind ?? null, context?.id ?? null, [viewer.id, input.recipientId].sort().join(',')],
      );
      let conversationId: string;
      if (existing) {
        conversationId = existing.id;
      } else {
        await assertStartRate(em, viewer.id);
        conversationId = randomUUID();
        await em.execute(
          `insert into conversations (id, subject, context_kind, context_id, created_by, last_message_at)
           values (?, ?, ?, ?, ?, now())`,
          [conversationId, subject, context?.kind ?? null, context?.id ?? null, viewer.id],
        );
        await em.execute(
          `insert into conversation_participants (conversation_id, user_id, role) values (?, ?, ?), (?, ?, ?)`,
          [
            conversationId,
            viewer.id,
            decision.senderRole,
            conversationId,
            input.recipientId,
            decision.recipientRole,
          ],
        );
      }
      const messageId = await this.insertMessage(
        em,
        user,
        conversationId,
        body,
        input.attachmentUploadIds,
        moves,
      );
      return { conversationId, messageId };
    });
  }

  /** Sends a message into a conversation I am in. */
  async send(user: User, viewer: Viewer, input: MessageSendInput): Promise<string> {
    const body = cleanBody(input.body);
    if (!isUuid(input.conversationId)) throw notFound();
    return this.withMoves(async (em, moves) => {
      await lockSender(em, viewer.id);
      if (!(await isParticipant(em, viewer.id, input.conversationId))) throw notFound();
      const others = await this.otherParticipants(em, input.conversationId, viewer.id);
      await assertNotBlocked(em, viewer, others);
      return this.insertMessage(em, user, input.conversationId, body, input.attachmentUploadIds, moves);
    });
  }

  /**
   * The message itself, inside the send transaction: rate limit, the conversation's row lock (so
   * messages of one conversation are written one after another and a read mark taken meanwhile
   * waits for them), the message and its files, the sender's own read mark, the recipients' mail
   * jobs and the realtime event.
   */
  private async insertMessage(
    em: EntityManager,
    user: User,
    conversationId: string,
    body: string,
    uploadIds: string[] | null | undefined,
    moves: AttachmentMove[],
  ): Promise<string> {
    await assertSendRate(em, user.id);
    await em.execute(`select id from conversations where id = ? for update`, [conversationId]);
    const messageId = randomUUID();
    await em.execute(`insert into messages (id, conversation_id, sender_id, body) values (?, ?, ?, ?)`, [
      messageId,
      conversationId,
      user.id,
      body,
    ]);
    if (uploadIds?.length) {
      await attachUploads(em, user, conversationId, messageId, uploadIds, this.files, moves);
    }
    // The message's time is copied in SQL (microseconds), never through a JS Date (milliseconds).
    await em.execute(
      `update conversations c set last_message_at = greatest(c.last_message_at, m.created_at)
         from messages m where m.id = ? and c.id = ?`,
      [messageId, conversationId],
    );
    await em.execute(
      `update conversation_participants p
          set last_read_at = greatest(coalesce(p.last_read_at, '-infinity'), m.created_at),
              last_read_message_id = m.id, archived_at = null
         from messages m
        where m.id = ? and p.conversation_id = ? and p.user_id = ?`,
      [messageId, conversationId, user.id],
    );
    const others = await this.otherParticipants(em, conversationId, user.id);
    await queueUnreadMails(em, conversationId, messageId, others);
    await publishToUsers(em, [user.id, ...others], { type: 'MESSAGE', conversationId, messageId });
    return messageId;
  }

  /**
   * Marks everything in the conversation read for me: my read mark moves to its newest message. It
   * waits for messages being sent into it (the conversation's row lock), so none is skipped.
   */
  async markRead(viewer: Viewer, conversationId: string): Promise<void> {
    if (!isUuid(conversationId)) throw notFound();
    await this.em.transactional(async (em) => {
      if (!(await isParticipant(em, viewer.id, conversationId))) throw notFound();
      await em.execute(`select id from conversations where id = ? for share`, [conversationId]);
      const changed = await em.execute<{ user_id: string }[]>(
        `update conversation_participants p
            set last_read_at = newest.created_at, last_read_message_id = newest.id
           from (select m.id, m.created_at from messages m where m.conversation_id = ?
                  order by m.created_at desc, m.id desc limit 1) newest
          where p.conversation_id = ? and p.user_id = ?
            and (p.last_read_at is null or p.last_read_at < newest.created_at
                 or p.last_read_message_id is distinct from newest.id)
          returning p.user_id`,
        [conversationId, conversationId, viewer.id],
      );
      if (changed.length === 0) return;
      const others = await this.otherParticipants(em, conversationId, viewer.id);
      await publishToUsers(em, [viewer.id, ...others], { type: 'READ', conversationId });
    });
  }

  /** Blocks (or unblocks) a person: they cannot message me, nor I them, while it stands. */
  async setBlock(viewer: Viewer, userId: string, blocked: boolean): Promise<boolean> {
    if (!isUuid(userId)) throw new DomainError('NOT_FOUND', 'This person was not found', 'userId');
    if (userId === viewer.id) throw new DomainError('INVALID_INPUT', 'You cannot block yourself', 'userId');
    if (!(await userExists(this.em, userId)))
      throw new DomainError('NOT_FOUND', 'This person was not found', 'userId');
    if (blocked) {
      await this.em.execute(
        `insert into user_blocks (blocker_id, blocked_id) values (?, ?) on conflict do nothing`,
        [viewer.id, userId],
      );
    } else {
      await this.em.execute(`delete from user_blocks where blocker_id = ? and blocked_id = ?`, [
        viewer.id,
        userId,
      ]);
    }
    return blocked;
  }

  /** Reports someone else's message in one of my conversations to staff (the admin inbox). */
  async report(viewer: Viewer, messageId: string, reason: string): Promise<void> {
    const text = (reason ?? '').trim();
    if (!text) throw new DomainError('INVALID_INPUT', 'Say why you report this message', 'reason');
    if (text.length > REASON_MAX) {
      throw new DomainError('INVALID_INPUT', `The reason can be at most ${REASON_MAX} characters`, 'reason');
    }
    const missing = () => new DomainError('NOT_FOUND', 'This message was not found', 'messageId');
    if (!isUuid(messageId)) throw missing();
    await this.em.transactional(async (em) => {
      const [message] = await em.execute<{ sender_id: string }[]>(
        `select m.sender_id from messages m
           join conversation_participants p on p.conversation_id = m.conversation_id and p.user_id = ?
          where m.id = ?`,
        [viewer.id, messageId],
      );
      if (!message) throw missing();
      if (message.sender_id === viewer.id) {
        throw new DomainError('INVALID_INPUT', 'You cannot report your own message', 'messageId');
      }
      await fileMessageReport(em, { messageId, reporterId: viewer.id, reason: text });
    });
  }

  private async otherParticipants(
    em: EntityManager,
    conversationId: string,
    userId: string,
  ): Promise<string[]> {
    const rows = await em.execute<{ user_id: string }[]>(
      `select user_id from conversation_participants where conversation_id = ? and user_id <> ?`,
      [conversationId, userId],
    );
    return rows.map((r) => r.user_id);
  }

  /** Runs a write in a transaction; files moved in it move back when it fails. */
  private async withMoves<T>(work: (em: EntityManager, moves: AttachmentMove[]) => Promise<T>): Promise<T> {
    const moves: AttachmentMove[] = [];
    try {
      return await this.em.transactional((em) => work(em, moves));
    } catch (error) {
      await undoMoves(this.files, moves);
      throw error;
    }
  }
}
