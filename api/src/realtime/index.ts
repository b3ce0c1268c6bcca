/**
 * Realtime events (GraphQL subscriptions) over PostgreSQL LISTEN/NOTIFY, served with graphql-sse
 * at /graphql/stream (see docs/architecture.md, "Realtime").
 *
 * Publishing, in the transaction of the change (delivered at commit, to every process):
 *   await publishToUsers(em, participantIds, { type: 'MESSAGE', conversationId, messageId });
 *
 * Subscribing, in a resolver (the app's PgPubSub is the context's `realtime`; the root value is the
 * published payload, ids only: re-read what the subscriber may see from the database):
 *   @Subscription(() => ConversationEvent, { subscribe: viewerEvents, description: '…' })
 *   conversationEvents(@Root() event: ConversationEventPayload, @Ctx() ctx: Context) { … }
 * Each event runs with a fresh context (its own EntityManager fork, the session checked again).
 */
export { PgPubSub, type PgPubSubOptions, LISTENER_APPLICATION_NAME } from './pg-pubsub';
export { publishNotices, publishToUsers, type RealtimeNotice } from './publish';
export {
  CONVERSATION_EVENT_TYPES,
  type ConversationEventKind,
  type ConversationEventPayload,
  REALTIME_CHANNEL,
  userTopic,
  viewerEvents,
} from './topics';
