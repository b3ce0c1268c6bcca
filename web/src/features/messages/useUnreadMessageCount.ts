import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback } from 'react';
import { UnreadMessageCountQueryDocument } from './messageDocuments';
import { useConversationEvents } from './useConversationEvents';

/** While the live stream is down, the unread count is read again this often. */
export const UNREAD_POLL_MS = 30_000;

/**
 * The signed-in user's unread message count, read again on every conversation event (a new
 * message, a conversation read in another tab or device) and polled while the stream is down.
 */
export function useUnreadMessageCount(): number {
  const client = useApolloClient();
  const refresh = useCallback(() => {
    void client.refetchQueries({ include: [UnreadMessageCountQueryDocument] }).catch(() => undefined);
  }, [client]);
  const { pollInterval } = useConversationEvents({
    onEvent: refresh,
    onRefetch: refresh,
    fallbackPollMs: UNREAD_POLL_MS,
  });
  const { data } = useQuery(UnreadMessageCountQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    pollInterval,
  });
  return data?.unreadMessageCount ?? 0;
}
