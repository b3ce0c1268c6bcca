import { Alert, Button, CloseButton, Dialog, Field, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { charactersLeft } from './certificateText';
import type { RevokeTarget } from './RevokeCertificateDialog';
import { useCertificateReissue } from './useCertificateActions';

export const MAX_REISSUE_REASON = 400;
export const MAX_HOLDER_NAME = 200;

/**
 * Reissues a certificate, e.g. to correct the holder's name: the name to print (prefilled with the
 * printed one) and a reason (required; shown publicly on the old number's verification page).
 */
export function ReissueCertificateDialog({
  target,
  onClose,
}: {
  target: RevokeTarget | null;
  onClose: () => void;
}) {
  return (
    <ReasonDialog open={target !== null} onClose={onClose}>
      {/* Keyed so each opening starts from the certificate's printed name. */}
      {target ? <ReissueForm key={target.id} target={target} onClose={onClose} /> : null}
    </ReasonDialog>
  );
}

function ReissueForm({ target, onClose }: { target: RevokeTarget; onClose: () => void }) {
  const { reissue, loading, userErrors } = useCertificateReissue();
  const [name, setName] = useState(target.studentName);
  const [reason, setReason] = useState('');
  const nameError = userErrors.find((e) => e.field === 'holderName')?.message;
  const reasonError = userErrors.find((e) => e.field === 'reason')?.message;
  const formError = userErrors.find((e) => e.field !== 'holderName' && e.field !== 'reason')?.message;
  const nameTooLong = name.trim().length > MAX_HOLDER_NAME;
  const reasonTooLong = reason.length > MAX_REISSUE_REASON;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (await reissue(target.id, name.trim(), reason.trim())) onClose();
  }

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Reissue certificate {target.number}?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text>
            A new certificate for {target.courseTitle} is issued with a new number and the name below. The old
            number shows as revoked on the public verification page, with your reason and a link to the new
            one.
          </Text>
          {formError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field.Root required invalid={Boolean(nameError) || nameTooLong}>
            <Field.Label>
              Name on the certificate <Field.RequiredIndicator />
            </Field.Label>
            <Input name="holderName" value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            {nameError ? (
              <Field.ErrorText>{nameError}</Field.ErrorText>
            ) : (
              <Field.HelperText>
                As it should be printed, up to {MAX_HOLDER_NAME} characters.
              </Field.HelperText>
            )}
          </Field.Root>
          <Field.Root required invalid={Boolean(reasonError) || reasonTooLong}>
            <Field.Label>
              Reason <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              placeholder="e.g. Name correction requested by the student"
            />
            {reasonError ? (
              <Field.ErrorText>{reasonError}</Field.ErrorText>
            ) : (
              <Field.HelperText>{charactersLeft(reason, MAX_REISSUE_REASON)}</Field.HelperText>
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
          loading={loading}
          loadingText="Reissuing…"
          disabled={!name.trim() || !reason.trim() || nameTooLong || reasonTooLong}
        >
          Reissue certificate
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
