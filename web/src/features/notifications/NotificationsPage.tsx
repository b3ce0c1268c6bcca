import { Alert, Button, Container, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '../../ui/PageSpinner';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { CaughtUp, NotificationList } from './NotificationList';
import { useInAppNotifications } from './useInAppNotifications';

/** How many the page lists (the graph's most). */
export const PAGE_LIMIT = 100;

/** /notifications (signed in): my newest 100 in-app notifications, the bell's panel at full size. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const { items, loading, error, markRead, markAllRead } = useInAppNotifications(PAGE_LIMIT);
  const unread = items?.filter((n) => !n.readAt).length ?? 0;

  return (
    <Container maxW="3xl" py={{ base: 8, md: 12 }}>
      <Stack gap="6">
        <HStack justify="space-between" align="end" wrap="wrap" gap="3">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Notifications
            </Heading>
            <Text color="fg.muted">
              {unread > 0 ? `${unread} unread. ` : ''}Choose which of them also come by email in your{' '}
              <Link asChild colorPalette="brand">
                <RouterLink to="/profile/edit">profile</RouterLink>
              </Link>
              .
            </Text>
          </Stack>
          {unread > 0 ? (
            <Button variant="outline" size="sm" onClick={() => void markAllRead()}>
              Mark all as read
            </Button>
          ) : null}
        </HStack>

        {error && !items ? (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Your notifications could not be loaded</Alert.Title>
              <Alert.Description>{error.message}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : loading && !items ? (
          <PageSpinner label="Loading notifications..." minHeight="16rem" />
        ) : !items?.length ? (
          <CaughtUp />
        ) : (
          <Stack borderWidth="1px" borderRadius="l3" bg="bg" p="2">
            <NotificationList items={items} bodyLines={3} onMarkRead={(ids) => void markRead(ids)} />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
