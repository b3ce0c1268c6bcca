import {
  Alert,
  Button,
  CloseButton,
  Dialog,
  Field,
  RadioGroup,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '../../ui/FormDialog';
import { CANCEL_REASONS, formatMembershipDate } from './membershipFormat';

const COMMENT_MAX = 1000;

export interface CancelMembershipFormProps {
  planName: string;
  /** When access ends: the end of the current period. */
  accessUntil: unknown;
  pending: boolean;
  /** A refusal from the server, shown above the survey. */
  formError?: string;
  /** Cancels with the optional reason and comment; the dialog closes when it resolves to true. */
  onConfirm: (input: { reason: string | null; comment: string | null }) => Promise<boolean>;
  onClose: () => void;
}

/** Cancel membership: what happens (access lasts until the period end), an optional reason survey. */
export function CancelMembershipDialog({ open, ...props }: CancelMembershipFormProps & { open: boolean }) {
  return (
    <FormDialog open={open} onClose={props.onClose} role="alertdialog">
      <CancelMembershipForm {...props} />
    </FormDialog>
  );
}

/** The content of {@link CancelMembershipDialog}. */
export function CancelMembershipForm({
  planName,
  accessUntil,
  pending,
  formError,
  onConfirm,
  onClose,
}: CancelMembershipFormProps) {
  const [reason, setReason] = useState('');
  const [comment, setComment] = useState('');
  const until = formatMembershipDate(accessUntil);
  const tooLong = comment.length > COMMENT_MAX;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (tooLong) return;
    const done = await onConfirm({ reason: reason || null, comment: comment.trim() || null });
    if (done) onClose();
  }

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Cancel your {planName} membership?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text>
            {until
              ? `You keep every benefit until ${until}, the end of the period you paid for. You will not be charged again, and you can resume until then.`
              : 'You keep every benefit until the end of the period you paid for. You will not be charged again, and you can resume until then.'}
          </Text>
          {formError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          ) : null}
          <RadioGroup.Root value={reason} onValueChange={(d) => setReason(d.value ?? '')} name="reason">
            <RadioGroup.Label>Why are you leaving? (optional)</RadioGroup.Label>
            <Stack gap={2} mt={2}>
              {CANCEL_REASONS.map((option) => (
                <RadioGroup.Item key={option.value} value={option.value}>
                  <RadioGroup.ItemHiddenInput />
                  <RadioGroup.ItemIndicator />
                  <RadioGroup.ItemText>{option.label}</RadioGroup.ItemText>
                </RadioGroup.Item>
              ))}
            </Stack>
          </RadioGroup.Root>
          <Field.Root invalid={tooLong}>
            <Field.Label>Anything else you would like to tell us? (optional)</Field.Label>
            <Textarea name="comment" rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
            {tooLong ? <Field.ErrorText>At most {COMMENT_MAX} characters, please.</Field.ErrorText> : null}
          </Field.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Keep membership
          </Button>
        </Dialog.ActionTrigger>
        <Button
          type="submit"
          colorPalette="red"
          loading={pending}
          loadingText="Cancelling…"
          disabled={tooLong}
        >
          Cancel membership
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
