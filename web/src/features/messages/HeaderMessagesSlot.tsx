import { Badge, IconButton } from '@chakra-ui/react';
import { MessageSquare } from 'lucide-react';
import { Link as RouterLink } from 'react-router-dom';
import { badgeCount, unreadLabel } from './messagesFormat';
import { useUnreadMessageCount } from './useUnreadMessageCount';

/**
 * The header's messages icon for signed-in users, next to the cart: a link to /messages named
 * "Messages, N unread", with a badge while there are unread messages (live).
 */
export function HeaderMessagesSlot() {
  const unread = useUnreadMessageCount();
  return (
    <IconButton asChild variant="ghost" position="relative">
      <RouterLink to="/messages" aria-label={unreadLabel(unread)} data-testid="messages-button">
        <MessageSquare aria-hidden />
        {unread > 0 ? (
          <Badge
            position="absolute"
            top="-1"
            right="-1"
            borderRadius="full"
            colorPalette="red"
            variant="solid"
            size="sm"
            pointerEvents="none"
            aria-hidden
            data-testid="messages-unread-count"
          >
            {badgeCount(unread)}
          </Badge>
        ) : null}
      </RouterLink>
    </IconButton>
  );
}
