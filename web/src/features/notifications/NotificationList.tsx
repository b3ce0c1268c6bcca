import { Box, Button, EmptyState, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { BellOff } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime, timeAgo } from '../../ui/dateFormat';
import type { InAppNotification } from './useInAppNotifications';

/** "You're all caught up": no notification at all, or none unread (`compact`: in the bell's panel). */
export function CaughtUp({ compact = false }: { compact?: boolean }) {
  return (
    <EmptyState.Root size={compact ? 'sm' : 'md'} data-testid="notifications-empty">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <BellOff />
        </EmptyState.Indicator>
        <EmptyState.Title>You&rsquo;re all caught up</EmptyState.Title>
        <EmptyState.Description>
          Reviews of your assignments and other news of your courses will appear here.
        </EmptyState.Description>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/**
 * Notifications, newest first: title, one or two lines of the body, when; unread ones marked (a dot,
 * bold, "Unread" for screen readers). Pressing one marks it read and opens its link (a path of the
 * site, by the router); one without a link is only marked read.
 */
export function NotificationList({
  items,
  bodyLines = 2,
  onMarkRead,
  onOpen,
}: {
  items: InAppNotification[];
  bodyLines?: number;
  onMarkRead: (ids: string[]) => void;
  /** Called after a notification with a link is pressed (the panel closes). */
  onOpen?: () => void;
}) {
  const now = new Date();
  return (
    <Stack as="ul" listStyleType="none" gap="1" data-testid="notification-list">
      {items.map((n) => {
        const unread = !n.readAt;
        const press = () => {
          if (unread) onMarkRead([n.id]);
          if (n.link) onOpen?.();
        };
        const content = (
          <HStack align="start" gap="3" width="full">
            <Box
              flexShrink={0}
              mt="1.5"
              boxSize="2"
              borderRadius="full"
              bg={unread ? 'brand.solid' : 'transparent'}
              aria-hidden
            />
            <Stack gap="0.5" flex="1" minW="0" textAlign="start">
              <Text fontWeight={unread ? 'semibold' : 'normal'} fontSize="sm" lineClamp={2}>
                {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
                {n.title}
              </Text>
              {n.body ? (
                <Text fontSize="sm" color="fg.muted" lineClamp={bodyLines}>
                  {n.body}
                </Text>
              ) : null}
              <Text asChild fontSize="xs" color="fg.muted">
                <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
                  {timeAgo(n.createdAt, now)}
                </time>
              </Text>
            </Stack>
          </HStack>
        );
        const rowStyle = {
          display: 'block',
          width: 'full',
          px: '3',
          py: '2.5',
          borderRadius: 'l2',
          bg: unread ? 'brand.subtle/40' : undefined,
          _hover: { bg: 'bg.muted' },
          _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
        } as const;
        return (
          <li key={n.id} data-testid="notification-item" data-unread={unread ? '' : undefined}>
            {n.link ? (
              <Box asChild {...rowStyle}>
                <RouterLink to={n.link} onClick={press}>
                  {content}
                </RouterLink>
              </Box>
            ) : (
              <Button
                variant="plain"
                height="auto"
                fontWeight="normal"
                whiteSpace="normal"
                justifyContent="start"
                {...rowStyle}
                onClick={press}
              >
                {content}
              </Button>
            )}
          </li>
        );
      })}
    </Stack>
  );
}
