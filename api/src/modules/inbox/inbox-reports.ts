import type { EntityManager } from '@mikro-orm/postgresql';
import { DomainError } from '../../graphql/errors';
import { isUuid } from '../../lib/ids';
import { reportedMessagesSql } from './reported-messages';

/** The longest report reason kept (the column's check). */
export const REPORT_REASON_MAX = 2000;

export interface MessageReportInput {
  messageId: string;
  reporterId: string;
  reason: string;
}

/**
 * Files a report of a conversation message into the staff inbox (called by the messaging
 * module's `messageReport`, which checks that the reporter is a participant and not the sender).
 * Runs on the caller's EntityManager, so inside its transaction when it has one. The reported
 * text is copied into the item (`body`): staff still see it when the message is deleted later.
 *
 * One open report (status new or open) per message and reporter, guarded by a partial unique
 * index: a second report, even a concurrent one, returns the existing item. Once staff answered or
 * archived it, a new report opens a new item.
 *
 * DomainError INVALID_INPUT (reason blank or too long), NOT_FOUND (no such message).
 */
export async function fileMessageReport(
  em: EntityManager,
  input: MessageReportInput,
): Promise<{ id: string }> {
  const reason = input.reason.trim();
  if (!reason) throw new DomainError('INVALID_INPUT', 'Tell us what is wrong with this message.', 'reason');
  if (reason.length > REPORT_REASON_MAX) {
    throw new DomainError(
      'INVALID_INPUT',
      `The reason can be at most ${REPORT_REASON_MAX} characters.`,
      'reason',
    );
  }
  if (!isUuid(input.messageId))
    throw new DomainError('NOT_FOUND', 'This message does not exist.', 'messageId');
  const connection = em.getConnection();
  const ctx = em.getTransactionContext();
  const inserted: { id: string }[] = await connection.execute(
    `insert into "inbox_items" ("kind", "message_id", "reporter_id", "user_id", "reason", "body")
       select 'report', m."id", ?, ?, ?, m."body" from (${reportedMessagesSql()}) m where m."id" = ?
     on conflict ("message_id", "reporter_id") where "kind" = 'report' and "status" in ('new', 'open')
       do nothing
     returning "id"`,
    [input.reporterId, input.reporterId, reason, input.messageId],
    'all',
    ctx,
  );
  if (inserted[0]) return { id: inserted[0].id };
  const existing: { id: string }[] = await connection.execute(
    `select "id" from "inbox_items"
      where "kind" = 'report' and "message_id" = ? and "reporter_id" = ? and "status" in ('new', 'open')`,
    [input.messageId, input.reporterId],
    'all',
    ctx,
  );
  if (existing[0]) return { id: existing[0].id };
  throw new DomainError('NOT_FOUND', 'This message does not exist.', 'messageId');
}
