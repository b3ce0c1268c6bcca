import { Button, type ButtonProps, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'title'> {
  /** The dialog's question, e.g. "Delete this module?". */
  title: string;
  description?: ReactNode;
  confirmLabel?: string;
  /** Runs on confirm; the dialog closes when it resolves to anything but false. */
  onConfirm: () => Promise<unknown> | unknown;
}

/** A button that asks for confirmation in a dialog before a destructive action. */
export function ConfirmButton({
  title,
  description,
  confirmLabel = 'Delete',
  onConfirm,
  children,
  ...buttonProps
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    setBusy(true);
    try {
      const result = await onConfirm();
      if (result !== false) setOpen(false);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root role="alertdialog" open={open} onOpenChange={(d) => setOpen(d.open)} lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button {...buttonProps}>{children}</Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {description ? (
              <Dialog.Body>
                <Text>{description}</Text>
              </Dialog.Body>
            ) : null}
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Cancel</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={() => void confirm()} loading={busy}>
                {confirmLabel}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
