import { Badge } from '@chakra-ui/react';
import { MessageSquare } from 'lucide-react';
import { DashboardLinkCard } from '../dashboard';
import { useUnreadMessageCount } from './useUnreadMessageCount';

/** The dashboards' "Messages" card with the unread count (live), linking to the inbox of the area. */
export function MessagesDashboardCard({ to = '/messages' }: { to?: string }) {
  const unread = useUnreadMessageCount();
  return (
    <DashboardLinkCard
      title="Messages"
      description={
        unread > 0
          ? `You have ${unread} unread ${unread === 1 ? 'message' : 'messages'}.`
          : 'Your conversations with instructors, sellers and clients.'
      }
      to={to}
      icon={MessageSquare}
      badge={
        unread > 0 ? (
          <Badge colorPalette="red" variant="solid" borderRadius="full" data-testid="dashboard-unread">
            {unread} unread
          </Badge>
        ) : null
      }
    />
  );
}
