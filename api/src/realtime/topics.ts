import type { SubscribeResolverData } from 'type-graphql';
import type { Context } from '../graphql/context';
import { unauthenticated } from '../graphql/errors';

/** The PostgreSQL channel every process LISTENs on (one dedicated connection per process). */
export const REALTIME_CHANNEL = 'drx_events';

/** The routing key of one user's events: everything a subscription of that user may hear. */
export function userTopic(userId: string): string {
  return `user:${userId}`;
}

/** The kinds of conversation events (the graph's `ConversationEventType`). */
export const CONVERSATION_EVENT_TYPES = ['MESSAGE', 'READ'] as const;
export type ConversationEventKind = (typeof CONVERSATION_EVENT_TYPES)[number];

/**
 * What a conversation event carries from the publisher to every subscriber: ids only (a NOTIFY
 * payload is at most 8000 bytes). Subscribers re-read everything else from the database as the
 * subscribing user, so the payload is never trusted for content or access.
 */
export interface ConversationEventPayload {
  type: ConversationEventKind;
  conversationId: string;
  messageId?: string;
}

/**
 * The `subscribe` of a subscription that delivers the signed-in user's own events, for type-graphql's
 * `@Subscription(() => T, { subscribe: viewerEvents })`: the user's topic on the request's app's
 * pubsub (`context.realtime`; the schema is shared by the apps of a process, graphql/schema.ts). A
 * subscription field's `subscribe` step runs outside graphql-shield (the shield wraps the per-event
 * `resolve`), so this refuses a guest itself (UNAUTHENTICATED) instead of subscribing them to nothing.
 */
export function viewerEvents({
  context,
}: SubscribeResolverData<unknown, unknown, Context>): AsyncIterable<unknown> {
  if (!context.viewer) throw unauthenticated();
  return context.realtime.subscribe(userTopic(context.viewer.id));
}
