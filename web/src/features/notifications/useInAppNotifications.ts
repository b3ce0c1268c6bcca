import { useApolloClient, useQuery } from '@apollo/client/react';
import { useCallback, useMemo } from 'react';
import { toaster } from '../../ui/toaster';
import { UnreadNotificationCountQueryDocument } from './bellDocuments';
import {
  MarkNotificationsReadMutationDocument,
  MyNotificationsQueryDocument,
} from './inAppNotificationDocuments';

export interface InAppNotification {
  id: string;
  title: string;
  body: string;
  link?: string | null;
  readAt?: string | null;
  createdAt: string;
}

/**
 * My newest `limit` in-app notifications (the bell's panel, /notifications) and marking them read:
 * `markRead(ids)` the named ones, `markAllRead()` every one of mine. The cache shows them read at
 * once (the list's entries by id, the bell's count from the mutation's answer).
 */
export function useInAppNotifications(limit: number) {
  const client = useApolloClient();
  const { data, loading, error } = useQuery(MyNotificationsQueryDocument, {
    variables: { limit },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const items = useMemo<InAppNotification[] | undefined>(
    () =>
      data?.myNotifications.map((n) => ({
        ...n,
        readAt: n.readAt as string | null,
        createdAt: n.createdAt as string,
      })),
    [data],
  );

  const mark = useCallback(
    async (ids: string[] | null, shown: string[]) => {
      const readAt = new Date().toISOString();
      const markShown = (which: string[]) => {
        for (const id of which)
          client.cache.modify({
            id: client.cache.identify({ __typename: 'InAppNotification', id }),
            fields: { readAt: (existing: unknown) => existing ?? readAt },
          });
      };
      markShown(shown);
      try {
        const result = await client.mutate({
          mutation: MarkNotificationsReadMutationDocument,
          variables: { ids },
        });
        const answer = result.data?.markNotificationsRead;
        if (answer?.userErrors.length) throw new Error(answer.userErrors[0].message);
        if (answer?.unreadCount != null)
          client.cache.writeQuery({
            query: UnreadNotificationCountQueryDocument,
            data: { unreadNotificationCount: answer.unreadCount },
          });
      } catch (e) {
        toaster.create({
          type: 'error',
          title: 'Could not mark as read',
          description: e instanceof Error ? e.message : undefined,
        });
        void client.refetchQueries({
          include: [MyNotificationsQueryDocument, UnreadNotificationCountQueryDocument],
        });
      }
    },
    [client],
  );

  const markRead = useCallback((ids: string[]) => mark(ids, ids), [mark]);
  const markAllRead = useCallback(
    () =>
      mark(
        null,
        (items ?? []).filter((n) => !n.readAt).map((n) => n.id),
      ),
    [mark, items],
  );
  return { items, loading, error, markRead, markAllRead };
}
