import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { UnreadNotificationCountQueryDocument } from './bellDocuments';

/** The bell's count is read again this often while the tab is shown (the cart poll is every 3 s). */
export const NOTIFICATIONS_POLL_MS = 30_000;

const hidden = () => document.visibilityState === 'hidden';

/**
 * How many of my in-app notifications are unread: read on mount, every 30 s while the tab is shown
 * and again when the page regains focus (a notification is news of someone else's action, such as
 * an instructor's review: no live stream carries it). Marking read updates it from the mutation's
 * answer (useInAppNotifications).
 */
export function useUnreadNotificationCount(): { unread: number; refresh: () => void } {
  const { data, refetch } = useQuery(UnreadNotificationCountQueryDocument, {
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
    pollInterval: NOTIFICATIONS_POLL_MS,
    skipPollAttempt: hidden,
  });
  useEffect(() => {
    const again = () => {
      if (!hidden()) void refetch().catch(() => undefined);
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [refetch]);
  return {
    unread: data?.unreadNotificationCount ?? 0,
    refresh: () => void refetch().catch(() => undefined),
  };
}
