import { ReasonDialog, ReasonForm } from '../../ui/ReasonDialog';
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
    <ReasonDialog open={target !== null} onClose={onClose}>
      {target ? <RejectForm key={target.id} target={target} onClose={onClose} /> : null}
    </ReasonDialog>
  );
}

function RejectForm({ target, onClose }: { target: RejectTarget; onClose: () => void }) {
  const reject = useResourceReject();
  return (
    <ReasonForm
      title={<>Reject “{target.title}”?</>}
      description="The resource leaves the store and its seller sees your reason."
      placeholder="e.g. The music is not licensed for resale"
      maxLength={MAX_REJECTION_REASON}
      confirmLabel="Reject resource"
      pendingLabel="Rejecting…"
      pending={reject.loading}
      reasonError={reject.fieldError('reason')}
      onConfirm={async (reason) =>
        Boolean(await reject.run({ resourceId: target.id, reason }, 'Resource rejected'))
      }
      onClose={onClose}
    />
  );
}
