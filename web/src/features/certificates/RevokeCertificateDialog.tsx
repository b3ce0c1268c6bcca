import { Alert, Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { charactersLeft } from './certificateText';
import { useCertificateRevoke } from './useCertificateActions';

export const MAX_REASON = 500;

export interface RevokeTarget {
  id: string;
  number: string;
  studentName: string;
  courseTitle: string;
}

/** Asks for the reason (required, up to 500 characters; shown publicly) and revokes. */
export function RevokeCertificateDialog({
  target,
  onClose,
}: {
  target: RevokeTarget | null;
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
          {/* Keyed so each opening starts with an empty reason. */}
          {target ? <RevokeForm key={target.id} target={target} onClose={onClose} /> : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RevokeForm({ target, onClose }: { target: RevokeTarget; onClose: () => void }) {
  const { revoke, loading, userErrors } = useCertificateRevoke();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const reasonError = userErrors.find((e) => e.field === 'reason')?.message;
  const otherError = userErrors.find((e) => e.field !== 'reason')?.message;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (await revoke(target.id, trimmed)) onClose();
  }

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Revoke certificate {target.number}?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text>
            {target.studentName}’s certificate for {target.courseTitle} will show as revoked on the public
            verification page and on its PDF, together with your reason.
          </Text>
          {otherError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{otherError}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field.Root required invalid={Boolean(reasonError) || reason.length > MAX_REASON}>
            <Field.Label>
              Reason <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={4}
              autoFocus
              placeholder="e.g. Issued to the wrong student"
            />
            {reasonError ? (
              <Field.ErrorText>{reasonError}</Field.ErrorText>
            ) : (
              <Field.HelperText>{charactersLeft(reason, MAX_REASON)}</Field.HelperText>
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
          loading={loading}
          loadingText="Revoking…"
          disabled={!trimmed || reason.length > MAX_REASON}
        >
          Revoke certificate
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
