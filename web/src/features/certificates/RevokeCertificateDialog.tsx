import { ReasonDialog, ReasonForm } from '../../ui/ReasonDialog';
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
    <ReasonDialog open={target !== null} onClose={onClose}>
      {/* Keyed so each opening starts with an empty reason. */}
      {target ? <RevokeForm key={target.id} target={target} onClose={onClose} /> : null}
    </ReasonDialog>
  );
}

function RevokeForm({ target, onClose }: { target: RevokeTarget; onClose: () => void }) {
  const { revoke, loading, userErrors } = useCertificateRevoke();
  return (
    <ReasonForm
      title={`Revoke certificate ${target.number}?`}
      description={`${target.studentName}’s certificate for ${target.courseTitle} will show as revoked on the public verification page and on its PDF, together with your reason.`}
      placeholder="e.g. Issued to the wrong student"
      maxLength={MAX_REASON}
      charactersLeft={charactersLeft}
      confirmLabel="Revoke certificate"
      pendingLabel="Revoking…"
      pending={loading}
      reasonError={userErrors.find((e) => e.field === 'reason')?.message}
      formError={userErrors.find((e) => e.field !== 'reason')?.message}
      onConfirm={async (reason) => Boolean(await revoke(target.id, reason))}
      onClose={onClose}
    />
  );
}
