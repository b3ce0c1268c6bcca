import { Alert, Button, HStack, Link, Popover, Separator } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { ScrollPanel } from '../../ui/ScrollPanel';
import { CaughtUp, NotificationList } from './NotificationList';
import { useInAppNotifications } from './useInAppNotifications';

/** How many the bell's panel shows; "See all" opens /notifications. */
export const PANEL_LIMIT = 10;

/**
 * The bell's panel (loaded when the bell is first wanted: HeaderNotificationsSlot): the newest 10,
 * "Mark all as read", "See all" → /notifications. Rendered inside the popover's content.
 */
export default function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const { items, loading, error, markRead, markAllRead } = useInAppNotifications(PANEL_LIMIT);
  const anyUnread = items?.some((n) => !n.readAt) ?? false;

  return (
    <>
      <Popover.Header pb="2">
        <HStack justify="space-between">
          <Popover.Title fontWeight="bold" fontSize="lg">
            Notifications
          </Popover.Title>
          {anyUnread ? (
            <Button size="xs" variant="ghost" onClick={() => void markAllRead()}>
              Mark all as read
            </Button>
          ) : null}
        </HStack>
      </Popover.Header>
      <Popover.Body py="1" px="2">
        {error && !items ? (
          <Alert.Root status="error" size="sm">
            <Alert.Indicator />
            <Alert.Title>Your notifications could not be loaded</Alert.Title>
          </Alert.Root>
        ) : loading && !items ? (
          <PageSpinner label="Loading notifications..." minHeight="8rem" />
        ) : !items?.length ? (
          <CaughtUp compact />
        ) : (
          <ScrollPanel maxHeight="min(420px, 60vh)">
            <NotificationList
              items={items}
              bodyLines={2}
              onMarkRead={(ids) => void markRead(ids)}
              onOpen={onClose}
            />
          </ScrollPanel>
        )}
      </Popover.Body>
      <Popover.Footer flexDirection="column" alignItems="stretch" gap="2" pt="0">
        <Separator />
        <Link asChild alignSelf="center" fontSize="sm" fontWeight="medium" colorPalette="brand">
          <RouterLink to="/notifications" onClick={onClose}>
            See all notifications
          </RouterLink>
        </Link>
      </Popover.Footer>
    </>
  );
}
