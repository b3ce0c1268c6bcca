import { ReasonDialog, ReasonForm } from '../../ui/ReasonDialog';
import { formatCents } from '../../lib/currency';
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
    <ReasonDialog open={target !== null} onClose={onClose}>
      {target ? <RefundForm key={target.id} target={target} onClose={onClose} /> : null}
    </ReasonDialog>
  );
}

function RefundForm({ target, onClose }: { target: RefundTarget; onClose: () => void }) {
  const refund = useOrderRefund();
  return (
    <ReasonForm
      title={`Refund order ${target.number}?`}
      description={`${refundSummary(target)} Resource downloads stop; course progress is kept but access ends.`}
      placeholder="e.g. Bought by mistake"
      rows={3}
      maxLength={MAX_REFUND_REASON}
      confirmLabel="Refund order"
      pendingLabel="Refunding…"
      pending={refund.loading}
      reasonError={refund.fieldError('reason')}
      formError={refund.userErrors.find((e) => e.field !== 'reason')?.message}
      onConfirm={async (reason) =>
        Boolean(await refund.run({ orderId: target.id, reason }, 'Order refunded'))
      }
      onClose={onClose}
    />
  );
}
