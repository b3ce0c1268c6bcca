import { Alert, Button, CloseButton, Dialog, Field, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { FormDialog } from './FormDialog';

/**
 * The frame of a "give a reason" confirmation (reject, suspend, refund, revoke): an alert dialog
 * open while there is something to act on. Pass a form keyed by its target as the child, so each
 * opening starts with an empty reason and no errors from the last one.
 */
export function ReasonDialog({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <FormDialog open={open} onClose={onClose} role="alertdialog">
      {children}
    </FormDialog>
  );
}

const defaultCharactersLeft = (reason: string, maxLength: number) =>
  `${maxLength - reason.length} characters left`;

export interface ReasonFormProps {
  title: ReactNode;
  /** What happens, shown above the reason. */
  description: ReactNode;
  placeholder: string;
  /** The longest reason allowed; longer ones are marked invalid and cannot be sent. */
  maxLength: number;
  /** The helper text under the reason (default: "N characters left"). */
  charactersLeft?: (reason: string, maxLength: number) => string;
  rows?: number;
  /** The red confirm button's label, and its label while the action runs. */
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The server's refusal of the reason, shown under the field. */
  reasonError?: string;
  /** A refusal not about the reason, shown above the field. */
  formError?: string;
  /** Runs the action with the trimmed reason; the dialog closes when it resolves to true. */
  onConfirm: (reason: string) => Promise<boolean>;
  onClose: () => void;
}

/** The content of a {@link ReasonDialog}: a required reason with a character count, Cancel and confirm. */
export function ReasonForm({
  title,
  description,
  placeholder,
  maxLength,
  charactersLeft = defaultCharactersLeft,
  rows = 4,
  confirmLabel,
  pendingLabel,
  pending,
  reasonError,
  formError,
  onConfirm,
  onClose,
}: ReasonFormProps) {
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const tooLong = reason.length > maxLength;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (await onConfirm(trimmed)) onClose();
  }

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>{title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text>{description}</Text>
          {formError ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{formError}</Alert.Title>
            </Alert.Root>
          ) : null}
          <Field.Root required invalid={Boolean(reasonError) || tooLong}>
            <Field.Label>
              Reason <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={rows}
              autoFocus
              placeholder={placeholder}
            />
            {reasonError ? (
              <Field.ErrorText>{reasonError}</Field.ErrorText>
            ) : (
              <Field.HelperText>{charactersLeft(reason, maxLength)}</Field.HelperText>
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
          loading={pending}
          loadingText={pendingLabel}
          disabled={!trimmed || tooLong}
        >
          {confirmLabel}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
