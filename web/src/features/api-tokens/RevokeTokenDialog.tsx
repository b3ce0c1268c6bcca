import { Button, CloseButton, Dialog, Stack, Text } from '@chakra-ui/react';
import { FormDialog } from '../../ui/FormDialog';
import { maskedToken } from './apiTokenFormat';

export interface RevokeTarget {
  id: string;
  name: string;
  tokenPrefix: string;
  /** Set on the admin page, where the token may be someone else's. */
  ownerUsername?: string;
}

export interface RevokeTokenFormProps {
  target: RevokeTarget;
  pending: boolean;
  /** Revokes the token; the dialog closes when it resolves to true. */
  onConfirm: () => Promise<boolean>;
  onClose: () => void;
}

/** Asks before revoking a token, naming it: whatever uses it is refused from its next request. */
export function RevokeTokenDialog({
  target,
  onClose,
  ...props
}: Omit<RevokeTokenFormProps, 'target'> & { target: RevokeTarget | null }) {
  return (
    <FormDialog open={target !== null} onClose={onClose} role="alertdialog">
      {target ? <RevokeTokenForm key={target.id} target={target} onClose={onClose} {...props} /> : null}
    </FormDialog>
  );
}

/** The content of {@link RevokeTokenDialog}. */
export function RevokeTokenForm({ target, pending, onConfirm, onClose }: RevokeTokenFormProps) {
  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (await onConfirm()) onClose();
  }
  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Revoke “{target.name}”?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={3}>
          <Text>
            {target.ownerUsername ? <>The token of @{target.ownerUsername} </> : <>The token </>}
            <Text as="span" fontFamily="mono">
              {maskedToken(target.tokenPrefix)}
            </Text>{' '}
            stops working at once: every request that sends it is refused from now on.
          </Text>
          <Text color="fg.muted">This cannot be undone; a new token can be created instead.</Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" type="button">
            Keep it
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="red" loading={pending} loadingText="Revoking…">
          Revoke token
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
