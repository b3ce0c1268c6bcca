import { ReasonDialog, ReasonForm } from '../../ui/ReasonDialog';
import { useCourseMutation } from '../courses';
import { MessageReportMutationDocument } from './messageDocuments';
import { preview } from './messagesFormat';

const REASON_MAX = 2000;

export interface ReportTarget {
  messageId: string;
  senderName: string;
  body: string;
}

/** "Report message": a reason for staff, sent with messageReport; the dialog closes once it is filed. */
export function ReportMessageDialog({
  target,
  onClose,
}: {
  target: ReportTarget | null;
  onClose: () => void;
}) {
  const report = useCourseMutation(MessageReportMutationDocument, 'Report not sent');
  return (
    <ReasonDialog open={target !== null} onClose={onClose}>
      {target ? (
        <ReasonForm
          key={target.messageId}
          title={`Report a message from ${target.senderName}`}
          description={`“${preview(target.body, 140)}” — our staff will read the message and your reason.`}
          placeholder="e.g. Spam, harassment or a scam"
          maxLength={REASON_MAX}
          confirmLabel="Report message"
          pendingLabel="Reporting…"
          pending={report.loading}
          reasonError={report.fieldError('reason')}
          formError={report.userErrors.find((e) => e.field !== 'reason')?.message}
          onConfirm={async (reason) =>
            Boolean(
              await report.run(
                { messageId: target.messageId, reason },
                'Thank you — the message was reported',
              ),
            )
          }
          onClose={onClose}
        />
      ) : null}
    </ReasonDialog>
  );
}
