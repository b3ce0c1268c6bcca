import { Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { formatCents } from '../purchases/orderFormat';
import { MAX_REFUND_REASON, useOrderRefund } from './adminOrderDocuments';

export interface RefundTarget {
  id: string;
  number: string;
  totalCents: number;
  paymentProvider: string;
}

function refundSummary(target: RefundTarget): string {
  const amount = formatCents(target.totalCents);
  if (target.paymentProvider === 'stripe') return `${amount} goes back to the buyer's card through Stripe.`;
  if (target.paymentProvider === 'free') return 'The order was free: nothing is paid back.';
  return `${amount} is refunded (test payment: no money moves).`;
}

/** Asks for the reason (required; kept on the order) and refunds the whole order. */
export function RefundOrderDialog({ target, onClose }: { target: RefundTarget | null; onClose: () => void }) {
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
          {target ? <RefundForm key={target.id} target={target} onClose={onClose} /> : null}
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RefundForm({ target, onClose }: { target: RefundTarget; onClose: () => void }) {
  const refund = useOrderRefund();
  const [reason, setReason] = useState('');
  const trimmed = reason.trim();
  const tooLong = reason.length > MAX_REFUND_REASON;
  const formError = refund.userErrors.find((e) => e.field !== 'reason')?.message;

  async function submit(event: { preventDefault: () => void }) {
    event.preventDefault();
    if (await refund.run({ orderId: target.id, reason: trimmed }, 'Order refunded')) onClose();
  }

  return (
    <Dialog.Content as="form" onSubmit={submit}>
      <Dialog.Header>
        <Dialog.Title>Refund order {target.number}?</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap={4}>
          <Text>
            {refundSummary(target)} Resource downloads stop; course progress is kept but access ends.
          </Text>
          {formError ? <Text color="fg.error">{formError}</Text> : null}
          <Field.Root required invalid={Boolean(refund.fieldError('reason')) || tooLong}>
            <Field.Label>
              Reason <Field.RequiredIndicator />
            </Field.Label>
            <Textarea
              name="reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              autoFocus
              placeholder="e.g. Bought by mistake"
            />
            {refund.fieldError('reason') ? (
              <Field.ErrorText>{refund.fieldError('reason')}</Field.ErrorText>
            ) : (
              <Field.HelperText>{MAX_REFUND_REASON - reason.length} characters left</Field.HelperText>
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
          loading={refund.loading}
          loadingText="Refunding…"
          disabled={!trimmed || tooLong}
        >
          Refund order
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}
