import { useLiveSubscription } from '../../apollo/useLiveSubscription';
import type { ConversationEventsSubscription } from '../../gql/graphql';
import { ConversationEventsSubscriptionDocument } from './messageDocuments';

export type ConversationEventData = ConversationEventsSubscription['conversationEvents'];

/**
 * The signed-in user's live conversation events (the `conversationEvents` subscription over
 * /graphql/stream; the header, the inbox and the open thread share one stream, as Apollo
 * deduplicates identical subscriptions). Returns the `pollInterval` for the caller's queries: set
 * only while the stream is down; `onRefetch` runs when it is back (events in between are lost).
 */
export function useConversationEvents({
  onEvent,
  onRefetch,
  fallbackPollMs,
  skip = false,
}: {
  onEvent: (event: ConversationEventData) => void;
  onRefetch: () => void;
  fallbackPollMs: number;
  skip?: boolean;
}) {
  return useLiveSubscription(ConversationEventsSubscriptionDocument, {
    skip,
    fallbackPollMs,
    onData: (data) => onEvent(data.conversationEvents),
    onRefetch,
  });
}
