import { ReasonDialog, ReasonForm } from '../../ui/ReasonDialog';
import { useCourseMutation } from '../courses';
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
    <ReasonDialog open={target !== null} onClose={onClose}>
      {target ? <SuspendForm key={target.id} target={target} onClose={onClose} /> : null}
    </ReasonDialog>
  );
}

function SuspendForm({ target, onClose }: { target: SuspendTarget; onClose: () => void }) {
  const suspend = useCourseMutation(SellerSuspendMutationDocument, 'Seller not suspended');
  return (
    <ReasonForm
      title={<>Suspend “{target.storeName}”?</>}
      description="The store and all its resources leave the public catalog until you reinstate the seller."
      placeholder="e.g. Repeated copyright complaints"
      maxLength={MAX_SUSPEND_REASON}
      confirmLabel="Suspend seller"
      pendingLabel="Suspending…"
      pending={suspend.loading}
      reasonError={suspend.fieldError('reason')}
      onConfirm={async (reason) =>
        Boolean(await suspend.run({ sellerId: target.id, reason }, 'Seller suspended'))
      }
      onClose={onClose}
    />
  );
}
