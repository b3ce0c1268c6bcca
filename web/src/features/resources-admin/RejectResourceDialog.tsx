import { Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { MAX_REJECTION_REASON, useResourceReject } from './resourceModeration';

export interface RejectTarget {
  id: string;
  title: string;
}

/** Asks for the reason (required, up to 500 characters; shown to the seller) and rejects. */
export function RejectResourceDialog({
  target,
  onClose,
}: {
  target: RejectTarget | null;
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
          {target ? <RejectForm key={target.id} target={target} onClose={onClose} /> : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RejectForm({ target, onClose }: { target: RejectTarget; onClose: () => void }) {
  const reject = useResourceReject();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const tooLong = reason.length > MAX_REJECTION_REASON;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (await reject.run({ resourceId: target.id, reason: trimmed }, 'Resource rejected')) onClose();
  }

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Reject “{target.title}”?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text>The resource leaves the store and its seller sees your reason.</Text>
          <Field.Root required invalid={Boolean(reject.fieldError('reason')) || tooLong}>
            <Field.Label>
              Reason <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={4}
              autoFocus
              placeholder="e.g. The music is not licensed for resale"
            />
            {reject.fieldError('reason') ? (
              <Field.ErrorText>{reject.fieldError('reason')}</Field.ErrorText>
            ) : (
              <Field.HelperText>{MAX_REJECTION_REASON - reason.length} characters left</Field.HelperText>
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
          loading={reject.loading}
          loadingText="Rejecting…"
          disabled={!trimmed || tooLong}
        >
          Reject resource
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
