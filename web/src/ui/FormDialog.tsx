import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A centered dialog open while there is something to act on; its content (a form keyed by its
 * target, so each opening starts afresh) is rendered only while open. Closing calls `onClose`.
 */
export function FormDialog({
  open,
  onClose,
  children,
  role,
  size,
  scrollBehavior,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  role?: 'dialog' | 'alertdialog';
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'cover' | 'full';
  scrollBehavior?: 'inside' | 'outside';
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      // Only the options given: an omitted one keeps Chakra's default (role "dialog", size "md").
      {...(role ? { role } : {})}
      {...(size ? { size } : {})}
      {...(scrollBehavior ? { scrollBehavior } : {})}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>{open ? children : null}</Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
