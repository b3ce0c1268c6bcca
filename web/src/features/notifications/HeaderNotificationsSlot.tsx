import { Badge, IconButton, Popover, Portal } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { bellBadgeText, bellLabel } from './bellFormat';
import { useUnreadNotificationCount } from './useUnreadNotificationCount';

const loadPanel = () => import('./NotificationsPanel');
const NotificationsPanel = lazy(loadPanel);

/**
 * The header's notifications bell for signed-in users (issue 34): named "Notifications, N unread",
 * a badge while there are unread ones ("9+" past 9). It opens a small panel of the newest ones,
 * whose code is loaded when first wanted (pointer over the bell, focus or press): the header is in
 * the main chunk.
 */
export function HeaderNotificationsSlot() {
  const { unread, refresh } = useUnreadNotificationCount();
  const [open, setOpen] = useState(false);
  const badge = bellBadgeText(unread);

  return (
    <Popover.Root
      lazyMount
      unmountOnExit
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (e.open) refresh();
      }}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>
        <IconButton
          variant="ghost"
          position="relative"
          aria-label={bellLabel(unread)}
          data-testid="notifications-button"
          onPointerEnter={() => void loadPanel()}
          onFocus={() => void loadPanel()}
        >
          <Bell aria-hidden />
          {badge ? (
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
              data-testid="notifications-unread-count"
            >
              {badge}
            </Badge>
          ) : null}
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width={{ base: '90vw', sm: '96' }} data-testid="notifications-panel">
            <Suspense fallback={null}>
              <NotificationsPanel onClose={() => setOpen(false)} />
            </Suspense>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
}
