import type { EntityManager } from '@mikro-orm/postgresql';
import {
  type ConversationEventPayload,
  CONVERSATION_EVENT_TYPES,
  REALTIME_CHANNEL,
  userTopic,
} from './topics';

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_NOTICE_BYTES = 7999;

/** One event on the wire: the routing key and what subscribers of it receive. */
export interface RealtimeNotice {
  topic: string;
  payload: unknown;
}

/** The NOTIFY payload of a notice (refused when PostgreSQL would refuse it). */
export function encodeNotice(notice: RealtimeNotice): string {
  const text = JSON.stringify(notice);
  if (Buffer.byteLength(text) > MAX_NOTICE_BYTES) {
    throw new Error(`A realtime event must stay under 8000 bytes (ids only): ${notice.topic}`);
  }
  return text;
}

/**
 * Queues notices on the caller's transaction (`pg_notify` through `em`): PostgreSQL delivers them
 * to every listening process when that transaction commits, and never when it rolls back. Outside
 * a transaction they go out at once. One statement, one NOTIFY per notice.
 */
export async function publishNotices(em: EntityManager, notices: readonly RealtimeNotice[]): Promise<void> {
  if (notices.length === 0) return;
  const encoded = JSON.stringify(notices.map(encodeNotice));
  await em.execute('select pg_notify(?, notice) from json_array_elements_text(?::json) as notice', [
    REALTIME_CHANNEL,
    encoded,
  ]);
}

/**
 * Tells each of `userIds` (deduplicated) about a conversation event, on the caller's transaction:
 * delivered at commit to every process, so each subscriber of `conversationEvents` re-reads the
 * conversation/message as itself. Call it in the transaction that writes the change (e.g. inside
 * `em.transactional`), after or before the flush: nothing is delivered before the commit.
 */
export async function publishToUsers(
  em: EntityManager,
  userIds: readonly string[],
  event: ConversationEventPayload,
): Promise<void> {
  if (!CONVERSATION_EVENT_TYPES.includes(event.type)) throw new Error(`Unknown event type ${event.type}`);
  const payload: ConversationEventPayload = {
    type: event.type,
    conversationId: event.conversationId,
    ...(event.messageId ? { messageId: event.messageId } : {}),
  };
  const unique = [...new Set(userIds)];
  await publishNotices(
    em,
    unique.map((userId) => ({ topic: userTopic(userId), payload })),
  );
}
