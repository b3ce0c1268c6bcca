import { Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useCourseMutation } from '../courses/useCourseMutation';
import { SellerSuspendMutationDocument } from './adminSellersDocuments';

export const MAX_SUSPEND_REASON = 500;

export interface SuspendTarget {
  id: string;
  storeName: string;
}

/** Asks for the reason (required, up to 500 characters) and suspends the seller. */
export function SuspendSellerDialog({
  target,
  onClose,
}: {
  target: SuspendTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root
      open={target !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      role="alertdialog"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {target ? <SuspendForm key={target.id} target={target} onClose={onClose} /> : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function SuspendForm({ target, onClose }: { target: SuspendTarget; onClose: () => void }) {
  const suspend = useCourseMutation(SellerSuspendMutationDocument, 'Seller not suspended');
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const tooLong = reason.length > MAX_SUSPEND_REASON;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (await suspend.run({ sellerId: target.id, reason: trimmed }, 'Seller suspended')) onClose();
  }

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Suspend “{target.storeName}”?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text>
            The store and all its resources leave the public catalog until you reinstate the seller.
          </Text>
          <Field.Root required invalid={Boolean(suspend.fieldError('reason')) || tooLong}>
            <Field.Label>
              Reason <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={4}
              autoFocus
              placeholder="e.g. Repeated copyright complaints"
            />
            {suspend.fieldError('reason') ? (
              <Field.ErrorText>{suspend.fieldError('reason')}</Field.ErrorText>
            ) : (
              <Field.HelperText>{MAX_SUSPEND_REASON - reason.length} characters left</Field.HelperText>
            )}
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button
          type="submit"
          colorPalette="red"
          loading={suspend.loading}
          loadingText="Suspending…"
          disabled={!trimmed || tooLong}
        >
          Suspend seller
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
