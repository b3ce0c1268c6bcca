import type { EntityManager } from '@mikro-orm/postgresql';
import { defineJob, jobs } from '../../jobs';
import { notify } from '../notifications';
import { DELETED_USER_NAME, publicNames } from '../users';

/**
 * The unread-message mail (docs/messaging.md). Each message queues, in its send transaction, one
 * delayed job per other participant; when it runs, the recipient gets at most one mail per unread
 * batch: a conditional UPDATE of their `notified_at` decides (only when messages from others are
 * newer than both their read mark and the last mail, and older than the delay), moving the mark
 * to the newest unread message it saw, and the mail lists the messages up to that mark. The row lock of
 * that UPDATE makes it exactly once across processes, and a mail already sent for a batch is not
 * sent again by the jobs of the batch's later messages. Nothing is sent when they read in time.
 */
export const UNREAD_MAIL_JOB = 'messages.unread-mail';
export const UNREAD_MAIL_DELAY_MINUTES = 10;
/** At most this many unread messages are listed in the mail. */
const LISTED = 10;

export interface UnreadMailJobData {
  conversationId: string;
  userId: string;
}

/** Queues the mail jobs of a new message for its recipients, in the caller's transaction. */
export async function queueUnreadMails(
  em: EntityManager,
  conversationId: string,
  messageId: string,
  recipientIds: string[],
): Promise<void> {
  const startAfter = new Date(Date.now() + UNREAD_MAIL_DELAY_MINUTES * 60_000);
  for (const userId of recipientIds) {
    const data: UnreadMailJobData = { conversationId, userId };
    await jobs.send(UNREAD_MAIL_JOB, data, {
      startAfter,
      singletonKey: `unread:${conversationId}:${userId}:${messageId}`,
      em,
    });
  }
}

interface UnreadRow {
  sender_id: string;
  body: string;
  created_at: Date;
  attachments: number;
}

const firstLine = (body: string) => {
  const line = body.split(/\r?\n/).find((l) => l.trim()) ?? '';
  return line.length > 140 ? `${line.slice(0, 139)}…` : line;
};

/**
 * The job's work: marks the participant notified when an unread batch is due and, only then, mails
 * them the unread messages' senders and first lines with a link to the conversation. One
 * transaction: a failed mail leaves the mark unset, and the job's retry tries again.
 */
export async function sendUnreadMail(
  em: EntityManager,
  data: UnreadMailJobData,
  publicUrl: string,
): Promise<boolean> {
  return em.transactional(async (tem) => {
    // The mark moves to the newest unread message this UPDATE sees, not to now(): a message being
    // inserted meanwhile (stamped before now() but committed after this snapshot) stays newer than
    // the mark, so the job of that message mails it later. Times stay text (microseconds).
    const marked = await tem.execute<{ last_read_at: string | null; notified_at: string }[]>(
      `update conversation_participants p
          set notified_at = (select max(m.created_at) from messages m
                              where m.conversation_id = p.conversation_id and m.sender_id <> p.user_id
                                and m.created_at > coalesce(p.last_read_at, '-infinity'))
        where p.conversation_id = ? and p.user_id = ?
          and exists (
            select 1 from messages m
             where m.conversation_id = p.conversation_id and m.sender_id <> p.user_id
               and m.created_at > coalesce(p.last_read_at, '-infinity')
               and m.created_at > coalesce(p.notified_at, '-infinity')
               and m.created_at <= now() - make_interval(mins => ?))
        returning p.last_read_at::text as last_read_at, p.notified_at::text as notified_at`,
      [data.conversationId, data.userId, UNREAD_MAIL_DELAY_MINUTES],
    );
    if (marked.length === 0) return false;
    const { last_read_at: lastRead, notified_at: notifiedAt } = marked[0];
    const [conversation] = await tem.execute<{ subject: string }[]>(
      `select subject from conversations where id = ?`,
      [data.conversationId],
    );
    const rows = await tem.execute<UnreadRow[]>(
      `select m.sender_id, m.body, m.created_at,
          (select count(*)::int from message_attachments a where a.message_id = m.id) as attachments
         from messages m
        where m.conversation_id = ? and m.sender_id <> ?
          and m.created_at > coalesce(?::timestamptz, '-infinity')
          and m.created_at <= ?::timestamptz
        order by m.created_at, m.id`,
      [data.conversationId, data.userId, lastRead, notifiedAt],
    );
    const names = await publicNames(
      tem,
      rows.map((m) => m.sender_id),
      { deletedAs: DELETED_USER_NAME },
    );
    const unread = rows
      .filter((m) => names.has(m.sender_id))
      .map((m) => ({ ...m, sender_name: names.get(m.sender_id)! }));
    const count = unread.length;
    const listed = unread.slice(-LISTED);
    const senders = [...new Set(unread.map((m) => m.sender_name))];
    const link = `${publicUrl.replace(/\/$/, '')}/messages/${data.conversationId}`;
    const about = conversation?.subject ? ` about “${conversation.subject}”` : '';
    const lines = listed.map((m) => {
      const files = m.attachments ? ` (+${m.attachments} file${m.attachments === 1 ? '' : 's'})` : '';
      return `${m.sender_name}: ${firstLine(m.body)}${files}`;
    });
    const text = [
      `You have ${count} unread message${count === 1 ? '' : 's'} from ${senders.join(', ')}${about}.`,
      '',
      ...(count > listed.length ? [`The newest ${listed.length}:`] : []),
      ...lines,
      '',
      `Read and reply: ${link}`,
    ].join('\n');
    await notify(tem, {
      userId: data.userId,
      kind: 'messages',
      subject:
        senders.length === 1
          ? `New message from ${senders[0]}`
          : `${count} new messages from ${senders.length} people`,
      text,
    });
    return true;
  });
}

defineJob<UnreadMailJobData>(UNREAD_MAIL_JOB, async (data, { em, config }) => {
  await sendUnreadMail(em, data, config.publicUrl);
});
